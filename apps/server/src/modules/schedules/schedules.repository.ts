import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/statements';
import { robotsChangedSince } from '../devices/devices.queries';
import { robotsChangedByPublishingSince } from '../publishing/publishing.queries';

/**
 * Robots whose schedule may have changed after `since`, with the latest change time of each: a plan
 * published to it or withdrawn from it, an edit of one of its plans (pauses, deletion), of an ad of
 * those plans or of a material of those ads, or of the robot's own screen settings. One statement: each
 * module that owns a table of the chain adds its part (resources -> ads -> plans -> publish records).
 */
export async function changedRobotsSince(db: DbOrTx, since: Date): Promise<{ robotRef: string; at: Date }[]> {
  const rows = await rowsOf<{ robot_ref: string; at: string | Date }>(
    db,
    sql`
    select robot_ref, max(at) as at from (
      ${robotsChangedByPublishingSince(since)}
      union all
      ${robotsChangedSince(since)}
    ) changes
    group by robot_ref`,
  );
  return rows.map((r) => ({ robotRef: r.robot_ref, at: new Date(r.at) }));
}
