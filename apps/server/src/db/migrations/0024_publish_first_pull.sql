ALTER TABLE "publish_records" ADD COLUMN "first_pull_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written backfill: a record pulled before this column was added has held its plan since that pull.
UPDATE "publish_records" SET "first_pull_at" = "pull_at" WHERE "pull_at" IS NOT NULL;
