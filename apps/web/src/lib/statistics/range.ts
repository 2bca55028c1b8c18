import { dateFromEpochDay, epochDay, startOfLocalDay, wallClock } from '@robot-ads/contracts/playback/zoned-time';

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

/** The range as the calls take it: begin at the first day's local midnight, end at the next day's after the last. */
export function rangeParams(range: ReportRange): { begin: number; end: number; timeZone: string } {
  const begin = startOfLocalDay(parse(range.from), range.timeZone);
  const end = startOfLocalDay(dateFromEpochDay(epochDay(parse(range.to)) + 1), range.timeZone);
  return { begin, end, timeZone: range.timeZone };
}
