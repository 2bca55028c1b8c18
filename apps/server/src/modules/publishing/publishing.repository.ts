import { and, asc, desc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { robotIdOfRef, robotRefsWhere } from '../devices/delivery.queries';
import { planFilter, planIdsWhere, planIdsWithAdSql, runningPlanIds } from '../playlists/playlists.queries';
import { publishRecords } from './publishing.table';

/** Record states that hold a device (count for slots, pull ratio and the schedule). */
export const LIVE_STATES = ['notIssued', 'issued', 'pulled'] as const;

export const isLive = () => inArray(publishRecords.state, [...LIVE_STATES]);

export interface PublishCounts {
  notIssued: number;
  issued: number;
  pulled: number;
  failed: number;
  cancelled: number;
}

export const emptyCounts = (): PublishCounts => ({ notIssued: 0, issued: 0, pulled: 0, failed: 0, cancelled: 0 });

/** Records by state for each plan. */
export async function countsByPlan(db: DbOrTx, playlistIds: string[]): Promise<Map<string, PublishCounts>> {
  const out = new Map<string, PublishCounts>();
  if (playlistIds.length === 0) return out;
  const rows = await db
    .select({ playlistId: publishRecords.playlistId, state: publishRecords.state, n: sql<number>`count(*)::int` })
    .from(publishRecords)
    .where(inArray(publishRecords.playlistId, playlistIds))
    .groupBy(publishRecords.playlistId, publishRecords.state);
  for (const r of rows) {
    const c = out.get(r.playlistId) ?? emptyCounts();
    if (r.state in c) c[r.state as keyof PublishCounts] = r.n;
    out.set(r.playlistId, c);
  }
  return out;
}

/**
 * Slots and materials held on each device by the live records of plans that have not ended and not
 * been deleted (an ended plan frees its slots).
 */
export async function heldByRobot(
  db: DbOrTx,
  robotRefs: string[],
  now: Date,
): Promise<Map<string, { slots: number; materials: number }>> {
  const out = new Map<string, { slots: number; materials: number }>();
  if (robotRefs.length === 0) return out;
  const rows = await db
    .select({
      robotRef: publishRecords.robotRef,
      slots: sql<number>`coalesce(sum(${publishRecords.slots}), 0)::int`,
      materials: sql<number>`coalesce(sum(${publishRecords.materials}), 0)::int`,
    })
    .from(publishRecords)
    .where(
      and(
        inArray(publishRecords.robotRef, robotRefs),
        isLive(),
        sql`${publishRecords.playlistId} in (${runningPlanIds(now)})`,
      ),
    )
    .groupBy(publishRecords.robotRef);
  for (const r of rows) out.set(r.robotRef, { slots: r.slots, materials: r.materials });
  return out;
}

/**
 * For publishing one plan: what the devices hold (as heldByRobot) and which of them already carry
 * this plan (a live record), read together in one statement.
 */
export async function heldAndCarrying(
  db: DbOrTx,
  robotRefs: string[],
  playlistId: string,
  now: Date,
): Promise<{ held: Map<string, { slots: number; materials: number }>; carrying: Set<string> }> {
  const held = new Map<string, { slots: number; materials: number }>();
  const carrying = new Set<string>();
  if (robotRefs.length === 0) return { held, carrying };
  const running = sql`${publishRecords.playlistId} in (${runningPlanIds(now)})`;
  const rows = await db
    .select({
      robotRef: publishRecords.robotRef,
      slots: sql<number>`coalesce(sum(${publishRecords.slots}) filter (where ${running}), 0)::int`,
      materials: sql<number>`coalesce(sum(${publishRecords.materials}) filter (where ${running}), 0)::int`,
      carrying: sql<boolean>`bool_or(${publishRecords.playlistId} = ${playlistId})`,
    })
    .from(publishRecords)
    .where(and(inArray(publishRecords.robotRef, robotRefs), isLive()))
    .groupBy(publishRecords.robotRef);
  for (const r of rows) {
    // heldByRobot lists only the devices with a running plan: the same here.
    if (r.slots > 0 || r.materials > 0) held.set(r.robotRef, { slots: r.slots, materials: r.materials });
    if (r.carrying) carrying.add(r.robotRef);
  }
  return { held, carrying };
}

/** The live records of a plan on these devices (all devices when robotRefs is omitted). */
export async function liveRecords(db: DbOrTx, playlistId: string, robotRefs?: string[]) {
  const conds: SQL[] = [eq(publishRecords.playlistId, playlistId), isLive()];
  if (robotRefs) {
    if (robotRefs.length === 0) return [];
    conds.push(inArray(publishRecords.robotRef, robotRefs));
  }
  return db
    .select({ id: publishRecords.id, robotRef: publishRecords.robotRef, state: publishRecords.state })
    .from(publishRecords)
    .where(and(...conds));
}

export interface NewRecord {
  id: string;
  playlistId: string;
  robotRef: string;
  state: string;
  slots: number;
  materials: number;
  charged: boolean;
  failCode: string | null;
  applicationId: string | null;
  publishedBy: string;
  pubAt: Date | null;
  createdAt: Date;
}

/**
 * Inserts many records in one statement with one parameter (a JSON array expanded by the database):
 * 10,000 rows cost one round trip instead of 150,000 bound parameters.
 */
export async function insertRecords(db: DbOrTx, rows: NewRecord[]) {
  for (let i = 0; i < rows.length; i += 20_000) {
    const chunk = rows.slice(i, i + 20_000).map((r) => ({
      id: r.id,
      playlist_id: r.playlistId,
      robot_ref: r.robotRef,
      state: r.state,
      slots: r.slots,
      materials: r.materials,
      charged: r.charged,
      fail_code: r.failCode,
      application_id: r.applicationId,
      published_by: r.publishedBy,
      pub_at: r.pubAt?.toISOString() ?? null,
      created_at: r.createdAt.toISOString(),
    }));
    await db.execute(sql`
      insert into ${publishRecords} (id, playlist_id, robot_ref, state, slots, materials, charged, fail_code,
        application_id, published_by, pub_at, created_at)
      select x.id, x.playlist_id, x.robot_ref, x.state, x.slots, x.materials, x.charged, x.fail_code,
        x.application_id, x.published_by, x.pub_at, x.created_at
      from jsonb_to_recordset(${JSON.stringify(chunk)}::jsonb) as x(id text, playlist_id text, robot_ref text,
        state text, slots int, materials int, charged boolean, fail_code text, application_id text,
        published_by text, pub_at timestamptz, created_at timestamptz)`);
  }
}

/** Those of these plans that have at least one live record. */
export async function plansWithLiveRecords(db: DbOrTx, playlistIds: string[]): Promise<string[]> {
  if (playlistIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ playlistId: publishRecords.playlistId })
    .from(publishRecords)
    .where(and(inArray(publishRecords.playlistId, playlistIds), isLive()));
  return rows.map((r) => r.playlistId);
}

