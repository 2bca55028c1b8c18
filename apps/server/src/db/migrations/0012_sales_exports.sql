CREATE TABLE "sales_exports" (
	"key" text PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"file_path" text,
	"file_name" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"filters" jsonb NOT NULL,
	"user" jsonb NOT NULL,
	"lang" text DEFAULT 'zh' NOT NULL
);
