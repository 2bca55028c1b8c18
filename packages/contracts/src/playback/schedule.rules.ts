import type { DailyPeriod, Interval, PlanSchedule, TimeOfDay } from './playback.types';
import { dateFromEpochDay, epochDay, isoWeekday, wallClock, zonedToUnix } from './zoned-time';

const DAY = 86_400;

/** Minutes since midnight of a time of day; `null` when it is not a valid "HH:mm" (00:00-24:00). */
export function minuteOfDay(time: TimeOfDay): number | null {
  let hour: number;
  let minute: number;
  if (typeof time === 'string') {
    const match = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(time.trim());
    if (!match) return null;
    hour = Number(match[1]);
    minute = Number(match[2]);
  } else if (time && typeof time === 'object') {
    hour = Number(time.hour);
    minute = Number(time.minute);
  } else {
    return null;
  }
  if (!Number.isInteger(hour) || !Number.isInteger(minute) || minute < 0 || minute > 59 || hour < 0) return null;
  if (hour > 24 || (hour === 24 && minute !== 0)) return null;
  return hour * 60 + minute;
}

/** A daily period as minutes [begin, end) from the start of its day; an overnight period ends after 1440. */
export function periodMinutes(period: DailyPeriod): { begin: number; end: number } | null {
  const begin = minuteOfDay(period.begin);
  let end = minuteOfDay(period.end);
  if (begin === null || end === null || begin === 1440) return null;
  if (end <= begin) end += 1440;
  return { begin, end };
}

/** Cycle day from `cycle.data` of type time: epoch ms (or seconds) to the local date in the plan's zone. */
function cycleDates(plan: PlanSchedule): Set<number> {
  const days = new Set<number>();
  for (const value of plan.cycle.data ?? []) {
    if (typeof value !== 'number' || !Number.isFinite(value)) continue;
    const seconds = Math.abs(value) >= 1e11 ? Math.floor(value / 1000) : value;
    days.add(epochDay(wallClock(seconds, plan.timeZone)));
  }
  return days;
}

function dayMatchesCycle(plan: PlanSchedule, day: number, timeDates: Set<number> | null): boolean {
  const data = plan.cycle.data ?? [];
  switch (plan.cycle.type) {
    case 'none':
    case 'daily':
      return true;
    case 'weekly': {
      const weekday = isoWeekday(dateFromEpochDay(day));
      return data.some((d) => d === weekday || (d === 0 && weekday === 7));
    }
    case 'monthly': {
      // A day the month does not have (31 in April, 29 in a common February) is skipped that month.
      return data.includes(dateFromEpochDay(day).day);
    }
    case 'time':
      return timeDates?.has(day) ?? false;
    default:
      return false;
  }
}

function mergeIntervals(intervals: Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.end > i.start).sort((a, b) => a.start - b.start);
  const out: Interval[] = [];
  for (const interval of sorted) {
    const last = out[out.length - 1];
    if (last && interval.start <= last.end) last.end = Math.max(last.end, interval.end);
    else out.push({ ...interval });
  }
  return out;
}

function subtract(intervals: Interval[], cuts: Interval[]): Interval[] {
  let result = intervals;
  for (const cut of cuts) {
    if (!(cut.end > cut.start)) continue;
    const next: Interval[] = [];
    for (const i of result) {
      if (cut.end <= i.start || cut.start >= i.end) {
        next.push(i);
        continue;
      }
      if (cut.start > i.start) next.push({ start: i.start, end: cut.start });
      if (cut.end < i.end) next.push({ start: cut.end, end: i.end });
    }
    result = next;
  }
  return result;
}

/**
 * The spans in [from, to) during which the plan plays: its cycle days and daily periods read on the wall
 * clock of the plan's zone, cut to [begin, end), minus its pauses; none when cancelled. Sorted, disjoint,
 * merged. A period belongs to the day it begins on, so an overnight period on a weekly Friday runs into
 * Saturday morning.
 */
