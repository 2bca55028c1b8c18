import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PARAM_KEYS } from '@robot-ads/contracts/admin/admin.params';
import { newId } from '@robot-ads/contracts/common/ids';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import {
  checkBatch,
  checkFileFacts,
  checkQrImage,
  type FileFacts,
  formatBytes,
  MIME_TYPES,
  type Refusal,
  type ResourceKind,
  readFileFacts,
  type SniffedType,
  UPLOAD_LIMITS,
} from '@robot-ads/contracts/media/media.rules';
import {
  type MediaDto,
  type RegisterMediaBody,
  UPLOAD_CREDENTIALS_TTL_SECONDS,
} from '@robot-ads/contracts/media/media.schemas';
import sharp from 'sharp';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { AppContext, PlatformContext } from '../../platform/context';
import { dataScope } from '../../platform/scope';
import type { SessionUser } from '../../platform/session-user';
import { isValidObjectKey, type ObjectStorage, type UploadCredentials } from '../../platform/storage/storage';
import type { MediaContext } from './media.context';
import { findMediaByIds, findMediaInScope, insertMedia, registeredKeys } from './media.repository';
import { assertMayManageMaterials, uploadDirFor } from './media.scope';
import type { MediaRow } from './media.table';
import { assertRoomToRegister, assertRoomToUpload, recordUploadPolicy } from './media-uploads';

/** Signed links handed to browsers live this long (previews in an open page). */
export const LINK_TTL_SECONDS = 6 * 3600;

export type Uploader = Pick<SessionUser, 'id' | 'customer' | 'role' | 'principals' | 'projectId' | 'diy'>;

export function refusalError(refusal: Refusal): AppError {
  return new AppError(refusal.code, refusal.params, 'file');
}

/**
 * GET /api/Media/oss: credentials to upload into the caller's directory for an hour (section 9), refused
 * when the account's storage is full; the policy is recorded so that unregistered uploads are cleaned up.
 */
export async function issueUploadCredentials(
  ctx: MediaContext,
  user: Uploader,
  purpose: RegisterMediaBody['purpose'] = 'material',
): Promise<UploadCredentials> {
  // A licence picture of the enterprise information is every advertiser's to upload, DIY or not.
  if (purpose !== 'licence') assertMayManageMaterials(user);
  await assertRoomToUpload(ctx, user);
  const credentials = await ctx.storage.uploadCredentials({
    dir: uploadDirFor(user),
    expiresInSeconds: UPLOAD_CREDENTIALS_TTL_SECONDS,
    // The system parameter may lower the material limit (the upload routes' own ceiling stays the spec's).
    maxBytes: Math.min(
      UPLOAD_LIMITS.materialBytes,
      (await ctx.params.number(PARAM_KEYS.uploadMaterialMb)) * 1024 * 1024,
    ),
    now: ctx.clock.now(),
  });
  await recordUploadPolicy(ctx, user, new Date(credentials.expiresAt * 1000));
  return credentials;
}

/** A new object key in the dir/{type}/{uuid}.{ext} shape. */
export function newObjectKey(dir: string, type: string, ext: string): string {
  return `${dir}/${type}/${randomUUID()}.${ext}`;
}

