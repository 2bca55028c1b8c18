import { newId } from '@robot-ads/contracts/common/ids';
import { formatBytes } from '@robot-ads/contracts/media/media.rules';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import type { SessionUser } from '../../platform/session-user';
import {
  deleteExpiredPolicies,
  dirsWithExpiredPolicies,
  insertUploadPolicy,
  policyAliveIn,
  registeredBytes,
  registeredKeys,
} from './media.repository';
import { uploadDirFor } from './media.scope';

/*
 * Uploads that were authorised (GET /api/Media/oss) but never registered (POST /api/Media), and the
 * per-account storage quota. The browser names its keys inside the policy's directory, so the server
 * cannot know them in advance: it records which directory got a policy until when, and once every policy
 * of a directory has expired (plus a grace period for a registration on its way) the files there that no
 * media row registers are garbage.
 */

/** How long after its policy expired an upload may still be registered before the clean-up takes it. */
export const UPLOAD_GRACE_SECONDS = 3600;

/** Key types browsers upload (the server's own thumbnails and posters are never taken for garbage). */
const UPLOADED_TYPES = new Set(['video', 'picture', 'pdf', 'ppt', 'html', 'qr']);

type Owner = Pick<SessionUser, 'id' | 'customer'>;

/** Files browsers uploaded into `dir` that no media row registers. */
async function unregisteredUploads(ctx: AppContext, dir: string): Promise<string[]> {
  const keys = (await ctx.storage.list(`${dir}/`)).filter((k) =>
    UPLOADED_TYPES.has(k.slice(dir.length + 1).split('/')[0] ?? ''),
  );
  const registered = new Set(await registeredKeys(ctx.db, keys));
  return keys.filter((k) => !registered.has(k));
}

/** Bytes of the account's registered media, and of files waiting in its upload directory unregistered. */
export async function storageUse(ctx: AppContext, user: Owner): Promise<{ registered: number; pending: number }> {
  let pending = 0;
  for (const key of await unregisteredUploads(ctx, uploadDirFor(user))) {
    pending += (await ctx.storage.head(key))?.size ?? 0;
  }
  return { registered: await registeredBytes(ctx.db, user.id), pending };
}

const quotaBytes = (ctx: AppContext) => ctx.config.STORAGE_QUOTA_MB * 1024 * 1024;

const quotaError = (ctx: AppContext, used: number) =>
  new AppError('STORAGE_QUOTA_EXCEEDED', { used: formatBytes(used), quota: formatBytes(quotaBytes(ctx)) }, 'file');

/** Before a policy is handed out: refused once registered and pending bytes reach the account's quota. */
export async function assertRoomToUpload(ctx: AppContext, user: Owner): Promise<void> {
  const use = await storageUse(ctx, user);
  const used = use.registered + use.pending;
  if (used >= quotaBytes(ctx)) throw quotaError(ctx, used);
}

/**
 * Before files are registered: refused (and the files deleted, as any refused upload) when they would
 * take the account's registered bytes beyond its quota.
 */
export async function assertRoomToRegister(ctx: AppContext, user: Owner, files: Array<{ key: string; size: number }>) {
  const { registered } = await storageUse(ctx, user);
  const adding = files.reduce((sum, f) => sum + f.size, 0);
  if (registered + adding <= quotaBytes(ctx)) return;
  await Promise.all(files.map((f) => ctx.storage.delete(f.key)));
  throw quotaError(ctx, registered + adding);
}

/** Records a policy handed out for the account's upload directory. */
export async function recordUploadPolicy(ctx: AppContext, user: Owner, expiresAt: Date): Promise<void> {
  await insertUploadPolicy(ctx.db, {
    id: newId(ctx.clock.now().getTime()),
    ownerId: user.id,
    dir: uploadDirFor(user),
    expiresAt,
    createdAt: ctx.clock.now(),
  });
}

async function policyAlive(ctx: AppContext, dir: string, cutoff: Date): Promise<boolean> {
  return policyAliveIn(ctx.db, dir, cutoff);
}

/**
 * The clean-up (nightly, jobs.addCleanup): in every directory whose policies have all expired more than
 * the grace period ago, deletes the uploaded files no media row registers, then forgets those policies.
 * A directory with a policy still alive waits for a later run (its files may be on their way to
 * registration). Returns the number of files deleted.
 */
export async function removeUnregisteredUploads(ctx: AppContext): Promise<number> {
  const cutoff = new Date(ctx.clock.now().getTime() - UPLOAD_GRACE_SECONDS * 1000);
  const dirs = await dirsWithExpiredPolicies(ctx.db, cutoff);
  let removed = 0;
  for (const dir of dirs) {
    if (await policyAlive(ctx, dir, cutoff)) continue;
    const garbage = await unregisteredUploads(ctx, dir);
    // A policy handed out while the directory was being listed: its upload may be among the files.
    if (await policyAlive(ctx, dir, cutoff)) continue;
    for (const key of garbage) {
      await ctx.storage.delete(key);
      removed += 1;
    }
    await deleteExpiredPolicies(ctx.db, dir, cutoff);
  }
  if (removed > 0) ctx.log.info({ removed }, 'unregistered uploads removed');
  return removed;
}
