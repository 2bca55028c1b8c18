// Reading: publish details, delivery info, failed report, summaries, property accounts to deliver to.
import { messageFor } from '@robot-ads/contracts/common/errors';
import type { Language } from '@robot-ads/contracts/common/language';
import { fromUnixSeconds, toUnixSeconds } from '@robot-ads/contracts/common/time';
import { remainingSlots } from '@robot-ads/contracts/playlists/slots.rules';
import { type PublishState, pullStatus } from '@robot-ads/contracts/publishing/delivery-status.rules';
import type { PublishInfoRow } from '@robot-ads/contracts/publishing/publishing.schemas';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../platform/context';
import type { SessionUser } from '../../platform/session-user';
import { propertyAccountsPage } from '../accounts/delivery.queries';
import { customerNamesByIds } from '../customers/customers.queries';
import { type ListedRobot, listedRobots, robotCountsOfProjects } from '../devices/delivery.queries';
import { plansByIds } from '../playlists/playlists.queries';
import { planScope, toDtos as toPlanDtos, visiblePlan } from '../playlists/playlists.service';
import { robotIdsOfAccounts } from './publishing.commands';
import type { PublishingContext } from './publishing.context';
import {
  countsByPlan,
  emptyCounts,
  heldByRobot,
  lastCancellation,
  liveRobotIdsOfPlan,
  plansWithLiveRecords,
  type RecordWhere,
  recordPage,
} from './publishing.repository';
import type { publishRecords } from './publishing.table';

/** Those of these plans that are on at least one device (a live record). */
export async function plansOnDevices(db: DbOrTx, playlistIds: string[]): Promise<string[]> {
  return plansWithLiveRecords(db, playlistIds);
}

function detailRows(
  lang: Language,
  rows: (typeof publishRecords.$inferSelect)[],
  robots: Map<string, ListedRobot>,
  plans: Map<string, { name: string; clientId: string }>,
  clientNames: Map<string, string>,
  used: Map<string, number>,
): PublishInfoRow[] {
  return rows.map((record) => {
    const robot = robots.get(record.robotRef);
    const plan = plans.get(record.playlistId);
    return {
      id: record.id,
      robotId: robot?.robotId ?? '',
      name: robot?.name ?? '',
      type: robot?.type ?? '',
      state: record.state as PublishState,
      pullState: pullStatus(record.state as PublishState),
      pubTime: toUnixSeconds(record.pubAt),
      pullTime: toUnixSeconds(record.pullAt),
      createTime: toUnixSeconds(record.createdAt) ?? 0,
      province: robot?.province ?? null,
      city: robot?.city ?? null,
      propertyname: robot?.propertyname ?? null,
      projecttype: robot?.projecttype ?? null,
      install: { panoramaList: (robot?.panoramas ?? []).map((filePath) => ({ filePath })) },
      resourceNumber: remainingSlots(used.get(record.robotRef) ?? 0),
      charged: record.charged,
      failCode: record.failCode,
      failMsg: record.failCode ? messageFor(record.failCode, lang) : null,
      cancelReason: record.cancelReason,
      cancelTime: toUnixSeconds(record.cancelledAt),
      playlistId: record.playlistId,
      playlistName: plan?.name ?? '',
      clientId: plan?.clientId ?? null,
      clientName: plan ? (clientNames.get(plan.clientId) ?? null) : null,
    };
  });
}

/** Filters of the publish record lists; every one is optional. */
export interface RecordFilter {
  start: number;
  limit: number;
  playListId?: string;
  /** Plan name, contains. */
  name?: string;
  /** Device ID, contains. */
  robotId?: string;
  state?: PublishState;
  clientId?: string;
  province?: string;
  city?: string;
  /** pubTime range, unix seconds, both ends included. */
  beginTime?: number;
  endTime?: number;
}

/** The filter, and a project (property) account's limit to its own property's devices. */
function recordWhere(user: SessionUser, q: Omit<RecordFilter, 'start' | 'limit'>): RecordWhere {
  return {
    ownProjectId: user.role === 'project' ? user.projectId : undefined,
    robotId: q.robotId,
    province: q.province,
    city: q.city,
    playListId: q.playListId,
    name: q.name,
    clientId: q.clientId,
    state: q.state,
    from: fromUnixSeconds(q.beginTime),
    to: fromUnixSeconds(q.endTime),
  };
}

