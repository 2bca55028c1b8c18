import { createHash, randomBytes } from 'node:crypto';
import { PARAM_KEYS } from '@robot-ads/contracts/admin/admin.params';
import { isOperatorRole } from '@robot-ads/contracts/auth/roles';
import { newId } from '@robot-ads/contracts/common/ids';
import { fromUnixSeconds, toUnixSeconds } from '@robot-ads/contracts/common/time';
import {
  DEVICE_STATES,
  DEVICE_TYPES,
  type DeviceState,
  type DeviceType,
  fenToYuan,
  isOnline,
  ONLINE_WINDOW_MS,
  remainingSlots,
  robotState,
  yuanToFen,
} from '@robot-ads/contracts/devices/devices.rules';
import {
  type CreateRobotBody,
  type DeviceBoard,
  type MapPoint,
  PROJECT_EDITABLE_FIELDS,
  type RobotDetailDto,
  type RobotDto,
  type RobotFilters,
  type RobotQuery,
  type SetInfoBody,
  type SetPriceBody,
} from '@robot-ads/contracts/devices/devices.schemas';
import type { PriceChangeDto, PriceHistoryQuery } from '@robot-ads/contracts/sales/prices.schemas';
import { and, desc, eq, inArray, isNotNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import { isSuperuser } from '../../platform/session-user';
import {
  findRobotByRobotId,
  findRobots,
  findRobotsByRobotIds,
  type RobotJoined,
  recentTransitions,
  robotFilterConditions,
  robotScope,
  type ScopeUser,
  sceneIdFor,
  stateCondition,
  transitionsOf,
} from './devices.repository';
import { devicePriceChanges, deviceTokens, projects, robots, robotTransitions } from './devices.table';

/**
 * The robots (robots.id) of an ad group, as a subquery. Groups sit above devices, so the ad-groups module
 * provides it (buildApp passes it to the devices routes, the ad-groups routes pass their own).
 */
export type GroupMembers = (groupId: string) => SQLWrapper;

/** Used ad slots per robot (keyed by robots.id): `ctx.usedSlots`, the publishing module's lookup (devices.context.ts). */
export async function usedSlotsOf(ctx: AppContext, db: DbOrTx, robotRefs: string[]): Promise<Map<string, number>> {
  if (robotRefs.length === 0) return new Map();
  return ctx.usedSlots(db, robotRefs);
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export function toRobotDto(row: RobotJoined & { distance?: number }, now: Date, used: number): RobotDto {
  const r = row.robot;
  const state = robotState(
    { activated: r.activated, expireAt: r.expireAt, inUse: r.inUse, lastHeartbeatAt: r.lastHeartbeatAt },
    now,
  );
  return {
    id: r.id,
    robotId: r.robotId,
    name: r.name,
    type: r.type as DeviceType,
    sceneId: r.sceneId,
    sceneName: row.sceneName,
    projectId: r.projectId,
    propertyname: row.propertyname,
    projecttype: (row.projecttype as RobotDto['projecttype']) ?? null,
    install: { panoramaList: r.panoramas.map((filePath) => ({ filePath })) },
    province: r.province,
    city: r.city,
    district: r.district,
    address: r.address,
    lng: r.lng,
    lat: r.lat,
    actTag: r.activated,
    activatedAt: toUnixSeconds(r.activatedAt),
    expireTime: toUnixSeconds(r.expireAt),
    used: r.inUse,
    state,
    online: isOnline(r.lastHeartbeatAt, now),
    salesType: r.salesType as RobotDto['salesType'],
    isThereAContract: r.hasContract,
    postAds: r.postAds,
    listType: r.listType as RobotDto['listType'],
    screenRatio: r.screenRatio as RobotDto['screenRatio'],
    template: r.template === 2 ? 2 : 1,
    resourceNumber: used,
    remainingSlots: remainingSlots(used),
    price: r.priceFen === null ? null : fenToYuan(r.priceFen),
    industryName: r.industryName,
    lastHeartbeat: toUnixSeconds(r.lastHeartbeatAt),
    appVersion: r.appVersion,
    freeStorage: r.freeStorage,
    ...(row.distance !== undefined && row.distance !== null
      ? { distance: Math.round(row.distance * 1000) / 1000 }
      : {}),
    createtime: toUnixSeconds(r.createdAt) ?? 0,
  };
}

async function toDtos(ctx: AppContext, db: DbOrTx, rows: Array<RobotJoined & { distance?: number }>, now: Date) {
  const used = await usedSlotsOf(
    ctx,
    db,
    rows.map((r) => r.robot.id),
  );
  return rows.map((r) => toRobotDto(r, now, used.get(r.robot.id) ?? 0));
}

/** Scope and filters as one where-clause. */
export function robotWhere(user: ScopeUser, filters: Partial<RobotFilters>, now: Date, extra: SQL[] = []) {
  if (filters.distance !== undefined && (filters.lng === undefined || filters.lat === undefined)) {
    throw new AppError('DISTANCE_NEEDS_POINT', {}, 'distance');
  }
  const scope = robotScope(user, now);
  return and(...(scope ? [scope] : []), ...robotFilterConditions(filters, now), ...extra);
}

export async function queryRobots(ctx: AppContext, user: ScopeUser, query: RobotQuery, extra: SQL[] = []) {
  await ctx.presence.flush();
  const now = ctx.clock.now();
  const where = robotWhere(user, query, now, extra);
  const point = query.distance !== undefined && query.lng !== undefined && query.lat !== undefined;
  const { total, rows } = await findRobots(ctx.db, where, {
    start: query.start,
    limit: query.limit,
    orderByDistance: point ? { lng: query.lng as number, lat: query.lat as number } : undefined,
  });
  return { total, datas: await toDtos(ctx, ctx.db, rows, now) };
}

/** A robot in the caller's scope, or NOT_FOUND (never reveals another property's robot). */
export async function visibleRobot(
  ctx: AppContext,
  db: DbOrTx,
  user: ScopeUser,
  robotId: string,
): Promise<RobotJoined> {
  const now = ctx.clock.now();
  const scope = robotScope(user, now);
  const [row] = await db
    .select({ id: robots.id })
    .from(robots)
    .where(and(eq(robots.robotId, robotId), ...(scope ? [scope] : [])))
    .limit(1);
  const joined = row ? await findRobotByRobotId(db, robotId) : null;
  if (!joined) throw new AppError('NOT_FOUND', {}, 'robotId');
  return joined;
}

export async function robotBaseInfo(ctx: AppContext, user: ScopeUser, robotId: string): Promise<RobotDetailDto> {
  await ctx.presence.flush();
  const now = ctx.clock.now();
  const row = await visibleRobot(ctx, ctx.db, user, robotId);
  const [dto] = await toDtos(ctx, ctx.db, [row], now);
  const history = await transitionsOf(ctx.db, row.robot.id, 50);
  const [token] = await ctx.db
    .select({ id: deviceTokens.id })
    .from(deviceTokens)
    .where(and(eq(deviceTokens.robotRef, row.robot.id), sql`${deviceTokens.revokedAt} is null`))
    .limit(1);
  return {
    ...(dto as RobotDto),
    transitions: history.map((h) => ({ kind: h.kind as 'online' | 'offline', time: toUnixSeconds(h.at) ?? 0 })),
    hasToken: Boolean(token),
  };
}

async function assertProjectExists(db: DbOrTx, projectId: string) {
  const [p] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).limit(1);
  if (!p) throw new AppError('NOT_FOUND', {}, 'projectId');
}

export async function createRobot(ctx: AppContext, user: ScopeUser, body: CreateRobotBody): Promise<RobotDetailDto> {
  const now = ctx.clock.now();
  // Without a price of its own, a new robot takes the default weekly price (system parameter; 0: none).
  const defaultPrice = await ctx.params.number(PARAM_KEYS.defaultWeeklyPrice);
  await ctx.db.transaction(async (tx) => {
    const [dup] = await tx.select({ id: robots.id }).from(robots).where(eq(robots.robotId, body.robotId)).limit(1);
    if (dup) throw new AppError('ROBOT_ID_EXISTS', {}, 'robotId');
    if (body.projectId) await assertProjectExists(tx, body.projectId);
    const sceneId = body.sceneName ? await sceneIdFor(tx, body.sceneName, newId) : null;
    await tx.insert(robots).values({
      id: newId(),
      robotId: body.robotId,
      name: body.name,
      type: body.type,
      projectId: body.projectId ?? null,
      sceneId,
      province: body.province ?? null,
      city: body.city ?? null,
      district: body.district ?? null,
      address: body.address ?? null,
      lng: body.lng ?? null,
      lat: body.lat ?? null,
      salesType: body.salesType,
      screenRatio: body.screenRatio,
      template: body.template,
      expireAt: fromUnixSeconds(body.expireTime ?? null),
      priceFen: body.price ? yuanToFen(body.price) : defaultPrice > 0 ? yuanToFen(defaultPrice) : null,
      industryName: body.industryName ?? null,
      createdAt: now,
      updatedAt: now,
    });
  });
  return robotBaseInfo(ctx, user, body.robotId);
}

/** POST /api/Devices/setInfo: operators change any field; a project account only a few, on its own devices. */
export async function setInfo(ctx: AppContext, user: ScopeUser, body: SetInfoBody): Promise<RobotDto> {
  const now = ctx.clock.now();
  const operator = isSuperuser(user) || isOperatorRole(user.role);
  if (!operator) {
    const allowed = new Set<string>(['robotId', ...PROJECT_EDITABLE_FIELDS]);
    const refused = Object.keys(body).find((k) => !allowed.has(k) && body[k as keyof SetInfoBody] !== undefined);
    if (refused) throw new AppError('FORBIDDEN', {}, refused);
  }
  await ctx.db.transaction(async (tx) => {
    const row = await visibleRobot(ctx, tx, user, body.robotId);
    const patch: Partial<typeof robots.$inferInsert> = { updatedAt: now };
    if (body.name !== undefined) patch.name = body.name;
    if (body.type !== undefined) patch.type = body.type;
    if (body.projectId !== undefined) {
      if (body.projectId) await assertProjectExists(tx, body.projectId);
      patch.projectId = body.projectId;
    }
    if (body.sceneName !== undefined)
      patch.sceneId = body.sceneName ? await sceneIdFor(tx, body.sceneName, newId) : null;
    for (const k of ['province', 'city', 'district', 'address', 'lng', 'lat', 'industryName'] as const) {
      if (body[k] !== undefined) (patch as Record<string, unknown>)[k] = body[k];
    }
    if (body.panoramaList !== undefined) patch.panoramas = body.panoramaList.map((p) => p.filePath);
    if (body.actTag !== undefined) {
      patch.activated = body.actTag;
      if (body.actTag && !row.robot.activatedAt) patch.activatedAt = now;
    }
    if (body.used !== undefined) patch.inUse = body.used;
    if (body.expireTime !== undefined) patch.expireAt = fromUnixSeconds(body.expireTime);
    if (body.salesType !== undefined) patch.salesType = body.salesType;
    if (body.isThereAContract !== undefined) patch.hasContract = body.isThereAContract;
    if (body.postAds !== undefined) patch.postAds = body.postAds;
    if (body.listType !== undefined) patch.listType = body.listType;
    if (body.screenRatio !== undefined) patch.screenRatio = body.screenRatio;
    if (body.template !== undefined) patch.template = body.template;
    if (body.price !== undefined) patch.priceFen = body.price === null ? null : yuanToFen(body.price);
    await tx.update(robots).set(patch).where(eq(robots.id, row.robot.id));
  });
  const detail = await robotBaseInfo(ctx, user, body.robotId);
  const { transitions: _t, hasToken: _h, ...dto } = detail;
  return dto;
}

/**
 * /screenPriceManage: one weekly price for several robots, or for every robot of an ad group (operators,
 * robots in their scope). Every change is kept in device_price_changes.
 */
export async function setPrice(
  ctx: AppContext,
  user: ScopeUser & { name?: string },
  body: SetPriceBody,
  groupMembers: GroupMembers,
): Promise<{ updated: number }> {
  const now = ctx.clock.now();
  return ctx.db.transaction(async (tx) => {
    const unique = [...new Set(body.robotIds ?? [])];
    const byId =
      unique.length > 0
        ? await tx
            .select({ id: robots.id, robotId: robots.robotId, priceFen: robots.priceFen })
            .from(robots)
            .where(and(inArray(robots.robotId, unique), robotScope(user, now)))
        : [];
    if (byId.length !== unique.length) throw new AppError('DEVICE_NOT_EXIST', {}, 'robotIds');
    const byGroup = body.groupId
      ? await tx
          .select({ id: robots.id, robotId: robots.robotId, priceFen: robots.priceFen })
          .from(robots)
          .where(and(inArray(robots.id, groupMembers(body.groupId)), robotScope(user, now)))
      : [];
    if (body.groupId && byGroup.length === 0) throw new AppError('DEVICE_LIST_EMPTY', {}, 'groupId');
    const targets = new Map([...byId, ...byGroup].map((r) => [r.id, r]));
    const fen = yuanToFen(body.price);
    await tx
      .update(robots)
      .set({ priceFen: fen, updatedAt: now })
      .where(inArray(robots.id, [...targets.keys()]));
    const groupOf = new Set(byGroup.map((r) => r.id));
    await tx.insert(devicePriceChanges).values(
      [...targets.values()].map((r) => ({
        id: newId(),
        robotId: r.robotId,
        oldPriceFen: r.priceFen,
        newPriceFen: fen,
        groupId: groupOf.has(r.id) ? (body.groupId ?? '') : '',
        changedBy: user.id,
        changedByName: user.name ?? '',
        createdAt: now,
      })),
    );
    return { updated: targets.size };
  });
}

/** GET /api/Devices/priceHistory: price changes of robots in the caller's scope, newest first. */
export async function priceHistory(
  ctx: AppContext,
  user: ScopeUser,
  query: PriceHistoryQuery,
): Promise<{ total: number; datas: PriceChangeDto[] }> {
  const now = ctx.clock.now();
  const visible = ctx.db.select({ robotId: robots.robotId }).from(robots).where(robotScope(user, now));
  const conds: SQL[] = [inArray(devicePriceChanges.robotId, visible)];
  if (query.robotId) conds.push(eq(devicePriceChanges.robotId, query.robotId));
  if (query.groupId) conds.push(eq(devicePriceChanges.groupId, query.groupId));
  const where = and(...conds);
  const [count] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(devicePriceChanges).where(where);
  const rows = await ctx.db
    .select()
    .from(devicePriceChanges)
    .where(where)
    .orderBy(desc(devicePriceChanges.createdAt), desc(devicePriceChanges.id))
    .offset(query.start)
    .limit(query.limit);
  return {
    total: count?.n ?? 0,
    datas: rows.map((r) => ({
      id: r.id,
      robotId: r.robotId,
      oldPrice: r.oldPriceFen === null ? null : fenToYuan(r.oldPriceFen),
      newPrice: r.newPriceFen === null ? null : fenToYuan(r.newPriceFen),
      groupId: r.groupId,
      changedBy: r.changedBy,
      changedByName: r.changedByName,
      time: toUnixSeconds(r.createdAt) ?? 0,
    })),
  };
}

/** GET /api/StatisDevices/queryRobotInfo: counts by state and type, online ratio, recent transitions. */
export async function deviceBoard(ctx: AppContext, user: ScopeUser): Promise<DeviceBoard> {
  await ctx.presence.flush();
  const now = ctx.clock.now();
  const scope = robotScope(user, now);
  const stateCols = Object.fromEntries(
    DEVICE_STATES.map((s) => [s, sql<number>`count(*) filter (where ${stateCondition(s, now)})::int`]),
  ) as Record<DeviceState, SQL<number>>;
  const [counts] = await ctx.db
    .select({ total: sql<number>`count(*)::int`, ...stateCols })
    .from(robots)
    .where(scope);
  const byTypeRows = await ctx.db
    .select({
      type: robots.type,
      total: sql<number>`count(*)::int`,
      online: sql<number>`count(*) filter (where ${stateCondition('online', now)})::int`,
    })
    .from(robots)
    .where(scope)
    .groupBy(robots.type);
  const byType = DEVICE_TYPES.map((type) => {
    const r = byTypeRows.find((x) => x.type === type);
    return { type, total: r?.total ?? 0, online: r?.online ?? 0 };
  });
  const byState = Object.fromEntries(DEVICE_STATES.map((s) => [s, counts?.[s] ?? 0])) as Record<DeviceState, number>;
  const live = byState.online + byState.offline;
  const recent = await recentTransitions(ctx.db, scope, 20);
  return {
    total: counts?.total ?? 0,
    byState,
    byType,
    onlineRatio: live === 0 ? 0 : Math.round((byState.online / live) * 10000) / 10000,
    recentTransitions: recent.map((r) => ({
      robotId: r.robotId,
      name: r.name,
      kind: r.kind as 'online' | 'offline',
      time: toUnixSeconds(r.at) ?? 0,
    })),
  };
}

/** GET /api/StatisDevices/queryRobotInfoSimple: every located robot in scope as a map point. */
export async function mapPoints(
  ctx: AppContext,
  user: ScopeUser,
  q: { province?: string; city?: string; type?: DeviceType; state?: DeviceState },
): Promise<MapPoint[]> {
  await ctx.presence.flush();
  const now = ctx.clock.now();
  const where = robotWhere(user, { province: q.province, city: q.city, type: q.type, state: q.state }, now, [
    isNotNull(robots.lng),
    isNotNull(robots.lat),
  ]);
  const rows = await ctx.db
    .select({
      robotId: robots.robotId,
      name: robots.name,
      type: robots.type,
      province: robots.province,
      city: robots.city,
      lng: robots.lng,
      lat: robots.lat,
      activated: robots.activated,
      expireAt: robots.expireAt,
      inUse: robots.inUse,
      lastHeartbeatAt: robots.lastHeartbeatAt,
    })
    .from(robots)
    .where(where)
    .orderBy(robots.robotId)
    .limit(20000);
  return rows.map((r) => ({
    robotId: r.robotId,
    name: r.name,
    type: r.type as DeviceType,
    state: robotState(r, now),
    province: r.province,
    city: r.city,
    lng: r.lng as number,
    lat: r.lat as number,
  }));
}

/**
 * Records robots whose last beat is older than the online window as offline, at the moment they went
 * offline (last beat + window), so that "time connected" is exact whenever the sweep runs. The beats
 * the presence holds (not yet written, or taken by another instance, in Redis) count as well: a robot
 * seen inside the window is not swept.
 */
export async function sweepOffline(
  ctx: AppContext,
  robotId?: string,
): Promise<{ checked: number; wentOffline: number }> {
  await ctx.presence.flush();
  const now = ctx.clock.now();
  const cutoff = new Date(now.getTime() - ONLINE_WINDOW_MS);
  const lapsed = and(
    eq(robots.online, true),
    sql`(${robots.lastHeartbeatAt} is null or ${robots.lastHeartbeatAt} <= ${cutoff})`,
    ...(robotId ? [eq(robots.robotId, robotId)] : []),
  );
  const candidates = await ctx.db.select({ id: robots.id, last: robots.lastHeartbeatAt }).from(robots).where(lapsed);
  const seen = await ctx.presence.lastSeen(candidates.map((c) => c.id));
  const lastBeat = (c: { id: string; last: Date | null }) =>
    Math.max(c.last?.getTime() ?? 0, seen.get(c.id) ?? 0) || null;
  const gone = candidates.filter((c) => (lastBeat(c) ?? 0) <= cutoff.getTime());
  const result = await ctx.db.transaction(async (tx) => {
    const written =
      gone.length === 0
        ? []
        : await tx
            .update(robots)
            .set({ online: false })
            .where(
              and(
                lapsed,
                inArray(
                  robots.id,
                  gone.map((g) => g.id),
                ),
              ),
            )
            .returning({ id: robots.id });
    const byId = new Map(gone.map((g) => [g.id, lastBeat(g)]));
    if (written.length > 0) {
      await tx.insert(robotTransitions).values(
        written.map((g) => {
          const last = byId.get(g.id);
          return { id: newId(), robotRef: g.id, kind: 'offline', at: last ? new Date(last + ONLINE_WINDOW_MS) : now };
        }),
      );
    }
    const [checked] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(robots)
      .where(robotId ? eq(robots.robotId, robotId) : undefined);
    return { checked: checked?.n ?? 0, wentOffline: written.length, refs: written.map((w) => w.id) };
  });
  ctx.presence.forget(result.refs);
  return { checked: result.checked, wentOffline: result.wentOffline };
}

/** Issues a new activation secret (shown once) for a robot; the hash is kept. */
export async function issueActivationSecret(
  ctx: AppContext,
  robotId: string,
): Promise<{ robotId: string; secret: string }> {
  const secret = randomBytes(18).toString('base64url');
  const [row] = await ctx.db
    .update(robots)
    .set({ activationSecretHash: sha256(secret), updatedAt: ctx.clock.now() })
    .where(eq(robots.robotId, robotId))
    .returning({ robotId: robots.robotId });
  if (!row) throw new AppError('NOT_FOUND', {}, 'robotId');
  return { robotId: row.robotId, secret };
}

/** Revokes every token of a robot: its next request is refused until it activates again. */
export async function revokeDeviceTokens(ctx: AppContext, robotId: string): Promise<{ revoked: number }> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select({ id: robots.id }).from(robots).where(eq(robots.robotId, robotId)).limit(1);
    if (!row) throw new AppError('NOT_FOUND', {}, 'robotId');
    const revoked = await tx
      .update(deviceTokens)
      .set({ revokedAt: ctx.clock.now() })
      .where(and(eq(deviceTokens.robotRef, row.id), sql`${deviceTokens.revokedAt} is null`))
      .returning({ hash: deviceTokens.tokenHash });
    // Refused at once here; other instances learn it from the schedule change feed.
    ctx.deviceTokens.evict(revoked.map((r) => r.hash));
    return { revoked: revoked.length };
  });
}

export { findRobotsByRobotIds };
