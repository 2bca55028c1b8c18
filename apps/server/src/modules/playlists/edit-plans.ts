import { isAdvertiserRole, isOperatorRole } from '@robot-ads/contracts/auth/roles';
import { newId } from '@robot-ads/contracts/common/ids';
import { fromUnixSeconds, toUnixSeconds } from '@robot-ads/contracts/common/time';
import { checkPlan } from '@robot-ads/contracts/playlists/playlists.rules';
import {
  MAX_PLAN_MATERIALS,
  type PlaylistDto,
  type PlaylistInputParsed,
  type PlaylistUpdateParsed,
} from '@robot-ads/contracts/playlists/playlists.schemas';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { isSuperuser } from '../../platform/session-user';
import { customerExists } from '../customers/delivery.queries';
import type { PlaylistsContext } from './playlists.context';
import { emptyPlanCounts } from './playlists.context';
import { adSummaries, insertPlan, markPlanDeleted, updatePlanFields } from './playlists.repository';
import { getPlan, type PlanScopeContext, type User, visiblePlan } from './playlists.service';

/** Plan commands: create, edit (a PUT keeps what it does not send), delete. */

interface ResolvedAds {
  adIds: string[];
  materials: number;
  kinds: string[];
}

/** The ads of a plan must exist (and be the plan's customer's) and have materials; at most 15 materials. */
async function resolveAds(
  ctx: PlaylistsContext,
  db: DbOrTx,
  user: User,
  clientId: string,
  adIds: string[],
): Promise<ResolvedAds> {
  const ads = await adSummaries(ctx, db, adIds);
  let materials = 0;
  const kinds = new Set<string>();
  for (const id of adIds) {
    const ad = ads.get(id);
    const foreign = ad && ad.customerId !== null && ad.customerId !== clientId;
    if (
      !ad ||
      (foreign && !isSuperuser(user) && !isOperatorRole(user.role)) ||
      (foreign && isAdvertiserRole(user.role))
    ) {
      throw new AppError('PLAYLIST_ADV_NOT_EXITS', {}, 'advertisements');
    }
    if (ad.materials === 0) throw new AppError('PLAYLIST_RES_IS_EMPTY', {}, 'advertisements');
    materials += ad.materials;
    kinds.add(ad.kind);
  }
  if (materials > MAX_PLAN_MATERIALS) throw new AppError('PLAYLIST_TOO_MANY_MATERIALS', {}, 'advertisements');
  return { adIds, materials, kinds: [...kinds] };
}

function assertRules(input: PlaylistInputParsed, now: Date, existing?: { begin: number }) {
  const issues = checkPlan(
    { begin: input.begin, end: input.end, timeZone: input.timeZone, cycle: input.cycle, times: input.times },
    now,
    existing,
  );
  const first = issues[0];
  if (first) throw new AppError(first.code as never, {}, first.field);
}

async function clientFor(db: DbOrTx, user: User, clientId: string | undefined): Promise<string> {
  if (isAdvertiserRole(user.role)) {
    if (!user.customer) throw new AppError('FORBIDDEN');
    if (clientId && clientId !== user.customer) throw new AppError('FORBIDDEN', {}, 'clientId');
    return user.customer;
  }
  // An operator's plan without a customer is the operators' own (house ads), like their own ads.
  if (!clientId) return '';
  if (!(await customerExists(db, clientId))) throw new AppError('CUSTOMER_NOT_FOUND', {}, 'clientId');
  return clientId;
}

