import {
  BOUNDS_RULES,
  type FlagReason,
  plausibleAudience,
  VERIFICATION_RULES,
} from '@robot-ads/contracts/play-events/play-events.rules';
import type { DeviceEvent } from '@robot-ads/contracts/play-events/play-events.schemas';
import type { Interval } from '@robot-ads/contracts/playback/playback.types';

/**
 * Bounds on what a robot reports (docs/statistics.md, "Bounds on what a robot reports"): pure rules the
 * verification applies after its own (play-events.verification.ts), so that the ingest and the property test compute the
 * same verdicts. A robot out of service (`robotInactive`), an audience no sensor can count
 * (`implausibleAudience`), scans outside the plan's hours (`scanOutsideSchedule`), without a verified play
 * (`scanWithoutPlay`) or beyond one per play window (`scanOverLimit`).
 */

/** A robot's service over time (unix seconds). */
export interface ServiceFacts {
  /** Its end date: from then on it is out of service; null: none. */
  expireAt: number | null;
  /** Periods it was out of use or deactivated, [from, to); to null: still. */
  off: Array<{ from: number; to: number | null }>;
}

/** A verified play or scan already stored on the robot, with its plan and ad (the scan rules). */
export interface StoredEvent {
  id: string;
  playlistId: string;
  adId: string;
  startedAt: number;
  /** 0 for a scan. */
  watchMs: number;
}

export interface BoundsInput {
  /** Null: the robot is unknown (deleted): nothing is flagged as out of service. */
  service: ServiceFacts | null;
  /** Verified plays stored around the batch's scans (none when the batch has no scan). */
  plays: StoredEvent[];
  /** Verified scans stored around the batch's scans. */
  scans: StoredEvent[];
}

type Verdict = { verdict: 'verified'; reason: null } | { verdict: 'flagged'; reason: FlagReason };
const flag = (reason: FlagReason): Verdict => ({ verdict: 'flagged', reason });

/**
 * The periods out of service from a robot's state now and its recorded changes of one flag (oldest
 * first): before the first change the flag had the other value; with no change it always had today's.
 */
export function offPeriods(
  now: boolean,
  changes: Array<{ on: boolean; at: number }>,
): Array<{ from: number; to: number | null }> {
  const out: Array<{ from: number; to: number | null }> = [];
  let on = changes.length > 0 ? !(changes[0] as { on: boolean }).on : now;
  let since = Number.NEGATIVE_INFINITY;
  for (const c of changes) {
    if (c.on === on) continue;
    if (!on) out.push({ from: since, to: c.at });
    on = c.on;
    since = c.at;
  }
  // A change not recorded (an import, the seed): today's value holds from the last recorded change.
  if (!now) out.push({ from: on ? (changes.at(-1)?.at ?? since) : since, to: null });
  return out;
}

export function inService(service: ServiceFacts | null, at: number): boolean {
  if (!service) return true;
  if (service.expireAt !== null && at >= service.expireAt) return false;
  return !service.off.some((p) => at >= p.from && (p.to === null || at < p.to));
}

/** A scan is inside the plan's hours within the schedule tolerance and the time a scan may follow its play. */
function scanInWindows(windows: Interval[], at: number): boolean {
  const tol = VERIFICATION_RULES.scheduleToleranceS + BOUNDS_RULES.scanAfterPlayS;
  return windows.some((w) => at >= w.start - tol && at < w.end + tol);
}

/**
 * The bounds an event meets or not by itself, for an event the verification's own rules verified: the robot in
 * service at its start, then a play's audience, a scan inside its plan's hours. Null: none fails.
 */
export function ownBounds(e: DeviceEvent, bounds: BoundsInput | undefined, windows: Interval[]): Verdict | null {
  if (!bounds) return null;
  if (!inService(bounds.service, e.startedAt)) return flag('robotInactive');
  if (e.type === 'play')
    return e.audience && !plausibleAudience(e.audience, e.watchDuration) ? flag('implausibleAudience') : null;
  return scanInWindows(windows, e.startedAt) ? null : flag('scanOutsideSchedule');
}

