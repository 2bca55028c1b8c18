import { newId } from '@robot-ads/contracts/common/ids';
import type { DeviceEvent } from '@robot-ads/contracts/play-events/play-events.schemas';
import { startOfDayAt } from '@robot-ads/contracts/playback/zoned-time';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { nextTurn } from '../../platform/next-turn';
import type { Seeder } from '../../platform/seeding';
import type { PlaylistsContext } from '../playlists/playlists.context';
import { adIdsOfPlans } from '../playlists/playlists.queries';
import { pulledRecords } from '../publishing/publishing.seed';
import { rebuildPlanCalendars } from './play-events.calendar';
import { addToRollups, insertEvents } from './play-events.repository';
import { carriedPlans, scheduledPlays } from './play-events.scheduled';
import { type DemoPull, seedFlaggedPlays } from './play-events.seed-flags';
import { QUARTER_MS, rollupDeltas } from './play-events.service';
import { playRollups } from './play-events.table';

/** The last week of plays is seeded as raw events; older plays straight into the quarter rollups. */
export const RAW_DAYS = 7;
const QUARTER_S = QUARTER_MS / 1000;

/** Plays of one quarter hour of the history: its start (unix seconds), plan, ad and count. */
interface QuarterPlays {
  t: number;
  playlistId: string;
  adId: string;
  plays: number;
}

/**
 * A robot's plays older than the raw days, written straight into the quarter rollups in one statement: the
 * plays per quarter, plan and ad that the engine gives (scheduledPlays), with the audience the raw
 * generator reports on average (4 in 5 plays sensed, 1-4 people each, a scan in about 1 play of 10), drawn
 * from hashes of robot, plan and quarter (the same figures in every demo database).
 */
