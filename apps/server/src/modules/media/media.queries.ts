import { createHash } from 'node:crypto';
import { newId } from '@robot-ads/contracts/common/ids';
import { MIME_TYPES, readFileFacts } from '@robot-ads/contracts/media/media.rules';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import type { DbOrTx } from '../../db/client';
import type { PlatformContext } from '../../platform/context';
import type { DataScope } from '../../platform/scope';
import { uploadDirFor } from './media.scope';
import { newObjectKey } from './media.service';
import { type MediaRow, media } from './media.table';
import { ownedWhere } from './owned.queries';

export type { MediaRow } from './media.table';

/** A media row within the data scope, or null. */
export async function mediaInScope(db: DbOrTx, scope: DataScope, id: string): Promise<MediaRow | null> {
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.id, id), ownedWhere(scope, media)));
  return row ?? null;
}

export async function deleteMediaRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(media).where(eq(media.id, id));
}

/** Media rows by id (unknown ids are absent), for showing pictures another module keeps the ids of. */
export async function mediaByIds(db: DbOrTx, ids: readonly string[]): Promise<Map<string, MediaRow>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db.select().from(media).where(inArray(media.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Stores a picture (already checked) and registers it for its uploader: for demo data of other modules. */
export async function storeDemoPicture(
  db: DbOrTx,
  ctx: PlatformContext,
  owner: { id: string; customer: string | null },
  name: string,
  data: Buffer,
  purpose: 'licence' | 'qr',
  now: Date,
): Promise<string> {
  const stored = await storeDemoFile(
    db,
    ctx,
    owner,
    { name, data, purpose, kinds: ['picture'] },
    now,
    newId(now.getTime()),
  );
  return stored.id;
}

export interface DemoFile {
  name: string;
  data: Buffer;
  /** A material's screen layout and slot (default 1 and 1). */
  template?: number;
  slot?: number;
  /** What the file is for (default a material). */
  purpose?: 'licence' | 'qr';
  /** Refused unless the file is of one of these kinds. */
  kinds?: string[];
  /** A picture gets a 320 px thumbnail, as an upload does. */
  thumbnail?: boolean;
}

/**
 * Stores a demo file (already checked) and registers it for its owner: for demo data of other modules
 * (the materials of the demo). Its media id, kind and length.
 */
export async function storeDemoFile(
  db: DbOrTx,
  ctx: PlatformContext,
  owner: { id: string; customer: string | null },
  file: DemoFile,
  now: Date,
  id = newId(),
) {
  const { name, data } = file;
  const facts = await readFileFacts(name, data.length, async (o, l) => data.subarray(o, o + l));
  const sniffed = facts.sniffed;
  if (!sniffed || (file.kinds && !file.kinds.includes(sniffed.kind))) {
    throw new Error(`${name} is not a ${file.kinds?.join(' or ') ?? 'known file'}`);
  }
  const dir = uploadDirFor(owner);
  const key = newObjectKey(dir, sniffed.kind, sniffed.ext);
  await ctx.storage.put(key, data, { contentType: MIME_TYPES[sniffed.ext] });
  let thumbnailKey: string | null = null;
  if (file.thumbnail && sniffed.kind === 'picture') {
    thumbnailKey = newObjectKey(dir, 'thumb', 'jpg');
    const thumb = await sharp(data).resize({ width: 320, height: 320, fit: 'inside' }).jpeg().toBuffer();
    await ctx.storage.put(thumbnailKey, thumb, { contentType: 'image/jpeg' });
  }
  await db.insert(media).values({
    id,
    objectKey: key,
    name,
    kind: sniffed.kind,
    ext: sniffed.ext,
    mime: MIME_TYPES[sniffed.ext] ?? 'application/octet-stream',
    size: data.length,
    sha256: createHash('sha256').update(data).digest('hex'),
    width: facts.width ?? null,
    height: facts.height ?? null,
    durationMs: facts.durationMs ?? null,
    template: file.template,
    slot: file.slot,
    thumbnailKey,
    purpose: file.purpose,
    ownerId: owner.id,
    customerId: owner.customer,
    createdAt: now,
  });
  return { id, kind: sniffed.kind, durationMs: facts.durationMs ?? null };
}