const byStart = <T extends { startedAt: number; id: string }>(a: T, b: T) =>
  a.startedAt - b.startedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * A robot's scans against its verified plays: a scan belongs to a play of the same plan and ad that
 * started at most BOUNDS_RULES.scanBeforePlayS after it and ended (at most scanPlayMaxS after its start)
 * at most scanAfterPlayS before it, and each play backs one scan. The stored verified scans take their
 * plays first, then the batch's verified scans in start order (then id), each the earliest free play: a
 * scan with no such play is `scanWithoutPlay`, one whose plays are all taken `scanOverLimit`. Runs last,
 * when every play's verdict is known. Changes `verdicts` in place.
 */
export function scanBounds(events: DeviceEvent[], verdicts: Verdict[], bounds: BoundsInput | undefined): void {
  if (!bounds) return;
  const scans = events
    .map((e, i) => ({ e, i, id: e.id, startedAt: e.startedAt }))
    .filter(({ e, i }) => e.type === 'scan' && verdicts[i]?.verdict === 'verified')
    .sort(byStart);
  if (scans.length === 0) return;
  const batchIds = new Set(events.map((e) => e.id));
  const plays = [
    ...bounds.plays.filter((p) => !batchIds.has(p.id)),
    ...events
      .filter((e, i) => e.type === 'play' && verdicts[i]?.verdict === 'verified')
      .map((e) => ({ ...e, watchMs: e.type === 'play' ? e.watchDuration : 0 })),
  ]
    .map((p) => ({
      id: p.id,
      startedAt: p.startedAt,
      key: `${p.playlistId}|${p.adId}`,
      from: p.startedAt - BOUNDS_RULES.scanBeforePlayS,
      to: p.startedAt + Math.min(Math.ceil(p.watchMs / 1000), BOUNDS_RULES.scanPlayMaxS) + BOUNDS_RULES.scanAfterPlayS,
    }))
    .sort(byStart);
  const taken = new Set<number>();
  const covers = (key: string, at: number, free: boolean) =>
    plays.findIndex((p, j) => p.key === key && at >= p.from && at <= p.to && (!free || !taken.has(j)));
  for (const s of bounds.scans.filter((x) => !batchIds.has(x.id)).sort(byStart)) {
    const j = covers(`${s.playlistId}|${s.adId}`, s.startedAt, true);
    if (j >= 0) taken.add(j);
  }
  for (const { e, i } of scans) {
    const key = `${e.playlistId}|${e.adId}`;
    const j = covers(key, e.startedAt, true);
    if (j >= 0) taken.add(j);
    else verdicts[i] = flag(covers(key, e.startedAt, false) >= 0 ? 'scanOverLimit' : 'scanWithoutPlay');
  }
}

/**
 * Scans the server itself observed (a phone opening a robot's signed tracking address, GET /q/:code): the
 * play is not reported yet, so one scan per play window is one per the ad's length (scanDefaultWindowS when
 * unknown): a scan within that long of a verified scan of the robot (stored, or earlier in the batch) is
 * `scanOverLimit`. Before it: the robot in service and the plan's hours.
 */
export function verifyObservedScans(
  events: DeviceEvent[],
  bounds: BoundsInput,
  windows: Map<string, Interval[]>,
  adLengthMs: (e: DeviceEvent) => number | null | undefined,
): Verdict[] {
  const verdicts: Verdict[] = events.map(() => ({ verdict: 'verified', reason: null }));
  const seen = bounds.scans.map((s) => s.startedAt);
  const order = events.map((e, i) => ({ e, i, id: e.id, startedAt: e.startedAt })).sort(byStart);
  for (const { e, i } of order) {
    const own = ownBounds(e, bounds, windows.get(e.playlistId) ?? []);
    if (own) {
      verdicts[i] = own;
      continue;
    }
    const length = adLengthMs(e);
    const windowS = length ? Math.max(1, Math.ceil(length / 1000)) : BOUNDS_RULES.scanDefaultWindowS;
    if (seen.some((at) => Math.abs(at - e.startedAt) < windowS)) verdicts[i] = flag('scanOverLimit');
    else seen.push(e.startedAt);
  }
  return verdicts;
}
