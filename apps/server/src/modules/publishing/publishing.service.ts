import { type ErrorCode, messageFor } from '@robot-ads/contracts/common/errors';
import { newId } from '@robot-ads/contracts/common/ids';
import type { Language } from '@robot-ads/contracts/common/language';
import { fromUnixSeconds, toUnixSeconds } from '@robot-ads/contracts/common/time';
import type { DeviceType } from '@robot-ads/contracts/devices/devices.rules';
import type { ImportRow, RobotQuery } from '@robot-ads/contracts/devices/devices.schemas';
import { MAX_INTELLIGENT_DEVICES } from '@robot-ads/contracts/playlists/playlists.schemas';
import { isCharged, planSlots, remainingSlots } from '@robot-ads/contracts/playlists/slots.rules';
import { type PublishState, pullRatio, pullStatus } from '@robot-ads/contracts/publishing/delivery-status.rules';
import type { PublishInfoRow } from '@robot-ads/contracts/publishing/publishing.schemas';
import { and, asc, desc, eq, gt, gte, ilike, inArray, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { Clock } from '../../platform/clock';
import type { AppContext } from '../../platform/context';
import type { SessionUser } from '../../platform/session-user';
import { projectIdsOfPropertyAccounts } from '../accounts/accounts.queries';
import { accounts } from '../accounts/accounts.table';
import { robotIdsOfGroups } from '../ad-groups/ad-groups.service';
import { adDeliverability } from '../ads/ads.queries';
import type { AdLinkCounter } from '../ads/ads.service';
import { customers } from '../customers/customers.table';
import { checkRobotIds, type RobotIdEntry } from '../devices/device-import';
import type { UsedSlotsLookup } from '../devices/devices.context';
import { robotIdsOfProjects } from '../devices/devices.queries';
import { findRobotsByRobotIds, queryRobots } from '../devices/devices.service';
import { projects, robots } from '../devices/devices.table';
import { notifyUser } from '../playlists/playlists.ports';
import { adIdsOfPlans } from '../playlists/playlists.repository';
import { planScope, toDtos as toPlanDtos, visiblePlan } from '../playlists/playlists.service';
import { type PlaylistRow, playlistAds, playlists } from '../playlists/playlists.table';
import {
  countsByPlan,
  emptyCounts,
  heldByRobot,
  insertRecords,
  isLive,
  LIVE_STATES,
  liveRecords,
  type NewRecord,
  plansWithLiveRecords,
} from './publishing.repository';
import { publishRecords } from './publishing.table';

type ScopeUser = Pick<SessionUser, 'id' | 'role' | 'principals' | 'projectId'>;

/** Whose checks an approved application's effect runs with: permissions were checked at submission. */
export const SYSTEM_SCOPE: ScopeUser = { id: 'system', role: 'super', principals: 'root', projectId: null };

/** The devices module's used-slot lookup of the slot rule (live records of running plans), passed by buildApp. */
export function heldSlotsLookup(clock: Clock): UsedSlotsLookup {
  return async (db, robotRefs) => {
    const held = await heldByRobot(db, robotRefs, clock.now());
    return new Map([...held].map(([ref, h]) => [ref, h.slots]));
  };
}

export interface PublishOutcome {
  total: number;
  published: number;
  charged: number;
  /** One row per requested device: ok, or the section 8 reason it was refused. */
  rows: ImportRow[];
}

/**
 * Publishes a plan to devices, inside the caller's transaction. Every device is checked with the
 * section 8 reasons (including the slot rule); a device already carrying the plan is reported, not
 * doubled. Devices refused for a delivery reason get a failed record (shown in the publish details).
 */
export async function publishPlan(
  ctx: AppContext,
  tx: DbOrTx,
  user: ScopeUser,
  plan: PlaylistRow,
  entries: RobotIdEntry[],
  opts: { lang: Language; applicationId?: string | null; by: string },
): Promise<PublishOutcome> {
  const now = ctx.clock.now();
  const found = await findRobotsByRobotIds(tx, [...new Set(entries.map((e) => e.robotId))]);
  const refOf = new Map(found.map((r) => [r.robot.robotId, r.robot.id]));
  const live = new Set((await liveRecords(tx, plan.id)).map((r) => r.robotRef));
  const already: ImportRow[] = [];
  const toCheck: RobotIdEntry[] = [];
  for (const e of entries) {
    const ref = refOf.get(e.robotId);
    if (ref && live.has(ref)) {
      already.push(row(e, 'PUBLISH_ALREADY_ON_DEVICE', opts.lang));
    } else toCheck.push(e);
  }
  // The plans already held by the devices: read once, for the slot rule and for the charge.
  const held = await heldByRobot(tx, [...refOf.values()], now);
  const check = await checkRobotIds(ctx, tx, user, toCheck, {
    requiredSlots: planSlots(plan),
    robots: found,
    usedSlots: new Map([...held].map(([ref, h]) => [ref, h.slots])),
    lang: opts.lang,
  });
  const validRefs = check.valid.map((id) => refOf.get(id)).filter((x): x is string => Boolean(x));
  const salesOf = new Map(found.map((r) => [r.robot.id, r.robot.salesType]));
  const slots = planSlots(plan);
  let charged = 0;
  const allowance = await ctx.params.freeMaterials();
  const records: NewRecord[] = validRefs.map((ref) => {
    const isFee = isCharged(salesOf.get(ref), held.get(ref)?.materials ?? 0, plan.materials, allowance);
    if (isFee) charged++;
    return {
      id: newId(),
      playlistId: plan.id,
      robotRef: ref,
      state: 'issued',
      slots,
      materials: plan.materials,
      charged: isFee,
      failCode: null,
      applicationId: opts.applicationId ?? null,
      publishedBy: opts.by,
      pubAt: now,
      createdAt: now,
    };
  });
  const deliveryRefusals = new Set<string>(['DEVICE_NOT_EXIST', 'DEVICE_NO_PERMISSION', 'DEVICE_ALREADY_SELECTED']);
  const failed: NewRecord[] = check.rows
    .filter((r) => !r.ok && r.code && !deliveryRefusals.has(r.code) && refOf.has(r.robotId))
    .map((r) => ({
      id: newId(),
      playlistId: plan.id,
      robotRef: refOf.get(r.robotId) as string,
      state: 'failed',
      slots: 0,
      materials: 0,
      charged: false,
      failCode: r.code,
      applicationId: opts.applicationId ?? null,
      publishedBy: opts.by,
      pubAt: null,
      createdAt: now,
    }));
  await insertRecords(tx, [...records, ...failed]);
  return {
    total: entries.length,
    published: records.length,
    charged,
    rows: [...check.rows, ...already].sort((a, b) => a.row - b.row),
  };
}

function row(e: RobotIdEntry, code: ErrorCode, lang: Language): ImportRow {
  return { row: e.row, robotId: e.robotId, ok: false, code, msg: messageFor(code, lang), name: null };
}

/** Cancels the live records of a plan on these devices (every device when omitted); returns how many. */
export async function cancelPlanOnRobots(
  ctx: AppContext,
  tx: DbOrTx,
  playlistId: string,
  robotRefs: string[] | undefined,
  reason: string,
): Promise<number> {
  const conds = [eq(publishRecords.playlistId, playlistId), isLive()];
  if (robotRefs) {
    if (robotRefs.length === 0) return 0;
    conds.push(inArray(publishRecords.robotRef, robotRefs));
  }
  const done = await tx
    .update(publishRecords)
    .set({ state: 'cancelled', cancelledAt: ctx.clock.now(), cancelReason: reason })
    .where(and(...conds))
    .returning({ id: publishRecords.id });
  return done.length;
}

/** Robot IDs of every device in the properties of these project accounts (publishWithAccount), sorted. */
export async function robotIdsOfAccounts(db: DbOrTx, accountIds: string[]): Promise<string[]> {
  return robotIdsOfProjects(db, await projectIdsOfPropertyAccounts(db, accountIds));
}

/** Those of these plans that are on at least one device (a live record). */
export async function plansOnDevices(db: DbOrTx, playlistIds: string[]): Promise<string[]> {
  return plansWithLiveRecords(db, playlistIds);
}

/** Robot refs (robots.id) of robot IDs; unknown IDs are left out. */
export async function robotRefsOf(db: DbOrTx, robotIds: string[]): Promise<Map<string, string>> {
  const found = await findRobotsByRobotIds(db, [...new Set(robotIds)]);
  return new Map(found.map((r) => [r.robot.robotId, r.robot.id]));
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

// ---------------------------------------------------------------------------------------------
// For the device side (issue 8: schedule delivery calls these)

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
  const rows = await db
    .select({ record: publishRecords, plan: playlists })
    .from(publishRecords)
    .innerJoin(playlists, eq(playlists.id, publishRecords.playlistId))
    .where(
      and(
        robotRefs.length === 1
          ? eq(publishRecords.robotRef, robotRefs[0] as string)
          : inArray(publishRecords.robotRef, robotRefs),
        isLive(),
        isNull(playlists.deletedAt),
        gt(playlists.endAt, now),
      ),
    )
    .orderBy(sql`${playlists.priority} desc`, playlists.createdAt);
  for (const r of rows) {
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
 * A robot acknowledged (pulled) these plans at `at`: issued records become pulled with pullTime.
 * The owners of each plan get a live playlist.pulled.ratio notification. Returns the plans updated.
 */
export async function markPulled(
  ctx: AppContext,
  robotRef: string,
  playlistIds: string[],
  at: Date,
): Promise<string[]> {
  if (playlistIds.length === 0) return [];
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
  for (const id of plans) await notifyPullRatio(ctx, id);
  return plans;
}

/** Sends playlist.pulled.ratio {id, name, ratio} to the plan's creator. */
export async function notifyPullRatio(ctx: AppContext, playlistId: string) {
  const [plan] = await ctx.db
    .select({ id: playlists.id, name: playlists.name, createdBy: playlists.createdBy })
    .from(playlists)
    .where(eq(playlists.id, playlistId));
  if (!plan) return;
  const n = await pullNumbers(ctx.db, playlistId);
  await notifyUser(ctx, plan.createdBy, 'playlist.pulled.ratio', {
    id: plan.id,
    name: plan.name,
    ratio: Math.round(n.ratio * 10000) / 10000,
    planPullNumber: n.planPullNumber,
    alreadyPullNumber: n.alreadyPullNumber,
  });
}

// ---------------------------------------------------------------------------------------------
// Operators' direct publishing and cancellation (Playlists/publishWith*, cancelPlayListBy*)

export type DirectTarget =
  | { kind: 'robots'; robotIds: string[] }
  | { kind: 'adGroups'; adGroupIds: string[] }
  | { kind: 'accounts'; accounts: string[] };

async function expand(ctx: AppContext, db: DbOrTx, user: SessionUser, target: DirectTarget): Promise<string[]> {
  if (target.kind === 'robots') return [...new Set(target.robotIds)];
  if (target.kind === 'adGroups') return robotIdsOfGroups(ctx, user, target.adGroupIds);
  return robotIdsOfAccounts(db, target.accounts);
}

/** Refusals of section 8 before any device is looked at: the plan, its ads and their materials. */
export async function assertDeliverable(ctx: AppContext, db: DbOrTx, plan: PlaylistRow) {
  if (plan.deletedAt) throw new AppError('PLAYLIST_NOT_FOUND', {}, 'playListId');
  if (plan.endAt <= ctx.clock.now()) throw new AppError('PLAYLIST_END_PAST', {}, 'playListId');
  const adIds = (await adIdsOfPlans(db, [plan.id])).get(plan.id) ?? [];
  if (adIds.length === 0) throw new AppError('PLAYLIST_CONTENT_EMPTY', {}, 'playListId');
  const ads = await adDeliverability(db, adIds);
  for (const id of adIds) {
    const ad = ads.get(id);
    if (!ad) throw new AppError('PLAYLIST_ADV_NOT_EXITS', {}, 'advertisements');
    if (!ad.template) throw new AppError('PLAYLIST_LAYOUT_EMPTY', {}, 'advertisements');
    if (ad.materials === 0) throw new AppError('PLAYLIST_RES_IS_EMPTY', {}, 'advertisements');
  }
}

export async function publishDirect(
  ctx: AppContext,
  user: SessionUser,
  playListId: string,
  target: DirectTarget,
  lang: Language,
): Promise<PublishOutcome> {
  // Targets are read before the transaction: the embedded database has one connection.
  const ids = await expand(ctx, ctx.db, user, target);
  return ctx.db.transaction(async (tx) => {
    const plan = await visiblePlan(ctx, tx, user, playListId, { forUpdate: true });
    await assertDeliverable(ctx, tx, plan);
    if (ids.length === 0) throw new AppError('PUBLISH_NO_DEVICE', {}, target.kind);
    const outcome = await publishPlan(
      ctx,
      tx,
      user,
      plan,
      ids.map((robotId, i) => ({ row: i + 1, robotId })),
      { lang, by: user.id },
    );
    // Publishing by an operator is its approval: the plan shows as approved.
    if (outcome.published > 0) {
      await tx
        .update(playlists)
        .set({ auditState: 'post', updatedAt: ctx.clock.now() })
        .where(eq(playlists.id, plan.id));
    }
    return outcome;
  });
}

/** publishWithMode: intelligent delivery to at most 10 devices, named or chosen by the filters (nearest first). */
export async function publishIntelligent(
  ctx: AppContext,
  user: SessionUser,
  body: {
    playListId: string;
    robotIds?: string[];
    count: number;
    distance?: number;
    lng?: number;
    lat?: number;
    province?: string;
    city?: string;
    district?: string;
    type?: DeviceType;
  },
  lang: Language,
): Promise<PublishOutcome> {
  let robotIds = body.robotIds ?? [];
  if (robotIds.length > MAX_INTELLIGENT_DEVICES) throw new AppError('PUBLISH_TOO_MANY_DEVICES', {}, 'robotIds');
  if (robotIds.length === 0) {
    const query: RobotQuery = {
      start: 0,
      limit: Math.min(body.count, MAX_INTELLIGENT_DEVICES),
      distance: body.distance,
      lng: body.lng,
      lat: body.lat,
      province: body.province,
      city: body.city,
      district: body.district,
      type: body.type,
      state: 'activated',
      postAds: true,
    };
    const page = await queryRobots(ctx, user, query);
    robotIds = page.datas.filter((r) => r.listType !== 'blacklist' && r.remainingSlots > 0).map((r) => r.robotId);
  }
  if (robotIds.length === 0) throw new AppError('PUBLISH_NO_DEVICE', {}, 'robotIds');
  return publishDirect(ctx, user, body.playListId, { kind: 'robots', robotIds }, lang);
}

export async function cancelDirect(
  ctx: AppContext,
  user: SessionUser,
  playListId: string,
  target: DirectTarget,
  reason: string,
): Promise<{ cancelled: number }> {
  const ids = await expand(ctx, ctx.db, user, target);
  return ctx.db.transaction(async (tx) => {
    const plan = await visiblePlan(ctx, tx, user, playListId, { forUpdate: true });
    const refs = [...(await robotRefsOf(tx, ids)).values()];
    const cancelled = await cancelPlanOnRobots(ctx, tx, plan.id, refs, reason);
    if (cancelled === 0) throw new AppError('AUDIT_DEVICES_NOT_DELIVERED', {}, 'robotIds');
    return { cancelled };
  });
}

/** queryPublishByImport: which imported devices carry the plan (the rows a batch cancellation would touch). */
export async function checkImportForCancel(
  ctx: AppContext,
  user: SessionUser,
  playListId: string,
  entries: RobotIdEntry[],
  lang: Language,
) {
  const plan = await visiblePlan(ctx, ctx.db, user, playListId);
  const refs = await robotRefsOf(
    ctx.db,
    entries.map((e) => e.robotId),
  );
  const live = new Set((await liveRecords(ctx.db, plan.id)).map((r) => r.robotRef));
  const seen = new Set<string>();
  const rows: ImportRow[] = entries.map((e) => {
    const ref = refs.get(e.robotId);
    let code: ErrorCode | null = null;
    if (!ref) code = 'DEVICE_NOT_EXIST';
    else if (seen.has(e.robotId)) code = 'DEVICE_ALREADY_SELECTED';
    else if (!live.has(ref)) code = 'AUDIT_DEVICES_NOT_DELIVERED';
    seen.add(e.robotId);
    return {
      row: e.row,
      robotId: e.robotId,
      ok: code === null,
      code,
      msg: code ? messageFor(code, lang) : null,
      name: null,
    };
  });
  const valid = rows.filter((r) => r.ok).map((r) => r.robotId);
  return { total: rows.length, validCount: valid.length, valid, rows };
}

/** Controls/adPublishByPlaylistId: issue an approved plan to its devices again (devices refetch). */
export async function reissue(ctx: AppContext, user: SessionUser, playListId: string): Promise<{ issued: number }> {
  return ctx.db.transaction(async (tx) => {
    const plan = await visiblePlan(ctx, tx, user, playListId, { forUpdate: true });
    if (plan.auditState !== 'post') throw new AppError('PLAYLIST_NOT_APPROVED', {}, 'playListId');
    await assertDeliverable(ctx, tx, plan);
    const updated = await tx
      .update(publishRecords)
      .set({ state: 'issued', pubAt: ctx.clock.now(), pullAt: null })
      .where(and(eq(publishRecords.playlistId, plan.id), isLive()))
      .returning({ id: publishRecords.id });
    if (updated.length === 0) throw new AppError('AUDIT_PLAN_NOT_DELIVERED', {}, 'playListId');
    return { issued: updated.length };
  });
}

// ---------------------------------------------------------------------------------------------
// Reading: publish details, delivery info, failed report, summaries

const likeText = (v: string) => `%${v.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

interface DetailJoined {
  record: typeof publishRecords.$inferSelect;
  robotId: string;
  name: string;
  type: string;
  province: string | null;
  city: string | null;
  panoramas: string[] | null;
  propertyname: string | null;
  projecttype: string | null;
  playlistName: string;
  clientId: string | null;
  clientName: string | null;
}

function detailRows(lang: Language, rows: DetailJoined[], used: Map<string, number>): PublishInfoRow[] {
  return rows.map((r) => ({
    id: r.record.id,
    robotId: r.robotId,
    name: r.name,
    type: r.type,
    state: r.record.state as PublishState,
    pullState: pullStatus(r.record.state as PublishState),
    pubTime: toUnixSeconds(r.record.pubAt),
    pullTime: toUnixSeconds(r.record.pullAt),
    createTime: toUnixSeconds(r.record.createdAt) ?? 0,
    province: r.province,
    city: r.city,
    propertyname: r.propertyname,
    projecttype: r.projecttype,
    install: { panoramaList: (r.panoramas ?? []).map((filePath) => ({ filePath })) },
    resourceNumber: remainingSlots(used.get(r.record.robotRef) ?? 0),
    charged: r.record.charged,
    failCode: r.record.failCode,
    failMsg: r.record.failCode ? messageFor(r.record.failCode, lang) : null,
    cancelReason: r.record.cancelReason,
    cancelTime: toUnixSeconds(r.record.cancelledAt),
    playlistId: r.record.playlistId,
    playlistName: r.playlistName,
    clientId: r.clientId,
    clientName: r.clientName,
  }));
}

const detailColumns = {
  record: publishRecords,
  robotId: robots.robotId,
  name: robots.name,
  type: robots.type,
  province: robots.province,
  city: robots.city,
  panoramas: robots.panoramas,
  propertyname: projects.name,
  projecttype: projects.type,
  playlistName: playlists.name,
  clientId: playlists.clientId,
  clientName: customers.name,
};

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
  if (user.role === 'project') conds.push(user.projectId ? eq(robots.projectId, user.projectId) : sql`false`);
  if (q.playListId) conds.push(eq(publishRecords.playlistId, q.playListId));
  if (q.name) conds.push(ilike(playlists.name, likeText(q.name)));
  if (q.robotId) conds.push(ilike(robots.robotId, likeText(q.robotId)));
  if (q.state) conds.push(eq(publishRecords.state, q.state));
  if (q.clientId) conds.push(eq(playlists.clientId, q.clientId));
  if (q.province) conds.push(eq(robots.province, q.province));
  if (q.city) conds.push(eq(robots.city, q.city));
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
  const joined = <T extends PgSelect>(query: T) =>
    query
      .innerJoin(robots, eq(robots.id, publishRecords.robotRef))
      .innerJoin(playlists, eq(playlists.id, publishRecords.playlistId))
      .leftJoin(projects, eq(projects.id, robots.projectId))
      .leftJoin(customers, eq(customers.id, playlists.clientId))
      .where(where);
  const [count] = await joined(ctx.db.select({ n: sql<number>`count(*)::int` }).from(publishRecords).$dynamic());
  const rows = await joined(ctx.db.select(detailColumns).from(publishRecords).$dynamic())
    .orderBy(desc(publishRecords.createdAt), asc(robots.robotId))
    .offset(q.start)
    .limit(q.limit);
  const held = await heldByRobot(
    ctx.db,
    rows.map((r) => r.record.robotRef),
    ctx.clock.now(),
  );
  const used = new Map([...held].map(([k, v]) => [k, v.slots]));
  return { total: count?.n ?? 0, datas: detailRows(lang, rows, used) };
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
  return pagedRecords(ctx, and(...(scope ? [scope] : []), ...recordConditions(user, q)), q, lang);
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
  if (user.role === 'project') conds.push(user.projectId ? eq(robots.projectId, user.projectId) : sql`false`);
  const rows = await ctx.db
    .select({ robotId: robots.robotId })
    .from(publishRecords)
    .innerJoin(robots, eq(robots.id, publishRecords.robotRef))
    .where(and(...conds))
    .orderBy(robots.robotId)
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

/** DELETE /api/Publishes/{id}: cancel one device's record (operators). */
export async function cancelRecord(ctx: AppContext, user: SessionUser, id: string, reason: string) {
  return ctx.db.transaction(async (tx) => {
    const [rec] = await tx.select().from(publishRecords).where(eq(publishRecords.id, id)).for('update');
    if (!rec) throw new AppError('NOT_FOUND', {}, 'id');
    await visiblePlan(ctx, tx, user, rec.playlistId);
    if (!(LIVE_STATES as readonly string[]).includes(rec.state)) throw new AppError('CANCEL_FAILED', {}, 'id');
    await tx
      .update(publishRecords)
      .set({ state: 'cancelled', cancelledAt: ctx.clock.now(), cancelReason: reason })
      .where(eq(publishRecords.id, rec.id));
    return { cancelled: 1 };
  });
}

/** GET queryAccountsByCondition: property (project) accounts to deliver to, with their device counts. */
export async function accountOptions(ctx: AppContext, q: { start: number; limit: number; name?: string }) {
  const conds: SQL[] = [eq(accounts.role, 'project')];
  if (q.name) conds.push(or(ilike(accounts.name, likeText(q.name)), ilike(accounts.username, likeText(q.name))) as SQL);
  const where = and(...conds);
  const [count] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(accounts).where(where);
  const rows = await ctx.db
    .select({
      id: accounts.id,
      name: accounts.name,
      account: accounts.username,
      projectId: accounts.projectId,
      robots: sql<number>`(select count(*)::int from ${robots} where ${robots.projectId} = ${accounts.projectId})`,
    })
    .from(accounts)
    .where(where)
    .orderBy(asc(accounts.name))
    .offset(q.start)
    .limit(q.limit);
  return { total: count?.n ?? 0, datas: rows };
}

/** GET queryNumberOfRobotWithAccounts: how many devices the accounts' properties hold. */
export async function robotCountOfAccounts(ctx: AppContext, accountIds: string[]) {
  return { total: (await robotIdsOfAccounts(ctx.db, accountIds)).length };
}

/** The robots (robots.id) an ad is live on now, through the running plans that contain it (sales: branches). */
export async function liveRobotRefsOfAd(db: DbOrTx, adId: string, now: Date): Promise<string[]> {
  const plansWithAd = sql`(select ${playlistAds.playlistId} from ${playlistAds} where ${playlistAds.adId} = ${adId})`;
  const rows = await db
    .selectDistinct({ ref: publishRecords.robotRef })
    .from(publishRecords)
    .innerJoin(playlists, eq(playlists.id, publishRecords.playlistId))
    .where(
      and(
        sql`${publishRecords.playlistId} in ${plansWithAd}`,
        isLive(),
        isNull(playlists.deletedAt),
        gt(playlists.endAt, now),
      ),
    );
  return rows.map((r) => r.ref);
}

/**
 * For the ads module: how many devices (live records of running plans) an ad is linked to through
 * the plans that contain it (the audits module counts the accounts).
 */
export function adLinkCounter(clock: Clock): AdLinkCounter {
  return async (db, adId) => {
    const now = clock.now();
    const plansWithAd = sql`(select ${playlistAds.playlistId} from ${playlistAds} where ${playlistAds.adId} = ${adId})`;
    const [devices] = await db
      .select({ n: sql<number>`count(distinct ${publishRecords.robotRef})::int` })
      .from(publishRecords)
      .innerJoin(playlists, eq(playlists.id, publishRecords.playlistId))
      .where(
        and(
          sql`${publishRecords.playlistId} in ${plansWithAd}`,
          isLive(),
          isNull(playlists.deletedAt),
          gt(playlists.endAt, now),
        ),
      );
    return { devices: devices?.n ?? 0, accounts: 0 };
  };
}
