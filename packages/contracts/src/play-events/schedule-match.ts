import { DELIVERY_LIMIT } from '../playback/play-order.rules';
import { VERIFICATION_RULES } from './play-events.rules';

/**
 * The schedule-matching rule of the proof-of-play verification (docs/statistics.md, "Matching the schedule"): a
 * play of a plan on a robot counts only as one of the plays the engine gives that plan on that robot and
 * local day. Pure, so the ingest verification, its property test and the simulated-clock test share it.
 */

/** The number of sorted instants at or before `t`. */
export function countAtOrBefore(sorted: readonly number[], t: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as number) <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface MatchCounts {
  /** Verified plays of the plan on the robot that local day so far (stored, then earlier in the batch). */
  planPlays: number;
  /** Verified plays of the same ad of the plan on the robot that local day so far. */
  adPlays: number;
}

/**
 * Whether a play starting at `at` still matches a scheduled play: fewer verified plays of the plan that
 * day than the engine's plays of it starting at or before `at` + the tolerance, fewer than the day's
 * scheduled total, and the ad below its delivery limit of the day. `starts`: the day's scheduled starts of
 * the plan on the robot, sorted.
 */
export function matchesSchedule(starts: readonly number[], at: number, counts: MatchCounts): boolean {
  if (counts.adPlays >= DELIVERY_LIMIT.playsPerDay) return false;
  if (counts.planPlays >= starts.length) return false;
  return counts.planPlays < countAtOrBefore(starts, at + VERIFICATION_RULES.scheduleMatchToleranceS);
}
