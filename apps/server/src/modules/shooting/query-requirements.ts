import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import { isOnline } from '@robot-ads/contracts/devices/devices.rules';
import type { ShootTaskState } from '@robot-ads/contracts/shooting/shooting.rules';
import type { ShootQuery, ShootRequirementDto, ShootTaskDto } from '@robot-ads/contracts/shooting/shooting.schemas';
import { shootRobotsByRefs } from '../devices/devices.queries';
import { planIdsNamed } from '../playlists/playlists.queries';
import type { PublishingContext } from '../publishing/publishing.context';
import { pageRequirements, planIdsOfRequirements, tasksWithRecordIds } from './shooting.repository';
import { placeOf, requirementScope, toRequirementDtos, type User, visibleRequirement } from './shooting.service';

export async function getRequirement(ctx: PublishingContext, user: User, id: string): Promise<ShootRequirementDto> {
  const row = await visibleRequirement(ctx, ctx.db, user, id);
  const [dto] = await toRequirementDtos(ctx, ctx.db, [row]);
  return dto as ShootRequirementDto;
}

/** The caller's requirements that match, newest first (the state is derived from the tasks). */
export async function queryRequirements(ctx: PublishingContext, user: User, q: ShootQuery) {
  const scope = await requirementScope(ctx, ctx.db, user);
  const planIds = q.planName ? await visiblePlanIdsByName(ctx, user, q.planName) : undefined;
  const { total, rows } = await pageRequirements(
    ctx.db,
    {
      scope,
      id: q.id?.toLowerCase(),
      name: q.name,
      planRef: q.planId?.toLowerCase(),
      planIds,
      shootDate: q.shootDate,
      state: q.state,
    },
    { start: q.start, limit: q.limit },
  );
  return { total, datas: await toRequirementDtos(ctx, ctx.db, rows) };
}

async function visiblePlanIdsByName(ctx: PublishingContext, user: User, name: string): Promise<string[]> {
  const ids = await planIdsOfRequirements(ctx.db, await requirementScope(ctx, ctx.db, user));
  return planIdsNamed(ctx.db, ids, name);
}

/** The tasks of a requirement in the caller's scope, by robot ID (a state and a robot ID filter). */
export async function queryTasks(
  ctx: PublishingContext,
  user: User,
  q: { id: string; state?: ShootTaskState; robotId?: string; start: number; limit: number },
): Promise<{ total: number; datas: ShootTaskDto[] }> {
  await visibleRequirement(ctx, ctx.db, user, q.id);
  const all = await tasksWithRecordIds(ctx.db, q.id, q.state);
  const now = ctx.clock.now();
  const robots = await shootRobotsByRefs(
    ctx.db,
    all.map((r) => r.task.robotRef),
    now,
  );
  const needle = q.robotId?.toLowerCase();
  const rows = all
    .map((r) => ({ ...r, robot: robots.get(r.task.robotRef) }))
    .filter((r) => !needle || (r.robot?.robotId.toLowerCase().includes(needle) ?? false))
    .sort((a, b) => (a.robot?.robotId ?? '').localeCompare(b.robot?.robotId ?? ''));
  return {
    total: rows.length,
    datas: rows.slice(q.start, q.start + q.limit).map(({ task, recordId, robot }) => ({
      id: task.id,
      requirementId: task.requirementId,
      robotId: robot?.robotId ?? '',
      robotName: robot?.name ?? '',
      place: robot ? placeOf(robot) : '',
      online: isOnline(robot?.lastHeartbeatAt ?? null, now),
      state: task.state as ShootTaskState,
      issuedAt: toUnixSeconds(task.issuedAt),
      confirmedAt: toUnixSeconds(task.confirmedAt),
      finishedAt: toUnixSeconds(task.finishedAt),
      failReason: task.failReason,
      recordId: recordId ?? null,
    })),
  };
}
