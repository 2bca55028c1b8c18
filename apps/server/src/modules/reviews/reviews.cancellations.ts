// Cancellations: applying to cancel a plan's delivery (one plan or many), and withdrawing an application.

import type { Language } from '@robot-ads/contracts/common/language';
import { type ApplicationState, canApply, refusalCode } from '@robot-ads/contracts/reviews/review-state.rules';
import type { AuditDto } from '@robot-ads/contracts/reviews/reviews.schemas';
import { AppError } from '../../platform/app-error';
import type { SessionUser } from '../../platform/session-user';
import { setPlanAudit } from '../playlists/playlists.queries';
import type { PublishingContext } from '../publishing/publishing.context';
import { assertMine, submit } from './reviews.applications';
import { lockAudit } from './reviews.decisions';
import { assertCanSee, getAudit } from './reviews.reads';
import { updateAudit } from './reviews.repository';

/** POST createCancel / createCancelByRobotId: a cancellation application for all or some devices. */
export async function createCancel(
  ctx: PublishingContext,
  user: SessionUser,
  body: { playListId: string; reason: string; robotIds?: string[] },
  lang: Language,
) {
  return submit(
    ctx,
    user,
    {
      playListId: body.playListId,
      type: 'cancel',
      deliveryMode: 'robots',
      robotIds: body.robotIds ?? [],
      adGroupIds: [],
      accounts: [],
      reason: body.reason,
    },
    lang,
  );
}

/** POST createCancelAll: one cancellation application per plan, all or none. */
export async function createCancelAll(
  ctx: PublishingContext,
  user: SessionUser,
  body: { playListIds: string[]; reason: string },
  lang: Language,
): Promise<AuditDto[]> {
  if (!body.reason) throw new AppError('CANCEL_REASON_REQUIRED', {}, 'reason');
  const ids = [...new Set(body.playListIds)];
  const out: AuditDto[] = [];
  // Each plan is its own command; a refusal names the plan and leaves the earlier ones applied for.
  for (const playListId of ids) out.push(await createCancel(ctx, user, { playListId, reason: body.reason }, lang));
  return out;
}

/** POST applyCancel {id, applicant}: the applicant withdraws its application before approval. */
export async function withdraw(
  ctx: PublishingContext,
  user: SessionUser,
  body: { id: string; applicant?: string },
): Promise<AuditDto> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const row = await lockAudit(tx, body.id);
    await assertCanSee(tx, user, row);
    assertMine(user, row);
    if (body.applicant && body.applicant !== user.id && body.applicant !== user.username) {
      throw new AppError('NOT_MY_RECORD');
    }
    if (!canApply(row.state as ApplicationState, 'withdraw')) {
      throw new AppError(refusalCode(row.state as ApplicationState, 'withdraw') as never);
    }
    await updateAudit(tx, row.id, { state: 'withdrawn', updatedAt: now });
    if (row.type === 'apply') await setPlanAudit(tx, row.playlistId, 'none', '', now);
  });
  return getAudit(ctx, user, body.id);
}
