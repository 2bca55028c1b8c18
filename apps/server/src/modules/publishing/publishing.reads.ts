// Reading: publish details, delivery info, failed report, summaries, property accounts to deliver to.
import { messageFor } from '@robot-ads/contracts/common/errors';
import type { Language } from '@robot-ads/contracts/common/language';
import { fromUnixSeconds, toUnixSeconds } from '@robot-ads/contracts/common/time';
import { remainingSlots } from '@robot-ads/contracts/playlists/slots.rules';
import { type PublishState, pullStatus } from '@robot-ads/contracts/publishing/delivery-status.rules';
import type { PublishInfoRow } from '@robot-ads/contracts/publishing/publishing.schemas';
import { and, asc, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../platform/context';
import type { SessionUser } from '../../platform/session-user';
import { propertyAccountsPage } from '../accounts/delivery.queries';
import { customerNamesByIds } from '../customers/customers.queries';
import {
  type ListedRobot,
  listedRobots,
  robotCountsOfProjects,
  robotIdOfRef,
  robotRefsWhere,
} from '../devices/delivery.queries';
import { planFilter, planIdsWhere, plansByIds } from '../playlists/playlists.queries';
import { planScope, toDtos as toPlanDtos, visiblePlan } from '../playlists/playlists.service';
import { robotIdsOfAccounts } from './publishing.commands';
import { countsByPlan, emptyCounts, heldByRobot, isLive, plansWithLiveRecords } from './publishing.repository';
import { publishRecords } from './publishing.table';

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

/** The filter conditions, and a project (property) account's limit to its own property's devices. */
function recordConditions(user: SessionUser, q: Omit<RecordFilter, 'start' | 'limit'>): SQL[] {
  const conds: SQL[] = [];
  const robotRefs = robotRefsWhere({
    ...(user.role === 'project' ? { projectId: user.projectId } : {}),
    robotId: q.robotId,
    province: q.province,
    city: q.city,
  });
  if (robotRefs) conds.push(sql`${publishRecords.robotRef} in (${robotRefs})`);
  if (q.playListId) conds.push(eq(publishRecords.playlistId, q.playListId));
  const plans = planFilter({ name: q.name, clientId: q.clientId });
  if (plans) conds.push(sql`${publishRecords.playlistId} in (${planIdsWhere(plans)})`);
  if (q.state) conds.push(eq(publishRecords.state, q.state));
  const from = fromUnixSeconds(q.beginTime);
  const to = fromUnixSeconds(q.endTime);
  if (from) conds.push(gte(publishRecords.pubAt, from));
  if (to) conds.push(lte(publishRecords.pubAt, to));
  return conds;
}

/** One page of publish records (with device, property, plan and customer), newest first. */
async function pagedRecords(
  ctx: AppContext,
  where: SQL | undefined,
  q: { start: number; limit: number },
  lang: Language,
) {
  // Every record has its robot and its plan (foreign keys, deleted with them): no join is needed to count.
  const [count] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(publishRecords).where(where);
  const rows = await ctx.db
    .select()
    .from(publishRecords)
    .where(where)
    .orderBy(desc(publishRecords.createdAt), asc(robotIdOfRef(publishRecords.robotRef)))
    .offset(q.start)
    .limit(q.limit);
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
    total: count?.n ?? 0,
    datas: detailRows(lang, rows, robots, new Map(plans.map((p) => [p.id, p])), clientNames, used),
  };
}

/** GET queryDetailByPlaylistId: the plan's records with per-device state, paged and filtered. */
export async function publishDetails(
  ctx: AppContext,
  user: SessionUser,
  q: RecordFilter & { playListId: string },
  lang: Language,
) {
  const plan = await visiblePlan(ctx, ctx.db, user, q.playListId);
  return pagedRecords(ctx, and(...recordConditions(user, { ...q, playListId: plan.id })), q, lang);
}

/**
 * GET queryBycondition (/publish/info): publish records across the plans in the caller's scope (the
 * plan scope of every list; a property account sees its own devices only), paged and filtered.
 */
export async function queryRecords(ctx: AppContext, user: SessionUser, q: RecordFilter, lang: Language) {
  const scope = await planScope(ctx, ctx.db, user);
  const inScope = scope ? [sql`${publishRecords.playlistId} in (${planIdsWhere(scope)})`] : [];
  return pagedRecords(ctx, and(...inScope, ...recordConditions(user, q)), q, lang);
}

/** /failedReport: devices a plan could not be delivered to, across the plans in scope. */
export function failedReport(ctx: AppContext, user: SessionUser, q: Omit<RecordFilter, 'state'>, lang: Language) {
  return queryRecords(ctx, user, { ...q, state: 'failed' }, lang);
}

/** GET /api/Publishes/query: counts by state and the pull numbers of a plan. */
export async function publishSummaryOf(ctx: AppContext, user: SessionUser, playListId: string) {
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
export async function liveRobotIds(ctx: AppContext, user: SessionUser, playListId: string): Promise<string[]> {
  const plan = await visiblePlan(ctx, ctx.db, user, playListId);
  const conds: SQL[] = [eq(publishRecords.playlistId, plan.id), isLive()];
  const ownProperty = user.role === 'project' ? robotRefsWhere({ projectId: user.projectId }) : undefined;
  if (ownProperty) conds.push(sql`${publishRecords.robotRef} in (${ownProperty})`);
  const robotId = robotIdOfRef(publishRecords.robotRef);
  const rows = await ctx.db
    .select({ robotId: sql<string>`${robotId}` })
    .from(publishRecords)
    .where(and(...conds))
    .orderBy(robotId)
    .limit(20000);
  return rows.map((r) => r.robotId);
}

/** GET getCancelTimeByPlaylistId: when (and why) the plan's delivery was last cancelled. */
export async function cancelTime(ctx: AppContext, user: SessionUser, playListId: string) {
  const plan = await visiblePlan(ctx, ctx.db, user, playListId);
  const [row] = await ctx.db
    .select({ at: publishRecords.cancelledAt, reason: publishRecords.cancelReason })
    .from(publishRecords)
    .where(and(eq(publishRecords.playlistId, plan.id), eq(publishRecords.state, 'cancelled')))
    .orderBy(desc(publishRecords.cancelledAt))
    .limit(1);
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
