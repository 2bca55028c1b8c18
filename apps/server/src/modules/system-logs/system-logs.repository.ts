import type { errorLogQuery } from '@robot-ads/contracts/system-logs/system-logs.schemas';
import { and, count, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { containsLike } from '../../platform/like';
import { frontendErrors } from './system-logs.table';

type Row = typeof frontendErrors.$inferSelect;

export async function insertFrontendErrors(db: DbOrTx, rows: (typeof frontendErrors.$inferInsert)[]): Promise<void> {
  await db.insert(frontendErrors).values(rows);
}

/** A page of entries, newest first, by type, user, keyword (message or page) and time. */
export async function pageFrontendErrors(
  db: DbOrTx,
  q: z.output<typeof errorLogQuery>,
): Promise<{ total: number; rows: Row[] }> {
  const filters: (SQL | undefined)[] = [];
  if (q.type) filters.push(eq(frontendErrors.type, q.type));
  if (q.username) filters.push(eq(frontendErrors.username, q.username));
  if (q.keyword) {
    const like = containsLike(q.keyword);
    filters.push(or(ilike(frontendErrors.message, like), ilike(frontendErrors.url, like)));
  }
  if (q.begin !== undefined) filters.push(gte(frontendErrors.createdAt, new Date(q.begin * 1000)));
  if (q.end !== undefined) filters.push(lt(frontendErrors.createdAt, new Date(q.end * 1000)));
  const where = filters.length ? and(...filters) : undefined;
  const [total] = await db.select({ n: count() }).from(frontendErrors).where(where);
  const rows = await db
    .select()
    .from(frontendErrors)
    .where(where)
    .orderBy(desc(frontendErrors.createdAt), desc(frontendErrors.id))
    .offset(q.start)
    .limit(q.limit);
  return { total: total?.n ?? 0, rows };
}

/** Drops entries older than the cutoff and beyond the newest `maxRows`: how many went. */
export async function deleteOldFrontendErrors(db: DbOrTx, cutoff: Date, maxRows: number): Promise<number> {
  const old = await db
    .delete(frontendErrors)
    .where(lt(frontendErrors.createdAt, cutoff))
    .returning({ id: frontendErrors.id });
  const extra = await db
    .delete(frontendErrors)
    .where(
      and(
        sql`${frontendErrors.id} not in (select id from frontend_errors order by created_at desc, id desc limit ${maxRows})`,
      ),
    )
    .returning({ id: frontendErrors.id });
  return old.length + extra.length;
}
