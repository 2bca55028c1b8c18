import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { publishRecords } from './publishing.table';

/*
 * For other modules (shooting): the robots a plan is published to now (issued or pulled).
 */

export interface PublishedRobot {
  robotRef: string;
  state: string;
  pullAt: Date | null;
}

/** The plan's robots with an issued or pulled publish record; only `robotRefs` when given. */
export async function robotsPublishedWithPlan(
  db: DbOrTx,
  playlistId: string,
  robotRefs?: readonly string[],
): Promise<PublishedRobot[]> {
  if (robotRefs && robotRefs.length === 0) return [];
  return db
    .select({ robotRef: publishRecords.robotRef, state: publishRecords.state, pullAt: publishRecords.pullAt })
    .from(publishRecords)
    .where(
      and(
        eq(publishRecords.playlistId, playlistId),
        inArray(publishRecords.state, ['issued', 'pulled']),
        robotRefs ? inArray(publishRecords.robotRef, [...robotRefs]) : undefined,
      ),
    );
}

/** The robots (refs) with an issued or pulled publish record, as a subquery (the demo fleet drives them first). */
export function robotRefsWithLivePublish(db: DbOrTx) {
  return db
    .select({ robotRef: publishRecords.robotRef })
    .from(publishRecords)
    .where(inArray(publishRecords.state, ['issued', 'pulled']));
}
