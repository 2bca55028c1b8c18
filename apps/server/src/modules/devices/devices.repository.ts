import { isAdvertiserRole, isOperatorRole } from '@robot-ads/contracts/auth/roles';
import { type DeviceState, ONLINE_WINDOW_MS } from '@robot-ads/contracts/devices/devices.rules';
import type { RobotFilters } from '@robot-ads/contracts/devices/devices.schemas';
import {
  and,
  asc,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsLike } from '../../platform/like';
import { isSuperuser, type SessionUser } from '../../platform/session-user';
import {
  deviceExports,
  devicePriceChanges,
  deviceTokens,
  projects,
  robots,
  robotTransitions,
  scenes,
} from './devices.table';

export type ScopeUser = Pick<SessionUser, 'id' | 'role' | 'principals' | 'projectId'>;

const like = containsLike;

/** Conditions of each device state at `now` (spec section 4). */
export function stateCondition(state: DeviceState, now: Date): SQL {
  const onlineSince = new Date(now.getTime() - ONLINE_WINDOW_MS);
  const notExpired = or(isNull(robots.expireAt), sql`${robots.expireAt} > ${now}`) as SQL;
  const live = and(eq(robots.activated, true), notExpired, eq(robots.inUse, true)) as SQL;
  switch (state) {
    case 'notActivated':
      return eq(robots.activated, false);
    case 'activated':
      return eq(robots.activated, true);
    case 'expired':
      return and(eq(robots.activated, true), lte(robots.expireAt, now)) as SQL;
    case 'unused':
      return and(eq(robots.activated, true), notExpired, eq(robots.inUse, false)) as SQL;
    case 'online':
      return and(live, sql`${robots.lastHeartbeatAt} > ${onlineSince}`) as SQL;
    default:
      return and(live, or(isNull(robots.lastHeartbeatAt), lte(robots.lastHeartbeatAt, onlineSince))) as SQL;
  }
}

/** Robots a device a delivery can target: activated, not expired, in use, not blacklisted, ads allowed. */
export function deliverableCondition(now: Date): SQL {
  return and(
    eq(robots.activated, true),
    or(isNull(robots.expireAt), sql`${robots.expireAt} > ${now}`),
    eq(robots.inUse, true),
    sql`${robots.listType} <> 'blacklist'`,
    eq(robots.postAds, true),
  ) as SQL;
}

/**
 * The robots a caller may see: operators all; a project account its property's; an advertiser only
 * what delivery needs (deliverable robots); anybody else none.
 */
export function robotScope(user: ScopeUser, now: Date): SQL | undefined {
  if (isSuperuser(user) || isOperatorRole(user.role)) return undefined;
  if (user.role === 'project') return user.projectId ? eq(robots.projectId, user.projectId) : sql`false`;
  if (isAdvertiserRole(user.role)) return deliverableCondition(now);
  return sql`false`;
}

export function haversineKm(lng: number, lat: number): SQL<number> {
  return sql<number>`(2 * 6371 * asin(least(1, sqrt(
    power(sin(radians(${robots.lat} - ${lat}) / 2), 2) +
    cos(radians(${lat})) * cos(radians(${robots.lat})) * power(sin(radians(${robots.lng} - ${lng}) / 2), 2)))))`;
}

/** Where-conditions of a robot list filter (every filter on the server). */
export function robotFilterConditions(f: Partial<RobotFilters>, now: Date): SQL[] {
  const c: SQL[] = [];
  if (f.robotId) c.push(ilike(robots.robotId, like(f.robotId)));
  if (f.name) c.push(ilike(robots.name, like(f.name)));
  if (f.type) c.push(eq(robots.type, f.type));
  if (f.state) c.push(stateCondition(f.state, now));
  if (f.province) c.push(eq(robots.province, f.province));
  if (f.city) c.push(eq(robots.city, f.city));
  if (f.district) c.push(eq(robots.district, f.district));
  if (f.projectId) c.push(eq(robots.projectId, f.projectId));
  if (f.propertyname) c.push(ilike(projects.name, like(f.propertyname)));
  if (f.sceneName) c.push(ilike(scenes.name, like(f.sceneName)));
  if (f.salesType) c.push(eq(robots.salesType, f.salesType));
  if (f.listType) c.push(eq(robots.listType, f.listType));
  if (f.postAds !== undefined) c.push(eq(robots.postAds, f.postAds));
  if (f.screenRatio) c.push(eq(robots.screenRatio, f.screenRatio));
  if (f.distance !== undefined && f.lng !== undefined && f.lat !== undefined) {
    // A bounding box first (cheap), then the exact great-circle distance.
    const dLat = f.distance / 111;
    const dLng = f.distance / (111 * Math.max(0.05, Math.cos((f.lat * Math.PI) / 180)));
    c.push(isNotNull(robots.lat), isNotNull(robots.lng));
    c.push(sql`${robots.lat} between ${f.lat - dLat} and ${f.lat + dLat}`);
    c.push(sql`${robots.lng} between ${f.lng - dLng} and ${f.lng + dLng}`);
    c.push(sql`${haversineKm(f.lng, f.lat)} <= ${f.distance}`);
  }
  return c;
}