/** Cancels the live records of a plan on these devices (every device when omitted); returns how many. */
export async function cancelLiveRecords(
  db: DbOrTx,
  playlistId: string,
  robotRefs: string[] | undefined,
  at: Date,
  reason: string,
): Promise<number> {
  const conds: SQL[] = [eq(publishRecords.playlistId, playlistId), isLive()];
  if (robotRefs) {
    if (robotRefs.length === 0) return 0;
    conds.push(inArray(publishRecords.robotRef, robotRefs));
  }
  const done = await db
    .update(publishRecords)
    .set({ state: 'cancelled', cancelledAt: at, cancelReason: reason })
    .where(and(...conds))
    .returning({ id: publishRecords.id });
  return done.length;
}

/**
 * Issues the live records of a plan again (devices refetch); returns how many. The pull state starts over
 * (`pullAt`), the first pull (`firstPullAt`) is kept: the robot still holds the plan until it pulls again.
 */
export async function reissueLiveRecords(db: DbOrTx, playlistId: string, at: Date): Promise<number> {
  const updated = await db
    .update(publishRecords)
    .set({ state: 'issued', pubAt: at, pullAt: null })
    .where(and(eq(publishRecords.playlistId, playlistId), isLive()))
    .returning({ id: publishRecords.id });
  return updated.length;
}

