import { and, desc, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsLike } from '../../platform/like';
import { type BranchRow, branches, orders } from './sales.table';

/** The accounts whose branches a caller sees (null: all). */
export type BranchScope = readonly string[] | null;

const inScope = (scope: BranchScope): SQL | undefined => (scope ? inArray(branches.accountId, [...scope]) : undefined);

export async function findBranch(db: DbOrTx, id: string, scope: BranchScope): Promise<BranchRow | undefined> {
  const [row] = await db
    .select()
    .from(branches)
    .where(and(eq(branches.id, id), inScope(scope)))
    .limit(1);
  return row;
}

/** How many orders customers of these accounts placed. */
export async function orderCountOf(db: DbOrTx, accountIds: readonly string[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(inArray(orders.customerOwnerId, [...accountIds]));
  return row?.n ?? 0;
}

export async function pageBranches(
  db: DbOrTx,
  scope: BranchScope,
  q: { start: number; limit: number; name?: string; province?: string },
): Promise<{ total: number; rows: BranchRow[] }> {
  const where = and(
    inScope(scope),
    q.name ? ilike(branches.name, containsLike(q.name)) : undefined,
    q.province ? sql`${branches.regions} @> ${JSON.stringify([{ province: q.province }])}::jsonb` : undefined,
  );
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(branches).where(where);
  const rows = await db
    .select()
    .from(branches)
    .where(where)
    .orderBy(desc(branches.createdAt), desc(branches.id))
    .offset(q.start)
    .limit(q.limit);
  return { total: count?.n ?? 0, rows };
}

/** Whether another branch has this account. */
export async function branchAccountTaken(db: DbOrTx, accountId: string, exceptId?: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.accountId, accountId), ...(exceptId ? [ne(branches.id, exceptId)] : [])))
    .limit(1);
  return Boolean(taken);
}

/** Inserts the branch unless its account has one already: the row, or undefined. */
export async function insertBranch(db: DbOrTx, row: typeof branches.$inferInsert): Promise<BranchRow | undefined> {
  const [created] = await db.insert(branches).values(row).onConflictDoNothing().returning();
  return created;
}

export async function updateBranch(
  db: DbOrTx,
  id: string,
  patch: Partial<typeof branches.$inferInsert>,
): Promise<BranchRow | undefined> {
  const [updated] = await db.update(branches).set(patch).where(eq(branches.id, id)).returning();
  return updated;
}

export async function deleteBranch(db: DbOrTx, id: string): Promise<void> {
  await db.delete(branches).where(eq(branches.id, id));
}

export async function allBranchRegions(db: DbOrTx): Promise<Array<Pick<BranchRow, 'regions'>>> {
  return db.select({ regions: branches.regions }).from(branches);
}
