CREATE TABLE "publish_exports" (
	"key" text PRIMARY KEY NOT NULL,
	"playlist_id" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"language" text DEFAULT 'zh' NOT NULL,
	"filter_state" text,
	"file_path" text,
	"file_name" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "publish_exports_created_idx" ON "publish_exports" USING btree ("created_at");