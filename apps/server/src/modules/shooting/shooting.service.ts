import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import { progressOf, requirementState, shortPlanId } from '@robot-ads/contracts/shooting/shooting.rules';
import { SHOOT_PROGRESS_EVENT, type ShootRequirementDto } from '@robot-ads/contracts/shooting/shooting.schemas';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import type { SessionUser } from '../../platform/session-user';
import { type ShootRobot, shootRobotsByRefs } from '../devices/devices.queries';
import { plansByIds } from '../playlists/playlists.queries';
import { type PlanScopeContext, toDtos, visiblePlanIds } from '../playlists/playlists.service';
import type { PublishingContext } from '../publishing/publishing.context';
import { robotsPublishedWithPlan } from '../publishing/publishing.queries';
import {
  expireOpenTasks,
  findRequirement,
  lockPendingTasks,
  type RequirementScope,
  requirementsByIds,
  taskStatesByRequirement,
  updateTask,
} from './shooting.repository';
import type { ShootRequirementRow } from './shooting.table';

/*
 * Shooting requirements (docs/shooting.md): a requirement names an approved plan, a window and robots;
 * each robot gets a task in its schedule feed; the robot uploads a photo, which becomes a record.
 * This file holds what the operations share (scope, views, live progress) and the two jobs (push and
 * expiry); each operation has its file: check-plan, filtrate-devices, create-requirement,
 * cancel-requirement, repush-requirement, query-requirements, and shooting.device-side for the robot.
 */

export const SHOOT_PUSH_JOB = 'shooting.push';
export type User = SessionUser;

export const secondsOf = (d: Date) => Math.floor(d.getTime() / 1000);

/** The place of a robot as one line: province city district address, then scene / property. */
export function placeOf(
  r: Pick<ShootRobot, 'province' | 'city' | 'district' | 'address' | 'sceneName' | 'propertyname'>,
) {
  const region = [r.province, r.city, r.district, r.address].filter(Boolean).join(' ');
  const site = [r.propertyname, r.sceneName].filter(Boolean).join(' / ');
  return [region, site].filter(Boolean).join(' · ');
}

// ---- scope and views ----

/** Requirements whose plan the user may see: the visible plan ids (`null`: no limit). */
export async function requirementScope(ctx: PlanScopeContext, db: DbOrTx, user: User): Promise<RequirementScope> {
  return visiblePlanIds(ctx, db, user);
}

/** The requirement in the caller's scope; pass the transaction (and forUpdate) to lock it. */
export async function visibleRequirement(ctx: PlanScopeContext, db: DbOrTx, user: User, id: string, forUpdate = false) {
  const row = await findRequirement(db, id, await requirementScope(ctx, db, user), forUpdate);
  if (!row) throw new AppError('SHOOT_REQUIREMENT_NOT_FOUND', {}, 'id');
  return row;
}

export async function toRequirementDtos(
  ctx: PublishingContext,
  db: DbOrTx,
  rows: ShootRequirementRow[],
): Promise<ShootRequirementDto[]> {
  if (rows.length === 0) return [];
  const tasks = await taskStatesByRequirement(
    db,
    rows.map((r) => r.id),
  );
  const plans = new Map<string, { name: string; clientName: string | null }>();
  for (const r of rows) {
    if (plans.has(r.playlistId)) continue;
    plans.set(r.playlistId, { name: '', clientName: null });
  }
  const found = await plansByIds(db, [...plans.keys()]);
  for (const dto of await toDtos(ctx, db, found))
    plans.set(dto.id, { name: dto.name, clientName: dto.clientName ?? null });
  return rows.map((r) => {
    const states = tasks.get(r.id) ?? [];
    return {
      id: r.id,
      name: r.name,
      planId: r.playlistId,
      planShortId: shortPlanId(r.playlistId),
      planName: plans.get(r.playlistId)?.name ?? '',
      clientName: plans.get(r.playlistId)?.clientName ?? null,
      shootDate: r.shootDate,
      beginTime: r.beginTime,
      endTime: r.endTime,
      timeZone: r.timeZone,
      windowBegin: secondsOf(r.windowBegin),
      windowEnd: secondsOf(r.windowEnd),
      state: requirementState(r.cancelledAt !== null, states),
      progress: progressOf(states),
      creatorId: r.creatorId,
      creatorName: r.creatorName,
      createtime: secondsOf(r.createdAt),
      cancelledAt: toUnixSeconds(r.cancelledAt),
    };
  });
}

/** The push runs as a job when the queue runs (a server); tests call `pushPending` themselves. */
export async function queuePush(ctx: AppContext, id: string) {
  if (ctx.jobs.started) await ctx.jobs.send(SHOOT_PUSH_JOB, { id });
}

// ---- live progress ----

export function emitProgress(ctx: AppContext, row: ShootRequirementRow, dto: ShootRequirementDto) {
  ctx.realtime?.emitToUser(row.creatorId, SHOOT_PROGRESS_EVENT, {
    id: dto.id,
    name: dto.name,
    state: dto.state,
    progress: dto.progress,
  });
}

export async function announce(ctx: PublishingContext, requirementIds: Iterable<string>) {
  const ids = [...new Set(requirementIds)];
  if (ids.length === 0 || !ctx.realtime) return;
  const rows = await requirementsByIds(ctx.db, ids);
  const dtos = await toRequirementDtos(ctx, ctx.db, rows);
  rows.forEach((row, i) => {
    const dto = dtos[i];
    if (dto) emitProgress(ctx, row, dto);
  });
}

// ---- push and expiry (jobs) ----

/**
 * Issues every notIssued task (of one requirement, or all): inProgress when the plan is still
 * published to a robot that can take it, else issueFailed. The robots' schedule feeds then carry them.
 */
export async function pushPending(ctx: PublishingContext, requirementId?: string): Promise<number> {
  const now = ctx.clock.now();
  const touched = await ctx.db.transaction(async (tx) => {
    const pending = await lockPendingTasks(tx, requirementId);
    if (pending.length === 0) return [];
    const robots = await shootRobotsByRefs(
      tx,
      pending.map((p) => p.task.robotRef),
      now,
    );
    const publishedByPlan = new Map<string, Set<string>>();
    for (const planId of new Set(pending.map((p) => p.planId))) {
      publishedByPlan.set(planId, new Set((await robotsPublishedWithPlan(tx, planId)).map((r) => r.robotRef)));
    }
    for (const p of pending) {
      const robot = robots.get(p.task.robotRef);
      const reason = !robot
        ? 'robot removed'
        : !robot.deliverable
          ? 'robot not deliverable'
          : !publishedByPlan.get(p.planId)?.has(p.task.robotRef)
            ? 'plan not published to the robot'
            : p.windowEnd <= now
              ? 'window over'
              : null;
      await updateTask(
        tx,
        p.task.id,
        reason
          ? { state: 'issueFailed', failReason: reason, finishedAt: now, updatedAt: now }
          : { state: 'inProgress', issuedAt: now, updatedAt: now },
      );
    }
    return pending.map((p) => p.task.requirementId);
  });
  await announce(ctx, touched);
  return touched.length;
}

/** Tasks still open after their window: "issued but not taken". */
export async function expireTasks(ctx: PublishingContext): Promise<number> {
  const ended = await expireOpenTasks(ctx.db, ctx.clock.now());
  await announce(ctx, ended);
  return ended.length;
}
