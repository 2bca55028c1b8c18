import type { adminAuditEntry } from '@robot-ads/contracts/admin/admin.schemas';
import { newId } from '@robot-ads/contracts/common/ids';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { SessionUser } from '../../platform/session-user';
import { adminAuditLog } from './admin.table';

/** Who made a change and from where. */
export interface Actor {
  user: Pick<SessionUser, 'id' | 'username'>;
  ip: string;
  userAgent: string;
}

export async function writeAudit(
  db: Db,
  actor: Actor,
  at: Date,
  action: string,
  target: string,
  detail: Record<string, unknown>,
): Promise<void> {
  await db.insert(adminAuditLog).values({
    id: newId(at.getTime()),
    at,
    userId: actor.user.id,
    username: actor.user.username,
    action,
    target,
    detail,
    ip: actor.ip,
    userAgent: actor.userAgent.slice(0, 400),
  });
}

export async function auditPage(
  db: Db,
  q: { start: number; limit: number; action?: string; username?: string },
): Promise<{ total: number; datas: z.infer<typeof adminAuditEntry>[] }> {
  const filters: SQL[] = [];
  if (q.action) filters.push(eq(adminAuditLog.action, q.action));
  if (q.username) filters.push(eq(adminAuditLog.username, q.username));
  const where = filters.length ? and(...filters) : undefined;
  const [total] = await db.select({ n: count() }).from(adminAuditLog).where(where);
  const rows = await db
    .select()
    .from(adminAuditLog)
    .where(where)
    .orderBy(desc(adminAuditLog.at), desc(adminAuditLog.id))
    .offset(q.start)
    .limit(q.limit);
  return {
    total: total?.n ?? 0,
    datas: rows.map((r) => ({
      id: r.id,
      time: toUnixSeconds(r.at) ?? 0,
      userId: r.userId,
      username: r.username,
      action: r.action,
      target: r.target,
      detail: JSON.stringify(r.detail),
      ip: r.ip,
      userAgent: r.userAgent,
    })),
  };
}
