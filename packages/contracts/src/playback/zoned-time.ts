/**
 * Wall-clock arithmetic in an IANA time zone, independent of the machine's own zone. Everything is in
 * unix seconds. Dependency-free (Intl only) so the browser player bundles it small.
 */

export interface LocalDate {
  year: number;
  /** 1-12 */
  month: number;
  /** 1-31 */
  day: number;
}

export interface WallClock extends LocalDate {
  hour: number;
  minute: number;
  second: number;
  /** ISO weekday: 1 = Monday ... 7 = Sunday. */
  weekday: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True when the runtime knows this IANA zone name. */
export function isValidTimeZone(timeZone: string): boolean {
  if (typeof timeZone !== 'string' || timeZone.length === 0) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * ICU (and so Intl in Node and Chromium before ICU 74's change) still resolves some zones to a legacy
 * alias that IANA's tz database moved to its `backward` file: Asia/Kolkata is answered as Asia/Calcutta.
 * Each of these ICU names with the current IANA name of its zone.
 */
const IANA_OF_ICU_LEGACY: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/**
 * The zone's current IANA name (Asia/Kolkata for "asia/kolkata", "Asia/Calcutta" and "Asia/Kolkata"),
 * never a legacy alias; undefined when the runtime does not know the zone.
 */
export function canonicalTimeZone(timeZone: string): string | undefined {
  if (!isValidTimeZone(timeZone)) return undefined;
  const resolved = new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  return IANA_OF_ICU_LEGACY[resolved] ?? resolved;
}

/** Days since 1970-01-01 of a civil date (proleptic Gregorian). */
export function epochDay(date: LocalDate): number {
  return Math.floor(Date.UTC(date.year, date.month - 1, date.day) / 86_400_000);
}

export function dateFromEpochDay(days: number): LocalDate {
  const d = new Date(days * 86_400_000);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** ISO weekday (1 = Monday ... 7 = Sunday) of a civil date. */
export function isoWeekday(date: LocalDate): number {
  const sundayBased = new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay();
  return sundayBased === 0 ? 7 : sundayBased;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A date key `YYYY-MM-DD`, the unit for daily counters. */
export function dateKey(date: LocalDate): string {
  return `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}`;
}

/** The last answer per zone: a play decision asks the same instant many times. */
const lastWallClock = new Map<string, { t: number; wall: WallClock }>();

/** The wall clock shown in `timeZone` at the instant `unixSeconds` (a frozen object). */
export function wallClock(unixSeconds: number, timeZone: string): WallClock {
  const t = Math.floor(unixSeconds);
  const last = lastWallClock.get(timeZone);
  if (last && last.t === t) return last.wall;
  const wall = computeWallClock(t, timeZone);
  lastWallClock.set(timeZone, { t, wall });
  return wall;
}

function computeWallClock(t: number, timeZone: string): WallClock {
  const parts = formatterFor(timeZone).formatToParts(new Date(t * 1000));
  let year = 0;
  let month = 0;
  let day = 0;
  let hour = 0;
  let minute = 0;
  let second = 0;
  let bc = false;
  for (const part of parts) {
    switch (part.type) {
      case 'year':
        year = Number(part.value);
        break;
      case 'month':
        month = Number(part.value);
        break;
      case 'day':
        day = Number(part.value);
        break;
      case 'hour':
        hour = Number(part.value) % 24;
        break;
      case 'minute':
        minute = Number(part.value);
        break;
      case 'second':
        second = Number(part.value);
        break;
      case 'era':
        bc = part.value.startsWith('B');
        break;
    }
  }
  if (bc) year = 1 - year;
  const date = { year, month, day };
  return Object.freeze({ ...date, hour, minute, second, weekday: isoWeekday(date) });
}

/** The zone's offset from UTC in seconds at an instant (e.g. +36000 for Sydney in winter). */
export function offsetSeconds(unixSeconds: number, timeZone: string): number {
  const t = Math.floor(unixSeconds);
  const w = wallClock(t, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) / 1000 - t;
}

/**
 * The instant at which the wall clock in `timeZone` first reads `date` + `minuteOfDay` or later.
 * An ambiguous time (clocks turned back) gives its first occurrence; a time that does not exist (clocks
 * turned forward) gives the instant of the change, which is when that wall time has been passed. So a
 * period "02:00-03:00" is empty on a spring-forward day and two real hours long on a fall-back day, and a
 * period "01:30-02:30" ends at the change. `minuteOfDay` may be 1440 (next midnight) or more.
 */
export function zonedToUnix(date: LocalDate, minuteOfDay: number, timeZone: string): number {
  const localAsUtc = Date.UTC(date.year, date.month - 1, date.day, 0, minuteOfDay, 0) / 1000;
  const offsetBefore = offsetSeconds(localAsUtc - 86_400, timeZone);
  const offsetAfter = offsetSeconds(localAsUtc + 86_400, timeZone);
  const early = localAsUtc - offsetBefore;
  const late = localAsUtc - offsetAfter;
  const valid = [early, late].filter((t) => t + offsetSeconds(t, timeZone) === localAsUtc);
  if (valid.length > 0) return Math.min(...valid);
  // In a gap: find the first instant after the change, by bisection between the two candidates.
  let lo = Math.min(early, late);
  let hi = Math.max(early, late);
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (mid + offsetSeconds(mid, timeZone) >= localAsUtc) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** The start instant of the local day `date` in `timeZone`. */
export function startOfLocalDay(date: LocalDate, timeZone: string): number {
  return zonedToUnix(date, 0, timeZone);
}

/** `+8`, `-3`, `+5:30`: an offset in minutes east of UTC as a person reads it next to `UTC`. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const h = Math.floor(abs / 60);
  const m = abs % 60;
  return `${sign}${h}${m ? `:${String(m).padStart(2, '0')}` : ''}`;
}

/** The zone's offset at an instant in minutes east of UTC (e.g. 480 for Asia/Shanghai). */
export function offsetMinutes(unixSeconds: number, timeZone: string): number {
  return Math.round(offsetSeconds(unixSeconds, timeZone) / 60);
}

/** `UTC+8`, `UTC-3`, `UTC+5:30`: the zone's offset at an instant (so daylight saving shows truly). */
export function offsetLabel(unixSeconds: number, timeZone: string): string {
  return `UTC${formatOffset(offsetMinutes(unixSeconds, timeZone))}`;
}

/** `Asia/Shanghai (UTC+8)`: the zone a time is read in, said next to it (a column title, a caption). */
export function zoneLabel(timeZone: string, unixSeconds: number): string {
  return `${timeZone} (${offsetLabel(unixSeconds, timeZone)})`;
}

const two = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm:ss` (spec section 9) of an instant in `timeZone`; the same in every language. */
export function formatDateTime(unixSeconds: number, timeZone: string): string {
  const w = wallClock(unixSeconds, timeZone);
  return `${dateKey(w)} ${two(w.hour)}:${two(w.minute)}:${two(w.second)}`;
}

/** `YYYY-MM-DD HH:mm` of an instant in `timeZone`. */
export function formatDateMinute(unixSeconds: number, timeZone: string): string {
  return formatDateTime(unixSeconds, timeZone).slice(0, 16);
}

/** `YYYY-MM-DD`: the local day of an instant in `timeZone`. */
export function formatDate(unixSeconds: number, timeZone: string): string {
  return dateKey(wallClock(unixSeconds, timeZone));
}

/** The start instant (unix seconds) of the local day containing `unixSeconds` in `timeZone`. */
export function startOfDayAt(unixSeconds: number, timeZone: string): number {
  return startOfLocalDay(wallClock(unixSeconds, timeZone), timeZone);
}

/** The start of the local day after `date` in `timeZone` (the end of `date`'s day; 23 or 25 hours on DST days). */
export function endOfLocalDay(date: LocalDate, timeZone: string): number {
  return startOfLocalDay(dateFromEpochDay(epochDay(date) + 1), timeZone);
}

/** The end (the next local day's start) of the local day containing `unixSeconds` in `timeZone`. */
export function endOfDayAt(unixSeconds: number, timeZone: string): number {
  return endOfLocalDay(wallClock(unixSeconds, timeZone), timeZone);
}

/** The instants [from, to) of the calendar month `YYYY-MM` in `timeZone`. */
export function monthBounds(month: string, timeZone: string): { from: number; to: number } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? { year: year + 1, month: 1, day: 1 } : { year, month: m + 1, day: 1 };
  return { from: startOfLocalDay({ year, month: m, day: 1 }, timeZone), to: startOfLocalDay(next, timeZone) };
}
