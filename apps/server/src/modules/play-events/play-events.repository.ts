import type { DeviceEvent } from '@robot-ads/contracts/play-events/play-events.schemas';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf, type UnnestColumn, unnestInsert } from '../../db/statements';
import { robotDirectory } from '../devices/devices.queries';
import { type PlaylistRow, plansByIds } from '../playlists/playlists.queries';
import { addOnConflict, addToCalendarRollups, measureColumns } from './play-events.calendar';
import { playCalendarRollups, playEvents, playFlagRollups, playRollups } from './play-events.table';
import type { Verdict } from './play-events.verification';

/** Of the given plan ids, those that exist (not deleted), with their rows (the verification reads their schedule). */
export async function existingPlans(db: DbOrTx, ids: string[]): Promise<Map<string, PlaylistRow>> {
  if (ids.length === 0) return new Map();
  const rows = await plansByIds(db, ids);
  return new Map(rows.filter((r) => r.deletedAt === null).map((r) => [r.id, r]));
}

/**
 * The first key of the ingest locks (two-key advisory locks; the single-key space, where the migrations and
 * pg-boss take theirs, is apart).
 */
const INGEST_LOCK_SPACE = 28_001;

/**
 * Serialises the verified ingest of these robots until the transaction ends: a second batch of the same robot
 * waits, then sees the first one's plays (the overlap rule). Robots in a stable order, so that two batches of
 * several robots cannot wait for each other. Works alike on PGlite and PostgreSQL.
 */
export async function lockRobotsForIngest(db: DbOrTx, robotRefs: readonly string[]) {
  for (const ref of [...new Set(robotRefs)].sort()) {
    await db.execute(sql`select pg_advisory_xact_lock(${INGEST_LOCK_SPACE}, hashtext(${ref}))`);
  }
}

/**
 * Inserts the events, skipping those already stored; returns the ids actually inserted. The key is
 * (id, started_at), the partitioned table's primary key: a device re-sends an event's very payload.
 */
export async function insertEvents(
  db: DbOrTx,
  robotRef: string,
  events: DeviceEvent[],
  receivedAt: Date,
  verdicts?: Map<string, Verdict>,
): Promise<Set<string>> {
  if (events.length === 0) return new Set();
  const at = receivedAt.toISOString();
  const e = playEvents;
  const columns: UnnestColumn<DeviceEvent>[] = [
    [e.id, (x) => x.id],
    [e.type, (x) => x.type],
    [e.robotRef, () => robotRef],
    [e.playlistId, (x) => x.playlistId],
    [e.adId, (x) => x.adId],
    [e.resourceId, (x) => x.resourceId ?? null],
    [e.startedAt, (x) => new Date(x.startedAt * 1000).toISOString()],
    [e.watchMs, (x) => (x.type === 'play' ? x.watchDuration : 0)],
    [e.audience, (x) => (x.type === 'play' && x.audience ? JSON.stringify(x.audience) : null)],
    [e.receivedAt, () => at],
    [e.verdict, (x) => verdicts?.get(x.id)?.verdict ?? 'verified'],
    [e.reason, (x) => verdicts?.get(x.id)?.reason ?? null],
    [e.scheduleVersion, (x) => x.scheduleVersion ?? null],
  ];
  const rows = await rowsOf<{ id: string }>(
    db,
    unnestInsert(e, columns, events, 'on conflict (id, started_at) do nothing returning id'),
  );
  return new Set(rows.map((r) => r.id));
}

/** The robot's verified plays that start in [from, to] (unix seconds): the verification's overlap rule. */
export async function storedPlaysOfRobot(db: DbOrTx, robotRef: string, from: number, to: number) {
  const e = playEvents;
  return db
    .select({ id: e.id, startedAt: e.startedAt, watchMs: e.watchMs })
    .from(e)
    .where(
      and(
        eq(e.robotRef, robotRef),
        gte(e.startedAt, new Date(from * 1000)),
        lte(e.startedAt, new Date(to * 1000)),
        eq(e.type, 'play'),
        eq(e.verdict, 'verified'),
      ),
    );
}

export type FlagDelta = typeof playFlagRollups.$inferInsert;
const f = playFlagRollups;
const FLAG_COLUMNS: UnnestColumn<FlagDelta>[] = [
  [f.quarter, (d) => d.quarter.toISOString()],
  [f.playlistId, (d) => d.playlistId],
  [f.adId, (d) => d.adId],
  [f.robotRef, (d) => d.robotRef],
  [f.reason, (d) => d.reason],
  [f.plays, (d) => d.plays ?? 0],
  [f.scans, (d) => d.scans ?? 0],
];
const ADD_TO_FLAGS = `on conflict (quarter, playlist_id, ad_id, robot_ref, reason) do update set
  plays = play_flag_rollups.plays + excluded.plays, scans = play_flag_rollups.scans + excluded.scans`;

/** Adds flagged plays and scans to their rows per quarter, plan, ad, robot and reason. */
export async function addToFlagRollups(db: DbOrTx, deltas: FlagDelta[]) {
  if (deltas.length === 0) return;
  await db.execute(unnestInsert(f, FLAG_COLUMNS, deltas, ADD_TO_FLAGS));
}

