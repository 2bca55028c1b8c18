import { and, eq, isNull, like, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { playlists } from './playlists.table';

/*
 * For other modules (shooting): plans by a promotion plan ID, 24 characters or the short form (its last 12).
 */
export { adIdsOfPlans } from './playlists.repository';
export type { PlaylistRow } from './playlists.table';

/** Live plans within `scope` whose ID is `ref` (24) or ends with it (12); at most 2 (2 means ambiguous). */
export async function plansByRef(db: DbOrTx, ref: string, scope: SQL | undefined) {
  const idCond = ref.length === 24 ? eq(playlists.id, ref) : like(playlists.id, `%${ref}`);
  return db
    .select()
    .from(playlists)
    .where(and(idCond, isNull(playlists.deletedAt), scope))
    .limit(2);
}
