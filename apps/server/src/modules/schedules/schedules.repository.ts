import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/statements';
import { robotsChangedSince } from '../devices/devices.queries';
import { robotsChangedByPublishingSince } from '../publishing/publishing.queries';

/** Changes to what one robot plays that were stamped at one moment: how many rows were stamped then. */
export interface RobotChange {
  robotRef: string;
  at: Date;
  rows: number;
}

/**
 * The changes to robots' schedules stamped after `since`, counted by robot and time stamp: a plan
 * published to it or withdrawn from it, an edit of one of its plans (pauses, deletion), of an ad of
 * those plans or of a material of those ads, or of the robot's own screen settings. Counted rather
 * than reduced to each robot's latest change, so that a transaction that commits after a later one
 * (its stamp is older) still shows as new. One statement: each module that owns a table of the chain
 * adds its part (resources -> ads -> plans -> publish records).
 */
export async function changedRobotsSince(db: DbOrTx, since: Date): Promise<RobotChange[]> {
  const rows = await rowsOf<{ robot_ref: string; at: string | Date; n: number | string }>(
    db,
    sql`
    select robot_ref, at, count(*) as n from (
      ${robotsChangedByPublishingSince(since)}
      union all
      ${robotsChangedSince(since)}
    ) changes
    group by robot_ref, at`,
  );
  return rows.map((r) => ({ robotRef: r.robot_ref, at: new Date(r.at), rows: Number(r.n) }));
}
