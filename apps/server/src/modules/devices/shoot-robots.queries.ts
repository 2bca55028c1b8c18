import { ONLINE_WINDOW_MS } from '@robot-ads/contracts/devices/devices.rules';
import { and, asc, eq, gt, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsLike } from '../../platform/like';
import { projects, robots, scenes } from './devices.table';

// For the shooting module (through devices.queries.ts): the robots a requirement may photograph, and where they
// stand.

export interface ShootRobot {
  ref: string;
  robotId: string;
  name: string;
  type: string;
  province: string | null;
  city: string | null;
  district: string | null;
  address: string | null;
  sceneName: string | null;
  propertyname: string | null;
  lastHeartbeatAt: Date | null;
  /** Activated, not expired, in use: a task can be issued to it. */
  deliverable: boolean;
}

export interface ShootRobotFilters {
  robotId?: string;
  name?: string;
  type?: string;
  province?: string;
  city?: string;
  district?: string;
  sceneName?: string;
  propertyname?: string;
  online?: boolean;
}

function shootRobotSelect(db: DbOrTx, now: Date) {
  return db
    .select({
      ref: robots.id,
      robotId: robots.robotId,
      name: robots.name,
      type: robots.type,
      province: robots.province,
      city: robots.city,
      district: robots.district,
      address: robots.address,
      sceneName: scenes.name,
      propertyname: projects.name,
      lastHeartbeatAt: robots.lastHeartbeatAt,
      deliverable: sql<boolean>`(${robots.activated} and ${robots.inUse} and (${robots.expireAt} is null or ${robots.expireAt} > ${now}))`,
    })
    .from(robots)
    .leftJoin(scenes, eq(scenes.id, robots.sceneId))
    .leftJoin(projects, eq(projects.id, robots.projectId));
}

/** These robots (by ref), filtered, ordered by device ID, one page; `limit` -1 means all. */
export async function shootRobotsPage(
  db: DbOrTx,
  refs: readonly string[],
  f: ShootRobotFilters,
  page: { start: number; limit: number },
  now: Date,
): Promise<{ total: number; rows: ShootRobot[] }> {
  if (refs.length === 0) return { total: 0, rows: [] };
  const onlineSince = new Date(now.getTime() - ONLINE_WINDOW_MS);
  const where = and(
    inArray(robots.id, [...refs]),
    f.robotId ? ilike(robots.robotId, containsLike(f.robotId)) : undefined,
    f.name ? ilike(robots.name, containsLike(f.name)) : undefined,
    f.type ? eq(robots.type, f.type) : undefined,
    f.province ? eq(robots.province, f.province) : undefined,
    f.city ? eq(robots.city, f.city) : undefined,
    f.district ? eq(robots.district, f.district) : undefined,
    f.sceneName ? ilike(scenes.name, containsLike(f.sceneName)) : undefined,
    f.propertyname ? ilike(projects.name, containsLike(f.propertyname)) : undefined,
    f.online === true ? gt(robots.lastHeartbeatAt, onlineSince) : undefined,
    f.online === false
      ? or(isNull(robots.lastHeartbeatAt), sql`${robots.lastHeartbeatAt} <= ${onlineSince}`)
      : undefined,
  );
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(robots)
    .leftJoin(scenes, eq(scenes.id, robots.sceneId))
    .leftJoin(projects, eq(projects.id, robots.projectId))
    .where(where);
  const q = shootRobotSelect(db, now).where(where).orderBy(asc(robots.robotId));
  const rows = page.limit < 0 ? await q : await q.limit(page.limit).offset(page.start);
  return { total: Number(count?.n ?? 0), rows };
}

/** Robots by device ID (those that exist). */
export async function shootRobotsByRobotIds(db: DbOrTx, robotIds: readonly string[], now: Date): Promise<ShootRobot[]> {
  if (robotIds.length === 0) return [];
  return shootRobotSelect(db, now).where(inArray(robots.robotId, [...new Set(robotIds)]));
}

/** Robots by ref (those that exist). */
export async function shootRobotsByRefs(
  db: DbOrTx,
  refs: readonly string[],
  now: Date,
): Promise<Map<string, ShootRobot>> {
  if (refs.length === 0) return new Map();
  const rows = await shootRobotSelect(db, now).where(inArray(robots.id, [...new Set(refs)]));
  return new Map(rows.map((r) => [r.ref, r]));
}

/** Refs of robots whose device ID or name contains the text. */
export async function robotRefsMatching(db: DbOrTx, f: { robotId?: string; name?: string }): Promise<string[]> {
  const rows = await db
    .select({ id: robots.id })
    .from(robots)
    .where(
      and(
        f.robotId ? ilike(robots.robotId, containsLike(f.robotId)) : undefined,
        f.name ? ilike(robots.name, containsLike(f.name)) : undefined,
      ),
    );
  return rows.map((r) => r.id);
}
