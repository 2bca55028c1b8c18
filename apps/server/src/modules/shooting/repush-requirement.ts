import { requirementState } from '@robot-ads/contracts/shooting/shooting.rules';
import type { ShootRequirementDto } from '@robot-ads/contracts/shooting/shooting.schemas';
import { AppError } from '../../platform/app-error';
import type { PublishingContext } from '../publishing/publishing.context';
import { reissueFailedTasks, taskStatesByRequirement } from './shooting.repository';
import { queuePush, toRequirementDtos, type User, visibleRequirement } from './shooting.service';

/** Pushes the tasks whose push failed once more, while the window is open. */
export async function repushRequirement(ctx: PublishingContext, user: User, id: string): Promise<ShootRequirementDto> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const req = await visibleRequirement(ctx, tx, user, id, true);
    const states = (await taskStatesByRequirement(tx, [id])).get(id) ?? [];
    const state = requirementState(req.cancelledAt !== null, states);
    if (state === 'pushing') throw new AppError('SHOOT_UPDATE_IN_PROGRESS', {}, 'id');
    if (state === 'cancelled' || !states.includes('issueFailed') || req.windowEnd <= now) {
      throw new AppError('SHOOT_NOT_REPUSHABLE', {}, 'id');
    }
    await reissueFailedTasks(tx, id, now);
    return req;
  });
  await queuePush(ctx, id);
  const [dto] = await toRequirementDtos(ctx, ctx.db, [row]);
  return dto as ShootRequirementDto;
}
