import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import { pullRatio } from '@robot-ads/contracts/publishing/delivery-status.rules';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Clock } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import type { AdLinkCounter } from '../ads/ads.service';
import type { UsedSlotsLookup } from '../devices/devices.context';
import { notifyUser } from '../playlists/playlists.ports';
import { type PlaylistRow, planIdsWithAdSql, plansByIds, runningPlanIds } from '../playlists/playlists.queries';
import { heldByRobot, isLive } from './publishing.repository';
import { publishRecords } from './publishing.table';

/** The devices module's used-slot lookup of the slot rule (live records of running plans), passed by buildApp. */
export function heldSlotsLookup(clock: Clock): UsedSlotsLookup {
  return async (db, robotRefs) => {
    const held = await heldByRobot(db, robotRefs, clock.now());
    return new Map([...held].map(([ref, h]) => [ref, h.slots]));
  };
}

/** Pull numbers of a plan: devices it is published to, and how many of them have pulled it. */
export async function pullNumbers(db: DbOrTx, playlistId: string) {
  const [r] = await db
    .select({
      planPullNumber: sql<number>`count(*)::int`,
      alreadyPullNumber: sql<number>`count(*) filter (where ${publishRecords.state} = 'pulled')::int`,
    })
    .from(publishRecords)
    .where(and(eq(publishRecords.playlistId, playlistId), isLive()));
  const planPullNumber = r?.planPullNumber ?? 0;
  const alreadyPullNumber = r?.alreadyPullNumber ?? 0;
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
  const records = await db
    .select()
    .from(publishRecords)
    .where(
      and(
        robotRefs.length === 1
          ? eq(publishRecords.robotRef, robotRefs[0] as string)
          : inArray(publishRecords.robotRef, robotRefs),
        isLive(),
        sql`${publishRecords.playlistId} in (${runningPlanIds(now)})`,
      ),
    );
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
  ctx: AppContext,
  robotRef: string,
  playlistIds: string[],
  at: Date,
): Promise<string[]> {
  if (playlistIds.length === 0) return [];
  const { plans, ratios } = await ctx.db.transaction(async () => {
    const updated = await ctx.db
      .update(publishRecords)
      .set({ state: 'pulled', pullAt: at })
      .where(
        and(
          eq(publishRecords.robotRef, robotRef),
          inArray(publishRecords.playlistId, playlistIds),
          inArray(publishRecords.state, ['notIssued', 'issued']),
        ),
      )
      .returning({ playlistId: publishRecords.playlistId });
    const plans = [...new Set(updated.map((u) => u.playlistId))];
    const ratios = [];
    for (const id of plans) {
      const ratio = await planPullRatio(ctx, id);
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
async function planPullRatio(ctx: AppContext, playlistId: string) {
  const [plan] = await plansByIds(ctx.db, [playlistId]);
  if (!plan) return null;
  const n = await pullNumbers(ctx.db, playlistId);
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

/** Live records of the running plans that contain this ad. */
function liveOnRunningPlansWithAd(adId: string, now: Date) {
  return and(
    sql`${publishRecords.playlistId} in (${planIdsWithAdSql(adId)})`,
    isLive(),
    sql`${publishRecords.playlistId} in (${runningPlanIds(now)})`,
  );
}

/** The robots (robots.id) an ad is live on now, through the running plans that contain it (sales: branches). */
export async function liveRobotRefsOfAd(db: DbOrTx, adId: string, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ ref: publishRecords.robotRef })
    .from(publishRecords)
    .where(liveOnRunningPlansWithAd(adId, now));
  return rows.map((r) => r.ref);
}

/**
 * For the ads module: how many devices (live records of running plans) an ad is linked to through
 * the plans that contain it (the audits module counts the accounts).
 */
export function adLinkCounter(clock: Clock): AdLinkCounter {
  return async (db, adId) => {
    const now = clock.now();
    const [devices] = await db
      .select({ n: sql<number>`count(distinct ${publishRecords.robotRef})::int` })
      .from(publishRecords)
      .where(liveOnRunningPlansWithAd(adId, now));
    return { devices: devices?.n ?? 0, accounts: 0 };
  };
}