/** One page of publish records (with device, property, plan and customer), newest first. */
async function pagedRecords(ctx: AppContext, where: RecordWhere, q: { start: number; limit: number }, lang: Language) {
  const { total, rows } = await recordPage(ctx.db, where, q);
  const refs = rows.map((r) => r.robotRef);
  const [robots, plans, held] = await Promise.all([
    listedRobots(ctx.db, refs),
    plansByIds(
      ctx.db,
      rows.map((r) => r.playlistId),
    ),
    heldByRobot(ctx.db, refs, ctx.clock.now()),
  ]);
  const clientNames = await customerNamesByIds(
    ctx.db,
    plans.map((p) => p.clientId),
  );
  const used = new Map([...held].map(([k, v]) => [k, v.slots]));
  return {
    total,
    datas: detailRows(lang, rows, robots, new Map(plans.map((p) => [p.id, p])), clientNames, used),
  };
}

/** GET queryDetailByPlaylistId: the plan's records with per-device state, paged and filtered. */
export async function publishDetails(
  ctx: PublishingContext,
  user: SessionUser,
  q: RecordFilter & { playListId: string },
  lang: Language,
) {
  const plan = await visiblePlan(ctx, ctx.db, user, q.playListId);
  return pagedRecords(ctx, recordWhere(user, { ...q, playListId: plan.id }), q, lang);
}

/**
 * GET queryBycondition (/publish/info): publish records across the plans in the caller's scope (the
 * plan scope of every list; a property account sees its own devices only), paged and filtered.
 */
export async function queryRecords(ctx: PublishingContext, user: SessionUser, q: RecordFilter, lang: Language) {
  const scope = await planScope(ctx, ctx.db, user);
  return pagedRecords(ctx, { planScope: scope, ...recordWhere(user, q) }, q, lang);
}

/** /failedReport: devices a plan could not be delivered to, across the plans in scope. */
export function failedReport(
  ctx: PublishingContext,
  user: SessionUser,
  q: Omit<RecordFilter, 'state'>,
  lang: Language,
) {
  return queryRecords(ctx, user, { ...q, state: 'failed' }, lang);
}

/** GET /api/Publishes/query: counts by state and the pull numbers of a plan. */
export async function publishSummaryOf(ctx: PublishingContext, user: SessionUser, playListId: string) {
  const plan = await visiblePlan(ctx, ctx.db, user, playListId);
  const [dto] = await toPlanDtos(ctx, ctx.db, [plan]);
  const c = (await countsByPlan(ctx.db, [plan.id])).get(plan.id) ?? emptyCounts();
  return {
    playlistId: plan.id,
    total: c.notIssued + c.issued + c.pulled + c.failed + c.cancelled,
    ...c,
    planPullNumber: dto?.planPullNumber ?? 0,
    alreadyPullNumber: dto?.alreadyPullNumber ?? 0,
    ratio: dto?.ratio ?? 0,
    lowPullRate: dto?.lowPullRate ?? false,
    deliveryStatus: dto?.deliveryStatus ?? 'notDelivered',
  };
}

/** GET queryPostByPlaylistId: robot IDs the plan is live on. */
export async function liveRobotIds(ctx: PublishingContext, user: SessionUser, playListId: string): Promise<string[]> {
  const plan = await visiblePlan(ctx, ctx.db, user, playListId);
  return liveRobotIdsOfPlan(ctx.db, plan.id, user.role === 'project' ? user.projectId : undefined);
}

/** GET getCancelTimeByPlaylistId: when (and why) the plan's delivery was last cancelled. */
export async function cancelTime(ctx: PublishingContext, user: SessionUser, playListId: string) {
  const plan = await visiblePlan(ctx, ctx.db, user, playListId);
  const row = await lastCancellation(ctx.db, plan.id);
  return { cancelTime: toUnixSeconds(row?.at ?? null), reason: row?.reason ?? null };
}

/** GET queryAccountsByCondition: property (project) accounts to deliver to, with their device counts. */
export async function accountOptions(ctx: AppContext, q: { start: number; limit: number; name?: string }) {
  const page = await propertyAccountsPage(ctx.db, q);
  const counts = await robotCountsOfProjects(
    ctx.db,
    page.rows.flatMap((r) => (r.projectId ? [r.projectId] : [])),
  );
  return {
    total: page.total,
    datas: page.rows.map((r) => ({ ...r, robots: (r.projectId && counts.get(r.projectId)) || 0 })),
  };
}

/** GET queryNumberOfRobotWithAccounts: how many devices the accounts' properties hold. */
export async function robotCountOfAccounts(ctx: AppContext, accountIds: string[]) {
  return { total: (await robotIdsOfAccounts(ctx.db, accountIds)).length };
}
