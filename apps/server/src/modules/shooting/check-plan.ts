import { requirementState, shortPlanId } from '@robot-ads/contracts/shooting/shooting.rules';
import type { ShootPlanDto } from '@robot-ads/contracts/shooting/shooting.schemas';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { type PlaylistRow, plansByRef } from '../playlists/playlists.queries';
import { type PlanScopeContext, planScope, toDtos } from '../playlists/playlists.service';
import type { PublishingContext } from '../publishing/publishing.context';
import { robotsPublishedWithPlan } from '../publishing/publishing.queries';
import { taskStatesByRequirement, uncancelledRequirementIdsOfPlan } from './shooting.repository';
import { secondsOf, type User } from './shooting.service';

/** The plan named by a 12 or 24 character ID in the caller's scope, approved (spec section 8 messages). */
export async function approvedPlan(ctx: PlanScopeContext, db: DbOrTx, user: User, ref: string): Promise<PlaylistRow> {
  const rows = await plansByRef(db, ref.toLowerCase(), await planScope(ctx, db, user));
  const plan = rows.length === 1 ? rows[0] : undefined;
  if (!plan) throw new AppError('PLAYLIST_ID_NOT_EXIST', {}, 'planId');
  if (plan.auditState !== 'post') throw new AppError('SHOOT_PLAN_NOT_APPROVED', {}, 'planId');
  return plan;
}

/** Refused when another requirement of the plan is still open (pushing, push failed or ongoing). */
export async function assertPlanFree(db: DbOrTx, planId: string) {
  const ids = await uncancelledRequirementIdsOfPlan(db, planId);
  const tasks = await taskStatesByRequirement(db, ids);
  for (const id of ids) {
    const state = requirementState(false, tasks.get(id) ?? []);
    if (state !== 'finished') throw new AppError('SHOOT_PLAN_BOUND', {}, 'planId');
  }
}

export async function checkPlan(ctx: PublishingContext, user: User, ref: string): Promise<ShootPlanDto> {
  const plan = await approvedPlan(ctx, ctx.db, user, ref);
  await assertPlanFree(ctx.db, plan.id);
  const [dto] = await toDtos(ctx, ctx.db, [plan]);
  const robots = await robotsPublishedWithPlan(ctx.db, plan.id);
  return {
    id: plan.id,
    shortId: shortPlanId(plan.id),
    name: plan.name,
    clientName: dto?.clientName ?? null,
    begin: secondsOf(plan.beginAt),
    end: secondsOf(plan.endAt),
    timeZone: plan.timeZone,
    robotCount: robots.length,
  };
}
