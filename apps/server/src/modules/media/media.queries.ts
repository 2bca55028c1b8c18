import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { DataScope } from '../../platform/scope';
import { ownedWhere } from './media.scope';
import { type MediaRow, media } from './media.table';

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