export function activeIntervals(plan: PlanSchedule, from: number, to: number): Interval[] {
  if (plan.cancelled) return [];
  const lo = Math.max(from, plan.begin);
  const hi = Math.min(to, plan.end);
  if (!(hi > lo)) return [];
  const periods = (plan.times ?? []).map(periodMinutes).filter((p): p is { begin: number; end: number } => p !== null);
  const daily = periods.length > 0 ? periods : [{ begin: 0, end: 1440 }];
  const raw: Interval[] = [];
  if (plan.cycle.type === 'none' && periods.length === 0) {
    raw.push({ start: lo, end: hi });
  } else {
    const timeDates = plan.cycle.type === 'time' ? cycleDates(plan) : null;
    // A period may begin on the day before `lo` and run past midnight (at most one extra day).
    const firstDay = epochDay(wallClock(lo, plan.timeZone)) - 1;
    const lastDay = epochDay(wallClock(hi, plan.timeZone));
    const days: number[] = [];
    if (timeDates) {
      for (const d of timeDates) if (d >= firstDay && d <= lastDay) days.push(d);
    } else {
      for (let d = firstDay; d <= lastDay; d++) days.push(d);
    }
    for (const day of days) {
      if (!dayMatchesCycle(plan, day, timeDates)) continue;
      const date = dateFromEpochDay(day);
      for (const period of daily) {
        const start = zonedToUnix(date, period.begin, plan.timeZone);
        const end = zonedToUnix(date, period.end, plan.timeZone);
        raw.push({ start: Math.max(start, lo), end: Math.min(end, hi) });
      }
    }
  }
  const pauses = (plan.pauses ?? []).map((p) => ({ start: p.begin, end: p.end }));
  return mergeIntervals(subtract(mergeIntervals(raw), pauses));
}

/** Whether the plan plays at the instant `t` (unix seconds). */
export function isPlanActiveAt(plan: PlanSchedule, t: number): boolean {
  return activeIntervals(plan, t, t + 1).length > 0;
}

/** The plans that play at `t`, in their given order. */
export function activePlansAt<P extends PlanSchedule>(plans: readonly P[], t: number): P[] {
  return plans.filter((plan) => isPlanActiveAt(plan, t));
}

/** The first instant at or after `t` and before `horizon` at which the plan plays, or null. */
export function nextActiveAt(plan: PlanSchedule, t: number, horizon: number): number | null {
  // Look ahead in 62-day windows: every recurring cycle recurs within one.
  for (let from = t; from < horizon; from += 62 * DAY) {
    const found = activeIntervals(plan, from, Math.min(horizon, from + 62 * DAY))[0];
    if (found) return found.start;
  }
  return null;
}

/** The next instant after `t` (before `horizon`) at which the set of active plans may change, or null. */
export function nextChangeAt(plans: readonly PlanSchedule[], t: number, horizon: number): number | null {
  let best: number | null = null;
  for (const plan of plans) {
    for (const interval of activeIntervals(plan, t, horizon)) {
      for (const edge of [interval.start, interval.end]) {
        if (edge > t && edge < horizon && (best === null || edge < best)) best = edge;
      }
    }
  }
  return best;
}

export type DeliveryState = 'cancelled' | 'notStarted' | 'live' | 'paused' | 'over';

/**
 * A plan's delivery status at `t`: cancelled; over once no play remains (its end passed, or a dated or
 * recurring cycle has no day left before its end); paused inside a pause; not started before its first
 * play; otherwise live. `playingNow` says whether it is on screen at `t` (live but between its daily
 * periods is still live).
 */
export function deliveryStatus(plan: PlanSchedule, t: number): { state: DeliveryState; playingNow: boolean } {
  if (plan.cancelled) return { state: 'cancelled', playingNow: false };
  const playingNow = isPlanActiveAt(plan, t);
  if (playingNow) return { state: 'live', playingNow };
  if (t >= plan.end) return { state: 'over', playingNow };
  const paused = (plan.pauses ?? []).some((p) => p.begin <= t && t < p.end);
  const searchFrom = Math.max(t, plan.begin);
  const horizon = plan.cycle.type === 'time' ? plan.end : Math.min(plan.end, searchFrom + 62 * DAY);
  // Pauses do not end a plan: look for a play ignoring them, from the later of now and the begin.
  const unpaused = { ...plan, pauses: [] };
  const next =
    plan.cycle.type === 'time'
      ? nextTimeCycleStart(unpaused, searchFrom, horizon)
      : nextActiveAt(unpaused, searchFrom, horizon);
  if (next === null) return { state: 'over', playingNow };
  if (paused) return { state: 'paused', playingNow };
  if (t < plan.begin) return { state: 'notStarted', playingNow };
  return { state: 'live', playingNow };
}

function nextTimeCycleStart(plan: PlanSchedule, from: number, horizon: number): number | null {
  const days = [...cycleDates(plan)].sort((a, b) => a - b);
  for (const day of days) {
    const date = dateFromEpochDay(day);
    // Each dated day on its own, so a far-off list of dates costs only its own days.
    const dayStart = zonedToUnix(date, 0, plan.timeZone);
    const spans = activeIntervals(plan, Math.max(from, dayStart - DAY), Math.min(horizon, dayStart + 3 * DAY));
    const first = spans[0];
    if (first) return first.start;
  }
  return null;
}
