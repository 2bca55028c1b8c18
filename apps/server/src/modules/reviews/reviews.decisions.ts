// Reviews: each reviewer's step, the decision, and the approved application's effect.

import { isAdvertiserRole } from '@robot-ads/contracts/auth/roles';
import { newId } from '@robot-ads/contracts/common/ids';
import type { Language } from '@robot-ads/contracts/common/language';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import {
  type ApplicationState,
  type ApplicationType,
  canApply,
  decide,
  refusalCode,
} from '@robot-ads/contracts/reviews/review-state.rules';
import type { AuditDto } from '@robot-ads/contracts/reviews/reviews.schemas';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { SessionUser } from '../../platform/session-user';
import { notifyUser } from '../playlists/playlists.ports';
import { lockPlan, plansByIds, setPlanAudit, setPlanPauses } from '../playlists/playlists.queries';
import type { PublishingContext } from '../publishing/publishing.context';
import { cancelPlanOnRobots, publishPlan, SYSTEM_SCOPE } from '../publishing/publishing.service';
import { assertCanSee, getAudit, stepIndexOf } from './reviews.reads';
import { insertReview, lockAuditRow, robotIdsOfAudit, updateAudit } from './reviews.repository';
import type { AdAuditRow, StoredStep } from './reviews.table';

// ---------------------------------------------------------------------------------------------
// Reviews

export async function lockAudit(db: DbOrTx, id: string): Promise<AdAuditRow> {
  const row = await lockAuditRow(db, id);
  if (!row) throw new AppError('AUDIT_NOT_FOUND', {}, 'id');
  return row;
}

/** The effect of an approved application, in the approving transaction. */
async function applyEffect(ctx: PublishingContext, tx: DbOrTx, row: AdAuditRow, lang: Language) {
  const plan = await lockPlan(tx, row.playlistId);
  if (!plan || plan.deletedAt) throw new AppError('PLAYLIST_NOT_FOUND', {}, 'playListId');
  const targets = await robotIdsOfAudit(tx, row.id);
  if (row.type === 'apply' || row.type === 'add') {
    await publishPlan(
      ctx,
      tx,
      SYSTEM_SCOPE,
      plan,
      targets.map((t, i) => ({ row: i + 1, robotId: t.robotId })),
      { lang, applicationId: row.id, by: row.applicantId },
    );
  } else if (row.type === 'cancel') {
    await cancelPlanOnRobots(
      ctx,
      tx,
      plan.id,
      targets.map((t) => t.ref),
      row.reason,
    );
  } else if (row.type === 'pause') {
    const pause = {
      begin: toUnixSeconds(row.pauseBeginAt) ?? 0,
      end: toUnixSeconds(row.pauseEndAt) ?? 0,
      reason: row.reason,
    };
    await setPlanPauses(tx, plan.id, [...plan.pauses, pause], ctx.clock.now());
  }
}

/** confirm / reject: one reviewer's decision on its step; the last approval applies the effect. */
export async function review(
  ctx: PublishingContext,
  user: SessionUser,
  body: { id: string; note: string },
  decision: 'post' | 'reject',
  lang: Language,
): Promise<AuditDto> {
  if (isAdvertiserRole(user.role)) throw new AppError('AUDIT_NOT_REVIEWER');
  const note = body.note.trim();
  if (decision === 'reject' && !note) throw new AppError('REJECT_REASON_REQUIRED', {}, 'note');
  const now = ctx.clock.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const row = await lockAudit(tx, body.id);
    await assertCanSee(tx, user, row);
    const [plan] = await plansByIds(tx, [row.playlistId]);
    if (!plan || plan.deletedAt) throw new AppError('PLAYLIST_NOT_FOUND', {}, 'playListId');
    const steps = row.steps;
    const index = stepIndexOf(user, steps);
    if (!canApply(row.state as ApplicationState, decision === 'post' ? 'confirm' : 'reject')) {
      throw new AppError(
        refusalCode(row.state as ApplicationState, decision === 'post' ? 'confirm' : 'reject') as never,
      );
    }
    if (index < 0) throw new AppError('AUDIT_NOT_REVIEWER');
    const result = decide(row.state as ApplicationState, steps, index, decision);
    if (!result.ok) throw new AppError(result.code as never);
    const nextSteps: StoredStep[] = result.value.steps.map((s, i) =>
      i === index
        ? {
            ...(steps[i] as StoredStep),
            state: s.state,
            reviewerId: user.id,
            reviewerName: user.name,
            note,
            time: toUnixSeconds(now),
          }
        : (steps[i] as StoredStep),
    );
    const state = result.value.state;
    await updateAudit(tx, row.id, { steps: nextSteps, state, note: note || row.note, auditAt: now, updatedAt: now });
    await insertReview(tx, {
      id: newId(),
      auditId: row.id,
      reviewerId: user.id,
      reviewerName: user.name,
      kind: nextSteps[index]?.kind ?? 'operator',
      projectId: nextSteps[index]?.projectId ?? null,
      decision,
      note,
      at: now,
    });
    if (state === 'post') await applyEffect(ctx, tx, row, lang);
    if (row.type === 'apply' && state !== 'pending') await setPlanAudit(tx, row.playlistId, state, note, now);
    // Partners hear the outcome with the decision itself (the outbox is in this transaction).
    if (state !== 'pending') await emitAuditResult(ctx, row, state, decision, note);
    return { row, state };
  });
  // The applicant hears the outcome: an approval that still waits for other reviewers changes nothing yet.
  if (outcome.state !== 'pending') await notifyDecision(ctx, outcome.row, outcome.state, decision, note);
  return getAudit(ctx, user, body.id);
}

async function notifyDecision(
  ctx: PublishingContext,
  row: AdAuditRow,
  state: ApplicationState,
  decision: string,
  note: string,
) {
  const [plan] = await plansByIds(ctx.db, [row.playlistId]);
  await notifyUser(ctx, row.applicantId, 'playlist.audit.result', {
    id: row.playlistId,
    name: plan?.name ?? '',
    auditId: row.id,
    type: row.type,
    /** The application's state after the decision: post (approved), reject, or pending (more reviews to come). */
    state,
    decision,
    note,
  });
}

/** The partner event audit.result: the applicant's applications (and superuser-owned ones) hear it. */
async function emitAuditResult(
  ctx: PublishingContext,
  row: AdAuditRow,
  state: ApplicationState,
  decision: 'post' | 'reject',
  note: string,
) {
  const [plan] = await plansByIds(ctx.db, [row.playlistId]);
  const type = row.type as ApplicationType;
  await ctx.partnerEvents.emit(
    'audit.result',
    { playlistId: row.playlistId, name: plan?.name ?? '', auditId: row.id, type, state, decision, note },
    [row.applicantId],
  );
}
