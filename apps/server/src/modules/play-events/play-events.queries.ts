import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/statements';
import { type RangeParts, rangeParts } from './play-events.calendar';
import { playCalendarRollups, playFlagRollups, playPlanCalendarRollups, playRollups } from './play-events.table';

/**
 * Narrow reads of the rollups for the statistics module (play-events owns the tables): quarter-hour rows,
 * and day, week and month rows for the whole calendar days, weeks and months of a range (play-events.calendar.ts).
 * Every figure is a sum over rollup rows, never over raw events.
 */

export interface RollupSelection {
  /** These plans; null: every plan. */
  playlistIds: readonly string[] | null;
  /** [from, to) */
  from: Date;
  to: Date;
  adIds?: readonly string[];
  /** Only these robots; undefined: any robot. */
  robotRefs?: readonly string[];
  /** Robot ref -> audience multiplier, for the robots whose multiplier is not 1. */
  multipliers?: ReadonlyMap<string, number>;
  /** Read the quarter rows only, never the calendar rows (the tests' reference for the calendar reads). */
  quarterRowsOnly?: boolean;
}

export type BucketUnit = 'hour' | 'day' | 'week' | 'month';
export type RollupGrouping = 'total' | 'ad' | 'robot' | { unit: BucketUnit; timeZone: string };

export interface RollupSum {
  /** The group: '' (total), the ad id, the robot ref, or the local bucket start `YYYY-MM-DDTHH:MI`. */
  key: string;
  plays: number;
  watchMs: number;
  exposure: number;
  exposureSense: number;
  sensedPlays: number;
  viewers: number;
  dwellMs: number;
  scans: number;
  child: number;
  youth: number;
  adult: number;
  middle: number;
  senior: number;
  male: number;
  female: number;
}

const ZONE = /^(UTC|[A-Za-z][A-Za-z_-]*(\/[A-Za-z0-9_+-]+){1,2})$/;
const UNITS: readonly BucketUnit[] = ['hour', 'day', 'week', 'month'];

/** The summed columns every kind of rollup row gives to a report. */
const MEASURES =
  'plays, scans, watch_ms, age_child, age_youth, age_adult, age_middle, age_senior, male, female, sensed_plays, exposure_sense, viewers, dwell_ms';
const NO_MEASURES = MEASURES.split(', ')
  .map((m) => `0 as ${m}`)
  .join(', ');

function keyOf(group: RollupGrouping): SQL {
  if (group === 'total') return sql`''`;
  if (group === 'ad') return sql.raw('u.ad_id');
  if (group === 'robot') return sql.raw('u.robot_ref');
  // Both are checked, then written into the statement: GROUP BY must see the very same expression.
  if (!UNITS.includes(group.unit) || !ZONE.test(group.timeZone)) throw new Error('invalid bucket');
  const local = sql.raw(`u.t at time zone '${group.timeZone}'`);
  return sql`to_char(date_trunc(${sql.raw(`'${group.unit}'`)}, ${local}), 'YYYY-MM-DD"T"HH24:MI')`;
}

const total = (column: string) => sql.raw(`coalesce(sum(u.${column}), 0)::bigint`);
const at = (unix: number) => new Date(unix * 1000).toISOString();

type RollupTable = typeof playRollups | typeof playCalendarRollups | typeof playPlanCalendarRollups;

/** Rows of the table that match the selection's plans and ads (and robots, when the table has them). */
function filters(table: RollupTable, sel: RollupSelection): SQL[] {
  return [
    sel.playlistIds ? inArray(table.playlistId, [...sel.playlistIds]) : undefined,
    sel.adIds ? inArray(table.adId, [...sel.adIds]) : undefined,
    sel.robotRefs && 'robotRef' in table ? inArray(table.robotRef, [...sel.robotRefs]) : undefined,
  ].filter((f): f is SQL => f !== undefined);
}

function within(column: SQL, ranges: [number, number][]): SQL {
  return sql`(${sql.join(
    ranges.map(([a, b]) => sql`(${column} >= ${at(a)}::timestamptz and ${column} < ${at(b)}::timestamptz)`),
    sql` or `,
  )})`;
}

/** The day, week and month rows of a calendar table that the range's parts name. */
function calendarPeriods(c: typeof playCalendarRollups | typeof playPlanCalendarRollups, parts: RangeParts): SQL {
  const periods = [
    parts.days.length > 0 ? sql`(${c.period} = 'day' and ${within(sql`${c.start}`, parts.days)})` : undefined,
    parts.weeks.length > 0 ? sql`(${c.period} = 'week' and ${within(sql`${c.start}`, parts.weeks)})` : undefined,
    parts.months.length > 0 ? sql`(${c.period} = 'month' and ${within(sql`${c.start}`, parts.months)})` : undefined,
  ].filter((p): p is SQL => p !== undefined);
  return sql`(${sql.join(periods, sql` or `)})`;
}

/**
 * The selected rows (t: their start, e: their exposure as a float): quarter rows for the range's edges,
 * day, week and month rows for its whole calendar days, weeks and months. Without a robot filter or per-robot groups,
 * the day and month rows summed over robots, plus for the robots whose multiplier is not 1 a row of their
 * extra exposure ((multiplier - 1) x unsensed plays) and nothing else.
 */
