import { dateFromEpochDay, epochDay, startOfLocalDay, wallClock } from '@robot-ads/contracts/playback/zoned-time';
import { DEFAULT_TIME_ZONE } from '@robot-ads/contracts/playlists/default-time-zone';

/**
 * The zone a board's "today" is taken in when the user chose none: the platform's (the server's
 * `TIME_ZONE`, by default this one), never the zone of the reader's computer (docs/statistics.md, `rising`).
 */
export const PLATFORM_TIME_ZONE = DEFAULT_TIME_ZONE;

/** A report's range: local days [first, last] in `timeZone`, sent as unix seconds [begin, end). */
export interface ReportRange {
  /** YYYY-MM-DD, first local day (inclusive). */
  from: string;
  /** YYYY-MM-DD, last local day (inclusive). */
  to: string;
  timeZone: string;
}

const parse = (key: string) => {
  const [year, month, day] = key.split('-').map(Number) as [number, number, number];
  return { year, month, day };
};
const key = (d: { year: number; month: number; day: number }) =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/** The last `days` local days up to and including today in `timeZone`. */
export function lastDays(days: number, timeZone: string, nowSeconds = Math.floor(Date.now() / 1000)): ReportRange {
  const today = epochDay(wallClock(nowSeconds, timeZone));
  return { from: key(dateFromEpochDay(today - days + 1)), to: key(dateFromEpochDay(today)), timeZone };
}

/**
 * Today in `timeZone` (the user's chosen zone, else the platform's): the whole local day, which the server
 * counts up to now and compares with the same hours of the day before.
 */
export function todayRange(timeZone = PLATFORM_TIME_ZONE, nowSeconds = Math.floor(Date.now() / 1000)): ReportRange {
  return lastDays(1, timeZone, nowSeconds);
}

/** The range as the calls take it: begin at the first day's local midnight, end at the next day's after the last. */
export function rangeParams(range: ReportRange): { begin: number; end: number; timeZone: string } {
  const begin = startOfLocalDay(parse(range.from), range.timeZone);
  const end = startOfLocalDay(dateFromEpochDay(epochDay(parse(range.to)) + 1), range.timeZone);
  return { begin, end, timeZone: range.timeZone };
}

/** Today's local day in `timeZone` (YYYY-MM-DD): no report range goes past it. */
export function todayIn(timeZone: string, nowSeconds = Math.floor(Date.now() / 1000)): string {
  return key(dateFromEpochDay(epochDay(wallClock(nowSeconds, timeZone))));
}

/** A calendar month in `timeZone`: this month (offset 0) up to today, or a past one (offset -1) in full. */
export function monthRange(offset: number, timeZone: string, nowSeconds = Math.floor(Date.now() / 1000)): ReportRange {
  const today = parse(todayIn(timeZone, nowSeconds));
  const first = new Date(Date.UTC(today.year, today.month - 1 + offset, 1));
  const last = new Date(Date.UTC(today.year, today.month + offset, 0));
  const from = key({ year: first.getUTCFullYear(), month: first.getUTCMonth() + 1, day: 1 });
  const end = key({ year: last.getUTCFullYear(), month: last.getUTCMonth() + 1, day: last.getUTCDate() });
  const to = todayIn(timeZone, nowSeconds);
  return { from, to: end < to ? end : to, timeZone };
}

/** A plan's whole period (unix seconds [begin, end)) in its zone, up to today. */
export function planRange(
  begin: number,
  end: number,
  timeZone: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): ReportRange {
  const today = todayIn(timeZone, nowSeconds);
  const from = key(dateFromEpochDay(epochDay(wallClock(begin, timeZone))));
  const last = key(dateFromEpochDay(epochDay(wallClock(Math.max(begin, end - 1), timeZone))));
  const to = last < today ? last : today;
  return { from: from < to ? from : to, to, timeZone };
}
