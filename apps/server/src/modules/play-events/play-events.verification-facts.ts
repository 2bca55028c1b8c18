import type { DeviceEvent } from '@robot-ads/contracts/play-events/play-events.schemas';
import { dateFromEpochDay, epochDay, startOfLocalDay } from '@robot-ads/contracts/playback/zoned-time';
import type { DbOrTx } from '../../db/client';
import type { PlaylistRow } from '../playlists/playlists.queries';
import type { PublishingContext } from '../publishing/publishing.context';
import { heldRecordsOfRobots } from '../publishing/publishing.queries';
import { planScheduleOf } from '../schedules/schedules.service';
import { boundsFacts } from './play-events.bounds.queries';
import { storedPlaysOfRobot, verifiedCountsOfRobot } from './play-events.repository';
import { carriedPlans, type HeldRecord, planAds, scheduledStarts } from './play-events.scheduled';
import { overlapSpan, type PlanFacts, playDay, type VerificationInput } from './play-events.verification';

export { adLengthMs } from './play-events.scheduled';

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

/**
 * What the verification of one robot's batch needs, in a fixed number of statements whatever the batch's size:
 * the plans' ads, their lengths and validity periods (read through the ads module's service), the robot's publish records of those plans, its verified plays stored
 * around the batch's span (overlap rule), and for schedule matching every plan it holds (the engine's
 * plays of each local day the batch's plays fall on) and its verified plays counted on those days.
 */
export async function verificationFacts(
  ctx: PublishingContext,
  db: DbOrTx,
  robotRef: string,
  plans: PlaylistRow[],
  events: DeviceEvent[],
): Promise<VerificationInput> {
  const ids = plans.map((p) => p.id);
  const span = overlapSpan(events);
  // One after the other: a transaction's statements share one connection.
  const lengths = await planAds(ctx, db, ids);
  // Every record the robot pulled (whatever the plan: schedule matching runs its whole loop); a record never
  // pulled holds nothing, so the pull rules need no other.
  const records = await heldRecordsOfRobots(db, [robotRef]);
  const pulls = records.filter((r) => ids.includes(r.playlistId));
  const stored = span ? await storedPlaysOfRobot(db, robotRef, span.from - 3600, span.to) : [];
  const bounds = await boundsFacts(db, robotRef, events);
  const facts = new Map<string, PlanFacts>();
  for (const plan of plans) {
    facts.set(plan.id, {
      schedule: planScheduleOf(plan),
      ads: lengths.get(plan.id)?.lengths ?? new Map(),
      adPeriods: lengths.get(plan.id)?.periods ?? new Map(),
      pulls: pulls
        .filter((p) => p.playlistId === plan.id)
        .map((p) => ({ pullAt: seconds(p.pullAt), cancelledAt: seconds(p.cancelledAt) })),
    });
  }
  const input: VerificationInput = {
    nowS: Math.floor(ctx.clock.now().getTime() / 1000),
    maxAgeDays: ctx.config.EVENT_MAX_AGE_DAYS,
    plans: facts,
    stored: stored.map((s) => ({ id: s.id, startedAt: Math.floor(s.startedAt.getTime() / 1000), watchMs: s.watchMs })),
    scheduled: new Map(),
    counted: new Map(),
    bounds,
  };
  await scheduleFacts(ctx, db, robotRef, events, input, { records, plans });
  return input;
}

/**
 * The schedule-matching facts of the batch's plays: for each plan and local day (of the plan's zone) they
 * fall on, the engine's plays on this robot that day (cached by the day's shape) and the verified plays
 * already stored (one statement for all those days).
 */
async function scheduleFacts(
  ctx: PublishingContext,
  db: DbOrTx,
  robotRef: string,
  events: DeviceEvent[],
  input: VerificationInput,
  known: { records: HeldRecord[]; plans: PlaylistRow[] },
) {
  const days = new Map<string, { zone: string; start: number; end: number }>();
  const oldest = input.nowS - input.maxAgeDays * 86_400;
  for (const e of events) {
    // Only plays the other rules may verify are matched: not too old, not in the future.
    if (e.type !== 'play' || e.startedAt < oldest || e.startedAt > input.nowS + 86_400) continue;
    const plan = input.plans.get(e.playlistId);
    const day = playDay(input, e);
    if (!plan || day === null) continue;
    const zone = plan.schedule.timeZone;
    const key = `${zone}|${day}`;
    if (days.has(key)) continue;
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    const start = startOfLocalDay({ year, month, day: date }, zone);
    const end = startOfLocalDay(dateFromEpochDay(epochDay({ year, month, day: date }) + 1), zone);
    days.set(key, { zone, start, end });
  }
  if (days.size === 0) return;
  const carried = (await carriedPlans(ctx, db, [robotRef], known)).get(robotRef) ?? [];
  for (const [key, d] of days) {
    const day = key.slice(d.zone.length + 1);
    for (const [planId, starts] of scheduledStarts(carried, d.start, d.end)) {
      if (input.plans.get(planId)?.schedule.timeZone !== d.zone) continue;
      const byDay = input.scheduled.get(planId) ?? new Map<string, number[]>();
      byDay.set(day, starts);
      input.scheduled.set(planId, byDay);
    }
  }
  const from = Math.min(...[...days.values()].map((d) => d.start));
  const to = Math.max(...[...days.values()].map((d) => d.end));
  const zones = new Map([...input.plans].map(([id, p]) => [id, p.schedule.timeZone]));
  for (const c of await verifiedCountsOfRobot(db, robotRef, from, to, zones)) {
    const planKey = `${c.playlistId}|${c.day}`;
    input.counted.set(planKey, (input.counted.get(planKey) ?? 0) + c.plays);
    input.counted.set(`${c.playlistId}|${c.adId}|${c.day}`, c.plays);
  }
}
