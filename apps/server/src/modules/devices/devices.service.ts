import { createHash, randomBytes } from 'node:crypto';
import { PARAM_KEYS } from '@robot-ads/contracts/admin/admin.params';
import { isOperatorRole } from '@robot-ads/contracts/auth/roles';
import { newId } from '@robot-ads/contracts/common/ids';
import { fromUnixSeconds, toUnixSeconds } from '@robot-ads/contracts/common/time';
import {
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
  PROJECT_EDITABLE_FIELDS,
  type RobotDetailDto,
  type RobotDto,
  type RobotFilters,
  type RobotQuery,
  type SetInfoBody,
} from '@robot-ads/contracts/devices/devices.schemas';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import { isSuperuser } from '../../platform/session-user';
import type { DevicesContext } from './devices.context';
import { revokeDeviceTokensOf, serviceChanges } from './devices.queries';
import {
  findRobotByRobotId,
  findRobots,
  findRobotsByRobotIds,
  hasLiveToken,
  insertRobot,
  projectExists,
  type RobotJoined,
  type RobotPatch,
  robotRefOf,
  robotScope,
  type ScopeUser,
  sceneIdFor,
  scopedRobotWhere,
  setActivationSecretHash,
  transitionsOf,
  updateRobot,
} from './devices.repository';
import { insertTransitions, lapsedRobots, markLapsedOffline, robotCount } from './robot-state.repository';

/**
 * The robots (robots.id) of an ad group, as a subquery. Groups sit above devices, so the ad-groups module
 * provides it (buildApp passes it to the devices routes, the ad-groups routes pass their own).
 */
export type GroupMembers = (groupId: string) => SQLWrapper;

