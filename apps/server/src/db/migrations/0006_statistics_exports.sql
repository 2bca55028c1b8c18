CREATE TABLE "statistics_exports" (
	"key" text PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"file_path" text,
	"file_name" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"playlist_id" text NOT NULL,
	"language" text DEFAULT 'zh' NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "statistics_exports_created_idx" ON "statistics_exports" USING btree ("created_at");