/** One record, locked for update (inside the caller's transaction). */
export async function lockRecord(db: DbOrTx, id: string) {
  const [rec] = await db.select().from(publishRecords).where(eq(publishRecords.id, id)).for('update');
  return rec;
}

/** Cancels one record. */
export async function cancelRecordById(db: DbOrTx, id: string, at: Date, reason: string) {
  await db
    .update(publishRecords)
    .set({ state: 'cancelled', cancelledAt: at, cancelReason: reason })
    .where(eq(publishRecords.id, id));
}

/** Live records of a plan, and how many of them the devices have pulled. */
export async function pullCounts(db: DbOrTx, playlistId: string) {
  const [r] = await db
    .select({
      planPullNumber: sql<number>`count(*)::int`,
      alreadyPullNumber: sql<number>`count(*) filter (where ${publishRecords.state} = 'pulled')::int`,
    })
    .from(publishRecords)
    .where(and(eq(publishRecords.playlistId, playlistId), isLive()));
  return { planPullNumber: r?.planPullNumber ?? 0, alreadyPullNumber: r?.alreadyPullNumber ?? 0 };
}

/** The live records on these robots of plans that are neither deleted nor ended. */
export async function liveRecordsOfRunningPlans(db: DbOrTx, robotRefs: string[], now: Date) {
  return db
    .select()
    .from(publishRecords)
    .where(
      and(
        robotRefs.length === 1
          ? eq(publishRecords.robotRef, robotRefs[0] as string)
          : inArray(publishRecords.robotRef, robotRefs),
        isLive(),
        sql`${publishRecords.playlistId} in (${runningPlanIds(now)})`,
      ),
    );
}

/**
 * A robot pulled these plans at `at`: its not-yet-pulled records become pulled (their first pull is kept when
 * the plan was issued again); the plans of the rows updated.
 */
export async function markRecordsPulled(
  db: DbOrTx,
  robotRef: string,
  playlistIds: string[],
  at: Date,
): Promise<string[]> {
  const updated = await db
    .update(publishRecords)
    .set({ state: 'pulled', pullAt: at, firstPullAt: sql`coalesce(${publishRecords.firstPullAt}, ${at})` })
    .where(
      and(
        eq(publishRecords.robotRef, robotRef),
        inArray(publishRecords.playlistId, playlistIds),
        inArray(publishRecords.state, ['notIssued', 'issued']),
      ),
    )
    .returning({ playlistId: publishRecords.playlistId });
  return updated.map((u) => u.playlistId);
}

/** Live records of the running plans that contain this ad. */
function liveOnRunningPlansWithAd(adId: string, now: Date) {
  return and(
    sql`${publishRecords.playlistId} in (${planIdsWithAdSql(adId)})`,
    isLive(),
    sql`${publishRecords.playlistId} in (${runningPlanIds(now)})`,
  );
}

/** The robots (robots.id) an ad is live on now, through the running plans that contain it. */
export async function robotRefsLiveWithAd(db: DbOrTx, adId: string, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ ref: publishRecords.robotRef })
    .from(publishRecords)
    .where(liveOnRunningPlansWithAd(adId, now));
  return rows.map((r) => r.ref);
}

