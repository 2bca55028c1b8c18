import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { DataScope } from '../../platform/scope';
import { type MediaRow, media, mediaUploadPolicies } from './media.table';
import { ownedWhere } from './owned.queries';

/** Of these object keys, those a media row registers. */
export async function registeredKeys(db: DbOrTx, keys: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < keys.length; i += 1000) {
    const rows = await db
      .select({ key: media.objectKey })
      .from(media)
      .where(inArray(media.objectKey, keys.slice(i, i + 1000)));
    for (const r of rows) out.push(r.key);
  }
  return out;
}

/** Bytes of the account's registered media. */
export async function registeredBytes(db: DbOrTx, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sql<number>`coalesce(sum(${media.size}), 0)::float8` })
    .from(media)
    .where(eq(media.ownerId, ownerId));
  return Number(row?.bytes ?? 0);
}

export async function insertUploadPolicy(db: DbOrTx, row: typeof mediaUploadPolicies.$inferInsert): Promise<void> {
  await db.insert(mediaUploadPolicies).values(row);
}

/** Whether a policy of the directory expires at or after the cutoff. */
export async function policyAliveIn(db: DbOrTx, dir: string, cutoff: Date): Promise<boolean> {
  const [alive] = await db
    .select({ id: mediaUploadPolicies.id })
    .from(mediaUploadPolicies)
    .where(and(eq(mediaUploadPolicies.dir, dir), gte(mediaUploadPolicies.expiresAt, cutoff)))
    .limit(1);
  return Boolean(alive);
}

/** The directories with a policy expired before the cutoff. */
export async function dirsWithExpiredPolicies(db: DbOrTx, cutoff: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ dir: mediaUploadPolicies.dir })
    .from(mediaUploadPolicies)
    .where(lt(mediaUploadPolicies.expiresAt, cutoff));
  return rows.map((r) => r.dir);
}

export async function deleteExpiredPolicies(db: DbOrTx, dir: string, cutoff: Date): Promise<void> {
  await db
    .delete(mediaUploadPolicies)
    .where(and(eq(mediaUploadPolicies.dir, dir), lt(mediaUploadPolicies.expiresAt, cutoff)));
}

export async function insertMedia(db: DbOrTx, row: typeof media.$inferInsert): Promise<MediaRow> {
  const [created] = await db.insert(media).values(row).returning();
  if (!created) throw new Error('media insert returned nothing');
  return created;
}

/** A media row the scope sees. */
export async function findMediaInScope(db: DbOrTx, id: string, scope: DataScope): Promise<MediaRow | undefined> {
  const [row] = await db
    .select()
    .from(media)
    .where(and(eq(media.id, id), ownedWhere(scope, media)));
  return row;
}

export async function findMediaByIds(db: DbOrTx, ids: string[]): Promise<MediaRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(media).where(inArray(media.id, ids));
}
