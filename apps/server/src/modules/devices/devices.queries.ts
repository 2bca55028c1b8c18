import { newId } from '@robot-ads/contracts/common/ids';
import { AD_CAPABLE_TYPES } from '@robot-ads/contracts/devices/devices.rules';
import type { RobotFilters } from '@robot-ads/contracts/devices/devices.schemas';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { listedRobots } from './delivery.queries';
import { deliverableCondition, findRobots, robotsAmongWhere } from './devices.repository';

export type { ScopeUser } from './devices.repository';

import { deviceTokens, projects, robots, robotTransitions } from './devices.table';

/** Live (unrevoked) device tokens among these hashes, with their robots: one query. */
export async function liveDeviceTokens(db: DbOrTx, hashes: string[]) {
  return db
    .select({ hash: deviceTokens.tokenHash, robotRef: deviceTokens.robotRef, robotId: robots.robotId })
    .from(deviceTokens)
    .innerJoin(robots, eq(robots.id, deviceTokens.robotRef))
    .where(and(inArray(deviceTokens.tokenHash, hashes), isNull(deviceTokens.revokedAt)));
}

/** The robot of a device ID with its activation secret, locked for the activation's transaction. */
export async function robotForActivation(db: DbOrTx, robotId: string) {
  const [robot] = await db
    .select({
      id: robots.id,
      robotId: robots.robotId,
      hash: robots.activationSecretHash,
      activatedAt: robots.activatedAt,
      activated: robots.activated,
    })
    .from(robots)
    .where(eq(robots.robotId, robotId))
    .for('update')
    .limit(1);
  return robot ?? null;
}

/** Revokes the robot's live device tokens; the hashes revoked. */
export async function revokeDeviceTokensOf(db: DbOrTx, robotRef: string, now: Date): Promise<string[]> {
  const revoked = await db
    .update(deviceTokens)
    .set({ revokedAt: now })
    .where(and(eq(deviceTokens.robotRef, robotRef), isNull(deviceTokens.revokedAt)))
    .returning({ hash: deviceTokens.tokenHash });
  return revoked.map((r) => r.hash);
}

export async function insertDeviceToken(db: DbOrTx, robotRef: string, tokenHash: string, now: Date): Promise<void> {
  await db.insert(deviceTokens).values({ id: newId(), robotRef, tokenHash, createdAt: now });
}

/** Marks a robot activated (first activation time kept) and clears its one-time secret. */
export async function markRobotActivated(
  db: DbOrTx,
  robotRef: string,
  patch: { activatedAt: Date; appVersion?: string; now: Date; wasActivated: boolean },
): Promise<void> {
  await db
    .update(robots)
    .set({
      activated: true,
      activatedAt: patch.activatedAt,
      activationSecretHash: null,
      ...(patch.appVersion ? { appVersion: patch.appVersion } : {}),
      updatedAt: patch.now,
    })
    .where(eq(robots.id, robotRef));
  // A deactivated robot's plays count again from now, if it is in use (docs/statistics.md, "Robots not in
  // service"); a robot activated again (a new token) changes nothing.
  if (!patch.wasActivated)
    await db.insert(robotTransitions).values({ id: newId(), robotRef, kind: 'activated', at: patch.now });
}

/**
 * The kinds of transition that record a change of service (beside `online` and `offline`): the audit
 * reads them to flag plays from the moment a robot left service (docs/statistics.md, "Robots not in service").
 */
export const SERVICE_KINDS = ['activated', 'deactivated', 'inUse', 'outOfUse'] as const;

/** The service transitions an edit of `activated` or `inUse` records (none when neither changes). */
export function serviceChanges(
  before: { id: string; activated: boolean; inUse: boolean },
  patch: { activated?: boolean; inUse?: boolean },
  at: Date,
): Array<typeof robotTransitions.$inferInsert> {
  const out: Array<typeof robotTransitions.$inferInsert> = [];
  if (patch.activated !== undefined && patch.activated !== before.activated)
    out.push({ id: newId(), robotRef: before.id, kind: patch.activated ? 'activated' : 'deactivated', at });
  if (patch.inUse !== undefined && patch.inUse !== before.inUse)
    out.push({ id: newId(), robotRef: before.id, kind: patch.inUse ? 'inUse' : 'outOfUse', at });
  return out;
}

/** For the proof-of-play audit: the robot's service state now and its recorded changes of service, oldest first. */
export async function serviceOfRobot(db: DbOrTx, robotRef: string) {
  const [robot] = await db
    .select({ activated: robots.activated, inUse: robots.inUse, expireAt: robots.expireAt })
    .from(robots)
    .where(eq(robots.id, robotRef));
  const changes = await db
    .select({ kind: robotTransitions.kind, at: robotTransitions.at })
    .from(robotTransitions)
    .where(and(eq(robotTransitions.robotRef, robotRef), inArray(robotTransitions.kind, [...SERVICE_KINDS])))
    .orderBy(asc(robotTransitions.at));
  return robot ? { ...robot, changes } : null;
}

