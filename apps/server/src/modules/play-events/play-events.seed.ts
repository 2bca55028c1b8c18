import { newId } from '@robot-ads/contracts/common/ids';
import type { DeviceEvent } from '@robot-ads/contracts/play-events/play-events.schemas';
import { DELIVERY_LIMIT } from '@robot-ads/contracts/playback/play-order.rules';
import type { Interval } from '@robot-ads/contracts/playback/playback.types';
import { activeIntervals } from '@robot-ads/contracts/playback/schedule.rules';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Seeder } from '../../platform/seeding';
import { adIdsOfPlans, plansByIds } from '../playlists/playlists.queries';
import { pulledRecords } from '../publishing/publishing.seed';
import { planScheduleOf } from '../schedules/schedules.service';
import { rebuildPlanCalendars } from './play-events.calendar';
import { addToRollups, insertEvents } from './play-events.repository';
import { type DemoPull, seedFlaggedPlays } from './play-events.seed-flags';
import { QUARTER_MS, rollupDeltas } from './play-events.service';
import { playRollups } from './play-events.table';

/** A demo robot plays a plan's next ad every 4 minutes while the plan is on (about 100 plays a day). */
const PLAY_EVERY_S = 240;
/** The last week of plays is seeded as raw events; older plays straight into the quarter rollups. */
export const RAW_DAYS = 7;
const QUARTER_S = QUARTER_MS / 1000;

/**
 * A robot's plays of a plan during `spans` (unix seconds, quarter-aligned starts not required), written
 * straight into the quarter rollups in one statement: every quarter hour that begins inside a span gets
 * the plays of a robot playing every 4 minutes (3 or 4 a quarter, fewer in a span's last partial quarter)
 * with the audience the raw generator reports on average (4 in 5 plays sensed, 1-4 people each, a scan in
 * about 1 play of 10), drawn from hashes of robot, plan and quarter (the same figures in every demo
 * database); the plan's ads take turns by quarter. A quarter begins inside a span, so no play lies
 * before the span (the pull).
 */
async function writeHistory(
  tx: DbOrTx,
  r: { robotRef: string; playlistId: string; adIds: string[]; spans: Interval[] },
) {
  if (r.spans.length === 0 || r.adIds.length === 0) return;
  const list = (values: readonly (string | number)[]) => `{${values.join(',')}}`;
  const q = sql.raw(String(QUARTER_S));
  const every = sql.raw(String(PLAY_EVERY_S));
  const key = `${r.robotRef}:${r.playlistId}:`;
  // Materialized steps: inlined, every use of a derived figure would compute its hashes again (4x slower).
  await tx.execute(sql`
    with q as materialized (
      select g.t, least(g.t + ${q}, i.e) as q_end,
        hashtext(${key}::text || g.t::text) & 2147483647 as h1,
        hashtext(${key}::text || g.t::text || 'b') & 2147483647 as h2,
        hashtext(${key}::text || g.t::text || 'c') & 2147483647 as h3
      from unnest(${list(r.spans.map((x) => x.start))}::bigint[], ${list(r.spans.map((x) => x.end))}::bigint[]) as i(s, e)
      cross join lateral generate_series((i.s + ${q} - 1) / ${q} * ${q}, i.e - 1, ${q}) as g(t)
    ), p as (
      select *, (q_end - t + h1 % ${every}) / ${every} as plays from q
    ), s as (
      select *, plays - (plays + (h1 >> 8) % 5) / 5 as sensed from p where plays > 0
    ), w as materialized (
      select *, sensed + h2 % (3 * sensed + 1) as seen from s
    ), a as (
      select *, (h2 >> 5) % (seen + 1) as youth, (h2 >> 15) % (seen + 1) as male,
        (h2 >> 20) % (seen + 1) as viewers
      from w
    ), b as (
      select *, (h2 >> 10) % (seen - youth + 1) as adult from a
    )
    insert into ${playRollups} (hour, playlist_id, ad_id, robot_ref, plays, scans, watch_ms, age_child, age_youth,
      age_adult, age_middle, age_senior, male, female, sensed_plays, exposure_sense, viewers, dwell_ms, last_play_at)
    select to_timestamp(t), ${r.playlistId}::text,
      (${list(r.adIds)}::text[])[1 + ((t / ${q}) % ${sql.raw(String(r.adIds.length))})::int], ${r.robotRef}::text,
      plays, case when seen > 0 then (plays + (h1 >> 12) % 10) / 10 else 0 end, seen * (2000 + (h3 >> 18) % 8000), 0, youth, adult,
      seen - youth - adult, 0, male, seen - male, sensed, seen + h3 % (5 * sensed + 1), viewers,
      viewers * (1500 + (h3 >> 5) % 6000), to_timestamp(greatest(t, q_end - 1 - (h1 >> 16) % 60))
    from b`);
}