/** How many robots an ad is live on now (as robotRefsLiveWithAd). */
export async function countRobotsLiveWithAd(db: DbOrTx, adId: string, now: Date): Promise<number> {
  const [devices] = await db
    .select({ n: sql<number>`count(distinct ${publishRecords.robotRef})::int` })
    .from(publishRecords)
    .where(liveOnRunningPlansWithAd(adId, now));
  return devices?.n ?? 0;
}

/** Filters of the publish record lists; every one is optional. */
export interface RecordWhere {
  /** A property account's own project: only its devices (null: none). Undefined: no such limit. */
  ownProjectId?: string | null;
  /** The plans in the caller's scope (a plan condition), when limited. */
  planScope?: SQL;
  playListId?: string;
  /** Plan name, contains. */
  name?: string;
  /** Device ID, contains. */
  robotId?: string;
  state?: string;
  clientId?: string;
  province?: string;
  city?: string;
  /** pubAt range, both ends included. */
  from?: Date | null;
  to?: Date | null;
}

function recordConditions(q: RecordWhere): SQL[] {
  const conds: SQL[] = [];
  if (q.planScope) conds.push(sql`${publishRecords.playlistId} in (${planIdsWhere(q.planScope)})`);
  const robotRefs = robotRefsWhere({
    ...(q.ownProjectId !== undefined ? { projectId: q.ownProjectId } : {}),
    robotId: q.robotId,
    province: q.province,
    city: q.city,
  });
  if (robotRefs) conds.push(sql`${publishRecords.robotRef} in (${robotRefs})`);
  if (q.playListId) conds.push(eq(publishRecords.playlistId, q.playListId));
  const plans = planFilter({ name: q.name, clientId: q.clientId });
  if (plans) conds.push(sql`${publishRecords.playlistId} in (${planIdsWhere(plans)})`);
  if (q.state) conds.push(eq(publishRecords.state, q.state));
  if (q.from) conds.push(gte(publishRecords.pubAt, q.from));
  if (q.to) conds.push(lte(publishRecords.pubAt, q.to));
  return conds;
}

/** One page of publish records, newest first (then by device ID), and how many match. */
export async function recordPage(db: DbOrTx, q: RecordWhere, page: { start: number; limit: number }) {
  const where = and(...recordConditions(q));
  // Every record has its robot and its plan (foreign keys, deleted with them): no join is needed to count.
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(publishRecords).where(where);
  const rows = await db
    .select()
    .from(publishRecords)
    .where(where)
    .orderBy(desc(publishRecords.createdAt), asc(robotIdOfRef(publishRecords.robotRef)))
    .offset(page.start)
    .limit(page.limit);
  return { total: count?.n ?? 0, rows };
}

/** Robot IDs a plan is live on, sorted (a property account's own devices only when ownProjectId is given). */
export async function liveRobotIdsOfPlan(
  db: DbOrTx,
  playlistId: string,
  ownProjectId: string | null | undefined,
): Promise<string[]> {
  const conds: SQL[] = [eq(publishRecords.playlistId, playlistId), isLive()];
  const ownProperty = ownProjectId !== undefined ? robotRefsWhere({ projectId: ownProjectId }) : undefined;
  if (ownProperty) conds.push(sql`${publishRecords.robotRef} in (${ownProperty})`);
  const robotId = robotIdOfRef(publishRecords.robotRef);
  const rows = await db
    .select({ robotId: sql<string>`${robotId}` })
    .from(publishRecords)
    .where(and(...conds))
    .orderBy(robotId)
    .limit(20000);
  return rows.map((r) => r.robotId);
}

/** When (and why) a plan's delivery was last cancelled. */
export async function lastCancellation(db: DbOrTx, playlistId: string) {
  const [row] = await db
    .select({ at: publishRecords.cancelledAt, reason: publishRecords.cancelReason })
    .from(publishRecords)
    .where(and(eq(publishRecords.playlistId, playlistId), eq(publishRecords.state, 'cancelled')))
    .orderBy(desc(publishRecords.cancelledAt))
    .limit(1);
  return row;
}
