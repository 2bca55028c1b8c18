import { and, count, desc, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsLike } from '../../platform/like';
import { type AccountRow, accounts, type NewAccountRow } from './accounts.table';

export async function findAccountById(db: DbOrTx, id: string): Promise<AccountRow | null> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row ?? null;
}

export async function findAccountByUsername(db: DbOrTx, username: string): Promise<AccountRow | null> {
  const [row] = await db.select().from(accounts).where(eq(accounts.username, username)).limit(1);
  return row ?? null;
}

export async function insertAccount(db: DbOrTx, row: NewAccountRow): Promise<AccountRow> {
  const [created] = await db.insert(accounts).values(row).returning();
  if (!created) throw new Error('account insert returned nothing');
  return created;
}

export async function updateAccount(db: DbOrTx, id: string, patch: Partial<NewAccountRow>): Promise<AccountRow | null> {
  const [row] = await db.update(accounts).set(patch).where(eq(accounts.id, id)).returning();
  return row ?? null;
}

/** Another account already using this phone (own phone or contact phone): the uniqueness rule. */
export async function phoneTakenByOther(db: DbOrTx, phone: string, exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(ne(accounts.id, exceptId), sql`(${accounts.phone} = ${phone} or ${accounts.contact}->>'phone' = ${phone})`),
    )
    .limit(1);
  return Boolean(row);
}

export interface AccountPageFilter {
  /** The account ids the caller may see (null: all). */
  scope: readonly string[] | null;
  roles?: readonly string[];
  name?: string;
  username?: string;
  parentId?: string;
  status?: 'enabled' | 'disabled';
  start: number;
  limit: number;
}

/** A page of accounts, newest first, with the count of all that match. */
export async function pageAccounts(db: DbOrTx, f: AccountPageFilter): Promise<{ total: number; rows: AccountRow[] }> {
  const where: SQL[] = [];
  if (f.scope) where.push(inArray(accounts.id, [...f.scope]));
  if (f.roles) where.push(inArray(accounts.role, [...f.roles]));
  if (f.name) where.push(ilike(accounts.name, containsLike(f.name)));
  if (f.username) where.push(ilike(accounts.username, containsLike(f.username)));
  if (f.parentId) where.push(eq(accounts.parentId, f.parentId));
  if (f.status) where.push(eq(accounts.enabled, f.status === 'enabled'));
  const cond = where.length ? and(...where) : undefined;
  const [totalRow] = await db.select({ n: count() }).from(accounts).where(cond);
  const rows = await db
    .select()
    .from(accounts)
    .where(cond)
    .orderBy(desc(accounts.createdAt), desc(accounts.id))
    .offset(f.start)
    .limit(f.limit);
  return { total: totalRow?.n ?? 0, rows };
}

export async function findAccountsByIds(db: DbOrTx, ids: readonly string[]): Promise<AccountRow[]> {
  return ids.length
    ? db
        .select()
        .from(accounts)
        .where(inArray(accounts.id, [...ids]))
    : [];
}

export async function hasChildAccount(db: DbOrTx, id: string): Promise<boolean> {
  const [child] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.parentId, id)).limit(1);
  return Boolean(child);
}

export async function deleteAccountById(db: DbOrTx, id: string): Promise<void> {
  await db.delete(accounts).where(eq(accounts.id, id));
}