/** A small deterministic generator, so every demo database reports the same audience. */
function generator(seed: number) {
  let s = seed >>> 0 || 1;
  return (n: number) => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) % n;
  };
}

/**
 * Demo proof of play: every device that pulled a demo plan reports what it played since the pull (until
 * now or the cancellation), inside the plan's days and periods in its time zone, with the audience its
 * camera counted (seen, looked, dwell) and how long they watched. The last RAW_DAYS are stored and rolled
 * up exactly as a device's report is; what is older (a year for the plan "Brand Year") goes straight into
 * the quarter rollups, which is all reports read (docs/statistics.md, "Demo history").
 */
export const playEventsSeeder: Seeder = {
  name: 'play-events',
  async run(tx, { now }) {
    const records = await pulledRecords(tx);
    if (records.length === 0) return;
    const planIds = [...new Set(records.map((r) => r.playlistId))];
    const plans = new Map((await plansByIds(tx, planIds)).map((p) => [p.id, p]));
    const adsOfPlans = await adIdsOfPlans(tx, planIds);
    const nowS = Math.floor(now.getTime() / 1000);
    const rawFrom = Math.floor((nowS - RAW_DAYS * 86_400) / QUARTER_S) * QUARTER_S;

    const demoPulls: DemoPull[] = [];
    for (const [index, record] of records.entries()) {
      const plan = plans.get(record.playlistId);
      const adIds = adsOfPlans.get(record.playlistId) ?? [];
      if (!plan || !record.pullAt || adIds.length === 0) continue;
      if (!record.cancelledAt && !demoPulls.some((p) => p.robotRef === record.robotRef)) {
        demoPulls.push({ robotRef: record.robotRef, playlistId: plan.id, adIds });
      }
      const from = Math.floor(record.pullAt.getTime() / 1000);
      const to = Math.min(nowS, record.cancelledAt ? Math.floor(record.cancelledAt.getTime() / 1000) : nowS);
      if (to <= from) continue;
      const random = generator(index + 1);
      const schedule = { ...planScheduleOf(plan), cancelled: false };
      // Older than RAW_DAYS: straight into the quarter rollups (their calendar rows are rebuilt below).
      await writeHistory(tx, {
        robotRef: record.robotRef,
        playlistId: plan.id,
        adIds,
        spans: activeIntervals(schedule, from, Math.min(to, rawFrom)),
      });
      const events: DeviceEvent[] = [];
      const perDay = new Map<string, number>();
      let next = 0;
      for (const interval of activeIntervals(schedule, Math.max(from, rawFrom), to)) {
        for (let at = interval.start + random(PLAY_EVERY_S); at < interval.end; at += PLAY_EVERY_S) {
          const adId = adIds[next++ % adIds.length] as string;
          const day = `${adId}|${Math.floor(at / 86_400)}`;
          if ((perDay.get(day) ?? 0) >= DELIVERY_LIMIT.playsPerDay) continue;
          perDay.set(day, (perDay.get(day) ?? 0) + 1);
          const watchers = random(5);
          const band = (['youth', 'adult', 'middle'] as const)[random(3)] ?? 'adult';
          // The viewers are those the camera classified: the age and sex bands add up to them.
          const viewers = random(watchers + 1);
          const male = random(viewers + 1);
          events.push({
            id: newId(),
            type: 'play',
            playlistId: plan.id,
            adId,
            startedAt: at,
            watchDuration: watchers > 0 ? watchers * (2000 + random(8000)) : 0,
            audience:
              watchers > 0
                ? {
                    age: viewers > 0 ? { [band]: viewers } : {},
                    male,
                    female: viewers - male,
                    exposure: watchers + random(6),
                    viewers,
                    dwellMs: viewers * (1500 + random(6000)),
                  }
                : undefined,
          });
          if (watchers > 2 && random(4) === 0) {
            events.push({ id: newId(), type: 'scan', playlistId: plan.id, adId, startedAt: at + 3 });
          }
        }
      }
      const received = new Date(Math.min(now.getTime(), (to + 60) * 1000));
      await insertEvents(tx, record.robotRef, events, received);
      await addToRollups(tx, rollupDeltas(record.robotRef, events));
    }
    // The raw events' day and month rows were added with their quarters; the history's were not: both
    // recomputed from the quarter rows once, so nothing is counted twice.
    await rebuildPlanCalendars(tx, planIds);
    await seedFlaggedPlays(tx, demoPulls, now);
  },
};
