import { DEVICE_STATES, type DeviceState } from '@robot-ads/contracts/devices/devices.rules';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { stateCondition } from './devices.repository';
import { robots, robotTransitions } from './devices.table';

/** Robots in `scope` by state (and in all), and by type with how many of each are online. */
export async function stateCounts(db: DbOrTx, scope: SQL | undefined, now: Date) {
  const stateCols = Object.fromEntries(
    DEVICE_STATES.map((s) => [s, sql<number>`count(*) filter (where ${stateCondition(s, now)})::int`]),
  ) as Record<DeviceState, SQL<number>>;
  const [counts] = await db
    .select({ total: sql<number>`count(*)::int`, ...stateCols })
    .from(robots)
    .where(scope);
  const byType = await db
    .select({
      type: robots.type,
      total: sql<number>`count(*)::int`,
      online: sql<number>`count(*) filter (where ${stateCondition('online', now)})::int`,
    })
    .from(robots)
    .where(scope)
    .groupBy(robots.type);
  return { counts, byType };
}

/** What the map shows of each matching robot, by device ID (at most `limit`). */
export async function mapRobotRows(db: DbOrTx, where: SQL | undefined, limit: number) {
  return db
    .select({
      robotId: robots.robotId,
      name: robots.name,
      type: robots.type,
      province: robots.province,
      city: robots.city,
      lng: robots.lng,
      lat: robots.lat,
      activated: robots.activated,
      expireAt: robots.expireAt,
      inUse: robots.inUse,
      lastHeartbeatAt: robots.lastHeartbeatAt,
    })
    .from(robots)
    .where(where)
    .orderBy(robots.robotId)
    .limit(limit);
}

/** Robots recorded online whose last written beat is missing or not after `cutoff` (one robot, or all). */
function lapsedCondition(cutoff: Date, robotId?: string) {
  return and(
    eq(robots.online, true),
    sql`(${robots.lastHeartbeatAt} is null or ${robots.lastHeartbeatAt} <= ${cutoff})`,
    ...(robotId ? [eq(robots.robotId, robotId)] : []),
  );
}

export async function lapsedRobots(db: DbOrTx, cutoff: Date, robotId?: string) {
  return db
    .select({ id: robots.id, last: robots.lastHeartbeatAt })
    .from(robots)
    .where(lapsedCondition(cutoff, robotId));
}

/** Marks these robots offline where they are still lapsed; the refs written. */
export async function markLapsedOffline(
  db: DbOrTx,
  robotRefs: string[],
  cutoff: Date,
  robotId?: string,
): Promise<Array<{ id: string }>> {
  if (robotRefs.length === 0) return [];
  return db
    .update(robots)
    .set({ online: false })
    .where(and(lapsedCondition(cutoff, robotId), inArray(robots.id, robotRefs)))
    .returning({ id: robots.id });
}

export async function insertTransitions(db: DbOrTx, rows: Array<typeof robotTransitions.$inferInsert>) {
  if (rows.length > 0) await db.insert(robotTransitions).values(rows);
}

/** How many robots there are (or whether this one exists: 0 or 1). */
export async function robotCount(db: DbOrTx, robotId?: string): Promise<number> {
  const [checked] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(robots)
    .where(robotId ? eq(robots.robotId, robotId) : undefined);
  return checked?.n ?? 0;
}