/** Used ad slots per robot (keyed by robots.id): `ctx.usedSlots`, the publishing module's lookup (devices.context.ts). */
export async function usedSlotsOf(ctx: DevicesContext, db: DbOrTx, robotRefs: string[]): Promise<Map<string, number>> {
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

async function toDtos(ctx: DevicesContext, db: DbOrTx, rows: Array<RobotJoined & { distance?: number }>, now: Date) {
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
  return scopedRobotWhere(user, filters, now, extra);
}

export async function queryRobots(ctx: DevicesContext, user: ScopeUser, query: RobotQuery, extra: SQL[] = []) {
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
  const ref = await robotRefOf(db, robotId, robotScope(user, now));
  const joined = ref ? await findRobotByRobotId(db, robotId) : null;
  if (!joined) throw new AppError('NOT_FOUND', {}, 'robotId');
  return joined;
}

export async function robotBaseInfo(ctx: DevicesContext, user: ScopeUser, robotId: string): Promise<RobotDetailDto> {
  await ctx.presence.flush();
  const now = ctx.clock.now();
  const row = await visibleRobot(ctx, ctx.db, user, robotId);
  const [dto] = await toDtos(ctx, ctx.db, [row], now);
  const history = await transitionsOf(ctx.db, row.robot.id, 50);
  const token = await hasLiveToken(ctx.db, row.robot.id);
  return {
    ...(dto as RobotDto),
    transitions: history.map((h) => ({ kind: h.kind as 'online' | 'offline', time: toUnixSeconds(h.at) ?? 0 })),
    hasToken: Boolean(token),
  };
}

async function assertProjectExists(db: DbOrTx, projectId: string) {
  if (!(await projectExists(db, projectId))) throw new AppError('NOT_FOUND', {}, 'projectId');
}

export async function createRobot(
  ctx: DevicesContext,
  user: ScopeUser,
  body: CreateRobotBody,
): Promise<RobotDetailDto> {
  const now = ctx.clock.now();
  // Without a price of its own, a new robot takes the default weekly price (system parameter; 0: none).
  const defaultPrice = await ctx.params.number(PARAM_KEYS.defaultWeeklyPrice);
  await ctx.db.transaction(async (tx) => {
    if (await robotRefOf(tx, body.robotId)) throw new AppError('ROBOT_ID_EXISTS', {}, 'robotId');
    if (body.projectId) await assertProjectExists(tx, body.projectId);
    const sceneId = body.sceneName ? await sceneIdFor(tx, body.sceneName, newId) : null;
    await insertRobot(tx, {
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
export async function setInfo(ctx: DevicesContext, user: ScopeUser, body: SetInfoBody): Promise<RobotDto> {
  const now = ctx.clock.now();
  const operator = isSuperuser(user) || isOperatorRole(user.role);
  if (!operator) {
    const allowed = new Set<string>(['robotId', ...PROJECT_EDITABLE_FIELDS]);
    const refused = Object.keys(body).find((k) => !allowed.has(k) && body[k as keyof SetInfoBody] !== undefined);
    if (refused) throw new AppError('FORBIDDEN', {}, refused);
  }
  await ctx.db.transaction(async (tx) => {
    const row = await visibleRobot(ctx, tx, user, body.robotId);
    const patch: RobotPatch = { updatedAt: now };
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
    await updateRobot(tx, row.robot.id, patch);
    await insertTransitions(tx, serviceChanges(row.robot, patch, now));
  });
  const detail = await robotBaseInfo(ctx, user, body.robotId);
  const { transitions: _t, hasToken: _h, ...dto } = detail;
  return dto;
}

/**
 * Records robots whose last beat is older than the online window as offline, at the moment they went
 * offline (last beat + window), so that "time connected" is exact whenever the sweep runs. The beats
 * the presence holds (not yet written, or taken by another instance, in Redis) count as well: a robot
 * seen inside the window is not swept.
 */
export async function sweepOffline(
  ctx: DevicesContext,
  robotId?: string,
): Promise<{ checked: number; wentOffline: number }> {
  await ctx.presence.flush();
  const now = ctx.clock.now();
  const cutoff = new Date(now.getTime() - ONLINE_WINDOW_MS);
  const candidates = await lapsedRobots(ctx.db, cutoff, robotId);
  const seen = await ctx.presence.lastSeen(candidates.map((c) => c.id));
  const lastBeat = (c: { id: string; last: Date | null }) =>
    Math.max(c.last?.getTime() ?? 0, seen.get(c.id) ?? 0) || null;
  const gone = candidates.filter((c) => (lastBeat(c) ?? 0) <= cutoff.getTime());
  const result = await ctx.db.transaction(async (tx) => {
    const written = await markLapsedOffline(
      tx,
      gone.map((g) => g.id),
      cutoff,
      robotId,
    );
    const byId = new Map(gone.map((g) => [g.id, lastBeat(g)]));
    await insertTransitions(
      tx,
      written.map((g) => {
        const last = byId.get(g.id);
        return { id: newId(), robotRef: g.id, kind: 'offline', at: last ? new Date(last + ONLINE_WINDOW_MS) : now };
      }),
    );
    const checked = await robotCount(tx, robotId);
    return { checked, wentOffline: written.length, refs: written.map((w) => w.id) };
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
  const found = await setActivationSecretHash(ctx.db, robotId, sha256(secret), ctx.clock.now());
  if (!found) throw new AppError('NOT_FOUND', {}, 'robotId');
  return { robotId: found, secret };
}

/** Revokes every token of a robot: its next request is refused until it activates again. */
export async function revokeDeviceTokens(ctx: DevicesContext, robotId: string): Promise<{ revoked: number }> {
  return ctx.db.transaction(async (tx) => {
    const ref = await robotRefOf(tx, robotId);
    if (!ref) throw new AppError('NOT_FOUND', {}, 'robotId');
    const revoked = await revokeDeviceTokensOf(tx, ref, ctx.clock.now());
    // Refused at once here; other instances learn it from the schedule change feed.
    ctx.deviceTokens.evict(revoked);
    return { revoked: revoked.length };
  });
}

export { findRobotsByRobotIds };
