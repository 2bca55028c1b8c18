import { newId } from '@robot-ads/contracts/common/ids';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import { AppError, notFound } from '../../platform/app-error';
import type { Actor } from './open-platform.model';
import type { OpenPlatformParts } from './open-platform.parts';
import * as repo from './open-platform.repository';
import { addressSet, inAddressSet, normalizeIp } from './partner-limits';

// The blacklist (IP or CIDR range, client, account): list, add, remove; the check chain reads it.

function toBlacklistEntry(row: Awaited<ReturnType<typeof repo.insertBlacklist>>) {
  return {
    id: row.id,
    kind: row.kind,
    value: row.value,
    reason: row.reason,
    expiresTime: toUnixSeconds(row.expiresAt),
    createTime: toUnixSeconds(row.createdAt) ?? 0,
    createdBy: row.createdBy,
  };
}

export async function pageBlacklist(parts: OpenPlatformParts, q: { start: number; limit: number; kind?: string }) {
  const { rows, total } = await repo.blacklistPage(parts.ctx.db, q);
  return { total, datas: rows.map((r) => toBlacklistEntry(r)) };
}

export async function addBlacklist(
  parts: OpenPlatformParts,
  input: { kind: 'ip' | 'client' | 'account'; value: string; reason: string; expiresTime: number | null },
  actor: Actor,
) {
  // Refusing one's own address would lock root out of every instance.
  const own = normalizeIp(actor.ip);
  if (input.kind === 'ip' && inAddressSet(addressSet([input.value]), own)) {
    throw new AppError('OPEN_BLACKLIST_SELF', { ip: own }, 'value');
  }
  const row = await parts.ctx.db.transaction(async () => {
    const inserted = await repo.insertBlacklist(parts.ctx.db, {
      id: newId(),
      kind: input.kind,
      value: input.value,
      reason: input.reason,
      expiresAt: input.expiresTime === null ? null : new Date(input.expiresTime * 1000),
      createdAt: parts.ctx.clock.now(),
      createdBy: actor.username,
    });
    await parts.audit.recordChange(actor, 'blacklist.add', `${input.kind} ${input.value}`);
    return inserted;
  });
  parts.access.invalidateSnapshot();
  return toBlacklistEntry(row);
}

export async function removeBlacklist(parts: OpenPlatformParts, id: string, actor: Actor): Promise<void> {
  await parts.ctx.db.transaction(async () => {
    const removed = await repo.deleteBlacklist(parts.ctx.db, id);
    if (!removed) throw notFound();
    await parts.audit.recordChange(actor, 'blacklist.remove', `${removed.kind} ${removed.value}`);
  });
  parts.access.invalidateSnapshot();
}