async function sha256Of(storage: ObjectStorage, key: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of await storage.get(key)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A small JPEG of a picture for lists; null when the format has no decoder here (BMP). */
async function makeThumbnail(storage: ObjectStorage, key: string, dir: string): Promise<string | null> {
  try {
    const transform = sharp().resize({ width: 320, height: 320, fit: 'inside' }).jpeg({ quality: 72 });
    const source = await storage.get(key);
    const out = source.pipe(transform);
    source.on('error', (err) => transform.destroy(err));
    const data = await out.toBuffer();
    const thumbKey = newObjectKey(dir, 'thumb', 'jpg');
    await storage.put(thumbKey, data, { contentType: 'image/jpeg' });
    return thumbKey;
  } catch {
    return null;
  }
}

export interface CheckedFile {
  key: string;
  name: string;
  size: number;
  facts: FileFacts;
  sniffed: SniffedType;
  sha256: string;
}

/**
 * Reads a stored upload and checks it against the rules from its own bytes. A refused file is deleted
 * from storage so that a failed upload leaves nothing behind.
 */
export async function checkStoredUpload(
  ctx: AppContext,
  user: Uploader,
  input: RegisterMediaBody,
): Promise<CheckedFile> {
  const { storage } = ctx;
  if (!isValidObjectKey(input.key)) throw new AppError('UPLOAD_KEY_OUTSIDE_DIR', {}, 'key');
  if (!input.key.startsWith(`${uploadDirFor(user)}/`)) throw new AppError('UPLOAD_KEY_OUTSIDE_DIR', {}, 'key');
  const head = await storage.head(input.key);
  if (!head) throw new AppError('UPLOAD_OBJECT_MISSING', { file: input.name }, 'key');
  const refuse = async (refusal: Refusal) => {
    await storage.delete(input.key);
    return refusalError(refusal);
  };
  if (head.size > UPLOAD_LIMITS.materialBytes) {
    throw await refuse({
      code: 'UPLOAD_TOO_LARGE',
      params: {
        file: input.name,
        size: formatBytes(head.size),
        max: formatBytes(UPLOAD_LIMITS.materialBytes),
        kind: input.kind ?? 'file',
      },
    });
  }
  const facts = await readFileFacts(
    input.name,
    head.size,
    async (offset, length) => new Uint8Array(await storage.readRange(input.key, offset, length)),
  );
  const refusal =
    input.purpose === 'qr' || input.purpose === 'licence'
      ? checkQrImage(facts)
      : checkFileFacts(facts, { kind: input.kind, template: input.template, slot: input.slot });
  if (refusal) throw await refuse(refusal);
  return {
    key: input.key,
    name: input.name,
    size: head.size,
    facts,
    sniffed: facts.sniffed!,
    sha256: await sha256Of(storage, input.key),
  };
}

async function insertChecked(
  ctx: AppContext,
  db: DbOrTx,
  user: Uploader,
  input: RegisterMediaBody,
  file: CheckedFile,
  thumbnailKey: string | null,
): Promise<MediaRow> {
  return insertMedia(db, {
    id: newId(ctx.clock.now().getTime()),
    objectKey: file.key,
    name: file.name,
    kind: file.sniffed.kind,
    ext: file.sniffed.ext,
    mime: MIME_TYPES[file.sniffed.ext] ?? 'application/octet-stream',
    size: file.size,
    sha256: file.sha256,
    width: file.facts.width ?? null,
    height: file.facts.height ?? null,
    durationMs: file.facts.durationMs ?? null,
    template: input.template,
    slot: input.slot,
    thumbnailKey,
    purpose: input.purpose,
    ownerId: user.id,
    customerId: user.customer,
    createdAt: ctx.clock.now(),
  });
}

async function assertNotRegistered(db: DbOrTx, keys: string[]) {
  if (keys.length === 0) return;
  if ((await registeredKeys(db, keys)).length > 0) throw new AppError('MEDIA_ALREADY_REGISTERED', {}, 'key');
}

/** POST /api/Media: checks one uploaded file from its bytes and registers it. */
export async function registerMedia(ctx: AppContext, user: Uploader, input: RegisterMediaBody): Promise<MediaDto> {
  if (input.purpose !== 'licence') assertMayManageMaterials(user);
  await assertNotRegistered(ctx.db, [input.key]);
  const file = await checkStoredUpload(ctx, user, input);
  await assertRoomToRegister(ctx, user, [file]);
  const thumb = file.sniffed.kind === 'picture' ? await makeThumbnail(ctx.storage, file.key, uploadDirFor(user)) : null;
  try {
    const row = await insertChecked(ctx, ctx.db, user, input, file, thumb);
    return mediaToDto(ctx, row);
  } catch (err) {
    if (thumb) await ctx.storage.delete(thumb);
    // Two registrations of one upload at the same moment: the unique key lets one win.
    const code = (err as { code?: string; cause?: { code?: string } })?.cause?.code ?? (err as { code?: string }).code;
    if (code === '23505') throw new AppError('MEDIA_ALREADY_REGISTERED', {}, 'key');
    throw err;
  }
}

/**
 * POST /api/Media/batch: at most 50 files and 200MB, all or nothing. When one file is refused the
 * whole batch is refused with that file's reason and every file of the batch leaves storage.
 */
export async function registerMediaBatch(
  ctx: AppContext,
  user: Uploader,
  files: RegisterMediaBody[],
): Promise<MediaDto[]> {
  assertMayManageMaterials(user);
  const countRefusal = checkBatch(files.map(() => ({ size: 0 })));
  if (countRefusal) throw refusalError(countRefusal);
  if (new Set(files.map((f) => f.key)).size !== files.length) throw new AppError('DUPLICATE_SUBMISSION');
  await assertNotRegistered(
    ctx.db,
    files.map((f) => f.key),
  );
  const heads = await Promise.all(files.map((f) => ctx.storage.head(f.key)));
  const deleteAll = () => Promise.all(files.map((f) => ctx.storage.delete(f.key)));
  const sizeRefusal = checkBatch(heads.map((h) => ({ size: h?.size ?? 0 })));
  if (sizeRefusal) {
    await deleteAll();
    throw refusalError(sizeRefusal);
  }
  const checked: CheckedFile[] = [];
  const thumbs: string[] = [];
  try {
    for (const f of files) checked.push(await checkStoredUpload(ctx, user, f));
    await assertRoomToRegister(ctx, user, checked);
    const rows = await ctx.db.transaction(async (tx) => {
      const out: MediaRow[] = [];
      for (const [i, file] of checked.entries()) {
        const thumb =
          file.sniffed.kind === 'picture' ? await makeThumbnail(ctx.storage, file.key, uploadDirFor(user)) : null;
        if (thumb) thumbs.push(thumb);
        out.push(await insertChecked(ctx, tx, user, files[i]!, file, thumb));
      }
      return out;
    });
    // Not awaited here: the files are registered, a failing link must not delete them.
    return Promise.all(rows.map((r) => mediaToDto(ctx, r)));
  } catch (err) {
    await deleteAll();
    await Promise.all(thumbs.map((t) => ctx.storage.delete(t)));
    throw err;
  }
}

export function signedUrl(ctx: PlatformContext, key: string, fileName?: string): Promise<string> {
  return ctx.storage.signedDownloadUrl(key, { expiresInSeconds: LINK_TTL_SECONDS, fileName });
}

export async function mediaToDto(ctx: PlatformContext, row: MediaRow): Promise<MediaDto> {
  return {
    id: row.id,
    key: row.objectKey,
    name: row.name,
    kind: row.kind as ResourceKind,
    ext: row.ext,
    mime: row.mime,
    size: row.size,
    sha256: row.sha256,
    width: row.width,
    height: row.height,
    duration: row.durationMs,
    template: row.template,
    slot: row.slot,
    url: await signedUrl(ctx, row.objectKey, row.name),
    thumbnail: row.thumbnailKey ? await signedUrl(ctx, row.thumbnailKey) : null,
    createtime: toUnixSeconds(row.createdAt) ?? 0,
  };
}

/** A media row the caller may see, or NOT_FOUND. */
export async function findVisibleMedia(ctx: PlatformContext, user: Uploader, id: string) {
  const scope = await dataScope(ctx.db, user);
  const row = await findMediaInScope(ctx.db, id, scope);
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export { findMediaByIds };

/** Stored objects of a media row (the file and its thumbnail). */
export function objectKeysOf(row: Pick<MediaRow, 'objectKey' | 'thumbnailKey'>): string[] {
  return [row.objectKey, row.thumbnailKey].filter((k): k is string => Boolean(k));
}

export async function deleteObjects(ctx: PlatformContext, keys: string[]): Promise<void> {
  await Promise.all(
    keys.map((k) =>
      ctx.storage.delete(k).catch((err) => ctx.log.warn({ err, key: k }, 'could not delete a stored object')),
    ),
  );
}

/** A JPEG frame of a video, taken with ffmpeg one second in (or at the start of very short videos). */
export async function extractPoster(ctx: PlatformContext, key: string): Promise<Buffer> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'robot-ads-poster-'));
  const input = path.join(dir, 'in.mp4');
  try {
    await pipeline(await ctx.storage.get(key), fs.createWriteStream(input));
    return await new Promise<Buffer>((resolve, reject) => {
      const ffmpeg = spawn(
        process.env.FFMPEG_PATH ?? 'ffmpeg',
        ['-v', 'error', '-ss', '1', '-i', input, '-frames:v', '1', '-f', 'image2', '-c:v', 'mjpeg', 'pipe:1'],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      const out: Buffer[] = [];
      let err = '';
      ffmpeg.stdout.on('data', (c: Buffer) => out.push(c));
      ffmpeg.stderr.on('data', (c: Buffer) => {
        err += c.toString();
      });
      ffmpeg.on('error', reject);
      ffmpeg.on('close', (code) => {
        const data = Buffer.concat(out);
        if (code === 0 && data.length > 0) resolve(data);
        else reject(new Error(`ffmpeg failed (${code}): ${err.slice(0, 300)}`));
      });
    });
  } finally {
    await fsp.rm(dir, { recursive: true, force: true });
  }
}
