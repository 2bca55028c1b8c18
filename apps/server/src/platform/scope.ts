import { isAdvertiserRole, isOperatorRole } from '@robot-ads/contracts/auth/roles';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { rowsOf } from '../db/statements';
import { AppError } from './app-error';
import { isSuperuser, type SessionUser } from './session-user';

export { isSuperuser } from './session-user';

/**
 * The data scope of a caller (ARCHITECTURE "Authorization"): root/admin see everything, operators
 * their account subtree, advertisers their customer's data, project accounts their property's.
 */
export type DataScope =
  | { kind: 'all' }
  | { kind: 'subtree'; accountIds: string[] }
  | { kind: 'customer'; customerId: string | null; accountId: string }
  | { kind: 'project'; projectId: string | null; accountId: string }
  | { kind: 'self'; accountId: string };

type ScopeUser = Pick<SessionUser, 'id' | 'role' | 'principals' | 'customer' | 'projectId'>;

/** The account and its descendants by parent_id (at most 64 levels), as the CTE `tree(id, depth)`. */
const accountTree = (rootId: string) => sql`with recursive tree(id, depth) as (
      select id, 0 from accounts where id = ${rootId}
      union all
      select a.id, t.depth + 1 from accounts a join tree t on a.parent_id = t.id where t.depth < 64
    )`;

/**
 * The same accounts as descendantIds, as a subquery for `column in (...)`: for conditions that must
 * stay one SQL expression (built without a query, as a list's and its export's).
 */
export function descendantIdsSql(rootId: string): SQL {
  return sql`${accountTree(rootId)} select id from tree`;
}

/** The account and all its descendants (by parent_id), the account itself first. */
export async function descendantIds(db: DbOrTx, rootId: string): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`${accountTree(rootId)}
    select id from tree order by depth, id`,
  );
  return rows.map((r) => r.id);
}

/**
 * The accounts a caller may see: null means every account (root/admin); operators get their own id
 * and every descendant; everybody else only their own id.
 */
export async function accountSubtreeIds(db: DbOrTx, user: ScopeUser): Promise<string[] | null> {
  if (isSuperuser(user)) return null;
  if (isOperatorRole(user.role)) {
    const ids = await descendantIds(db, user.id);
    return ids.length > 0 ? ids : [user.id];
  }
  return [user.id];
}

export async function dataScope(db: DbOrTx, user: ScopeUser): Promise<DataScope> {
  if (isSuperuser(user)) return { kind: 'all' };
  if (isOperatorRole(user.role)) return { kind: 'subtree', accountIds: (await accountSubtreeIds(db, user)) ?? [] };
  if (isAdvertiserRole(user.role)) return { kind: 'customer', customerId: user.customer, accountId: user.id };
  if (user.role === 'project') return { kind: 'project', projectId: user.projectId, accountId: user.id };
  return { kind: 'self', accountId: user.id };
}

/** Whether the caller may see (and, for operators, manage) the account with this id. */
export async function canSeeAccount(db: DbOrTx, user: ScopeUser, accountId: string): Promise<boolean> {
  if (accountId === user.id) return true;
  const ids = await accountSubtreeIds(db, user);
  return ids === null || ids.includes(accountId);
}

/** Throws FORBIDDEN unless the account is in the caller's scope. */
export async function assertCanSeeAccount(db: DbOrTx, user: ScopeUser, accountId: string): Promise<void> {
  if (!(await canSeeAccount(db, user, accountId))) throw new AppError('FORBIDDEN');
}

/** For advertiser-owned data: throws FORBIDDEN unless the record's customer is the caller's. */
export function assertSameCustomer(user: ScopeUser, customerId: string | null | undefined): void {
  if (isSuperuser(user) || isOperatorRole(user.role)) return;
  if (!user.customer || user.customer !== customerId) throw new AppError('FORBIDDEN');
}
