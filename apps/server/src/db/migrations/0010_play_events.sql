CREATE TABLE "play_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"robot_ref" text NOT NULL,
	"playlist_id" text NOT NULL,
	"ad_id" text NOT NULL,
	"resource_id" text,
	"started_at" timestamp with time zone NOT NULL,
	"watch_ms" integer DEFAULT 0 NOT NULL,
	"audience" jsonb,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "play_rollups" (
	"hour" timestamp with time zone NOT NULL,
	"playlist_id" text NOT NULL,
	"ad_id" text NOT NULL,
	"robot_ref" text NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"scans" integer DEFAULT 0 NOT NULL,
	"watch_ms" bigint DEFAULT 0 NOT NULL,
	"age_child" integer DEFAULT 0 NOT NULL,
	"age_youth" integer DEFAULT 0 NOT NULL,
	"age_adult" integer DEFAULT 0 NOT NULL,
	"age_middle" integer DEFAULT 0 NOT NULL,
	"age_senior" integer DEFAULT 0 NOT NULL,
	"male" integer DEFAULT 0 NOT NULL,
	"female" integer DEFAULT 0 NOT NULL,
	"last_play_at" timestamp with time zone,
	CONSTRAINT "play_rollups_hour_playlist_id_ad_id_robot_ref_pk" PRIMARY KEY("hour","playlist_id","ad_id","robot_ref")
);
--> statement-breakpoint
ALTER TABLE "publish_exports" ADD COLUMN "kind" text DEFAULT 'details' NOT NULL;--> statement-breakpoint
CREATE INDEX "play_events_robot_idx" ON "play_events" USING btree ("robot_ref","started_at");--> statement-breakpoint
CREATE INDEX "play_rollups_plan_robot_idx" ON "play_rollups" USING btree ("playlist_id","robot_ref");