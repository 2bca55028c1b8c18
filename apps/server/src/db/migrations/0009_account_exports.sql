CREATE TABLE "account_exports" (
	"key" text PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"file_path" text,
	"file_name" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"language" text DEFAULT 'zh' NOT NULL,
	"time_zone" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE INDEX "account_exports_created_idx" ON "account_exports" USING btree ("created_at");