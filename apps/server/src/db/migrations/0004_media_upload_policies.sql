CREATE TABLE "media_upload_policies" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"dir" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "media_upload_policies_dir_idx" ON "media_upload_policies" USING btree ("dir","expires_at");--> statement-breakpoint
CREATE INDEX "media_upload_policies_expires_idx" ON "media_upload_policies" USING btree ("expires_at");