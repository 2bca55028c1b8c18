import { getTableName, inArray, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { type UnnestColumn, unnestInsert } from '../../db/statements';
import { playCalendarRollups, playPlanCalendarRollups, type playRollups } from './play-events.table';

/*
 * The calendar rollup tables (docs/statistics.md, "Calendar rollups"): their statements, for
 * play-events.calendar.ts (which computes the rows) and the play-events repository.
 */

type CalendarRow = typeof playCalendarRollups.$inferInsert;
type PlanCalendarRow = typeof playPlanCalendarRollups.$inferInsert;

/** The summed columns of the rollup tables. */
export const SUMMED = [
  'plays',
  'scans',
  'watchMs',
  'ageChild',
  'ageYouth',
  'ageAdult',
  'ageMiddle',
  'ageSenior',
  'male',
  'female',
  'sensedPlays',
  'exposureSense',
  'viewers',
  'dwellMs',
] as const;

/** The summed columns of a rollup table, as `unnestInsert` columns of rows holding them (missing: 0). */
export function measureColumns<R extends Partial<Record<(typeof SUMMED)[number], number>>>(
  table: typeof playRollups | typeof playCalendarRollups | typeof playPlanCalendarRollups,
): UnnestColumn<R>[] {
  return SUMMED.map((k) => [table[k], (row: R) => row[k] ?? 0] as const);
}

/**
 * `on conflict (keys) do update set m = m + excluded.m` for every summed column of the table, and the
 * `extra` assignments.
 */
export function addOnConflict(
  table: typeof playRollups | typeof playCalendarRollups | typeof playPlanCalendarRollups,
  keys: readonly PgColumn[],
  extra: readonly string[] = [],
): string {
  const name = getTableName(table);
  const sums = SUMMED.map((k) => `"${table[k].name}" = "${name}"."${table[k].name}" + excluded."${table[k].name}"`);
  return `on conflict (${keys.map((c) => `"${c.name}"`).join(', ')}) do update set ${[...sums, ...extra].join(', ')}`;
}

/** The key and summed columns of a calendar table (the table over robots has no robot). */
function calendarColumns<R extends PlanCalendarRow & { robotRef?: string }>(
  table: typeof playCalendarRollups | typeof playPlanCalendarRollups,
): UnnestColumn<R>[] {
  return [
    [table.playlistId, (row) => row.playlistId],
    [table.period, (row) => row.period],
    [table.start, (row) => row.start.toISOString()],
    [table.adId, (row) => row.adId],
    ...('robotRef' in table ? [[table.robotRef, (row: R) => row.robotRef] as const] : []),
    ...measureColumns<R>(table),
  ];
}

const c = playCalendarRollups;
const CALENDAR_COLUMNS = calendarColumns<CalendarRow>(c);
const ADD_TO_CALENDAR = addOnConflict(c, [c.playlistId, c.period, c.start, c.adId, c.robotRef]);
const p = playPlanCalendarRollups;
const PLAN_CALENDAR_COLUMNS = calendarColumns<PlanCalendarRow>(p);
const ADD_TO_PLAN_CALENDAR = addOnConflict(p, [p.playlistId, p.period, p.start, p.adId]);

/**
 * Adds calendar rows (calendarDeltas) and their sums over robots (planCalendarDeltas, in key order) to the
 * stored ones, creating them when new.
 */
export async function writeCalendarRows(
  db: DbOrTx,
  rows: readonly CalendarRow[],
  planRows: readonly PlanCalendarRow[],
): Promise<void> {
  await db.execute(unnestInsert(c, CALENDAR_COLUMNS, rows, ADD_TO_CALENDAR));
  // In key order (planCalendarDeltas): unnest yields the rows in array order, so concurrent batches of
  // one plan lock its shared rows in the same order.
  await db.execute(unnestInsert(p, PLAN_CALENDAR_COLUMNS, planRows, ADD_TO_PLAN_CALENDAR));
}

/**
 * The calendar rows recomputed from every quarter row (the migrations that created the tables ran these
 * very statements as their backfill; the history bench runs them after its bulk write of quarter rows).
 */
export async function rebuildCalendarRollups(db: DbOrTx) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from ${playCalendarRollups}`);
    await tx.execute(sql`delete from ${playPlanCalendarRollups}`);
    await tx.execute(sql.raw(CALENDAR_BACKFILL));
    await tx.execute(sql.raw(PLAN_CALENDAR_BACKFILL));
  });
}

const PLANS = '$plans';
const SUMS =
  'plays, scans, watch_ms, age_child, age_youth, age_adult, age_middle, age_senior, male, female, sensed_plays, exposure_sense, viewers, dwell_ms';

const calendarBackfill = (
  where: string,
) => `insert into "play_calendar_rollups" (playlist_id, period, start, ad_id, robot_ref, ${SUMS})
select q.playlist_id, p.period,
  (date_trunc(p.period, (q.hour at time zone 'UTC') + interval '8 hours') - interval '8 hours') at time zone 'UTC',
  q.ad_id, q.robot_ref, ${SUMS.split(', ')
    .map((col) => `sum(q.${col})`)
    .join(', ')}
from "play_rollups" q cross join (values ('day'), ('week'), ('month')) as p(period)${where ? ` ${where}` : ''}
group by 1, 2, 3, 4, 5`;
export const CALENDAR_BACKFILL = calendarBackfill('');

const planCalendarBackfill = (
  where: string,
) => `insert into "play_plan_calendar_rollups" (playlist_id, period, start, ad_id, ${SUMS})
select playlist_id, period, start, ad_id, ${SUMS.split(', ')
  .map((col) => `sum(${col})`)
  .join(', ')}
from "play_calendar_rollups"${where ? ` ${where}` : ''}
group by 1, 2, 3, 4`;
/** The robots' calendar rows summed over robots (after CALENDAR_BACKFILL). */
export const PLAN_CALENDAR_BACKFILL = planCalendarBackfill('');

/**
 * The calendar rows of these plans recomputed from their quarter rows, on the caller's handle (the demo
 * seed, after writing history straight into quarter rows, inside its transaction).
 */
export async function rebuildPlanCalendars(db: DbOrTx, planIds: readonly string[]) {
  if (planIds.length === 0) return;
  const ids = [...planIds];
  await db.delete(playCalendarRollups).where(inArray(playCalendarRollups.playlistId, ids));
  await db.delete(playPlanCalendarRollups).where(inArray(playPlanCalendarRollups.playlistId, ids));
  // The plans as one array parameter in the place of PLANS.
  const bound = (statement: string) => {
    const [head = '', tail = ''] = statement.split(PLANS);
    return sql`${sql.raw(head)}${`{${ids.join(',')}}`}::text[]${sql.raw(tail)}`;
  };
  await db.execute(bound(calendarBackfill(`where q.playlist_id = any(${PLANS})`)));
  await db.execute(bound(planCalendarBackfill(`where playlist_id = any(${PLANS})`)));
}
