CREATE TABLE "audit_exports" (
	"key" text PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"language" text DEFAULT 'zh' NOT NULL,
	"time_zone" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"file_path" text,
	"file_name" text,
	"error" text,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_exports_created_idx" ON "audit_exports" USING btree ("created_at");