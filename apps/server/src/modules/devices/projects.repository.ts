import type { ProjectType } from '@robot-ads/contracts/devices/devices.rules';
import { and, asc, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsLike } from '../../platform/like';
import type { ScopeUser } from './devices.repository';
import { projects, robots, scenes } from './devices.table';

export type ProjectRow = typeof projects.$inferSelect;
export type NewProject = typeof projects.$inferInsert;

/** Projects a caller may see: operators and advertisers every property, a project account its own. */
function projectScope(user: ScopeUser): SQL | undefined {
  if (user.role === 'project') return user.projectId ? eq(projects.id, user.projectId) : sql`false`;
  if (user.role === 'hide') return sql`false`;
  return undefined;
}

export function projectConditions(user: ScopeUser, q: { name?: string; type?: ProjectType; province?: string }) {
  const scope = projectScope(user);
  return and(
    ...(scope ? [scope] : []),
    ...(q.name ? [ilike(projects.name, containsLike(q.name))] : []),
    ...(q.type ? [eq(projects.type, q.type)] : []),
    ...(q.province ? [eq(projects.province, q.province)] : []),
  );
}

/** Robots per property, for these properties (those with none are absent). */
export async function robotCountsOfProjects(db: DbOrTx, projectIds: string[]) {
  return db
    .select({ projectId: robots.projectId, n: sql<number>`count(*)::int` })
    .from(robots)
    .where(inArray(robots.projectId, projectIds))
    .groupBy(robots.projectId);
}

/** Properties matching `where`, by name (at most `limit`, from `start`). */
export async function findProjects(db: DbOrTx, where: SQL | undefined, page: { start?: number; limit: number }) {
  const q = db.select().from(projects).where(where).orderBy(asc(projects.name));
  return page.start === undefined ? q.limit(page.limit) : q.offset(page.start).limit(page.limit);
}

export async function countProjects(db: DbOrTx, where: SQL | undefined): Promise<number> {
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(projects).where(where);
  return count?.n ?? 0;
}

/** The property with this id, within `where` when given. */
export async function findProjectRows(db: DbOrTx, projectId: string, where?: SQL) {
  return db
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), where));
}

export async function findProjectById(db: DbOrTx, projectId: string): Promise<ProjectRow | null> {
  const [row] = await db.select().from(projects).where(eq(projects.id, projectId)).limit(1);
  return row ?? null;
}

/** Whether another property (not `exceptId`) has this name. */
export async function projectNameTaken(db: DbOrTx, name: string, exceptId: string | null): Promise<boolean> {
  const [dup] = await db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.name, name), ...(exceptId ? [ne(projects.id, exceptId)] : [])))
    .limit(1);
  return Boolean(dup);
}

/** Which of these names properties already have. */
export async function takenProjectNames(db: DbOrTx, names: string[]): Promise<Set<string>> {
  const rows = await db.select({ name: projects.name }).from(projects).where(inArray(projects.name, names));
  return new Set(rows.map((p) => p.name));
}

export async function insertProject(db: DbOrTx, values: NewProject): Promise<void> {
  await db.insert(projects).values(values);
}

export async function projectsByIds(db: DbOrTx, ids: string[]) {
  return db.select().from(projects).where(inArray(projects.id, ids)).orderBy(asc(projects.name));
}

export async function updateProjectRow(db: DbOrTx, id: string, patch: Partial<NewProject>): Promise<void> {
  await db.update(projects).set(patch).where(eq(projects.id, id));
}

export async function deleteProjectRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(projects).where(eq(projects.id, id));
}

/** Whether any robot stands in the property. */
export async function projectHasRobots(db: DbOrTx, projectId: string): Promise<boolean> {
  const [robot] = await db.select({ id: robots.id }).from(robots).where(eq(robots.projectId, projectId)).limit(1);
  return Boolean(robot);
}

/** Property names by id. */
export async function projectNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(inArray(projects.id, ids));
  return new Map(rows.map((p) => [p.id, p.name] as const));
}

/** Puts these robots (by device ID) in a property. */
export async function assignRobotsToProject(db: DbOrTx, robotIds: string[], projectId: string, now: Date) {
  await db.update(robots).set({ projectId, updatedAt: now }).where(inArray(robots.robotId, robotIds));
}

/** Scenes by name with their robot counts (a project account counts only its own robots); at most 1000. */
export async function scenesWithCounts(db: DbOrTx, user: ScopeUser, name?: string) {
  return db
    .select({
      id: scenes.id,
      name: scenes.name,
      robotCount: sql<number>`count(${robots.id}) filter (where ${user.role === 'project' ? sql`${robots.projectId} = ${user.projectId ?? ''}` : sql`true`})::int`,
    })
    .from(scenes)
    .leftJoin(robots, eq(robots.sceneId, scenes.id))
    .where(name ? ilike(scenes.name, containsLike(name)) : undefined)
    .groupBy(scenes.id, scenes.name)
    .orderBy(asc(scenes.name))
    .limit(1000);
}

/** Sets the scene or the list type of a robot (by device ID). */
export async function updateRobotByRobotId(
  db: DbOrTx,
  robotId: string,
  patch: { sceneId?: string; listType?: string; updatedAt: Date },
) {
  await db.update(robots).set(patch).where(eq(robots.robotId, robotId));
}
