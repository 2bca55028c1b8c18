import { type FlagReason, VERIFICATION_RULES } from '@robot-ads/contracts/play-events/play-events.rules';
import type { DeviceEvent } from '@robot-ads/contracts/play-events/play-events.schemas';
import { matchesSchedule } from '@robot-ads/contracts/play-events/schedule-match';
import type { Interval, PlanSchedule } from '@robot-ads/contracts/playback/playback.types';
import { activeIntervals } from '@robot-ads/contracts/playback/schedule.rules';
import { formatDate } from '@robot-ads/contracts/playback/zoned-time';
import { type BoundsInput, ownBounds, scanBounds } from './play-events.bounds';

/**
 * The proof-of-play verification (docs/statistics.md, "Proof-of-play verification"): a pure function of one robot's batch
 * and what that robot was given, so the ingest and the property test compute the very same verdicts.
 */

/** A publish record of the plan on the robot: since when the robot holds the plan, and when it was cancelled (unix seconds). */
export interface PullFacts {
  /** Its first pull (kept when the plan is issued again: the robot holds it until it pulls again); null: never pulled. */
  pullAt: number | null;
  cancelledAt: number | null;
}

/** What the robot was given for one plan. */
export interface PlanFacts {
  schedule: PlanSchedule;
  /** The plan's ads and each one's length in ms (null: unknown, the length rule is skipped). */
  ads: Map<string, number | null>;
  /** Each existing ad's own validity period (unix seconds, begin inclusive, end exclusive); absent: not checked. */
  adPeriods: Map<string, { begin: number; end: number }>;
  /** Its publish records on this robot (none: never published to it). */
  pulls: PullFacts[];
}

/** A play already stored as verified on this robot's screen (for the overlap rule). */
export interface StoredPlay {
  id: string;
  startedAt: number;
  watchMs: number;
}

export interface VerificationInput {
  nowS: number;
  maxAgeDays: number;
  plans: Map<string, PlanFacts>;
  /** Verified plays already stored on this robot around the batch's time span. */
  stored: StoredPlay[];
  /**
   * Schedule matching: per plan, per local day of the plan's zone (`YYYY-MM-DD`), the start instants of the
   * engine's plays of the plan on this robot that day (scheduledStarts), sorted. A day absent: none.
   */
  scheduled: Map<string, Map<string, number[]>>;
  /** Verified plays stored on this robot per `planId|day` and per `planId|adId|day` (days of the plan's zone). */
  counted: Map<string, number>;
  /** The bounds on what a robot reports (play-events.bounds.ts); absent: not applied. */
  bounds?: BoundsInput;
}

/** The local day of a play in its plan's zone, the day schedule matching counts it in. */
export function playDay(input: VerificationInput, e: DeviceEvent): string | null {
  const plan = input.plans.get(e.playlistId);
  return plan ? formatDate(e.startedAt, plan.schedule.timeZone) : null;
}

export type Verdict = { verdict: 'verified'; reason: null } | { verdict: 'flagged'; reason: FlagReason };

const VERIFIED: Verdict = { verdict: 'verified', reason: null };
const flag = (reason: FlagReason): Verdict => ({ verdict: 'flagged', reason });

/** The span [from, to] of plays an overlap check of the batch must see (unix seconds). */
export function overlapSpan(events: DeviceEvent[]): { from: number; to: number } | null {
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (const e of events) {
    if (e.type !== 'play') continue;
    from = Math.min(from, e.startedAt);
    to = Math.max(to, e.startedAt + Math.ceil(e.watchDuration / 1000));
  }
  return Number.isFinite(from) ? { from, to } : null;
}

/**
 * A plan's windows over whole UTC days, remembered by the plan's schedule (its content: an edit, a pause
 * or a new end is another key) and the days: computing them reads wall clocks through Intl (about 2.5 ms
 * a plan and 3 days), which would be most of a batch's verification. At most WINDOW_CACHE_SIZE entries.
 */
const WINDOW_CACHE_SIZE = 5000;
const windowCache = new Map<string, Interval[]>();

function cachedWindows(schedule: PlanSchedule, fromDay: number, toDay: number): Interval[] {
  const key = `${JSON.stringify(schedule)}|${fromDay}|${toDay}`;
  let w = windowCache.get(key);
  if (!w) {
    w = activeIntervals({ ...schedule, cancelled: false }, fromDay * 86_400, toDay * 86_400);
    if (windowCache.size >= WINDOW_CACHE_SIZE) windowCache.delete(windowCache.keys().next().value as string);
    windowCache.set(key, w);
  }
  return w;
}

/** Each plan's active windows once per batch: the batch's UTC days and one either side. */
export function windowsOf(input: Pick<VerificationInput, 'plans'>, events: DeviceEvent[]): Map<string, Interval[]> {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const e of events) {
    lo = Math.min(lo, e.startedAt);
    hi = Math.max(hi, e.startedAt);
  }
  const fromDay = Math.floor(lo / 86_400) - 1;
  const toDay = Math.floor(hi / 86_400) + 2;
  const out = new Map<string, Interval[]>();
  for (const [id, facts] of input.plans) out.set(id, cachedWindows(facts.schedule, fromDay, toDay));
  return out;
}

