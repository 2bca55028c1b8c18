-- HAND-EDITED MIGRATION (issue 15, raw play events partitioned by day): keep this file as written.
-- drizzle-kit generated only the primary key change (id -> (id, started_at)); drizzle cannot express
-- PARTITION BY, so the statements below replace it. The snapshot matches the resulting table: the same
-- columns, primary key play_events_id_started_at_pk (id, started_at), index play_events_robot_idx.
-- The old table is renamed, the partitioned one made (a partition per UTC day, play_events_pYYYYMMDD,
-- for each day of the last 400 to the next 7 that holds events; play_events_default for the rest), the
-- rows moved, the old table dropped. The partitions of yesterday to a week ahead are made at server
-- start (play-events.partitions.ts), so the migration does not depend on the day it runs.
ALTER TABLE "play_events" RENAME TO "play_events_unpartitioned";--> statement-breakpoint
DROP INDEX "play_events_robot_idx";--> statement-breakpoint
CREATE TABLE "play_events" (
	"id" text NOT NULL,
	"type" text NOT NULL,
	"robot_ref" text NOT NULL,
	"playlist_id" text NOT NULL,
	"ad_id" text NOT NULL,
	"resource_id" text,
	"started_at" timestamp with time zone NOT NULL,
	"watch_ms" integer DEFAULT 0 NOT NULL,
	"audience" jsonb,
	"received_at" timestamp with time zone NOT NULL,
	CONSTRAINT "play_events_id_started_at_pk" PRIMARY KEY("id","started_at")
) PARTITION BY RANGE ("started_at");
--> statement-breakpoint
CREATE INDEX "play_events_robot_idx" ON "play_events" USING btree ("robot_ref","started_at");--> statement-breakpoint
CREATE TABLE "play_events_default" PARTITION OF "play_events" DEFAULT;--> statement-breakpoint
DO $$
DECLARE
	d date;
BEGIN
	FOR d IN
		SELECT DISTINCT (started_at AT TIME ZONE 'UTC')::date FROM "play_events_unpartitioned"
		WHERE started_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' - interval '400 days'
			AND started_at < date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' + interval '8 days'
	LOOP
		EXECUTE format(
			'CREATE TABLE %I PARTITION OF "play_events" FOR VALUES FROM (%L) TO (%L)',
			'play_events_p' || to_char(d, 'YYYYMMDD'),
			to_char(d, 'YYYY-MM-DD') || ' 00:00:00+00',
			to_char(d + 1, 'YYYY-MM-DD') || ' 00:00:00+00'
		);
	END LOOP;
END $$;
--> statement-breakpoint
INSERT INTO "play_events" ("id", "type", "robot_ref", "playlist_id", "ad_id", "resource_id", "started_at", "watch_ms", "audience", "received_at")
SELECT "id", "type", "robot_ref", "playlist_id", "ad_id", "resource_id", "started_at", "watch_ms", "audience", "received_at"
FROM "play_events_unpartitioned";--> statement-breakpoint
DROP TABLE "play_events_unpartitioned";
