import type { ResourceKind } from '@robot-ads/contracts/media/media.rules';
import type { ResourceQuery } from '@robot-ads/contracts/resources/resources.schemas';
import { and, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsLike } from '../../platform/like';
import type { DataScope } from '../../platform/scope';
import { ownedWhere } from '../media/owned.queries';
import { type ResourceRow, resources } from './resources.table';

/* The materials table, for the resources service only (other modules read resources.queries.ts). */

/** A material within the caller's data scope. */
export async function findResourceInScope(db: DbOrTx, id: string, scope: DataScope): Promise<ResourceRow | undefined> {
  const [row] = await db
    .select()
    .from(resources)
    .where(and(eq(resources.id, id), ownedWhere(scope, resources)));
  return row;
}

/** Those of these materials within the caller's data scope (in no particular order). */
export async function findResourcesInScope(db: DbOrTx, ids: string[], scope: DataScope): Promise<ResourceRow[]> {
  return db
    .select()
    .from(resources)
    .where(and(inArray(resources.id, [...new Set(ids)]), ownedWhere(scope, resources)));
}

/** Materials by id, without a scope. */
export async function findResourcesByIds(db: DbOrTx, ids: string[]): Promise<ResourceRow[]> {
  return db.select().from(resources).where(inArray(resources.id, ids));
}

/** Whether a registered file is already a material. */
export async function isMediaRegistered(db: DbOrTx, mediaId: string): Promise<boolean> {
  const [used] = await db.select({ id: resources.id }).from(resources).where(eq(resources.mediaId, mediaId));
  return used !== undefined;
}

export async function insertResource(db: DbOrTx, values: typeof resources.$inferInsert): Promise<ResourceRow> {
  const [inserted] = await db.insert(resources).values(values).returning();
  return inserted!;
}

export async function updateResource(
  db: DbOrTx,
  id: string,
  values: Partial<typeof resources.$inferInsert>,
): Promise<ResourceRow | undefined> {
  const [row] = await db.update(resources).set(values).where(eq(resources.id, id)).returning();
  return row;
}

export async function deleteResource(db: DbOrTx, id: string): Promise<void> {
  await db.delete(resources).where(eq(resources.id, id));
}

/** A video's poster frame, once made. */
export async function setPosterKey(db: DbOrTx, id: string, key: string): Promise<void> {
  await db.update(resources).set({ posterKey: key }).where(eq(resources.id, id));
}

function filters(scope: DataScope, q: Partial<ResourceQuery>): SQL | undefined {
  const conds: (SQL | undefined)[] = [ownedWhere(scope, resources)];
  if (q.kind) conds.push(eq(resources.kind, q.kind));
  if (q.template) conds.push(eq(resources.template, q.template));
  if (q.slot) conds.push(eq(resources.slot, q.slot));
  if (q.type) conds.push(eq(resources.type, q.type));
  if (q.name) conds.push(ilike(resources.name, containsLike(q.name)));
  return and(...conds);
}

/** One page of the materials in scope meeting the filters, newest first, and how many match. */
export async function resourcePage(
  db: DbOrTx,
  scope: DataScope,
  q: ResourceQuery,
): Promise<{ total: number; rows: ResourceRow[] }> {
  const where = filters(scope, q);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(resources).where(where);
  const rows = await db
    .select()
    .from(resources)
    .where(where)
    .orderBy(desc(resources.createdAt), desc(resources.id))
    .limit(q.limit)
    .offset(q.start);
  return { total, rows };
}

/** How many materials in scope there are of each kind. */
export async function resourceKinds(db: DbOrTx, scope: DataScope): Promise<{ kind: ResourceKind; count: number }[]> {
  const rows = await db
    .select({ kind: resources.kind, count: count() })
    .from(resources)
    .where(filters(scope, {}))
    .groupBy(resources.kind)
    .orderBy(resources.kind);
  return rows.map((r) => ({ kind: r.kind as ResourceKind, count: r.count }));
}
