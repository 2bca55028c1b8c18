import { randomBytes } from 'node:crypto';
import { newId } from '@robot-ads/contracts/common/ids';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import type {
  ApiUser,
  ApiUserInput,
  ApiUserUpdateInput,
} from '@robot-ads/contracts/open-platform/open-platform.schemas';
import { AppError, notFound } from '../../platform/app-error';
import { hashPassword } from '../../platform/passwords';
import { findAccountById } from '../accounts/accounts.queries';
import type { Actor } from './open-platform.model';
import type { OpenPlatformParts } from './open-platform.parts';
import * as repo from './open-platform.repository';
import type { OpenApiUserRow } from './open-platform.table';

// Partner applications (API users): list, read, create, change, remove, rotate the secret. docs/open-platform.md.

const newClientId = () => `op${randomBytes(10).toString('hex')}`;
const newSecret = () => randomBytes(32).toString('base64url');

async function toApiUser(parts: OpenPlatformParts, row: OpenApiUserRow, names?: Map<string, string>): Promise<ApiUser> {
  let accountName = names?.get(row.accountId);
  if (accountName === undefined) {
    const account = await findAccountById(parts.ctx.db, row.accountId);
    accountName = account ? account.name || account.username : '';
  }
  const now = parts.ctx.clock.now();
  return {
    id: row.id,
    name: row.name,
    accountId: row.accountId,
    accountName,
    contact: row.contact,
    clientId: row.clientId,
    interfaces: row.interfaces,
    ipRanges: row.ipRanges,
    rateLimit: row.rateLimit,
    dailyQuota: row.dailyQuota,
    validFrom: toUnixSeconds(row.validFrom),
    validUntil: toUnixSeconds(row.validUntil),
    enabled: row.enabled,
    previousSecretUntil:
      row.previousSecretUntil && row.previousSecretUntil > now ? toUnixSeconds(row.previousSecretUntil) : null,
    createTime: toUnixSeconds(row.createdAt) ?? 0,
    updateTime: toUnixSeconds(row.updatedAt) ?? 0,
  };
}

export async function pageApiUsers(parts: OpenPlatformParts, q: { start: number; limit: number; name?: string }) {
  const { rows, total } = await repo.apiUsersPage(parts.ctx.db, q);
  const names = new Map<string, string>();
  for (const id of new Set(rows.map((r) => r.accountId))) {
    const account = await findAccountById(parts.ctx.db, id);
    names.set(id, account ? account.name || account.username : '');
  }
  return { total, datas: await Promise.all(rows.map((r) => toApiUser(parts, r, names))) };
}

export async function getApiUser(parts: OpenPlatformParts, id: string): Promise<ApiUser> {
  const row = await repo.apiUserById(parts.ctx.db, id);
  if (!row) throw notFound();
  return toApiUser(parts, row);
}

/** The columns of the fields sent (a field not sent stays undefined, which the update leaves as it is). */
function fields(input: ApiUserUpdateInput) {
  const time = (v: number | null | undefined) => (v === undefined ? undefined : v === null ? null : new Date(v * 1000));
  return {
    name: input.name,
    accountId: input.accountId,
    contact: input.contact,
    interfaces: input.interfaces && [...new Set(input.interfaces)],
    ipRanges: input.ipRanges && [...new Set(input.ipRanges)],
    rateLimit: input.rateLimit,
    dailyQuota: input.dailyQuota,
    validFrom: time(input.validFrom),
    validUntil: time(input.validUntil),
    enabled: input.enabled,
  };
}

async function checkAccount(parts: OpenPlatformParts, accountId: string) {
  if (!(await findAccountById(parts.ctx.db, accountId))) throw new AppError('OPEN_ACCOUNT_MISSING', {}, 'accountId');
}

/** Creates an application; the answer holds the client secret, the only time it is shown. */
export async function createApiUser(
  parts: OpenPlatformParts,
  input: ApiUserInput,
  actor: Actor,
): Promise<ApiUser & { clientSecret: string }> {
  const secret = newSecret();
  const secretHash = await hashPassword(secret, parts.cost);
  const now = parts.ctx.clock.now();
  const id = newId();
  const clientId = newClientId();
  await parts.ctx.db.transaction(async () => {
    await checkAccount(parts, input.accountId);
    await repo.insertApiUser(parts.ctx.db, {
      id,
      clientId,
      secretHash,
      ...fields(input),
      createdAt: now,
      updatedAt: now,
    });
    await parts.audit.recordChange(actor, 'apiUser.create', `${input.name} (${clientId})`);
  });
  return { ...(await getApiUser(parts, id)), clientSecret: secret };
}

export async function updateApiUser(
  parts: OpenPlatformParts,
  id: string,
  input: ApiUserUpdateInput,
  actor: Actor,
): Promise<ApiUser> {
  const row = await parts.ctx.db.transaction(async () => {
    await checkAccount(parts, input.accountId);
    const updated = await repo.updateApiUser(parts.ctx.db, id, { ...fields(input), updatedAt: parts.ctx.clock.now() });
    if (!updated) throw notFound();
    await parts.audit.recordChange(actor, 'apiUser.update', `${updated.name} (${updated.clientId})`);
    return updated;
  });
  parts.access.forgetClient(row.clientId);
  return toApiUser(parts, row);
}

export async function removeApiUser(parts: OpenPlatformParts, id: string, actor: Actor): Promise<void> {
  const row = await parts.ctx.db.transaction(async () => {
    const existing = await repo.apiUserById(parts.ctx.db, id);
    if (!existing) throw notFound();
    await repo.deleteApiUser(parts.ctx.db, id);
    await parts.audit.recordChange(actor, 'apiUser.remove', `${existing.name} (${existing.clientId})`);
    return existing;
  });
  parts.access.forgetClient(row.clientId);
}

/** A new secret (shown once); the current one stays valid for `overlapSeconds`. */
export async function rotateSecret(
  parts: OpenPlatformParts,
  id: string,
  overlapSeconds: number,
  actor: Actor,
): Promise<ApiUser & { clientSecret: string }> {
  const secret = newSecret();
  const secretHash = await hashPassword(secret, parts.cost);
  const now = parts.ctx.clock.now();
  const row = await parts.ctx.db.transaction(async () => {
    const existing = await repo.apiUserById(parts.ctx.db, id);
    if (!existing) throw notFound();
    const updated = await repo.updateApiUser(parts.ctx.db, id, {
      secretHash,
      previousSecretHash: overlapSeconds > 0 ? existing.secretHash : null,
      previousSecretUntil: overlapSeconds > 0 ? new Date(now.getTime() + overlapSeconds * 1000) : null,
      updatedAt: now,
    });
    await parts.audit.recordChange(actor, 'apiUser.rotateSecret', `${existing.name} (${existing.clientId})`);
    return updated as OpenApiUserRow;
  });
  parts.access.forgetClient(row.clientId);
  return { ...(await toApiUser(parts, row)), clientSecret: secret };
}
