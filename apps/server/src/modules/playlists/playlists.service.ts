import { isAdvertiserRole, isOperatorRole } from '@robot-ads/contracts/auth/roles';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import type { PlaylistAuditState, PlaylistDto } from '@robot-ads/contracts/playlists/playlists.schemas';
import {
  type DeliveryStatus,
  deliveryStatus,
  isLowPullRate,
  pullRatio,
} from '@robot-ads/contracts/publishing/delivery-status.rules';
import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { accountSubtreeIds } from '../../platform/scope';
import { isSuperuser, type SessionUser } from '../../platform/session-user';
import { customerNamesByIds } from '../customers/customers.queries';
import type { PlaylistsContext } from './playlists.context';
import { emptyPlanCounts, type PlanRecordCounts } from './playlists.context';
import { noPlans, plansOfCustomer, subtreePlans } from './playlists.queries';
import {
  adIdsOfPlans,
  adSummaries,
  deliveryStatusCondition,
  everPublishedCondition,
  findPlanInScope,
  onlineConditions,
  planIdsInScope,
  planIdsWithAd,
  planPage,
} from './playlists.repository';
import { type PlaylistRow, playlists } from './playlists.table';

export { subtreePlans } from './playlists.queries';

export type User = Pick<SessionUser, 'id' | 'role' | 'principals' | 'customer' | 'projectId'>;
/** What the plan scope needs of the context: the plans' delivery facts (a property sees the plans that reach it). */
export type PlanScopeContext = Pick<PlaylistsContext, 'planDelivery'>;

/**
 * The plans a caller may see: root/admin all; operators those created in their account subtree or
 * of customers their subtree manages; advertisers their customer's; a project account the plans
 * delivered to, or applied for, its property's devices.
 */
export async function planScope(ctx: PlanScopeContext, db: DbOrTx, user: User): Promise<SQL | undefined> {
  if (isSuperuser(user)) return undefined;
  if (isOperatorRole(user.role)) return subtreePlans((await accountSubtreeIds(db, user)) ?? [user.id]);
  if (isAdvertiserRole(user.role)) return user.customer ? plansOfCustomer(user.customer) : noPlans();
  if (user.role === 'project') {
    if (!user.projectId) return noPlans();
    return ctx.planDelivery.reachesProperty(playlists.id, user.projectId);
  }
  return noPlans();
}

/**
 * A plan the caller may see. A deleted one it could see answers PLAYLIST_NOT_FOUND ("the plan has been
 * cancelled", the spec's message for a vanished plan); an id of no plan, or of one the caller cannot see (the
 * two read the same), PLAYLIST_ID_NOT_EXIST ("The plan ID does not exist").
 */
export async function visiblePlan(
  ctx: PlanScopeContext,
  db: DbOrTx,
  user: User,
  id: string,
  opts: { forUpdate?: boolean } = {},
): Promise<PlaylistRow> {
  const scope = await planScope(ctx, db, user);
  const row = await findPlanInScope(db, id, scope, opts.forUpdate ?? false);
  if (row) return row;
  const deleted = await findPlanInScope(db, id, scope, false, true);
  throw new AppError(deleted ? 'PLAYLIST_NOT_FOUND' : 'PLAYLIST_ID_NOT_EXIST', {}, 'playListId');
}

/**
 * Ids of the plans the user may see (deleted ones too: their history stays), of one customer when
 * `clientId` is given; `null` means every plan (a superuser without a customer).
 */
export async function visiblePlanIds(
  ctx: PlanScopeContext,
  db: DbOrTx,
  user: User,
  clientId?: string,
): Promise<string[] | null> {
  const scope = await planScope(ctx, db, user);
  if (!scope && clientId === undefined) return null;
  return planIdsInScope(db, scope, clientId);
}

export function statusOf(row: PlaylistRow, counts: PlanRecordCounts, pending: boolean, now: Date): DeliveryStatus {
  const live = counts.notIssued + counts.issued + counts.pulled;
  return deliveryStatus({
    begin: toUnixSeconds(row.beginAt) ?? 0,
    end: toUnixSeconds(row.endAt) ?? 0,
    now: Math.floor(now.getTime() / 1000),
    cancelled: row.deletedAt !== null || (live === 0 && counts.cancelled > 0 && !pending),
    pendingApplication: pending,
    notIssued: counts.notIssued,
    issued: counts.issued,
    pulled: counts.pulled,
  });
}

