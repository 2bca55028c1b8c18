import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { runningPlanIds } from '../playlists/playlists.queries';
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
