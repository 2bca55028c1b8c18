import { startOfDayAt } from '../playback/zoned-time';
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
  const today = startOfDayAt(Math.floor(now.getTime() / 1000), plan.timeZone);
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