/** DTOs of plan rows, with their ads, customer name, pull numbers and delivery status (fixed number of queries). */
export async function toDtos(ctx: PlaylistsContext, db: DbOrTx, rows: PlaylistRow[]): Promise<PlaylistDto[]> {
  const ids = rows.map((r) => r.id);
  const [adIds, counts, pending, names] = await Promise.all([
    adIdsOfPlans(db, ids),
    ctx.planDelivery.countsByPlan(db, ids),
    ctx.planDelivery.pendingPlans(db, ids),
    customerNamesByIds(
      db,
      rows.map((r) => r.clientId),
    ),
  ]);
  const ads = await adSummaries(ctx, db, [...adIds.values()].flat());
  const lowPullThreshold = await ctx.params.lowPullRate();
  const now = ctx.clock.now();
  return rows.map((r) => {
    const c = counts.get(r.id) ?? emptyPlanCounts();
    const planPullNumber = c.notIssued + c.issued + c.pulled;
    const state = r.auditState as PlaylistAuditState;
    return {
      id: r.id,
      name: r.name,
      clientId: r.clientId,
      clientName: names.get(r.clientId) ?? '',
      description: r.description,
      externalRef: r.externalRef,
      isOrder: r.isOrder,
      advertisements: (adIds.get(r.id) ?? []).map((id) => {
        const a = ads.get(id);
        return { id, name: a?.name ?? '', kind: a?.kind ?? '', materials: a?.materials ?? 0 };
      }),
      mode: r.playingMode as PlaylistDto['mode'],
      priority: r.priority,
      cycle: r.cycle,
      times: r.times,
      begin: toUnixSeconds(r.beginAt) ?? 0,
      end: toUnixSeconds(r.endAt) ?? 0,
      createtime: toUnixSeconds(r.createdAt) ?? 0,
      timeZone: r.timeZone,
      playingMode: r.playingMode as PlaylistDto['playingMode'],
      countLimit: r.countLimit,
      timeLimit: r.timeLimit,
      advertisingtype: r.advertisingType,
      materials: r.materials,
      audit: { state, note: r.auditNote },
      status: state,
      postStatus: state,
      note: r.auditNote,
      deliveryStatus: statusOf(r, c, pending.has(r.id), now),
      planPullNumber,
      alreadyPullNumber: c.pulled,
      ratio: Math.round(pullRatio(planPullNumber, c.pulled) * 10000) / 10000,
      lowPullRate: isLowPullRate(planPullNumber, c.pulled, lowPullThreshold),
      pauses: r.pauses,
      cancelled: r.deletedAt !== null,
      createdBy: r.createdBy,
    };
  });
}

export async function getPlan(ctx: PlaylistsContext, user: User, id: string): Promise<PlaylistDto> {
  const row = await visiblePlan(ctx, ctx.db, user, id);
  const [dto] = await toDtos(ctx, ctx.db, [row]);
  return dto as PlaylistDto;
}

export interface PlanListQuery {
  start: number;
  limit: number;
  name?: string;
  clientId?: string;
  playListId?: string;
  status?: string;
}

/** Paged plans in scope, newest first; the delivery status filter is evaluated in SQL. */
export async function queryPlans(ctx: PlaylistsContext, user: User, q: PlanListQuery, extra: SQL[] = []) {
  const scope = await planScope(ctx, ctx.db, user);
  const status = q.status ? statusCondition(ctx, q.status, ctx.clock.now()) : undefined;
  const { total, rows } = await planPage(ctx.db, { ...q, extra, scope, status }, q);
  return { total, datas: await toDtos(ctx, ctx.db, rows) };
}

/** SQL form of deliveryStatus for list filters (same cases, same order); an unknown status is refused. */
export function statusCondition(ctx: PlanScopeContext, status: string, now: Date): SQL {
  const condition = deliveryStatusCondition(ctx.planDelivery, status as DeliveryStatus, now);
  if (!condition) throw new AppError('VALIDATION_FAILED', { field: 'status', reason: status }, 'status');
  return condition;
}

/** GET queryOnlineAdvertising: plans delivered to devices and not ended (the online delivery list). */
export async function queryOnline(ctx: PlaylistsContext, user: User, q: PlanListQuery) {
  return queryPlans(ctx, user, q, onlineConditions(ctx.planDelivery, ctx.clock.now()));
}

/** GET /ad/historyPublish list: plans that were ever published (any record), newest first. */
export async function queryHistory(ctx: PlaylistsContext, user: User, q: PlanListQuery) {
  return queryPlans(ctx, user, q, [everPublishedCondition(ctx.planDelivery)]);
}

// Plan commands live in edit-plans.ts.

/** GET deleteCheck: whether the plan can be deleted now, and what holds it. */
export async function deleteCheck(ctx: PlaylistsContext, user: User, id: string) {
  const row = await visiblePlan(ctx, ctx.db, user, id);
  const counts = (await ctx.planDelivery.countsByPlan(ctx.db, [row.id])).get(row.id) ?? emptyPlanCounts();
  const devices = counts.notIssued + counts.issued + counts.pulled;
  return { id: row.id, canDelete: devices === 0, devices };
}

/** The plans (deleted ones included) that contain this ad. */
export function plansWithAd(db: DbOrTx, adId: string): Promise<string[]> {
  return planIdsWithAd(db, adId);
}
