import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import { notFound } from '../../platform/app-error';
import type { Actor } from './open-platform.model';
import type { OpenPlatformParts } from './open-platform.parts';
import * as repo from './open-platform.repository';

// Partner sessions (one per partner token): list, revoke, clean the expired.

export async function pageSessions(
  parts: OpenPlatformParts,
  q: { start: number; limit: number; apiUserId?: string; state: 'live' | 'all' },
) {
  await parts.access.usage.flush();
  const now = parts.ctx.clock.now();
  const { rows, total } = await repo.sessionsPage(parts.ctx.db, q, now);
  return {
    total,
    datas: rows.map(({ session: s, apiUserName, clientId }) => ({
      id: s.id,
      apiUserId: s.apiUserId,
      apiUserName,
      clientId,
      ip: s.ip,
      issuedTime: toUnixSeconds(s.issuedAt) ?? 0,
      expiresTime: toUnixSeconds(s.expiresAt) ?? 0,
      lastUsedTime: toUnixSeconds(s.lastUsedAt),
      calls: s.calls,
      revoked: s.revokedAt !== null,
    })),
  };
}

/** Revokes a session: its next call fails on every instance (the session is read on every call). */
export async function revokeSession(parts: OpenPlatformParts, id: string, actor: Actor): Promise<void> {
  await parts.ctx.db.transaction(async () => {
    const revoked = await repo.revokeSession(parts.ctx.db, id, parts.ctx.clock.now());
    if (!revoked) throw notFound();
    await parts.audit.recordChange(actor, 'session.revoke', id);
  });
  parts.access.usage.forget(id);
}

export async function cleanExpiredSessions(parts: OpenPlatformParts): Promise<number> {
  await repo.deleteExpiredSessions(parts.ctx.db, new Date(parts.ctx.clock.now().getTime() - 7 * 86400_000));
  return 0;
}
