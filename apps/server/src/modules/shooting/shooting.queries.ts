import type { DeviceShootTask } from '@robot-ads/contracts/shooting/shooting.schemas';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { adIdsOfPlans } from '../playlists/playlists.queries';
import { shootRequirements, shootTasks } from './shooting.table';

/*
 * For the schedules module: the shooting tasks a robot's schedule feed carries, and the robots whose
 * tasks changed (the change feed then drops their cached schedule and pushes "collect").
 */

const secondsOf = (d: Date) => Math.floor(d.getTime() / 1000);

/** Open tasks of these robots, for the schedule feed (and GET /api/device/v1/shootTasks). */
export async function openTasksOfRobots(db: DbOrTx, robotRefs: string[]): Promise<Map<string, DeviceShootTask[]>> {
  const out = new Map<string, DeviceShootTask[]>();
  if (robotRefs.length === 0) return out;
  const rows = await db
    .select({ task: shootTasks, req: shootRequirements })
    .from(shootTasks)
    .innerJoin(shootRequirements, eq(shootRequirements.id, shootTasks.requirementId))
    .where(and(inArray(shootTasks.robotRef, robotRefs), inArray(shootTasks.state, ['inProgress', 'ongoing'])))
    .orderBy(asc(shootRequirements.windowBegin), asc(shootTasks.id));
  const adIds = await adIdsOfPlans(db, [...new Set(rows.map((r) => r.req.playlistId))]);
  for (const { task, req } of rows) {
    const list = out.get(task.robotRef) ?? [];
    list.push({
      id: task.id,
      requirementId: req.id,
      planId: req.playlistId,
      adIds: adIds.get(req.playlistId) ?? [],
      windowBegin: secondsOf(req.windowBegin),
      windowEnd: secondsOf(req.windowEnd),
      state: task.state as DeviceShootTask['state'],
    });
    out.set(task.robotRef, list);
  }
  return out;
}

/** The changes to robots' shooting tasks stamped after `since`, counted by robot and time stamp. */
export async function robotsWithShootChangesSince(
  db: DbOrTx,
  since: Date,
): Promise<{ robotRef: string; at: Date; rows: number }[]> {
  const rows = await db
    .select({ robotRef: shootTasks.robotRef, at: shootTasks.updatedAt, rows: sql<number>`count(*)::int` })
    .from(shootTasks)
    .where(gt(shootTasks.updatedAt, since))
    .groupBy(shootTasks.robotRef, shootTasks.updatedAt);
  return rows.map((r) => ({ robotRef: r.robotRef, at: new Date(r.at), rows: Number(r.rows) }));
}
