import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { robotRefsWhere } from '../devices/delivery.queries';
import { publishExports, publishRecords } from './publishing.table';

/** The plan's publish records in a state (all when none), those of one property's robots when given. */
export async function countPublishRecords(
  db: DbOrTx,
  q: { playlistId: string; state?: string; projectId?: string | null },
): Promise<number> {
  const conds: SQL[] = [eq(publishRecords.playlistId, q.playlistId)];
  if (q.state) conds.push(eq(publishRecords.state, q.state));
  if (q.projectId !== undefined) {
    conds.push(sql`${publishRecords.robotRef} in (${robotRefsWhere({ projectId: q.projectId })})`);
  }
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(publishRecords)
    .where(and(...conds));
  return count?.n ?? 0;
}

export async function insertPublishExport(db: DbOrTx, row: typeof publishExports.$inferInsert): Promise<void> {
  await db.insert(publishExports).values(row);
}
