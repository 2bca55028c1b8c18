import { reportedViewers } from '@robot-ads/contracts/play-events/play-events.rules';
import type { Audience, ConsumeRow, DeviceEvent } from '@robot-ads/contracts/play-events/play-events.schemas';
import type { SessionUser } from '../../platform/session-user';
import type { DeviceIdentity } from '../device-protocol/device-auth';
import { visiblePlan } from '../playlists/playlists.service';
import type { PublishingContext } from '../publishing/publishing.context';
import { type BoundsInput, verifyObservedScans } from './play-events.bounds';
import {
  addToFlagRollups,
  addToRollups,
  consumeRows,
  existingPlans,
  type FlagDelta,
  insertEvents,
  lockRobotsForIngest,
  type RollupDelta,
} from './play-events.repository';
import { type Verdict, verifyBatch, windowsOf } from './play-events.verification';
import { verificationFacts } from './play-events.verification-facts';

/** For the proof-of-play report: the length of one play of an ad (ms), as the verification checks it. */
export { adLengthMs } from './play-events.scheduled';

/** The rollup grain: a UTC quarter hour lies in one local hour of every IANA zone (docs/statistics.md). */
export const QUARTER_MS = 900_000;

/** People who had the screen in view during a play, as sensed: `exposure`, else the sum of the age bands. */
export function sensedExposure(a: Audience): number {
  if (a.exposure !== undefined) return a.exposure;
  return Object.values(a.age ?? {}).reduce<number>((sum, n) => sum + (n ?? 0), 0);
}

/** The rollup deltas of newly stored events: one per quarter hour x plan x ad (the robot is the caller). */
export function rollupDeltas(robotRef: string, events: DeviceEvent[]): RollupDelta[] {
  const byKey = new Map<string, RollupDelta>();
  for (const e of events) {
    const at = e.startedAt * 1000;
    const quarter = new Date(Math.floor(at / QUARTER_MS) * QUARTER_MS);
    const key = `${quarter.getTime()}|${e.playlistId}|${e.adId}`;
    let d = byKey.get(key);
    if (!d) {
      d = {
        quarter,
        playlistId: e.playlistId,
        adId: e.adId,
        robotRef,
        plays: 0,
        scans: 0,
        watchMs: 0,
        ageChild: 0,
        ageYouth: 0,
        ageAdult: 0,
        ageMiddle: 0,
        ageSenior: 0,
        male: 0,
        female: 0,
        sensedPlays: 0,
        exposureSense: 0,
        viewers: 0,
        dwellMs: 0,
        lastPlayAt: null,
      };
      byKey.set(key, d);
    }
    if (e.type === 'scan') {
      d.scans = (d.scans ?? 0) + 1;
      continue;
    }
    d.plays = (d.plays ?? 0) + 1;
    d.watchMs = (d.watchMs ?? 0) + e.watchDuration;
    const a = e.audience;
    if (a) {
      d.ageChild = (d.ageChild ?? 0) + (a.age?.child ?? 0);
      d.ageYouth = (d.ageYouth ?? 0) + (a.age?.youth ?? 0);
      d.ageAdult = (d.ageAdult ?? 0) + (a.age?.adult ?? 0);
      d.ageMiddle = (d.ageMiddle ?? 0) + (a.age?.middle ?? 0);
      d.ageSenior = (d.ageSenior ?? 0) + (a.age?.senior ?? 0);
      d.male = (d.male ?? 0) + (a.male ?? 0);
      d.female = (d.female ?? 0) + (a.female ?? 0);
      d.sensedPlays = (d.sensedPlays ?? 0) + 1;
      d.exposureSense = (d.exposureSense ?? 0) + sensedExposure(a);
      d.viewers = (d.viewers ?? 0) + reportedViewers(a);
      d.dwellMs = (d.dwellMs ?? 0) + (a.dwellMs ?? 0);
    }
    if (!d.lastPlayAt || d.lastPlayAt.getTime() < at) d.lastPlayAt = new Date(at);
  }
  return [...byKey.values()];
}

/** The flagged events' deltas: one per quarter hour x plan x ad x reason (the robot is the caller). */
export function flagDeltas(robotRef: string, events: DeviceEvent[], verdicts: Map<string, Verdict>): FlagDelta[] {
  const byKey = new Map<string, FlagDelta>();
  for (const e of events) {
    const reason = verdicts.get(e.id)?.reason;
    if (!reason) continue;
    const quarter = new Date(Math.floor((e.startedAt * 1000) / QUARTER_MS) * QUARTER_MS);
    const key = `${quarter.getTime()}|${e.playlistId}|${e.adId}|${reason}`;
    let d = byKey.get(key);
    if (!d) {
      d = { quarter, playlistId: e.playlistId, adId: e.adId, robotRef, reason, plays: 0, scans: 0 };
      byKey.set(key, d);
    }
    if (e.type === 'scan') d.scans = (d.scans ?? 0) + 1;
    else d.plays = (d.plays ?? 0) + 1;
  }
  return [...byKey.values()];
}