export type RollupDelta = typeof playRollups.$inferInsert;

const r = playRollups;
const QUARTER_COLUMNS: UnnestColumn<RollupDelta>[] = [
  [r.quarter, (d) => d.quarter.toISOString()],
  [r.playlistId, (d) => d.playlistId],
  [r.adId, (d) => d.adId],
  [r.robotRef, (d) => d.robotRef],
  ...measureColumns<RollupDelta>(r),
  [r.lastPlayAt, (d) => d.lastPlayAt?.toISOString() ?? null],
];
const ADD_TO_QUARTERS = addOnConflict(
  r,
  [r.quarter, r.playlistId, r.adId, r.robotRef],
  [`"${r.lastPlayAt.name}" = greatest("play_rollups"."${r.lastPlayAt.name}", excluded."${r.lastPlayAt.name}")`],
);

/** Adds the deltas to their quarter-hour rollup rows (creating them when new), and to their day, week and month rows. */
export async function addToRollups(db: DbOrTx, deltas: RollupDelta[]) {
  if (deltas.length === 0) return;
  await db.execute(unnestInsert(r, QUARTER_COLUMNS, deltas, ADD_TO_QUARTERS));
  // Last: the calendar rows over robots are shared by every robot of a plan (held until commit).
  await addToCalendarRollups(db, deltas);
}

/**
 * Consumption per robot of one plan, read from the rollups: the robot's month rows (every quarter row lies
 * in exactly one of them, so their sum is the plan's whole history: about 12 rows per robot and year), and
 * its last play from its newest quarter row (one index probe per robot of the page). `projectId`: only the
 * robots of that property (null: none; undefined: every robot). `limit` null: every row.
 */
export async function consumeRows(
  db: DbOrTx,
  playlistId: string,
  projectId: string | null | undefined,
  page: { start: number; limit: number | null },
) {
  const robots = robotDirectory(db);
  const c = playCalendarRollups;
  const sums = db
    .select({
      robotRef: c.robotRef,
      plays: sql<number>`sum(${c.plays})`.as('plays'),
      scans: sql<number>`sum(${c.scans})`.as('scans'),
      watchMs: sql<number>`sum(${c.watchMs})`.as('watch_ms'),
    })
    .from(c)
    .where(and(eq(c.playlistId, playlistId), eq(c.period, 'month')))
    .groupBy(c.robotRef)
    .as('sums');
  const scope = projectId === undefined ? undefined : projectId ? eq(robots.projectId, projectId) : sql`false`;
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(sums)
    .innerJoin(robots, eq(robots.ref, sums.robotRef))
    .where(scope);
  const q = db
    .select({
      robotId: robots.robotId,
      name: robots.name,
      propertyname: robots.propertyname,
      plays: sql<number>`${sums.plays}::int`,
      scans: sql<number>`${sums.scans}::int`,
      watchDuration: sql<number>`${sums.watchMs}::bigint`,
      lastPlayAt: sql<Date | string | null>`(select q.last_play_at from ${playRollups} q
        where q.playlist_id = ${playlistId} and q.robot_ref = ${sums.robotRef} and q.last_play_at is not null
        order by q.hour desc limit 1)`,
    })
    .from(sums)
    .innerJoin(robots, eq(robots.ref, sums.robotRef))
    .where(scope)
    .orderBy(asc(robots.robotId))
    .offset(page.start);
  const rows = page.limit === null ? await q : await q.limit(page.limit);
  return { total: count?.n ?? 0, rows };
}

/**
 * For the schedule-matching rule: the robot's verified plays in [from, to) (unix seconds) per plan, ad and
 * local day of the plan's zone (`zones`: each plan's zone), in one statement.
 */
export async function verifiedCountsOfRobot(
  db: DbOrTx,
  robotRef: string,
  from: number,
  to: number,
  zones: Map<string, string>,
): Promise<{ playlistId: string; adId: string; day: string; plays: number }[]> {
  if (zones.size === 0) return [];
  const ids = [...zones.keys()];
  const tz = ids.map((id) => zones.get(id) as string);
  const e = playEvents;
  // Ids and zone names hold no comma, quote or brace: each list is one array literal.
  const list = (values: string[]) => `{${values.join(',')}}`;
  const rows = await rowsOf<{ playlist_id: string; ad_id: string; day: string; plays: string | number }>(
    db,
    sql`
    select ${e.playlistId} as playlist_id, ${e.adId} as ad_id,
      to_char(${e.startedAt} at time zone z.zone, 'YYYY-MM-DD') as day, count(*) as plays
    from ${e} join unnest(${list(ids)}::text[], ${list(tz)}::text[]) as z(id, zone) on z.id = ${e.playlistId}
    where ${e.robotRef} = ${robotRef} and ${e.startedAt} >= ${new Date(from * 1000).toISOString()}::timestamptz
      and ${e.startedAt} < ${new Date(to * 1000).toISOString()}::timestamptz
      and ${e.type} = 'play' and ${e.verdict} = 'verified'
    group by 1, 2, 3`,
  );
  return rows.map((r) => ({ playlistId: r.playlist_id, adId: r.ad_id, day: r.day, plays: Number(r.plays) }));
}
