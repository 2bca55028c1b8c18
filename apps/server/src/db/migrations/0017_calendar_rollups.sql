CREATE TABLE "play_calendar_rollups" (
	"playlist_id" text NOT NULL,
	"period" text NOT NULL,
	"start" timestamp with time zone NOT NULL,
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
	"sensed_plays" integer DEFAULT 0 NOT NULL,
	"exposure_sense" integer DEFAULT 0 NOT NULL,
	"viewers" integer DEFAULT 0 NOT NULL,
	"dwell_ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "play_calendar_rollups_playlist_id_period_start_ad_id_robot_ref_pk" PRIMARY KEY("playlist_id","period","start","ad_id","robot_ref")
);
--> statement-breakpoint
CREATE TABLE "play_plan_calendar_rollups" (
	"playlist_id" text NOT NULL,
	"period" text NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"ad_id" text NOT NULL,
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
	"sensed_plays" integer DEFAULT 0 NOT NULL,
	"exposure_sense" integer DEFAULT 0 NOT NULL,
	"viewers" integer DEFAULT 0 NOT NULL,
	"dwell_ms" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "play_plan_calendar_rollups_playlist_id_period_start_ad_id_pk" PRIMARY KEY("playlist_id","period","start","ad_id")
);
--> statement-breakpoint
insert into "play_calendar_rollups" (playlist_id, period, start, ad_id, robot_ref, plays, scans, watch_ms, age_child, age_youth, age_adult, age_middle, age_senior, male, female, sensed_plays, exposure_sense, viewers, dwell_ms)
select q.playlist_id, p.period,
  (date_trunc(p.period, (q.hour at time zone 'UTC') + interval '8 hours') - interval '8 hours') at time zone 'UTC',
  q.ad_id, q.robot_ref, sum(q.plays), sum(q.scans), sum(q.watch_ms), sum(q.age_child), sum(q.age_youth), sum(q.age_adult), sum(q.age_middle), sum(q.age_senior), sum(q.male), sum(q.female), sum(q.sensed_plays), sum(q.exposure_sense), sum(q.viewers), sum(q.dwell_ms)
from "play_rollups" q cross join (values ('day'), ('month')) as p(period)
group by 1, 2, 3, 4, 5;
--> statement-breakpoint
insert into "play_plan_calendar_rollups" (playlist_id, period, start, ad_id, plays, scans, watch_ms, age_child, age_youth, age_adult, age_middle, age_senior, male, female, sensed_plays, exposure_sense, viewers, dwell_ms)
select playlist_id, period, start, ad_id, sum(plays), sum(scans), sum(watch_ms), sum(age_child), sum(age_youth), sum(age_adult), sum(age_middle), sum(age_senior), sum(male), sum(female), sum(sensed_plays), sum(exposure_sense), sum(viewers), sum(dwell_ms)
from "play_calendar_rollups"
group by 1, 2, 3, 4;