export const robotColumns = {
  robot: robots,
  propertyname: projects.name,
  projecttype: projects.type,
  sceneName: scenes.name,
};

export type RobotJoined = {
  robot: typeof robots.$inferSelect;
  propertyname: string | null;
  projecttype: string | null;
  sceneName: string | null;
};

export async function findRobots(
  db: DbOrTx,
  where: SQL | undefined,
  opts: { start: number; limit: number; orderByDistance?: { lng: number; lat: number } },
): Promise<{ total: number; rows: Array<RobotJoined & { distance?: number }> }> {
  const [countRow] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(robots)
    .leftJoin(projects, eq(projects.id, robots.projectId))
    .leftJoin(scenes, eq(scenes.id, robots.sceneId))
    .where(where);
  const total = countRow?.n ?? 0;
  if (total === 0) return { total, rows: [] };
  const point = opts.orderByDistance;
  const distance = point ? haversineKm(point.lng, point.lat) : null;
  const rows = await db
    .select({ ...robotColumns, ...(distance ? { distance } : {}) })
    .from(robots)
    .leftJoin(projects, eq(projects.id, robots.projectId))
    .leftJoin(scenes, eq(scenes.id, robots.sceneId))
    .where(where)
    .orderBy(...(distance ? [asc(distance)] : []), asc(robots.robotId))
    .offset(opts.start)
    .limit(opts.limit);
  return { total, rows: rows as Array<RobotJoined & { distance?: number }> };
}

export async function findRobotsByRobotIds(db: DbOrTx, robotIds: string[]): Promise<RobotJoined[]> {
  if (robotIds.length === 0) return [];
  return db
    .select(robotColumns)
    .from(robots)
    .leftJoin(projects, eq(projects.id, robots.projectId))
    .leftJoin(scenes, eq(scenes.id, robots.sceneId))
    .where(inArray(robots.robotId, robotIds));
}

export async function findRobotByRobotId(db: DbOrTx, robotId: string): Promise<RobotJoined | null> {
  const [row] = await findRobotsByRobotIds(db, [robotId]);
  return row ?? null;
}

/** The connection's transitions (the table also records changes of service: devices.queries.ts). */
const CONNECTION_KINDS = ['online', 'offline'];

export async function recentTransitions(db: DbOrTx, where: SQL | undefined, limit: number) {
  return db
    .select({ robotId: robots.robotId, name: robots.name, kind: robotTransitions.kind, at: robotTransitions.at })
    .from(robotTransitions)
    .innerJoin(robots, eq(robots.id, robotTransitions.robotRef))
    .where(and(where, inArray(robotTransitions.kind, CONNECTION_KINDS)))
    .orderBy(desc(robotTransitions.at))
    .limit(limit);
}

export async function transitionsOf(db: DbOrTx, robotRef: string, limit: number) {
  return db
    .select({ kind: robotTransitions.kind, at: robotTransitions.at })
    .from(robotTransitions)
    .where(and(eq(robotTransitions.robotRef, robotRef), inArray(robotTransitions.kind, CONNECTION_KINDS)))
    .orderBy(desc(robotTransitions.at))
    .limit(limit);
}

/** The scene with this name, created when missing. */
export async function sceneIdFor(db: DbOrTx, name: string, newId: () => string): Promise<string> {
  const [existing] = await db.select({ id: scenes.id }).from(scenes).where(eq(scenes.name, name)).limit(1);
  if (existing) return existing.id;
  const [row] = await db
    .insert(scenes)
    .values({ id: newId(), name })
    .onConflictDoUpdate({ target: scenes.name, set: { name } })
    .returning({ id: scenes.id });
  if (!row) throw new Error('scene upsert returned nothing');
  return row.id;
}

/** The caller's scope, the list filters and any extra conditions, as one where-clause. */
export function scopedRobotWhere(user: ScopeUser, filters: Partial<RobotFilters>, now: Date, extra: SQL[] = []) {
  const scope = robotScope(user, now);
  return and(...(scope ? [scope] : []), ...robotFilterConditions(filters, now), ...extra);
}

