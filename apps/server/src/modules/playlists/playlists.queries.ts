import { and, eq, ilike, inArray, isNull, like, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { adsChangedSince } from '../ads/ads.queries';
import { playlistAds, playlists } from './playlists.table';

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

/** Plans by id (deleted ones too: a requirement's history outlives its plan). */
export async function plansByIds(db: DbOrTx, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return db.select().from(playlists).where(inArray(playlists.id, unique));
}

/** Of these plans, the ids of those whose name contains `name`. */
export async function planIdsNamed(db: DbOrTx, ids: readonly string[], name: string): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const pattern = `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await db
    .select({ id: playlists.id })
    .from(playlists)
    .where(and(inArray(playlists.id, unique), ilike(playlists.name, pattern)));
  return rows.map((r) => r.id);
}

/**
 * For the schedule change feed (schedules): plans changed after `since` (an edit, a pause, a deletion),
 * or holding an ad or material changed after it, as rows `(playlist_id, at)`.
 */
export function plansChangedSince(since: Date): SQL {
  return sql`select p.id as playlist_id, p.updated_at as at from ${playlists} p where p.updated_at > ${since}
    union all
    select pa.playlist_id, c.at from (${adsChangedSince(since)}) c join ${playlistAds} pa on pa.ad_id = c.ad_id`;
}
