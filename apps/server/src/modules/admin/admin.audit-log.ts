import type { adminAuditEntry } from '@robot-ads/contracts/admin/admin.schemas';
import { newId } from '@robot-ads/contracts/common/ids';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { SessionUser } from '../../platform/session-user';
import { auditLogPage, writeAuditEntries } from '../audit-log/audit-log.queries';

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
  await writeAuditEntries(db, [
    {
      id: newId(at.getTime()),
      at,
      source: 'system',
      actorKind: 'user',
      userId: actor.user.id,
      actor: actor.user.username,
      action,
      target,
      detail,
      ip: actor.ip,
      userAgent: actor.userAgent.slice(0, 400),
    },
  ]);
}

export async function auditPage(
  db: Db,
  q: { start: number; limit: number; action?: string; username?: string },
): Promise<{ total: number; datas: z.infer<typeof adminAuditEntry>[] }> {
  const { rows, total } = await auditLogPage(db, {
    source: 'system',
    start: q.start,
    limit: q.limit,
    ...(q.action ? { action: q.action } : {}),
    ...(q.username ? { actor: q.username } : {}),
  });
  return {
    total,
    datas: rows.map((r) => ({
      id: r.id,
      time: toUnixSeconds(r.at) ?? 0,
      userId: r.userId,
      username: r.actor,
      action: r.action,
      target: r.target,
      detail: JSON.stringify(r.detail),
      ip: r.ip,
      userAgent: r.userAgent,
    })),
  };
}