function inWindows(windows: Interval[], at: number): boolean {
  const tol = VERIFICATION_RULES.scheduleToleranceS;
  return windows.some((w) => at >= w.start - tol && at < w.end + tol);
}

/** The rules that need no other play: time, pull, plan, ad period, schedule, length (first failing rule wins). */
function ownVerdict(e: DeviceEvent, input: VerificationInput, windows: Map<string, Interval[]>): Verdict {
  const tol = VERIFICATION_RULES.scheduleToleranceS;
  if (e.startedAt > input.nowS + VERIFICATION_RULES.clockSkewS) return flag('future');
  if (e.startedAt < input.nowS - input.maxAgeDays * 86_400) return flag('tooOld');
  const plan = input.plans.get(e.playlistId);
  const pulled = (plan?.pulls ?? []).filter((p) => p.pullAt !== null);
  if (!plan || pulled.length === 0) return flag('notPulled');
  const afterPull = pulled.filter((p) => e.startedAt >= (p.pullAt as number) - tol);
  if (afterPull.length === 0) return flag('beforePull');
  if (!afterPull.some((p) => p.cancelledAt === null || e.startedAt < p.cancelledAt + tol)) return flag('afterCancel');
  if (!plan.ads.has(e.adId)) return flag('adNotInPlan');
  // The ad's own validity period (the engine never plays an ad outside it: adInWindow), for plays and scans
  // alike. Right after adNotInPlan, as the first failing rule wins: an ad of the plan is the premise, and a play
  // outside the ad's period says more than the schedule or length rules would of it.
  const period = plan.adPeriods.get(e.adId);
  if (period && (e.startedAt < period.begin - tol || e.startedAt >= period.end + tol)) return flag('adOutsidePeriod');
  if (e.type !== 'play') return VERIFIED;
  if (!inWindows(windows.get(e.playlistId) ?? [], e.startedAt)) return flag('outsideSchedule');
  const length = plan.ads.get(e.adId);
  if (length !== null && length !== undefined) {
    if (e.watchDuration > length + VERIFICATION_RULES.lengthToleranceMs) return flag('tooLong');
    if (e.watchDuration < length - VERIFICATION_RULES.lengthToleranceMs) return flag('tooShort');
  }
  return VERIFIED;
}

/**
 * The verdict of every event of one robot's batch (same order as `events`). Plays are taken in start order
 * (then id); a play that starts before an earlier verified play on the same screen (stored or of this
 * batch) has ended, beyond the overlap tolerance, is flagged `overlap`. A play that does not match one of
 * the engine's plays of its plan that day (matchesSchedule: counted with the stored and earlier verified
 * plays) is flagged `overSchedule`. Ids already stored are skipped in both (a re-sent event is not inserted
 * again and keeps its first verdict).
 */
export function verifyBatch(events: DeviceEvent[], input: VerificationInput): Verdict[] {
  const windows = windowsOf(input, events);
  const verdicts = events.map((e) => ownVerdict(e, input, windows));
  // Bounds on what a robot reports (play-events.bounds.ts): after the own rules; the scans' last, below.
  for (const [i, e] of events.entries())
    if (verdicts[i]?.verdict === 'verified')
      verdicts[i] = ownBounds(e, input.bounds, windows.get(e.playlistId) ?? []) ?? VERIFIED;
  const batchIds = new Set(events.map((e) => e.id));
  const storedIds = new Set(input.stored.map((p) => p.id));
  const busy = input.stored
    .filter((p) => !batchIds.has(p.id))
    .map((p) => ({ start: p.startedAt * 1000, end: p.startedAt * 1000 + p.watchMs }));
  const order = events
    .map((e, i) => ({ e, i }))
    .filter(({ e, i }) => e.type === 'play' && verdicts[i]?.verdict === 'verified')
    .sort((a, b) => a.e.startedAt - b.e.startedAt || (a.e.id < b.e.id ? -1 : a.e.id > b.e.id ? 1 : 0));
  const tol = VERIFICATION_RULES.overlapToleranceMs;
  const counted = new Map(input.counted);
  for (const { e, i } of order) {
    if (e.type !== 'play') continue;
    const start = e.startedAt * 1000;
    const end = start + e.watchDuration;
    const clash = busy.some((b) => start < b.end - tol && b.start < end - tol);
    if (clash) {
      verdicts[i] = flag('overlap');
      continue;
    }
    if (!storedIds.has(e.id)) {
      const day = playDay(input, e) as string;
      const planKey = `${e.playlistId}|${day}`;
      const adKey = `${e.playlistId}|${e.adId}|${day}`;
      const counts = { planPlays: counted.get(planKey) ?? 0, adPlays: counted.get(adKey) ?? 0 };
      if (!matchesSchedule(input.scheduled.get(e.playlistId)?.get(day) ?? [], e.startedAt, counts)) {
        verdicts[i] = flag('overSchedule');
        continue;
      }
      counted.set(planKey, counts.planPlays + 1);
      counted.set(adKey, counts.adPlays + 1);
    }
    busy.push({ start, end });
  }
  scanBounds(events, verdicts, input.bounds);
  return verdicts;
}
