import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { plansChangedSince } from '../playlists/playlists.queries';
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

const LIVE = sql`('notIssued', 'issued', 'pulled')`;

/**
 * For the schedule change feed (schedules): robots whose schedule may have changed after `since` through
 * publishing, as rows `(robot_ref, at)`: a plan published to it or withdrawn from it, or a change of one
 * of its live plans (the plan, its ads, their materials).
 */
export function robotsChangedByPublishingSince(since: Date): SQL {
  return sql`select ${publishRecords.robotRef} as robot_ref, greatest(${publishRecords.createdAt}, ${publishRecords.cancelledAt}) as at
        from ${publishRecords}
        where ${publishRecords.createdAt} > ${since} or ${publishRecords.cancelledAt} > ${since}
      union all
      select pr.robot_ref, c.at
        from (${plansChangedSince(since)}) c join ${publishRecords} pr on pr.playlist_id = c.playlist_id
        where pr.state in ${LIVE}`;
}
