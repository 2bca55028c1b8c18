import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { publishRecords } from './publishing.table';

/*
 * What the demo seeders of other modules write and read of the publish records: the delivery seeder
 * back-dates what it published, the proof-of-play seeder reports for what the devices pulled.
 */

/** Sets fields of a demo plan's publish records (every one, or those of `robotRefs`). */
export async function updateDemoRecords(
  db: DbOrTx,
  playlistId: string,
  set: Partial<typeof publishRecords.$inferInsert>,
  robotRefs?: string[],
): Promise<void> {
  await db
    .update(publishRecords)
    .set(set)
    .where(
      and(
        eq(publishRecords.playlistId, playlistId),
        robotRefs ? inArray(publishRecords.robotRef, robotRefs) : undefined,
      ),
    );
}

/** Publish records a device pulled: robot, plan, when it pulled and when the record was cancelled. */
export async function pulledRecords(db: DbOrTx) {
  return db
    .select({
      robotRef: publishRecords.robotRef,
      playlistId: publishRecords.playlistId,
      pullAt: publishRecords.pullAt,
      cancelledAt: publishRecords.cancelledAt,
    })
    .from(publishRecords)
    .where(isNotNull(publishRecords.pullAt));
}
