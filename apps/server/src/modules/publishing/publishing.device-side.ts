import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import { pullRatio } from '@robot-ads/contracts/publishing/delivery-status.rules';
import type { DbOrTx } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import type { AdLinkCounter } from '../ads/ads.service';
import type { UsedSlotsLookup } from '../devices/devices.context';
import { notifyUser } from '../playlists/playlists.ports';
import { type PlaylistRow, plansByIds } from '../playlists/playlists.queries';
import type { PublishingContext } from './publishing.context';
import {
  countRobotsLiveWithAd,
  heldByRobot,
  liveRecordsOfRunningPlans,
  markRecordsPulled,
  pullCounts,
  robotRefsLiveWithAd,
} from './publishing.repository';

/** The devices module's used-slot lookup of the slot rule (live records of running plans), passed by buildApp. */
export function heldSlotsLookup(clock: Clock): UsedSlotsLookup {
  return async (db, robotRefs) => {
    const held = await heldByRobot(db, robotRefs, clock.now());
    return new Map([...held].map(([ref, h]) => [ref, h.slots]));
  };
}

/** Pull numbers of a plan: devices it is published to, and how many of them have pulled it. */
export async function pullNumbers(db: DbOrTx, playlistId: string) {
  const { planPullNumber, alreadyPullNumber } = await pullCounts(db, playlistId);
  return { planPullNumber, alreadyPullNumber, ratio: pullRatio(planPullNumber, alreadyPullNumber) };
}

export interface PublishedPlan {
  playlistId: string;
  state: 'notIssued' | 'issued' | 'pulled';
  pubTime: number | null;
  pullTime: number | null;
  plan: PlaylistRow;
}

/**
 * The plans currently published to a robot (robots.id): live records of plans that are neither
 * deleted nor ended, highest priority first. The device schedule is built from these.
 */
export async function plansPublishedToRobot(ctx: AppContext, db: DbOrTx, robotRef: string): Promise<PublishedPlan[]> {
  return (await plansPublishedToRobots(ctx, db, [robotRef])).get(robotRef) ?? [];
}

/** The same for many robots in one query (schedules built together), by robot. */
export async function plansPublishedToRobots(
  ctx: AppContext,
  db: DbOrTx,
  robotRefs: string[],
): Promise<Map<string, PublishedPlan[]>> {
  const out = new Map<string, PublishedPlan[]>();
  if (robotRefs.length === 0) return out;
  const now = ctx.clock.now();
  const records = await liveRecordsOfRunningPlans(db, robotRefs, now);
  const plans = new Map(
    (
      await plansByIds(
        db,
        records.map((r) => r.playlistId),
      )
    ).map((p) => [p.id, p]),
  );
  // Highest priority first, then the older plan (the order the schedule plays them in).
  const ordered = records
    .map((record) => ({ record, plan: plans.get(record.playlistId) }))
    .filter((r): r is { record: typeof r.record; plan: PlaylistRow } => r.plan !== undefined)
    .sort((a, b) => b.plan.priority - a.plan.priority || a.plan.createdAt.getTime() - b.plan.createdAt.getTime());
  for (const r of ordered) {
    const list = out.get(r.record.robotRef) ?? [];
    list.push({
      playlistId: r.plan.id,
      state: r.record.state as PublishedPlan['state'],
      pubTime: toUnixSeconds(r.record.pubAt),
      pullTime: toUnixSeconds(r.record.pullAt),
      plan: r.plan,
    });
    out.set(r.record.robotRef, list);
  }
  return out;
}

/**
 * A robot acknowledged (pulled) these plans at `at`: issued records become pulled with pullTime. In the
 * same transaction each plan's partner event plan.pulledRatio goes to the outbox; after the commit the
 * plan's creator gets a live playlist.pulled.ratio notification. Returns the plans updated.
 */
export async function markPulled(
  ctx: PublishingContext,
  robotRef: string,
  playlistIds: string[],
  at: Date,
): Promise<string[]> {
  if (playlistIds.length === 0) return [];
  const { plans, ratios } = await ctx.db.transaction(async (tx) => {
    const plans = [...new Set(await markRecordsPulled(tx, robotRef, playlistIds, at))];
    const ratios = [];
    for (const id of plans) {
      const ratio = await planPullRatio(tx, id);
      if (!ratio) continue;
      // Partners subscribed to plan.pulledRatio: the creator's applications (and superuser-owned ones).
      await ctx.partnerEvents.emit('plan.pulledRatio', ratio.data, [ratio.createdBy]);
      ratios.push(ratio);
    }
    return { plans, ratios };
  });
  for (const r of ratios) {
    const { playlistId, ...rest } = r.data;
    await notifyUser(ctx, r.createdBy, 'playlist.pulled.ratio', { id: playlistId, ...rest });
  }
  return plans;
}

/** A plan's pulled ratio now: `{ playlistId, name, ratio, planPullNumber, alreadyPullNumber }` and its creator. */
async function planPullRatio(db: DbOrTx, playlistId: string) {
  const [plan] = await plansByIds(db, [playlistId]);
  if (!plan) return null;
  const n = await pullNumbers(db, playlistId);
  return {
    createdBy: plan.createdBy,
    data: {
      playlistId: plan.id,
      name: plan.name,
      ratio: Math.round(n.ratio * 10000) / 10000,
      planPullNumber: n.planPullNumber,
      alreadyPullNumber: n.alreadyPullNumber,
    },
  };
}

/** The robots (robots.id) an ad is live on now, through the running plans that contain it (sales: branches). */
export async function liveRobotRefsOfAd(db: DbOrTx, adId: string, now: Date): Promise<string[]> {
  return robotRefsLiveWithAd(db, adId, now);
}

/**
 * For the ads module: how many devices (live records of running plans) an ad is linked to through
 * the plans that contain it (the reviews module counts the accounts).
 */
export function adLinkCounter(clock: Clock): AdLinkCounter {
  return async (db, adId) => {
    return { devices: await countRobotsLiveWithAd(db, adId, clock.now()), accounts: 0 };
  };
}
