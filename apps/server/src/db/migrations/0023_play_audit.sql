CREATE TABLE "play_flag_rollups" (
	"quarter" timestamp with time zone NOT NULL,
	"playlist_id" text NOT NULL,
	"ad_id" text NOT NULL,
	"robot_ref" text NOT NULL,
	"reason" text NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"scans" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "play_flag_rollups_quarter_playlist_id_ad_id_robot_ref_reason_pk" PRIMARY KEY("quarter","playlist_id","ad_id","robot_ref","reason")
);
--> statement-breakpoint
ALTER TABLE "play_events" ADD COLUMN "verdict" text DEFAULT 'verified' NOT NULL;--> statement-breakpoint
ALTER TABLE "play_events" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "play_events" ADD COLUMN "schedule_version" text;--> statement-breakpoint
CREATE INDEX "play_flag_rollups_plan_idx" ON "play_flag_rollups" USING btree ("playlist_id","quarter");