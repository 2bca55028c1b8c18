import { type AnyColumn, and, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsLike } from '../../platform/like';
import { projects, robots, scenes } from './devices.table';

/*
 * For the delivery modules (playlists, publishing, reviews): the robots they deliver to, where they
 * stand, and conditions over them for list filters evaluated in SQL.
 */

/** Subquery: the refs (robots.id) of the robots standing in a property. */
export function robotRefsOfProject(projectId: string): SQL {
  return sql`select ${robots.id} from ${robots} where ${robots.projectId} = ${projectId}`;
}

const containsPattern = containsLike;

/** Filters on robots of the publish record lists; every one is optional (null project: no robot). */
export interface RecordRobotFilter {
  projectId?: string | null;
  /** Device ID, contains. */
  robotId?: string;
  province?: string;
  city?: string;
  /** Robot name, contains. */
  name?: string;
  /** Scene name, contains. */
  sceneName?: string;
  /** Property name, contains. */
  propertyname?: string;
}

/** Subquery: the refs of the robots matching the filter; undefined when it filters nothing. */
export function robotRefsWhere(f: RecordRobotFilter): SQL | undefined {
  const conds: SQL[] = [];
  if (f.projectId !== undefined) conds.push(f.projectId ? eq(robots.projectId, f.projectId) : sql`false`);
  if (f.robotId) conds.push(ilike(robots.robotId, containsPattern(f.robotId)));
  if (f.province) conds.push(eq(robots.province, f.province));
  if (f.city) conds.push(eq(robots.city, f.city));
  if (f.name) conds.push(ilike(robots.name, containsPattern(f.name)));
  if (f.sceneName) {
    conds.push(
      sql`${robots.sceneId} in (select ${scenes.id} from ${scenes} where ${ilike(scenes.name, containsPattern(f.sceneName))})`,
    );
  }
  if (f.propertyname) {
    conds.push(
      sql`${robots.projectId} in (select ${projects.id} from ${projects} where ${ilike(projects.name, containsPattern(f.propertyname))})`,
    );
  }
  if (conds.length === 0) return undefined;
  return sql`select ${robots.id} from ${robots} where ${and(...conds)}`;
}

/** The device ID of the robot whose ref is in `refColumn` (a correlated subquery, to sort by). */
export function robotIdOfRef(refColumn: AnyColumn): SQL {
  return sql`(select ${robots.robotId} from ${robots} where ${robots.id} = ${refColumn})`;
}

/** How many robots stand in each of these properties. */
export async function robotCountsOfProjects(db: DbOrTx, projectIds: readonly string[]): Promise<Map<string, number>> {
  const ids = [...new Set(projectIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ projectId: robots.projectId, n: sql<number>`count(*)::int` })
    .from(robots)
    .where(inArray(robots.projectId, ids))
    .groupBy(robots.projectId);
  return new Map(rows.map((r) => [r.projectId as string, r.n]));
}

/** Property (project) names by id (unknown ids are absent). */
export async function projectNames(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(inArray(projects.id, unique));
  return new Map(rows.map((p) => [p.id, p.name]));
}

/** Robot ID and property of these robots (refs; unknown ones are absent), by device ID. */
export async function robotsByRefs(db: DbOrTx, refs: readonly string[]) {
  if (refs.length === 0) return [];
  return db
    .select({ ref: robots.id, robotId: robots.robotId, projectId: robots.projectId })
    .from(robots)
    .where(inArray(robots.id, [...refs]))
    .orderBy(robots.robotId);
}

export interface TargetRobot {
  ref: string;
  robotId: string;
  projectId: string | null;
}

/** Ref, device ID and property of these robot IDs (unknown IDs are absent). */
export async function robotsByRobotIds(db: DbOrTx, robotIds: string[]): Promise<TargetRobot[]> {
  if (robotIds.length === 0) return [];
  return db
    .select({ ref: robots.id, robotId: robots.robotId, projectId: robots.projectId })
    .from(robots)
    .where(inArray(robots.robotId, [...new Set(robotIds)]));
}

export interface ListedRobot {
  robotId: string;
  name: string;
  type: string;
  propertyname: string | null;
  projecttype: string | null;
  sceneName: string | null;
  province: string | null;
  city: string | null;
  panoramas: string[] | null;
}

/**
 * Device ID, name, type, property, scene, place and panoramas of these robots, by ref (a page of a
 * device list or of publish records).
 */
export async function listedRobots(db: DbOrTx, refs: readonly string[]): Promise<Map<string, ListedRobot>> {
  const ids = [...new Set(refs)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      ref: robots.id,
      robotId: robots.robotId,
      name: robots.name,
      type: robots.type,
      propertyname: projects.name,
      projecttype: projects.type,
      sceneName: scenes.name,
      province: robots.province,
      city: robots.city,
      panoramas: robots.panoramas,
    })
    .from(robots)
    .leftJoin(projects, eq(projects.id, robots.projectId))
    .leftJoin(scenes, eq(scenes.id, robots.sceneId))
    .where(inArray(robots.id, ids));
  return new Map(rows.map(({ ref, ...r }) => [ref, r]));
}
