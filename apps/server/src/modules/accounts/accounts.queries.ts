import { OPERATOR_ROLES } from '@robot-ads/contracts/auth/roles';
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/statements';
import { type AccountRow, accounts } from './accounts.table';

/** The account reads and the update other modules (auth, projects, seeds) use. */
export { findAccountById, findAccountByUsername, updateAccount } from './accounts.repository';
export type { AccountRow } from './accounts.table';

/** The account with this id if `condition` (a condition of the caller's own tables, e.g. a live session) holds. */
export async function findAccountByIdIf(db: DbOrTx, id: string, condition: SQL): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, id), condition))
    .limit(1);
  return row ?? null;
}

/** The owner accounts (role project) of these properties, by username. */
export async function projectOwnersOf(db: DbOrTx, projectIds: readonly string[]) {
  return db
    .select({
      accountId: accounts.id,
      username: accounts.username,
      authorized: accounts.authorized,
      projectId: accounts.projectId,
    })
    .from(accounts)
    .where(and(inArray(accounts.projectId, [...projectIds]), eq(accounts.role, 'project')))
    .orderBy(asc(accounts.username));
}

/** Ids of the accounts linked to a property. */
export async function accountIdsOfProject(db: DbOrTx, projectId: string): Promise<string[]> {
  const rows = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.projectId, projectId));
  return rows.map((r) => r.id);
}

/** A page of owner accounts (role project), by username; `usernameLike` is an escaped ILIKE pattern. */
export async function projectOwnersPage(
  db: DbOrTx,
  q: { start: number; limit: number; projectId?: string; usernameLike?: string; scope?: readonly string[] | null },
): Promise<{ total: number; rows: AccountRow[] }> {
  const where = and(
    eq(accounts.role, 'project'),
    ...(q.scope ? [inArray(accounts.id, [...q.scope])] : []),
    ...(q.projectId ? [eq(accounts.projectId, q.projectId)] : []),
    ...(q.usernameLike ? [ilike(accounts.username, q.usernameLike)] : []),
  );
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(accounts).where(where);
  const rows = await db
    .select()
    .from(accounts)
    .where(where)
    .orderBy(asc(accounts.username))
    .offset(q.start)
    .limit(q.limit);
  return { total: count?.n ?? 0, rows };
}

/**
 * A page of accounts of the given roles, newest first, within `scope` (account ids; null: all), filtered
 * by escaped ILIKE patterns on the username and the name.
 */
export async function accountsPageByRoles(
  db: DbOrTx,
  q: {
    roles: readonly string[];
    scope: readonly string[] | null;
    usernameLike?: string;
    nameLike?: string;
    start: number;
    limit: number;
  },
): Promise<{ total: number; rows: AccountRow[] }> {
  const where: SQL[] = [inArray(accounts.role, [...q.roles])];
  if (q.scope) where.push(inArray(accounts.id, [...q.scope]));
  if (q.usernameLike) where.push(ilike(accounts.username, q.usernameLike));
  if (q.nameLike) where.push(ilike(accounts.name, q.nameLike));
  const cond = and(...where);
  const [totalRow] = await db.select({ n: count() }).from(accounts).where(cond);
  const rows = await db
    .select()
    .from(accounts)
    .where(cond)
    .orderBy(desc(accounts.createdAt), desc(accounts.id))
    .offset(q.start)
    .limit(q.limit);
  return { total: totalRow?.n ?? 0, rows };
}

/** Whether any account belongs to the customer (a customer in use cannot be deleted). */
export async function customerHasAccount(db: DbOrTx, customerId: string): Promise<boolean> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.customerId, customerId)).limit(1);
  return Boolean(row);
}

// ---------------------------------------------------------------------------------------------
// For the publishing module: delivery to every device of property accounts.

/** The properties (projects.id) of these accounts that are property (project) accounts. */
export async function projectIdsOfPropertyAccounts(db: DbOrTx, accountIds: string[]): Promise<string[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ projectId: accounts.projectId })
    .from(accounts)
    .where(and(inArray(accounts.id, accountIds), eq(accounts.role, 'project'), isNotNull(accounts.projectId)));
  return rows.map((r) => r.projectId as string);
}

/** The accounts attached to each of these customers (for the customer list), by username. */
export async function accountsOfCustomers(
  db: DbOrTx,
  customerIds: readonly string[],
): Promise<Map<string, Array<{ id: string; account: string; name: string; role: string }>>> {
  const out = new Map<string, Array<{ id: string; account: string; name: string; role: string }>>();
  if (customerIds.length === 0) return out;
  const rows = await db
    .select({
      id: accounts.id,
      account: accounts.username,
      name: accounts.name,
      role: accounts.role,
      c: accounts.customerId,
    })
    .from(accounts)
    .where(inArray(accounts.customerId, [...new Set(customerIds)]))
    .orderBy(asc(accounts.username));
  for (const r of rows) {
    const list = out.get(r.c as string) ?? [];
    list.push({ id: r.id, account: r.account, name: r.name, role: r.role });
    out.set(r.c as string, list);
  }
  return out;
}

/** Accounts by username (the demo seeders find the demo accounts so); unknown names are absent. */
export async function accountsByUsernames(db: DbOrTx, usernames: readonly string[]) {
  if (usernames.length === 0) return new Map<string, Pick<AccountRow, 'id' | 'username' | 'name' | 'customerId'>>();
  const rows = await db
    .select({ id: accounts.id, username: accounts.username, name: accounts.name, customerId: accounts.customerId })
    .from(accounts)
    .where(inArray(accounts.username, [...usernames]));
  return new Map(rows.map((r) => [r.username, r]));
}

/** How many accounts the database holds (0: a new installation). */
export async function countAccounts(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(accounts);
  return Number(row?.n ?? 0);
}

/** Every account's username and password hash, by username (the start's demo-password check). */
export function accountPasswordHashes(db: DbOrTx): Promise<{ username: string; passwordHash: string }[]> {
  return db
    .select({ username: accounts.username, passwordHash: accounts.passwordHash })
    .from(accounts)
    .orderBy(asc(accounts.username));
}

/**
 * The operator accounts (super, administrator, operator) among these accounts and their ancestors (by
 * parent_id, at most 64 levels): those whose account subtree holds one of them, so whose lists show what
 * these accounts own or made (e.g. an order's partner event goes to them).
 */
export async function operatorsAbove(db: DbOrTx, accountIds: readonly string[]): Promise<string[]> {
  const ids = [...new Set(accountIds)];
  if (ids.length === 0) return [];
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`with recursive up(id, parent_id, role, depth) as (
      select id, parent_id, role, 0 from accounts where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})
      union all
      select a.id, a.parent_id, a.role, u.depth + 1 from accounts a join up u on a.id = u.parent_id where u.depth < 64
    )
    select distinct id from up where role in (${sql.join(
      OPERATOR_ROLES.map((r) => sql`${r}`),
      sql`, `,
    )}) order by id`,
  );
  return rows.map((r) => r.id);
}
