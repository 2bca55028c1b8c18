import type { ClockTime, Cycle, PlayPeriod } from './playlists.schemas';

/*
 * The plan rules of spec section 5 that need more than the shape of a field: periods that must not
 * overlap, begin before end, not in the past, cycle data. Used by the server (with its clock) and by
 * the web form (with the browser clock), so both refuse the same plans with the same codes.
 */

export interface PlanIssue {
  code: string;
  field: string;
}

export function minutesOf(t: ClockTime): number {
  return t.hour * 60 + t.minute;
}

/** Two periods overlap when they share more than an instant (09:00-10:00 and 10:00-11:00 do not). */
export function periodsOverlap(a: PlayPeriod, b: PlayPeriod): boolean {
  return minutesOf(a.begin) < minutesOf(b.end) && minutesOf(b.begin) < minutesOf(a.end);
}

export function checkPeriods(times: readonly PlayPeriod[]): PlanIssue[] {
  const issues: PlanIssue[] = [];
  times.forEach((p, i) => {
    if (minutesOf(p.begin) >= minutesOf(p.end)) issues.push({ code: 'END_BEFORE_START', field: `times.${i}` });
  });
  for (let i = 0; i < times.length; i++) {
    for (let j = i + 1; j < times.length; j++) {
      const a = times[i];
      const b = times[j];
      if (a && b && periodsOverlap(a, b)) issues.push({ code: 'PLAYLIST_TIMES_CONFLICT', field: `times.${j}` });
    }
  }
  return issues;
}

export function checkCycle(cycle: Cycle, times: readonly PlayPeriod[]): PlanIssue[] {
  const issues: PlanIssue[] = [];
  const data = cycle.data;
  switch (cycle.type) {
    case 'none':
      break;
    case 'time':
      if (data.length === 0) issues.push({ code: 'PLAYLIST_CYCLE_DATA_REQUIRED', field: 'cycle.data' });
      if (data.some((d) => d <= 0)) issues.push({ code: 'PLAYLIST_CYCLE_DATA_INVALID', field: 'cycle.data' });
      break;
    case 'daily':
      break;
    case 'weekly':
      if (data.length === 0) issues.push({ code: 'PLAYLIST_CYCLE_DATA_REQUIRED', field: 'cycle.data' });
      if (data.some((d) => d < 1 || d > 7)) issues.push({ code: 'PLAYLIST_CYCLE_DATA_INVALID', field: 'cycle.data' });
      break;
    case 'monthly':
      if (data.length === 0) issues.push({ code: 'PLAYLIST_CYCLE_DATA_REQUIRED', field: 'cycle.data' });
      if (data.some((d) => d < 1 || d > 31)) issues.push({ code: 'PLAYLIST_CYCLE_DATA_INVALID', field: 'cycle.data' });
      break;
  }
  if (cycle.type !== 'none' && times.length === 0) issues.push({ code: 'PLAYLIST_TIMES_REQUIRED', field: 'times' });
  return issues;
}

/**
 * Local calendar parts of an instant in a zone (Intl, so daylight saving is right).
 * weekday is ISO: 1 = Monday .. 7 = Sunday.
 */
export function zonedParts(
  instant: Date,
  timeZone: string,
): { year: number; month: number; day: number; hour: number; minute: number; second: number; weekday: number } {
  const fmt = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    weekday: 'short',
  });
  const parts: Record<string, string> = {};
  for (const p of fmt.formatToParts(instant)) parts[p.type] = p.value;
  const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: weekdays.indexOf(parts.weekday ?? 'Mon') + 1,
  };
}

/** The offset of a zone at an instant, in minutes east of UTC. */
export function zoneOffsetMinutes(instant: Date, timeZone: string): number {
  const p = zonedParts(instant, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** "+8", "-3", "+5:30": the offset a person sees next to a zone's code. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const h = Math.floor(abs / 60);
  const m = abs % 60;
  return `${sign}${h}${m ? `:${String(m).padStart(2, '0')}` : ''}`;
}

/** The instant of local midnight starting the day that contains `instant` in `timeZone`. */
export function startOfZonedDay(instant: Date, timeZone: string): Date {
  const p = zonedParts(instant, timeZone);
  const guess = Date.UTC(p.year, p.month - 1, p.day) - zoneOffsetMinutes(instant, timeZone) * 60_000;
  // Correct once for an offset change between midnight and the instant (daylight saving).
  const corrected = Date.UTC(p.year, p.month - 1, p.day) - zoneOffsetMinutes(new Date(guess), timeZone) * 60_000;
  return new Date(corrected);
}

/**
 * The delivery window (unix seconds): begin before end; begin not earlier than today (in the plan's
 * zone) and end not earlier than now. `existing` (editing a plan) keeps a begin already in the past
 * acceptable when it is unchanged, so a running plan can still be edited.
 */
export function checkWindow(
  plan: { begin: number; end: number; timeZone: string },
  now: Date,
  existing?: { begin: number },
): PlanIssue[] {
  const issues: PlanIssue[] = [];
  if (plan.end <= plan.begin) issues.push({ code: 'END_BEFORE_START', field: 'end' });
  const today = Math.floor(startOfZonedDay(now, plan.timeZone).getTime() / 1000);
  const beginUnchanged = existing !== undefined && existing.begin === plan.begin;
  if (plan.begin < today && !beginUnchanged) issues.push({ code: 'PLAYLIST_BEGIN_PAST', field: 'begin' });
  if (plan.end < Math.floor(now.getTime() / 1000)) issues.push({ code: 'PLAYLIST_END_PAST', field: 'end' });
  return issues;
}

/** Every rule of a plan that needs more than its fields' shapes. Empty when the plan is valid. */
export function checkPlan(
  plan: { begin: number; end: number; timeZone: string; cycle: Cycle; times: readonly PlayPeriod[] },
  now: Date,
  existing?: { begin: number },
): PlanIssue[] {
  return [...checkWindow(plan, now, existing), ...checkCycle(plan.cycle, plan.times), ...checkPeriods(plan.times)];
}