/** Deliverable robots with an end date after `now`, by device ID (the demo ad groups pick from them). */
export async function deliverableRobotsWithEndDate(db: DbOrTx, now: Date) {
  return db
    .select({ id: robots.id, city: robots.city, type: robots.type })
    .from(robots)
    .where(and(deliverableCondition(now), isNotNull(robots.expireAt), sql`${robots.expireAt} > ${now}`))
    .orderBy(asc(robots.robotId));
}

// ---------------------------------------------------------------------------------------------
// For the publishing module: delivery to every device of property accounts.

/** Robot IDs of every device standing in these properties, sorted, each once. */
export async function robotIdsOfProjects(db: DbOrTx, projectIds: string[]): Promise<string[]> {
  if (projectIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ robotId: robots.robotId })
    .from(robots)
    .where(inArray(robots.projectId, projectIds))
    .orderBy(robots.robotId);
  return rows.map((r) => r.robotId);
}

// ---------------------------------------------------------------------------------------------
// For the statistics module: where robots stand and how their exposure is counted.

export interface StatRobot {
  ref: string;
  robotId: string;
  name: string;
  province: string;
  city: string;
}

/** Robot refs matching the report's filters (property, device ID, province). */
export async function statRobotRefs(
  db: DbOrTx,
  f: { projectId?: string; robotId?: string; province?: string },
): Promise<string[]> {
  const rows = await db
    .select({ id: robots.id })
    .from(robots)
    .where(
      and(
        f.projectId !== undefined ? eq(robots.projectId, f.projectId) : undefined,
        f.robotId !== undefined ? eq(robots.robotId, f.robotId) : undefined,
        f.province !== undefined ? eq(robots.province, f.province) : undefined,
      ),
    );
  return rows.map((r) => r.id);
}

/** Device ID, name and place of these robots (unknown refs are absent): the listing's lookup, narrowed. */
export async function statRobots(db: DbOrTx, refs: readonly string[]): Promise<Map<string, StatRobot>> {
  const listed = await listedRobots(db, refs);
  return new Map(
    [...listed].map(([ref, r]) => [
      ref,
      { ref, robotId: r.robotId, name: r.name, province: r.province ?? '', city: r.city ?? '' },
    ]),
  );
}

/** Robots whose audience multiplier is not 1 (exposure of unsensed plays = plays x multiplier). */
export async function audienceMultipliers(db: DbOrTx): Promise<Map<string, number>> {
  const rows = await db
    .select({ ref: robots.id, m: robots.audienceMultiplier })
    .from(robots)
    .where(sql`${robots.audienceMultiplier} <> 1`);
  return new Map(rows.map((r) => [r.ref, Number(r.m)]));
}

// For the shooting module (and the demo orders of sales): the robots a requirement may photograph, where they stand.
export {
  robotRefsMatching,
  type ShootRobot,
  type ShootRobotFilters,
  shootRobotsByRefs,
  shootRobotsByRobotIds,
  shootRobotsPage,
} from './shoot-robots.queries';

/** Robots by robotId with what an order's amount needs (sales). Unknown ids are absent. */
export async function pricedRobots(db: DbOrTx, robotIds: readonly string[]) {
  if (robotIds.length === 0) return [];
  return db
    .select({
      id: robots.id,
      robotId: robots.robotId,
      name: robots.name,
      salesType: robots.salesType,
      priceFen: robots.priceFen,
      province: robots.province,
      city: robots.city,
    })
    .from(robots)
    .where(inArray(robots.robotId, [...new Set(robotIds)]));
}

/** The condition "a robot stands in one of these regions" ('' city: the whole province). */
function inRegions(regions: ReadonlyArray<{ province: string; city: string }>) {
  if (regions.length === 0) return sql`false`;
  return or(
    ...regions.map((r) =>
      r.city ? and(eq(robots.province, r.province), eq(robots.city, r.city)) : eq(robots.province, r.province),
    ),
  );
}

/** Robots in these regions, paged (branches of the sales module). */
export async function robotsInRegions(
  db: DbOrTx,
  regions: ReadonlyArray<{ province: string; city: string }>,
  page: { start: number; limit: number },
) {
  const where = inRegions(regions);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(robots).where(where);
  const rows = await db
    .select({
      robotId: robots.robotId,
      name: robots.name,
      province: robots.province,
      city: robots.city,
      salesType: robots.salesType,
      priceFen: robots.priceFen,
    })
    .from(robots)
    .where(where)
    .orderBy(asc(robots.robotId))
    .offset(page.start)
    .limit(page.limit);
  return { total: count?.n ?? 0, rows };
}

/** Province and city of these robots (robots.id), distinct (sales: regional accounts of an ad). */
export async function regionsOfRobots(db: DbOrTx, refs: readonly string[]) {
  if (refs.length === 0) return [];
  return db
    .selectDistinct({ province: robots.province, city: robots.city })
    .from(robots)
    .where(inArray(robots.id, [...refs]));
}

