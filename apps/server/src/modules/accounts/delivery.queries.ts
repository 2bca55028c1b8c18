import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsLike } from '../../platform/like';
import { accounts } from './accounts.table';

/* For the delivery modules (publishing, reviews): property (project) accounts and names of accounts. */

const containsPattern = containsLike;

/** Property (project) accounts to deliver to, paged by name; `name` matches the name or the username. */
export async function propertyAccountsPage(db: DbOrTx, q: { start: number; limit: number; name?: string }) {
  const conds: SQL[] = [eq(accounts.role, 'project')];
  if (q.name) {
    conds.push(
      or(ilike(accounts.name, containsPattern(q.name)), ilike(accounts.username, containsPattern(q.name))) as SQL,
    );
  }
  const where = and(...conds);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(accounts).where(where);
  const rows = await db
    .select({ id: accounts.id, name: accounts.name, account: accounts.username, projectId: accounts.projectId })
    .from(accounts)
    .where(where)
    .orderBy(asc(accounts.name))
    .offset(q.start)
    .limit(q.limit);
  return { total: count?.n ?? 0, rows };
}

// For the applications (reviews): who reviews for a property, and the accounts an application names.

/** Project accounts of these properties and whether they approve automatically (autoAudit yes). */
export async function propertyReviewers(
  db: DbOrTx,
  projectIds: string[],
  applicantId: string,
): Promise<Array<{ projectId: string; accountId: string; autoAudit: boolean }>> {
  if (projectIds.length === 0) return [];
  const rows = await db
    .select({
      projectId: accounts.projectId,
      accountId: accounts.id,
      autoAudit: accounts.autoAudit,
      reviewApplicants: accounts.reviewApplicants,
    })
    .from(accounts)
    .where(and(eq(accounts.role, 'project'), inArray(accounts.projectId, projectIds), eq(accounts.enabled, true)));
  // Owner authorization of reviews: an owner limited to some applicants does not review the others'.
  return rows
    .filter((r) => (r.reviewApplicants ?? []).length === 0 || r.reviewApplicants.includes(applicantId))
    .map((r) => ({ projectId: r.projectId as string, accountId: r.accountId, autoAudit: r.autoAudit }));
}

export async function accountNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(inArray(accounts.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Those of these accounts that stand for one property (a property owner's view of an application's accounts). */
export async function accountsOfProperty(db: DbOrTx, ids: string[], projectId: string | null): Promise<Set<string>> {
  if (ids.length === 0 || !projectId) return new Set();
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(inArray(accounts.id, [...new Set(ids)]), eq(accounts.projectId, projectId)));
  return new Set(rows.map((r) => r.id));
}