export async function createPlan(ctx: PlaylistsContext, user: User, input: PlaylistInputParsed): Promise<PlaylistDto> {
  const now = ctx.clock.now();
  assertRules(input, now);
  const id = await ctx.db.transaction(async (tx) => {
    const clientId = await clientFor(tx, user, input.clientId);
    const ads = await resolveAds(ctx, tx, user, clientId, input.advertisements);
    const planId = newId();
    await insertPlan(tx, planId, ads.adIds, {
      name: input.name,
      clientId,
      description: input.description,
      isOrder: input.isOrder,
      priority: input.priority,
      cycle: input.cycle,
      times: input.times,
      beginAt: fromUnixSeconds(input.begin) as Date,
      endAt: fromUnixSeconds(input.end) as Date,
      timeZone: input.timeZone,
      playingMode: input.playingMode ?? input.mode ?? 'order',
      countLimit: input.countLimit,
      timeLimit: input.timeLimit,
      materials: ads.materials,
      advertisingType: ads.kinds,
      createdBy: user.id,
      createdAt: now,
      updatedAt: now,
    });
    return planId;
  });
  return getPlan(ctx, user, id);
}

/** Whether a plan is delivered (live records) or has a delivery application under review. */
async function lockState(ctx: PlanScopeContext, db: DbOrTx, id: string) {
  const counts = (await ctx.planDelivery.countsByPlan(db, [id])).get(id) ?? emptyPlanCounts();
  const pending = (await ctx.planDelivery.pendingPlans(db, [id])).has(id);
  return { delivered: counts.notIssued + counts.issued + counts.pulled > 0, pending };
}

export async function updatePlan(ctx: PlaylistsContext, user: User, sent: PlaylistUpdateParsed): Promise<PlaylistDto> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const row = await visiblePlan(ctx, tx, user, sent.id, { forUpdate: true });
    // Fields not sent keep their stored values (a PUT changes what it sends: docs/conventions.md).
    const input: PlaylistInputParsed & { id: string } = {
      ...sent,
      description: sent.description ?? row.description,
      isOrder: sent.isOrder ?? row.isOrder,
      priority: sent.priority ?? (row.priority as PlaylistInputParsed['priority']),
      cycle: sent.cycle ?? (row.cycle as PlaylistInputParsed['cycle']),
      times: sent.times ?? (row.times as PlaylistInputParsed['times']),
      timeZone: sent.timeZone ?? row.timeZone,
      countLimit: sent.countLimit === undefined ? row.countLimit : sent.countLimit,
      timeLimit: sent.timeLimit === undefined ? row.timeLimit : sent.timeLimit,
    };
    if (user.role === 'project') throw new AppError('FORBIDDEN');
    const lock = await lockState(ctx, tx, row.id);
    if (lock.delivered || lock.pending) throw new AppError('PLAYLIST_LOCKED', {}, 'id');
    assertRules(input, now, { begin: toUnixSeconds(row.beginAt) ?? 0 });
    const clientId = await clientFor(tx, user, input.clientId ?? row.clientId);
    const ads = await resolveAds(ctx, tx, user, clientId, input.advertisements);
    await updatePlanFields(tx, row.id, ads.adIds, {
      name: input.name,
      clientId,
      description: input.description,
      isOrder: input.isOrder,
      priority: input.priority,
      cycle: input.cycle,
      times: input.times,
      beginAt: fromUnixSeconds(input.begin) as Date,
      endAt: fromUnixSeconds(input.end) as Date,
      timeZone: input.timeZone,
      playingMode: input.playingMode ?? input.mode ?? row.playingMode,
      countLimit: input.countLimit,
      timeLimit: input.timeLimit,
      materials: ads.materials,
      advertisingType: ads.kinds,
      updatedAt: now,
    });
  });
  return getPlan(ctx, user, sent.id);
}

/**
 * DELETE a plan: refused while it is delivered to devices (cancel the delivery first); its pending
 * applications are withdrawn. The row stays (deletedAt) so that links to it say "the plan has been cancelled".
 */
export async function deletePlan(ctx: PlaylistsContext, user: User, id: string): Promise<{ id: string }> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const row = await visiblePlan(ctx, tx, user, id, { forUpdate: true });
    if (user.role === 'project') throw new AppError('FORBIDDEN');
    const lock = await lockState(ctx, tx, row.id);
    if (lock.delivered) throw new AppError('PLAYLIST_ONLINE_DELETE', {}, 'id');
    await ctx.planDelivery.withdrawPendingApplications(tx, row.id, now);
    await markPlanDeleted(tx, row.id, now);
  });
  return { id };
}
