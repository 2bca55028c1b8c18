import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type AuditLogInsert, type AuditLogRow, auditLog } from './audit-log.table';

export type { AuditLogInsert };

/** The audit log's queries (the module has no other logic): the system administration and the open platform write and read through it. */
export async function writeAuditEntries(db: DbOrTx, rows: AuditLogInsert[]): Promise<void> {
  if (rows.length) await db.insert(auditLog).values(rows);
}

/** A page of one source's entries, newest first; filters are exact. */
export async function auditLogPage(
  db: DbOrTx,
  q: {
    source: AuditLogRow['source'];
    start: number;
    limit: number;
    actorKind?: AuditLogRow['actorKind'];
    actor?: string;
    action?: string;
  },
): Promise<{ rows: AuditLogRow[]; total: number }> {
  const filters: SQL[] = [eq(auditLog.source, q.source)];
  if (q.actorKind) filters.push(eq(auditLog.actorKind, q.actorKind));
  if (q.actor) filters.push(eq(auditLog.actor, q.actor));
  if (q.action) filters.push(eq(auditLog.action, q.action));
  const where = and(...filters);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .offset(q.start)
      .limit(q.limit),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
