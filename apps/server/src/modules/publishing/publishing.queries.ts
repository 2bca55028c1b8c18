import { type AnyColumn, and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { robotIdOfRef, robotRefsOfProject } from '../devices/delivery.queries';
import { plansChangedSince } from '../playlists/playlists.queries';
import { LIVE_STATES } from './publishing.repository';
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

/*
 * For the plans (PlanDeliveryFacts, passed to playlists by buildApp): what the records say of a plan.
 * The conditions are correlated on the plan id column given.
 */
export { countsByPlan } from './publishing.repository';

/** Number of the plan's records in one state, or in the live states when `state` is absent. */
export function recordCount(planId: AnyColumn, state?: string): SQL {
  const states = state
    ? sql`(${state})`
    : sql`(${sql.join(
        LIVE_STATES.map((s) => sql`${s}`),
        sql`, `,
      )})`;
  return sql`(select count(*) from ${publishRecords} where ${publishRecords.playlistId} = ${planId} and ${publishRecords.state} in ${states})`;
}

/** The plan has a record of any state. */
export function everPublished(planId: AnyColumn): SQL {
  return sql`exists (select 1 from ${publishRecords} where ${publishRecords.playlistId} = ${planId})`;
}

/** The plan has a record on a device of this property. */
export function publishedToProperty(planId: AnyColumn, projectId: string): SQL {
  return sql`exists (select 1 from ${publishRecords} where ${publishRecords.playlistId} = ${planId}
    and ${publishRecords.robotRef} in (${robotRefsOfProject(projectId)}))`;
}

/** For the applications (reviews): the live records of a plan, on these devices when given. */
export { liveRecords } from './publishing.repository';

/** The state of the plan's latest record on the robot whose ref is in `refColumn` (a correlated subquery). */
export function latestRecordState(playlistId: string, refColumn: AnyColumn): SQL<string | null> {
  return sql<string | null>`(select ${publishRecords.state} from ${publishRecords}
        where ${publishRecords.playlistId} = ${playlistId} and ${publishRecords.robotRef} = ${refColumn}
        order by ${publishRecords.createdAt} desc limit 1)`;
}

/** The plan's live records (robot ref and state), filtered, a page by device ID; and how many there are. */
export async function liveRecordsPage(
  db: DbOrTx,
  playlistId: string,
  robotRefs: SQL | undefined,
  page: { start: number; limit: number },
) {
  const where = and(
    eq(publishRecords.playlistId, playlistId),
    inArray(publishRecords.state, ['notIssued', 'issued', 'pulled']),
    robotRefs ? sql`${publishRecords.robotRef} in (${robotRefs})` : undefined,
  );
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(publishRecords).where(where);
  const rows = await db
    .select({ ref: publishRecords.robotRef, publishState: publishRecords.state })
    .from(publishRecords)
    .where(where)
    .orderBy(robotIdOfRef(publishRecords.robotRef))
    .offset(page.start)
    .limit(page.limit);
  return { total: count?.n ?? 0, rows };
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

/**
 * Since when a record's device holds its plan: its first pull, kept across re-issues (records written
 * before that column, or by seeds, have their pull only).
 */
const heldSince = sql<Date | null>`coalesce(${publishRecords.firstPullAt}, ${publishRecords.pullAt})`.mapWith(
  publishRecords.pullAt,
);

/**
 * For the play audit: every publish record of these plans on one robot, with since when the robot holds
 * the plan (its first pull, `pullAt` here) and its cancel time.
 */
export async function pullsOfRobot(db: DbOrTx, robotRef: string, playlistIds: readonly string[]) {
  if (playlistIds.length === 0) return [];
  return db
    .select({
      playlistId: publishRecords.playlistId,
      pullAt: heldSince,
      cancelledAt: publishRecords.cancelledAt,
    })
    .from(publishRecords)
    .where(and(eq(publishRecords.robotRef, robotRef), inArray(publishRecords.playlistId, [...playlistIds])));
}

/** For the proof-of-play report: every pulled publish record of the plan (robot, first pull and cancel times). */
export async function pullsOfPlan(db: DbOrTx, playlistId: string) {
  return db
    .select({
      robotRef: publishRecords.robotRef,
      pullAt: heldSince,
      cancelledAt: publishRecords.cancelledAt,
    })
    .from(publishRecords)
    .where(and(eq(publishRecords.playlistId, playlistId), sql`${heldSince} is not null`));
}

/**
 * For the scheduled plays (docs/statistics.md, "Scheduled plays"): every pulled publish record of these
 * robots, whatever the plan (a robot's loop holds all its plans), with since when it holds the plan and
 * its cancel time.
 */
export async function heldRecordsOfRobots(db: DbOrTx, robotRefs: readonly string[]) {
  if (robotRefs.length === 0) return [];
  return db
    .select({
      robotRef: publishRecords.robotRef,
      playlistId: publishRecords.playlistId,
      pullAt: heldSince,
      cancelledAt: publishRecords.cancelledAt,
    })
    .from(publishRecords)
    .where(and(inArray(publishRecords.robotRef, [...robotRefs]), sql`${heldSince} is not null`));
}