// ---------------------------------------------------------------------------------------------
// For the ad-groups module: a group's members are robot refs; these turn them into device IDs and pages.

/** The refs (robots.id) of these device IDs, as a subquery for `inArray`. */
export function robotRefsOfRobotIds(db: DbOrTx, robotIds: string[]) {
  return db.select({ id: robots.id }).from(robots).where(inArray(robots.robotId, robotIds));
}

/** Device IDs of the robots among `refs` (a list or a subquery of refs), each once, sorted. */
export async function robotIdsAmong(db: DbOrTx, refs: SQLWrapper | string[]): Promise<string[]> {
  const rows = await db
    .selectDistinct({ robotId: robots.robotId })
    .from(robots)
    .where(inArray(robots.id, refs))
    .orderBy(asc(robots.robotId));
  return rows.map((r) => r.robotId);
}

/** One page of the robots among `refs` (a subquery of refs), filtered as the robot list filters. */
export function robotsPageAmong(
  db: DbOrTx,
  refs: SQLWrapper,
  filters: Partial<RobotFilters>,
  page: { start: number; limit: number },
  now: Date,
) {
  return findRobots(db, robotsAmongWhere(refs, filters, now), page);
}

/**
 * For the demo fleet: device IDs of deliverable robots that show ads, those among `preferred` (a subquery
 * of refs) first, then by device ID; at most `limit`.
 */
export async function deliverableAdRobotIds(db: DbOrTx, now: Date, preferred: SQLWrapper, limit: number) {
  const rows = await db
    .select({ robotId: robots.robotId })
    .from(robots)
    .where(and(deliverableCondition(now), inArray(robots.type, [...AD_CAPABLE_TYPES])))
    .orderBy(desc(inArray(robots.id, preferred)), asc(robots.robotId))
    .limit(limit);
  return rows.map((r) => r.robotId);
}

/**
 * Every robot's device ID, name and property as a subquery to join by `ref` (reports of other modules,
 * e.g. consumption per robot): `.innerJoin(dir, eq(dir.ref, x.robotRef))`.
 */
export function robotDirectory(db: DbOrTx) {
  return db
    .select({
      ref: robots.id,
      robotId: robots.robotId,
      name: robots.name,
      projectId: robots.projectId,
      propertyname: sql<string | null>`${projects.name}`.as('propertyname'),
    })
    .from(robots)
    .leftJoin(projects, eq(projects.id, robots.projectId))
    .as('robot_directory');
}

// ---------------------------------------------------------------------------------------------
// For the schedules module: screens, revoked device tokens, robots changed (the schedule change feed).

/** The screen layout (template and pixel size) of each robot, read-only. */
export async function robotScreens(db: DbOrTx, robotRefs: string[]) {
  const out = new Map<string, { template: number; screenRatio: string }>();
  if (robotRefs.length === 0) return out;
  const rows = await db
    .select({ id: robots.id, template: robots.template, screenRatio: robots.screenRatio })
    .from(robots)
    .where(inArray(robots.id, robotRefs));
  for (const r of rows) out.set(r.id, { template: r.template, screenRatio: r.screenRatio });
  return out;
}

/** Hashes of device tokens revoked after `since` (a re-activation revokes the robot's earlier tokens). */
export async function revokedTokensSince(db: DbOrTx, since: Date): Promise<string[]> {
  const rows = await db
    .select({ hash: deviceTokens.tokenHash })
    .from(deviceTokens)
    .where(gt(deviceTokens.revokedAt, since));
  return rows.map((r) => r.hash);
}

/** Robots whose own screen settings changed after `since`, as rows `(robot_ref, at)`. */
export function robotsChangedSince(since: Date): SQL {
  return sql`select ${robots.id} as robot_ref, ${robots.updatedAt} as at from ${robots} where ${robots.updatedAt} > ${since}`;
}

// ---------------------------------------------------------------------------------------------
// For the demo delivery seeder (reviews): properties by name and the robots a plan can be delivered to.

/** Properties by name, name -> id. */
export async function projectIdsByName(db: DbOrTx): Promise<Map<string, string>> {
  const rows = await db.select({ id: projects.id, name: projects.name }).from(projects);
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** Up to `limit` robots of a property that take ads now (activated, in use, not blacklisted, not expired), by device ID. */
export async function adReadyRobotsOfProject(db: DbOrTx, projectId: string, now: Date, limit: number) {
  return db
    .select({ ref: robots.id, robotId: robots.robotId, projectId: robots.projectId })
    .from(robots)
    .where(
      and(
        eq(robots.projectId, projectId),
        eq(robots.activated, true),
        eq(robots.inUse, true),
        eq(robots.postAds, true),
        ne(robots.listType, 'blacklist'),
        gt(robots.expireAt, now),
        inArray(robots.type, [...AD_CAPABLE_TYPES]),
      ),
    )
    .orderBy(robots.robotId)
    .limit(limit);
}
