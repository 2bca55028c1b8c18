import {
  dateFromEpochDay,
  dateKey,
  epochDay,
  isoWeekday,
  type LocalDate,
  startOfLocalDay,
  wallClock,
  zonedToUnix,
} from '@robot-ads/contracts/playback/zoned-time';
import type { BucketUnit } from '../play-events/play-events.queries';

/** A report bucket: its key (as the rollup query gives it), its label and its start (unix seconds). */
export interface Bucket {
  key: string;
  label: string;
  begin: number;
}

const QUARTER_S = 900;
const pad = (n: number) => String(n).padStart(2, '0');

/** The local date of an instant in the zone. */
export function localDate(unix: number, timeZone: string): LocalDate {
  const w = wallClock(unix, timeZone);
  return { year: w.year, month: w.month, day: w.day };
}

export const addDays = (date: LocalDate, days: number) => dateFromEpochDay(epochDay(date) + days);
export const mondayOf = (date: LocalDate) => addDays(date, 1 - isoWeekday(date));
export function addMonths(date: LocalDate, months: number): LocalDate {
  const index = date.year * 12 + (date.month - 1) + months;
  return { year: Math.floor(index / 12), month: (index % 12) + 1, day: 1 };
}

/** The local start of the bucket (of this unit) containing the date. */
function bucketStartDate(unit: Exclude<BucketUnit, 'hour'>, date: LocalDate): LocalDate {
  if (unit === 'week') return mondayOf(date);
  if (unit === 'month') return { year: date.year, month: date.month, day: 1 };
  return date;
}

/**
 * Every bucket of the unit that overlaps [begin, end) in the zone, in order, keyed like the rollup query
 * (`YYYY-MM-DDTHH:MI` of the local start). Hours are found by walking the quarter hours, so a day of 23
 * or 25 hours has 23 or 24 distinct local hours (the repeated hour is one bucket, as in the query).
 */
export function bucketsOf(unit: BucketUnit, begin: number, end: number, timeZone: string): Bucket[] {
  const out: Bucket[] = [];
  if (end <= begin) return out;
  if (unit === 'hour') {
    const seen = new Set<string>();
    for (let t = Math.floor(begin / QUARTER_S) * QUARTER_S; t < end; t += QUARTER_S) {
      const w = wallClock(t, timeZone);
      const key = `${dateKey(w)}T${pad(w.hour)}:00`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ key, label: pad(w.hour), begin: Math.max(begin, zonedToUnix(w, w.hour * 60, timeZone)) });
    }
    return out;
  }
  let date = bucketStartDate(unit, localDate(begin, timeZone));
  let start = startOfLocalDay(date, timeZone);
  while (start < end) {
    const key = `${dateKey(date)}T00:00`;
    out.push({ key, label: unit === 'month' ? dateKey(date).slice(0, 7) : dateKey(date), begin: start });
    const next = unit === 'day' ? addDays(date, 1) : unit === 'week' ? addDays(date, 7) : addMonths(date, 1);
    start = nextStart(start, date, next, timeZone);
    date = next;
  }
  return out;
}

/**
 * The start of the local day `next` (after `date`, which starts at `start`): the same wall clock a whole
 * number of days later when the zone reads 00:00 of that day there (no change of offset between), else
 * found by the zone's rules (one clock reading instead of several: a year of days is 365 buckets).
 */
function nextStart(start: number, date: LocalDate, next: LocalDate, timeZone: string): number {
  const guess = start + (epochDay(next) - epochDay(date)) * 86_400;
  const w = wallClock(guess, timeZone);
  if (w.hour === 0 && w.minute === 0 && w.second === 0 && dateKey(w) === dateKey(next)) return guess;
  return startOfLocalDay(next, timeZone);
}

export { endOfLocalDay } from '@robot-ads/contracts/playback/zoned-time';
