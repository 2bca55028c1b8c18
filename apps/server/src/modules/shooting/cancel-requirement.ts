import { cancelRefusal, requirementState } from '@robot-ads/contracts/shooting/shooting.rules';
import type { ShootRequirementDto } from '@robot-ads/contracts/shooting/shooting.schemas';
import { AppError } from '../../platform/app-error';
import type { PublishingContext } from '../publishing/publishing.context';
import { cancelUnfinishedTasks, markRequirementCancelled, taskStatesByRequirement } from './shooting.repository';
import { emitProgress, toRequirementDtos, type User, visibleRequirement } from './shooting.service';

/** Cancels a requirement that is not finished: its unfinished tasks are cancelled with it. */
export async function cancelRequirement(ctx: PublishingContext, user: User, id: string): Promise<ShootRequirementDto> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const req = await visibleRequirement(ctx, tx, user, id, true);
    const states = (await taskStatesByRequirement(tx, [id])).get(id) ?? [];
    const refusal = cancelRefusal(requirementState(req.cancelledAt !== null, states));
    if (refusal) throw new AppError(refusal, {}, 'id');
    await cancelUnfinishedTasks(tx, id, now);
    return markRequirementCancelled(tx, id, now);
  });
  const [dto] = await toRequirementDtos(ctx, ctx.db, [row]);
  emitProgress(ctx, row, dto as ShootRequirementDto);
  return dto as ShootRequirementDto;
}