async function writeHistory(tx: DbOrTx, robotRef: string, rows: QuarterPlays[]) {
  if (rows.length === 0) return;
  const list = (values: readonly (string | number)[]) => `{${values.join(',')}}`;
  const q = sql.raw(String(QUARTER_S));
  // Materialized steps: inlined, every use of a derived figure would compute its hashes again (4x slower).
  await tx.execute(sql`
    with q as materialized (
      select g.t, g.playlist_id, g.ad_id, g.plays,
        hashtext(${robotRef}::text || g.playlist_id || g.t::text) & 2147483647 as h1,
        hashtext(${robotRef}::text || g.playlist_id || g.t::text || 'b') & 2147483647 as h2,
        hashtext(${robotRef}::text || g.playlist_id || g.t::text || 'c') & 2147483647 as h3
      from unnest(${list(rows.map((r) => r.t))}::bigint[], ${list(rows.map((r) => r.playlistId))}::text[],
        ${list(rows.map((r) => r.adId))}::text[], ${list(rows.map((r) => r.plays))}::int[]) as g(t, playlist_id, ad_id, plays)
    ), s as (
      select *, plays - (plays + (h1 >> 8) % 5) / 5 as sensed from q where plays > 0
    ), w as materialized (
      select *, sensed + h2 % (3 * sensed + 1) as seen from s
    ), a as (
      select *, (h2 >> 5) % (seen + 1) as youth, (h2 >> 15) % (seen + 1) as male,
        -- everyone the camera classified (age and sex bands) is a viewer: the bands add up to the viewers
        seen as viewers
      from w
    ), b as (
      select *, (h2 >> 10) % (seen - youth + 1) as adult from a
    )
    insert into ${playRollups} (hour, playlist_id, ad_id, robot_ref, plays, scans, watch_ms, age_child, age_youth,
      age_adult, age_middle, age_senior, male, female, sensed_plays, exposure_sense, viewers, dwell_ms, last_play_at)
    select to_timestamp(t), playlist_id, ad_id, ${robotRef}::text,
      plays, case when seen > 0 then (plays + (h1 >> 12) % 10) / 10 else 0 end, seen * (2000 + (h3 >> 18) % 8000), 0, youth, adult,
      seen - youth - adult, 0, male, seen - male, sensed, seen + h3 % (5 * sensed + 1), viewers,
      viewers * (1500 + (h3 >> 5) % 6000), to_timestamp(t + ${q} - 1 - (h1 >> 16) % 60)
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
export const playEventsSeeder: Seeder<PlaylistsContext> = {
  name: 'play-events',
  async run(tx, { now, app }) {
    const records = await pulledRecords(tx);
    if (records.length === 0) return;
    const planIds = [...new Set(records.map((r) => r.playlistId))];
    const adsOfPlans = await adIdsOfPlans(tx, planIds);
    const nowS = Math.floor(now.getTime() / 1000);
    const zone = app.config.TIME_ZONE;
    const rawFrom = startOfDayAt(nowS - RAW_DAYS * 86_400, zone);

    const demoPulls: DemoPull[] = [];
    for (const record of records) {
      const adIds = adsOfPlans.get(record.playlistId) ?? [];
      if (!record.pullAt || record.cancelledAt || adIds.length === 0) continue;
      if (!demoPulls.some((p) => p.robotRef === record.robotRef)) {
        demoPulls.push({ robotRef: record.robotRef, playlistId: record.playlistId, adIds });
      }
    }
    const refs = [...new Set(records.map((r) => r.robotRef))];
    const carried = await carriedPlans(app, tx, refs);
    for (const [index, robotRef] of refs.entries()) {
      await nextTurn(); // a robot at a time, the requests that came meanwhile between (the embedded database holds the loop)
      const plans = carried.get(robotRef) ?? [];
      const first = Math.min(...plans.flatMap((p) => p.held.map((h) => h.start)));
      if (!Number.isFinite(first)) continue;
      const random = generator(index + 1);
      const quarters = new Map<string, QuarterPlays>();
      const events: DeviceEvent[] = [];
      // Day by day of the platform's zone, what the engine plays with every plan the robot holds, from a
      // fresh state each day: the very plays the proof-of-play report schedules (docs/statistics.md).
      for (let day = startOfDayAt(first, zone); day < nowS; ) {
        const next = startOfDayAt(day + 30 * 3600, zone);
        for (const [playlistId, plays] of scheduledPlays(plans, day, next)) {
          for (const p of plays) {
            const at = Math.floor(p.at);
            if (at >= nowS) break;
            if (at < rawFrom) {
              const t = Math.floor(at / QUARTER_S) * QUARTER_S;
              const key = `${t}|${playlistId}|${p.adId}`;
              const q = quarters.get(key) ?? { t, playlistId, adId: p.adId, plays: 0 };
              q.plays++;
              quarters.set(key, q);
              continue;
            }
            events.push(...rawPlay(random, playlistId, p.adId, at));
          }
        }
        day = next;
      }
      // Older than RAW_DAYS: straight into the quarter rollups (their calendar rows are rebuilt below).
      await writeHistory(tx, robotRef, [...quarters.values()]);
      const received = new Date(now.getTime());
      await insertEvents(tx, robotRef, events, received);
      await addToRollups(tx, rollupDeltas(robotRef, events));
    }
    // The raw events' day and month rows were added with their quarters; the history's were not: both
    // recomputed from the quarter rows once, so nothing is counted twice.
    await rebuildPlanCalendars(tx, planIds);
    await seedFlaggedPlays(tx, demoPulls, now);
  },
};

/** One raw play (and now and then its scan) with what the robot's camera counted. */
function rawPlay(random: (n: number) => number, playlistId: string, adId: string, at: number): DeviceEvent[] {
  const watchers = random(5);
  const band = (['youth', 'adult', 'middle'] as const)[random(3)] ?? 'adult';
  // The viewers are those the camera classified: the age and sex bands add up to them.
  const viewers = random(watchers + 1);
  const male = random(viewers + 1);
  const out: DeviceEvent[] = [
    {
      id: newId(),
      type: 'play',
      playlistId,
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
    },
  ];
  if (watchers > 2 && random(4) === 0) out.push({ id: newId(), type: 'scan', playlistId, adId, startedAt: at + 3 });
  return out;
}
