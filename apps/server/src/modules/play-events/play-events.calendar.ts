/**
 * Calendar rollups (docs/statistics.md, "Calendar rollups"): the quarter rows summed per local day, week
 * (from Monday) and month of the fixed UTC+8 calendar, written with the quarter rows and read for the
 * whole days, weeks and months of a report whose zone has its midnights there.
 */

import type { DbOrTx } from '../../db/client';
import { SUMMED, writeCalendarRows } from './play-events.calendar.repository';
import type { playCalendarRollups, playPlanCalendarRollups, playRollups } from './play-events.table';

export {
  addOnConflict,
  CALENDAR_BACKFILL,
  measureColumns,
  PLAN_CALENDAR_BACKFILL,
  rebuildCalendarRollups,
  rebuildPlanCalendars,
} from './play-events.calendar.repository';

/** The calendar's fixed offset from UTC: +8 h (Asia/Shanghai, the default report zone; no DST since 1991). */
export const CALENDAR_OFFSET_S = 8 * 3600;
const DAY_S = 86_400;
const WEEK_S = 7 * DAY_S;

export type CalendarPeriod = 'day' | 'week' | 'month';
type QuarterDelta = typeof playRollups.$inferInsert;
type CalendarRow = typeof playCalendarRollups.$inferInsert;
type PlanCalendarRow = typeof playPlanCalendarRollups.$inferInsert;

/** The start (unix seconds) of the UTC+8 day containing the instant. */
export const calendarDayOf = (unix: number) =>
  Math.floor((unix + CALENDAR_OFFSET_S) / DAY_S) * DAY_S - CALENDAR_OFFSET_S;

/** The start (unix seconds) of the UTC+8 week (from Monday 00:00) containing the instant. */
export function calendarWeekOf(unix: number): number {
  const day = Math.floor((unix + CALENDAR_OFFSET_S) / DAY_S);
  // 1970-01-01 was a Thursday: day 4 (1970-01-05) is the first Monday.
  return (day - ((day + 3) % 7)) * DAY_S - CALENDAR_OFFSET_S;
}

/** The start (unix seconds) of the UTC+8 month `months` after the one containing the instant. */
export function calendarMonthOf(unix: number, months = 0): number {
  const local = new Date((unix + CALENDAR_OFFSET_S) * 1000);
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + months, 1) / 1000 - CALENDAR_OFFSET_S;
}

/** The quarter deltas summed per calendar day, week and month (x plan x ad x robot). */
export function calendarDeltas(deltas: readonly QuarterDelta[]): CalendarRow[] {
  const out = new Map<string, CalendarRow>();
  for (const d of deltas) {
    const at = Math.floor(d.quarter.getTime() / 1000);
    for (const [period, start] of [
      ['day', calendarDayOf(at)],
      ['week', calendarWeekOf(at)],
      ['month', calendarMonthOf(at)],
    ] as const) {
      const key = `${period}|${start}|${d.playlistId}|${d.adId}|${d.robotRef}`;
      let row = out.get(key);
      if (!row) {
        row = { playlistId: d.playlistId, period, start: new Date(start * 1000), adId: d.adId, robotRef: d.robotRef };
        for (const k of SUMMED) row[k] = 0;
        out.set(key, row);
      }
      for (const k of SUMMED) row[k] = (row[k] ?? 0) + (d[k] ?? 0);
    }
  }
  return [...out.values()];
}

