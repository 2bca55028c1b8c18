import { and, asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts } from './accounts.table';

/* For the delivery modules (publishing, audits): property (project) accounts and names of accounts. */

const containsPattern = (v: string) => `%${v.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

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
