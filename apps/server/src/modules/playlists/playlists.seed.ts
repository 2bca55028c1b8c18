import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type PlaylistRow, playlistAds, playlists } from './playlists.table';

/*
 * What the demo seeders of other modules write of the plans (the delivery seeder of the reviews module).
 */

/** Stores a demo plan with its ads in this order; the stored row. */
export async function insertDemoPlan(
  db: DbOrTx,
  row: typeof playlists.$inferInsert & { id: string },
  adIds: string[],
): Promise<PlaylistRow> {
  await db.insert(playlists).values(row);
  if (adIds.length > 0)
    await db.insert(playlistAds).values(adIds.map((adId, position) => ({ playlistId: row.id, position, adId })));
  const [stored] = await db.select().from(playlists).where(eq(playlists.id, row.id));
  return stored as PlaylistRow;
}