/** The robots among `refs` (a subquery of refs), filtered as the robot list filters. */
export function robotsAmongWhere(refs: SQLWrapper, filters: Partial<RobotFilters>, now: Date): SQL | undefined {
  return and(inArray(robots.id, refs), ...robotFilterConditions(filters, now));
}

/** Only robots with a position (the map). */
export function locatedConditions(): SQL[] {
  return [isNotNull(robots.lng), isNotNull(robots.lat)];
}

/** How many robots (joined to their property and scene) match. */
export async function countRobots(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(robots)
    .leftJoin(projects, eq(projects.id, robots.projectId))
    .leftJoin(scenes, eq(scenes.id, robots.sceneId))
    .where(where);
  return count?.n ?? 0;
}

export async function insertDeviceExport(db: DbOrTx, values: typeof deviceExports.$inferInsert): Promise<void> {
  await db.insert(deviceExports).values(values);
}

/** robots.id of a device ID, within `scope` when given; null when absent or out of scope. */
export async function robotRefOf(db: DbOrTx, robotId: string, scope?: SQL): Promise<string | null> {
  const [row] = await db
    .select({ id: robots.id })
    .from(robots)
    .where(and(eq(robots.robotId, robotId), ...(scope ? [scope] : [])))
    .limit(1);
  return row?.id ?? null;
}

export async function projectExists(db: DbOrTx, projectId: string): Promise<boolean> {
  const [p] = await db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).limit(1);
  return Boolean(p);
}

/** Whether the robot holds a live (unrevoked) device token. */
export async function hasLiveToken(db: DbOrTx, robotRef: string): Promise<boolean> {
  const [token] = await db
    .select({ id: deviceTokens.id })
    .from(deviceTokens)
    .where(and(eq(deviceTokens.robotRef, robotRef), sql`${deviceTokens.revokedAt} is null`))
    .limit(1);
  return Boolean(token);
}

export type NewRobot = typeof robots.$inferInsert;
export type RobotPatch = Partial<NewRobot>;

export async function insertRobot(db: DbOrTx, values: NewRobot): Promise<void> {
  await db.insert(robots).values(values);
}

export async function updateRobot(db: DbOrTx, robotRef: string, patch: RobotPatch): Promise<void> {
  await db.update(robots).set(patch).where(eq(robots.id, robotRef));
}

/** Sets a robot's one-time activation secret (its hash); the device ID, or null for an unknown robot. */
export async function setActivationSecretHash(db: DbOrTx, robotId: string, hash: string, now: Date) {
  const [row] = await db
    .update(robots)
    .set({ activationSecretHash: hash, updatedAt: now })
    .where(eq(robots.robotId, robotId))
    .returning({ robotId: robots.robotId });
  return row?.robotId ?? null;
}

// ---- prices ----

/** Ref, device ID and price of the robots among these device IDs, or among `refs` (a subquery), in `scope`. */
export async function pricedRobotsIn(db: DbOrTx, among: { robotIds: string[] } | { refs: SQLWrapper }, scope?: SQL) {
  return db
    .select({ id: robots.id, robotId: robots.robotId, priceFen: robots.priceFen })
    .from(robots)
    .where(and('robotIds' in among ? inArray(robots.robotId, among.robotIds) : inArray(robots.id, among.refs), scope));
}

export async function setRobotsPrice(db: DbOrTx, robotRefs: string[], priceFen: number, now: Date): Promise<void> {
  await db.update(robots).set({ priceFen, updatedAt: now }).where(inArray(robots.id, robotRefs));
}

export async function insertPriceChanges(db: DbOrTx, rows: Array<typeof devicePriceChanges.$inferInsert>) {
  await db.insert(devicePriceChanges).values(rows);
}

/** Price changes of the robots in `scope`, newest first, one page. */
export async function priceChangesPage(
  db: DbOrTx,
  scope: SQL | undefined,
  q: { robotId?: string; groupId?: string; start: number; limit: number },
) {
  const visible = db.select({ robotId: robots.robotId }).from(robots).where(scope);
  const conds: SQL[] = [inArray(devicePriceChanges.robotId, visible)];
  if (q.robotId) conds.push(eq(devicePriceChanges.robotId, q.robotId));
  if (q.groupId) conds.push(eq(devicePriceChanges.groupId, q.groupId));
  const where = and(...conds);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(devicePriceChanges).where(where);
  const rows = await db
    .select()
    .from(devicePriceChanges)
    .where(where)
    .orderBy(desc(devicePriceChanges.createdAt), desc(devicePriceChanges.id))
    .offset(q.start)
    .limit(q.limit);
  return { total: count?.n ?? 0, rows };
}
