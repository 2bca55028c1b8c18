import { and, eq } from 'drizzle-orm';
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
