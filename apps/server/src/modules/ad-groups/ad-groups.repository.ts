import { and, asc, desc, eq, ilike, inArray, ne, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsLike } from '../../platform/like';
import { adGroupRobots, adGroups } from './ad-groups.table';

/** The creators whose groups a caller sees (null: all). */
export type GroupScope = readonly string[] | null;

export interface GroupRow {
  id: string;
  name: string;
  creatorId: string;
  createdAt: Date;
  robotCount: number;
}

const robotCount = sql<number>`(select count(*)::int from ${adGroupRobots} where ${adGroupRobots.groupId} = ${adGroups.id})`;
const columns = {
  id: adGroups.id,
  name: adGroups.name,
  creatorId: adGroups.creatorId,
  createdAt: adGroups.createdAt,
  robotCount,
};

function listWhere(scope: GroupScope, name?: string): SQL | undefined {
  return and(
    ...(scope ? [inArray(adGroups.creatorId, [...scope])] : []),
    ...(name ? [ilike(adGroups.name, containsLike(name))] : []),
  );
}

/** Groups in scope by name, at most `limit`. */
export async function groupsByName(db: DbOrTx, scope: GroupScope, name: string | undefined, limit: number) {
  return db.select(columns).from(adGroups).where(listWhere(scope, name)).orderBy(asc(adGroups.name)).limit(limit);
}

export async function pageGroupRows(
  db: DbOrTx,
  scope: GroupScope,
  q: { start: number; limit: number; name?: string },
): Promise<{ total: number; rows: GroupRow[] }> {
  const where = listWhere(scope, q.name);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(adGroups).where(where);
  const rows = await db
    .select(columns)
    .from(adGroups)
    .where(where)
    .orderBy(desc(adGroups.createdAt), asc(adGroups.id))
    .offset(q.start)
    .limit(q.limit);
  return { total: count?.n ?? 0, rows };
}

export async function findGroup(db: DbOrTx, scope: GroupScope, id: string): Promise<GroupRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(adGroups)
    .where(and(eq(adGroups.id, id), listWhere(scope)))
    .limit(1);
  return row;
}

/** Whether another group of this creator has the name. */
export async function groupNameTaken(db: DbOrTx, creatorId: string, name: string, exceptId?: string): Promise<boolean> {
  const [dup] = await db
    .select({ id: adGroups.id })
    .from(adGroups)
    .where(
      and(eq(adGroups.creatorId, creatorId), eq(adGroups.name, name), ...(exceptId ? [ne(adGroups.id, exceptId)] : [])),
    )
    .limit(1);
  return Boolean(dup);
}

export async function insertGroup(db: DbOrTx, row: typeof adGroups.$inferInsert): Promise<void> {
  await db.insert(adGroups).values(row);
}

export async function renameGroup(db: DbOrTx, id: string, name: string): Promise<void> {
  await db.update(adGroups).set({ name }).where(eq(adGroups.id, id));
}

export async function deleteGroupRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(adGroups).where(eq(adGroups.id, id));
}

/** The robots (robots.id) of these groups, as a subquery. */
export function membersOf(db: DbOrTx, groupIds: readonly string[]) {
  return db
    .select({ id: adGroupRobots.robotRef })
    .from(adGroupRobots)
    .where(inArray(adGroupRobots.groupId, [...groupIds]));
}

export async function addMembers(db: DbOrTx, groupId: string, robotRefs: readonly string[], now: Date): Promise<void> {
  if (robotRefs.length === 0) return;
  await db
    .insert(adGroupRobots)
    .values(robotRefs.map((robotRef) => ({ groupId, robotRef, addedAt: now })))
    .onConflictDoNothing();
}

/** Removes from a group the robots a subquery of robot refs names. */
export async function removeMembers(db: DbOrTx, groupId: string, robotRefs: SQLWrapper): Promise<void> {
  await db
    .delete(adGroupRobots)
    .where(and(eq(adGroupRobots.groupId, groupId), inArray(adGroupRobots.robotRef, robotRefs)));
}
