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
import type { PlaylistRow } from './playlists.queries';
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

/**
 * The plan's own fields as the create and the edit store them: the one list of a plan's fields (a new
 * field is added here, in the table, the contract and the web form: docs/recipes.md).
 */
function planFields(input: PlaylistInputParsed, clientId: string, ads: ResolvedAds, storedMode: string) {
  return {
    name: input.name,
    clientId,
    description: input.description,
    externalRef: input.externalRef,
    isOrder: input.isOrder,
    priority: input.priority,
    cycle: input.cycle,
    times: input.times,
    beginAt: fromUnixSeconds(input.begin) as Date,
    endAt: fromUnixSeconds(input.end) as Date,
    timeZone: input.timeZone,
    playingMode: input.playingMode ?? input.mode ?? storedMode,
    countLimit: input.countLimit,
    timeLimit: input.timeLimit,
    materials: ads.materials,
    advertisingType: ads.kinds,
  };
}

/** Fields an edit may leave out: not sent, the stored value is kept (null sent keeps it too). */
const KEPT_WHEN_ABSENT = ['description', 'isOrder', 'priority', 'cycle', 'times', 'timeZone'] as const;
/** Fields an edit may clear: not sent keeps the stored value, null sent clears it (an empty reference is null). */
const CLEARED_BY_NULL = ['countLimit', 'timeLimit', 'externalRef'] as const;

/** An edit as a whole plan: what was sent, the stored values where it sent nothing (docs/conventions.md). */
function withStored(sent: PlaylistUpdateParsed, row: PlaylistRow): PlaylistInputParsed & { id: string } {
  const input: Record<string, unknown> = { ...sent };
  for (const key of KEPT_WHEN_ABSENT) input[key] = sent[key] ?? row[key];
  for (const key of CLEARED_BY_NULL) input[key] = sent[key] === undefined ? row[key] : sent[key];
  return input as PlaylistInputParsed & { id: string };
}

export async function createPlan(ctx: PlaylistsContext, user: User, input: PlaylistInputParsed): Promise<PlaylistDto> {
  const now = ctx.clock.now();
  assertRules(input, now);
  const id = await ctx.db.transaction(async (tx) => {
    const clientId = await clientFor(tx, user, input.clientId);
    const ads = await resolveAds(ctx, tx, user, clientId, input.advertisements);
    const planId = newId();
    await insertPlan(tx, planId, ads.adIds, {
      ...planFields(input, clientId, ads, 'order'),
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
    const input = withStored(sent, row);
    if (user.role === 'project') throw new AppError('FORBIDDEN');
    const lock = await lockState(ctx, tx, row.id);
    if (lock.delivered || lock.pending) throw new AppError('PLAYLIST_LOCKED', {}, 'id');
    assertRules(input, now, { begin: toUnixSeconds(row.beginAt) ?? 0 });
    const clientId = await clientFor(tx, user, input.clientId ?? row.clientId);
    const ads = await resolveAds(ctx, tx, user, clientId, input.advertisements);
    await updatePlanFields(tx, row.id, ads.adIds, {
      ...planFields(input, clientId, ads, row.playingMode),
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