/**
 * Stores a batch of events idempotently: ids already stored are duplicates, events of unknown plans
 * are ignored. Each new event is verified against what the robot was given (play-events.verification.ts) and stored
 * with its verdict; the verified ones go to the rollups that reports read, the flagged ones to the flag
 * rollups by reason, all in one transaction. A re-sent event inserts nothing, so it keeps its first verdict.
 */
export async function ingestEvents(
  ctx: PublishingContext,
  device: Pick<DeviceIdentity, 'robotRef'>,
  events: DeviceEvent[],
  /** false: events the server itself observed (a phone opening a signed QR code), not a device's report. */
  verify = true,
) {
  // The same id twice within one batch counts once.
  const unique = new Map<string, DeviceEvent>();
  for (const e of events) if (!unique.has(e.id)) unique.set(e.id, e);
  const inBatchDuplicates = events.length - unique.size;
  const verifying = verify && ctx.config.EVENT_AUDIT === 'on';
  // Scans the server observed (GET /q/:code) meet the bounds only (play-events.bounds.ts, verifyObservedScans).
  const observed = !verify && ctx.config.EVENT_AUDIT === 'on';
  return ctx.db.transaction(async (tx) => {
    // The overlap rule reads the robot's stored plays: its concurrent batches are verified one after the other.
    if ((verifying || observed) && unique.size > 0) await lockRobotsForIngest(tx, [device.robotRef]);
    const plans = await existingPlans(tx, [...new Set([...unique.values()].map((e) => e.playlistId))]);
    const known = [...unique.values()].filter((e) => plans.has(e.playlistId));
    const verdicts = new Map<string, Verdict>();
    if (verifying && known.length > 0) {
      const input = await verificationFacts(ctx, tx, device.robotRef, [...plans.values()], known);
      const batch = verifyBatch(known, input);
      for (const [i, e] of known.entries()) verdicts.set(e.id, batch[i] as Verdict);
    } else if (observed && known.length > 0) {
      const input = await verificationFacts(ctx, tx, device.robotRef, [...plans.values()], known);
      const lengthOf = (e: DeviceEvent) => input.plans.get(e.playlistId)?.ads.get(e.adId);
      const batch = verifyObservedScans(known, input.bounds as BoundsInput, windowsOf(input, known), lengthOf);
      for (const [i, e] of known.entries()) verdicts.set(e.id, batch[i] as Verdict);
    }
    const inserted = await insertEvents(tx, device.robotRef, known, ctx.clock.now(), verdicts);
    const fresh = known.filter((e) => inserted.has(e.id));
    const verified = fresh.filter((e) => verdicts.get(e.id)?.verdict !== 'flagged');
    await addToRollups(tx, rollupDeltas(device.robotRef, verified));
    await addToFlagRollups(tx, flagDeltas(device.robotRef, fresh, verdicts));
    return {
      accepted: fresh.length,
      duplicates: inBatchDuplicates + (known.length - fresh.length),
      ignored: unique.size - known.length,
      flagged: fresh.length - verified.length,
      flaggedEvents: fresh.flatMap((e) => {
        const reason = verdicts.get(e.id)?.reason;
        return reason ? [{ id: e.id, reason }] : [];
      }),
    };
  });
}

/** The property a project account's consumption is limited to (null: none); undefined: no limit. */
function scopeOf(user: SessionUser): string | null | undefined {
  if (user.role !== 'project') return undefined;
  return user.projectId ? user.projectId : null;
}

const toSeconds = (v: Date | string | null) => (v ? Math.floor(new Date(v).getTime() / 1000) : null);

/** GET /api/Publishes/consume: a plan's consumption per robot (limit -1: every row). */
export async function consume(
  ctx: PublishingContext,
  user: SessionUser,
  q: { playListId: string; start: number; limit: number },
): Promise<{ total: number; datas: ConsumeRow[] }> {
  const plan = await visiblePlan(ctx, ctx.db, user, q.playListId);
  const { total, rows } = await consumeRows(ctx.db, plan.id, scopeOf(user), {
    start: q.limit === -1 ? 0 : q.start,
    limit: q.limit === -1 ? null : q.limit,
  });
  return {
    total,
    datas: rows.map((r) => ({
      robotId: r.robotId,
      name: r.name ?? '',
      propertyname: r.propertyname ?? '',
      plays: Number(r.plays ?? 0),
      scans: Number(r.scans ?? 0),
      watchDuration: Number(r.watchDuration ?? 0),
      lastPlayTime: toSeconds(r.lastPlayAt),
    })),
  };
}
