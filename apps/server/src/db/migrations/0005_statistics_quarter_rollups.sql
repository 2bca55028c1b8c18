ALTER TABLE "robots" ADD COLUMN "audience_multiplier" double precision DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "play_rollups" ADD COLUMN "sensed_plays" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "play_rollups" ADD COLUMN "exposure_sense" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "play_rollups" ADD COLUMN "viewers" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "play_rollups" ADD COLUMN "dwell_ms" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "play_rollups_plan_quarter_idx" ON "play_rollups" USING btree ("playlist_id","hour");