/** The robots' calendar rows summed per plan x ad x day or month. */
export function planCalendarDeltas(rows: readonly CalendarRow[]): PlanCalendarRow[] {
  const out = new Map<string, PlanCalendarRow>();
  for (const r of rows) {
    const key = `${r.playlistId}|${r.period}|${String(r.start.getTime()).padStart(15, '0')}|${r.adId}`;
    let row = out.get(key);
    if (!row) {
      row = { playlistId: r.playlistId, period: r.period, start: r.start, adId: r.adId };
      for (const k of SUMMED) row[k] = 0;
      out.set(key, row);
    }
    for (const k of SUMMED) row[k] = (row[k] ?? 0) + (r[k] ?? 0);
  }
  // In key order: concurrent batches of one plan lock its rows in the same order (no deadlock).
  return [...out.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
}

/**
 * Adds the quarter deltas to their day, week and month rows, per robot and over robots (creating them when
 * new). Same transaction as the quarters.
 */
export async function addToCalendarRollups(db: DbOrTx, deltas: readonly QuarterDelta[]) {
  const rows = calendarDeltas(deltas);
  if (rows.length === 0) return;
  await writeCalendarRows(db, rows, planCalendarDeltas(rows));
}

// ---------------------------------------------------------------------------------------------
// Reading: which parts of a range come from which rows

export interface RangeParts {
  /** [from, to) unix seconds read from the quarter rows. */
  quarters: [number, number][];
  /** [from, to) ranges of calendar day starts read from the day rows. */
  days: [number, number][];
  /** [from, to) ranges of calendar week starts read from the week rows. */
  weeks: [number, number][];
  /** [from, to) ranges of calendar month starts read from the month rows. */
  months: [number, number][];
}

const clockFormats = new Map<string, Intl.DateTimeFormat>();
function isLocalMidnight(unix: number, timeZone: string): boolean {
  let f = clockFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clockFormats.set(timeZone, f);
  }
  return f.format(new Date(unix * 1000)) === '00:00';
}

function pushRange(list: [number, number][], from: number, to: number) {
  const last = list[list.length - 1];
  if (last && last[1] === from) last[1] = to;
  else list.push([from, to]);
}

/**
 * Splits [begin, end) (quarter hours) of a report in `timeZone`. A UTC+8 calendar day is read from the
 * day rows when it lies inside the range and the zone's wall clock reads 00:00 at both its ends (so it is
 * exactly one local day of the zone: always for Asia/Shanghai and other +8 zones without DST, never for
 * other zones); a calendar month when every one of its days is (and `months` is allowed: not for day or
 * week buckets); else a calendar week (Monday 00:00 to Monday 00:00) when every one of its days is (and
 * `weeks` is allowed: no buckets, or week buckets; with months allowed, only a week inside one month);
 * everything else from the quarter rows. `timeZone`
 * null (totals, per ad, per robot: no bucket to respect): every calendar day, week and month inside the
 * range. `calendar` false: all from quarter rows.
 */
export function rangeParts(
  begin: number,
  end: number,
  timeZone: string | null,
  use: { calendar: boolean; months: boolean; weeks?: boolean },
): RangeParts {
  const parts: RangeParts = { quarters: [], days: [], weeks: [], months: [] };
  const first = calendarDayOf(begin + DAY_S - 1);
  const last = calendarDayOf(end);
  if (!use.calendar || last - first < DAY_S) {
    parts.quarters.push([begin, end]);
    return parts;
  }
  const midnight = new Map<number, boolean>();
  const isMidnight = (t: number) => {
    let m = midnight.get(t);
    if (m === undefined) {
      m = timeZone === null || isLocalMidnight(t, timeZone);
      midnight.set(t, m);
    }
    return m;
  };
  const whole = (from: number, to: number) => {
    for (let s = from; s <= to; s += DAY_S) if (!isMidnight(s)) return false;
    return true;
  };
  let t = begin;
  let s = first;
  while (s < last) {
    const next = calendarMonthOf(s, 1);
    if (use.months && calendarMonthOf(s) === s && next <= last && whole(s, next)) {
      if (t < s) pushRange(parts.quarters, t, s);
      pushRange(parts.months, s, next);
      t = next;
      s = next;
    } else if (
      use.weeks &&
      calendarWeekOf(s) === s &&
      s + WEEK_S <= last &&
      // With months allowed, a week crossing into the next month would hide that month's row.
      (!use.months || calendarMonthOf(s, 1) >= s + WEEK_S) &&
      whole(s, s + WEEK_S)
    ) {
      if (t < s) pushRange(parts.quarters, t, s);
      pushRange(parts.weeks, s, s + WEEK_S);
      t = s + WEEK_S;
      s += WEEK_S;
    } else if (whole(s, s + DAY_S)) {
      if (t < s) pushRange(parts.quarters, t, s);
      pushRange(parts.days, s, s + DAY_S);
      t = s + DAY_S;
      s += DAY_S;
    } else s += DAY_S;
  }
  if (t < end) pushRange(parts.quarters, t, end);
  return parts;
}
