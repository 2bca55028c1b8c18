-- Hand-written: week rows (UTC+8 weeks from Monday 00:00) of the calendar rollups, backfilled from the
-- quarter rows, then summed over robots (the week part of CALENDAR_BACKFILL and PLAN_CALENDAR_BACKFILL in
-- play-events.calendar.ts; no schema change: `period` is text).
insert into "play_calendar_rollups" (playlist_id, period, start, ad_id, robot_ref, plays, scans, watch_ms, age_child, age_youth, age_adult, age_middle, age_senior, male, female, sensed_plays, exposure_sense, viewers, dwell_ms)
select q.playlist_id, 'week',
  (date_trunc('week', (q.hour at time zone 'UTC') + interval '8 hours') - interval '8 hours') at time zone 'UTC',
  q.ad_id, q.robot_ref, sum(q.plays), sum(q.scans), sum(q.watch_ms), sum(q.age_child), sum(q.age_youth), sum(q.age_adult), sum(q.age_middle), sum(q.age_senior), sum(q.male), sum(q.female), sum(q.sensed_plays), sum(q.exposure_sense), sum(q.viewers), sum(q.dwell_ms)
from "play_rollups" q
group by 1, 2, 3, 4, 5;
--> statement-breakpoint
insert into "play_plan_calendar_rollups" (playlist_id, period, start, ad_id, plays, scans, watch_ms, age_child, age_youth, age_adult, age_middle, age_senior, male, female, sensed_plays, exposure_sense, viewers, dwell_ms)
select playlist_id, period, start, ad_id, sum(plays), sum(scans), sum(watch_ms), sum(age_child), sum(age_youth), sum(age_adult), sum(age_middle), sum(age_senior), sum(male), sum(female), sum(sensed_plays), sum(exposure_sense), sum(viewers), sum(dwell_ms)
from "play_calendar_rollups"
where period = 'week'
group by 1, 2, 3, 4;