function selectedRows(sel: RollupSelection, group: RollupGrouping, multipliers: string): SQL {
  const begin = Math.floor(sel.from.getTime() / 1000);
  const end = Math.floor(sel.to.getTime() / 1000);
  const bucket = typeof group === 'object' ? group : null;
  const parts = rangeParts(begin, end, bucket ? bucket.timeZone : null, {
    calendar: !sel.quarterRowsOnly && bucket?.unit !== 'hour',
    months: bucket === null || bucket.unit === 'month',
    weeks: bucket === null || bucket.unit === 'week',
  });
  const multiplier = sql`(${multipliers}::jsonb ->> robot_ref)::float8`;
  const exposure = sql`exposure_sense + (plays - sensed_plays) * coalesce(${multiplier}, 1)`;
  const branches: SQL[] = [];
  const measures = sql.raw(MEASURES);
  if (parts.quarters.length > 0) {
    const q = playRollups;
    const where = and(...filters(q, sel), within(sql`${q.quarter}`, parts.quarters));
    branches.push(
      sql`select ${q.quarter} as t, playlist_id, ad_id, robot_ref, ${measures}, ${exposure} as e from ${q} where ${where}`,
    );
  }
  if (parts.days.length > 0 || parts.weeks.length > 0 || parts.months.length > 0) {
    const c = playCalendarRollups;
    const p = playPlanCalendarRollups;
    if (sel.robotRefs || group === 'robot') {
      const where = and(...filters(c, sel), calendarPeriods(c, parts));
      branches.push(
        sql`select start as t, playlist_id, ad_id, robot_ref, ${measures}, ${exposure} as e from ${c} where ${where}`,
      );
    } else {
      const where = and(...filters(p, sel), calendarPeriods(p, parts));
      branches.push(
        sql`select start as t, playlist_id, ad_id, null::text as robot_ref, ${measures}, exposure_sense + plays - sensed_plays as e from ${p} where ${where}`,
      );
      const refs = [...(sel.multipliers?.keys() ?? [])];
      if (refs.length > 0) {
        const extra = and(...filters(c, sel), inArray(c.robotRef, refs), calendarPeriods(c, parts));
        branches.push(
          sql`select start as t, playlist_id, ad_id, robot_ref, ${sql.raw(NO_MEASURES)}, (plays - sensed_plays) * (${multiplier} - 1) as e
            from ${c} where ${extra}`,
        );
      }
    }
  }
  return sql.join(branches, sql` union all `);
}

/** Sums of the selected rollup rows, one row per group (groups without rows are absent). */
export async function sumRollups(db: DbOrTx, sel: RollupSelection, group: RollupGrouping): Promise<RollupSum[]> {
  if (sel.playlistIds?.length === 0 || sel.robotRefs?.length === 0 || sel.adIds?.length === 0) return [];
  const multipliers = JSON.stringify(Object.fromEntries(sel.multipliers ?? new Map()));
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`
    select ${keyOf(group)} as key,
      ${total('plays')} as plays, ${total('watch_ms')} as "watchMs",
      coalesce(round(sum(u.e)), 0)::bigint as exposure,
      ${total('exposure_sense')} as "exposureSense", ${total('sensed_plays')} as "sensedPlays",
      ${total('viewers')} as viewers, ${total('dwell_ms')} as "dwellMs", ${total('scans')} as scans,
      ${total('age_child')} as child, ${total('age_youth')} as youth, ${total('age_adult')} as adult,
      ${total('age_middle')} as middle, ${total('age_senior')} as senior,
      ${total('male')} as male, ${total('female')} as female
    from (${selectedRows(sel, group, multipliers)}) u
    group by 1`,
  );
  return rows.map((row) => {
    const out: Record<string, number | string> = { key: String(row.key) };
    for (const [k, v] of Object.entries(row)) if (k !== 'key') out[k] = Number(v);
    return out as unknown as RollupSum;
  });
}

/** One plan's verified plays per robot and local day of `timeZone` in [from, to) (quarter rows). */
export async function verifiedPerRobotDay(
  db: DbOrTx,
  playlistId: string,
  from: Date,
  to: Date,
  timeZone: string,
  robotRefs?: readonly string[],
): Promise<{ robotRef: string; day: string; plays: number }[]> {
  const r = playRollups;
  const day = sql<string>`to_char(${r.quarter} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  return (
    db
      .select({ robotRef: r.robotRef, day, plays: sql<number>`sum(${r.plays})::int` })
      .from(r)
      .where(
        and(
          sql`${r.playlistId} = ${playlistId} and ${r.quarter} >= ${from.toISOString()} and ${r.quarter} < ${to.toISOString()}`,
          robotRefs ? inArray(r.robotRef, [...robotRefs]) : undefined,
        ),
      )
      // By position: the zone is a parameter, so the day expression would not match its own copy.
      .groupBy(sql`1`, sql`2`)
      .having(sql`sum(${r.plays}) > 0`)
  );
}

/** One plan's flagged plays per robot, local day and reason in [from, to) (play_flag_rollups). */
export async function flaggedPerRobotDay(
  db: DbOrTx,
  playlistId: string,
  from: Date,
  to: Date,
  timeZone: string,
  robotRefs?: readonly string[],
): Promise<{ robotRef: string; day: string; reason: string; plays: number }[]> {
  const f = playFlagRollups;
  const day = sql<string>`to_char(${f.quarter} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  return db
    .select({ robotRef: f.robotRef, day, reason: f.reason, plays: sql<number>`sum(${f.plays})::int` })
    .from(f)
    .where(
      and(
        sql`${f.playlistId} = ${playlistId} and ${f.quarter} >= ${from.toISOString()} and ${f.quarter} < ${to.toISOString()}`,
        robotRefs ? inArray(f.robotRef, [...robotRefs]) : undefined,
      ),
    )
    .groupBy(sql`1`, sql`2`, sql`3`)
    .having(sql`sum(${f.plays}) > 0`);
}
