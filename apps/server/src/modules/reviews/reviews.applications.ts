// Delivery applications: their targets, submission, and the applicant's edits and deletion.

import { newId } from '@robot-ads/contracts/common/ids';
import type { Language } from '@robot-ads/contracts/common/language';
import { fromUnixSeconds } from '@robot-ads/contracts/common/time';
import { planSlots } from '@robot-ads/contracts/playlists/slots.rules';
import {
  type ApplicationState,
  type ApplicationType,
  canApply,
  canUpdate,
  type DeliveryMode,
  reapply as reapplyRule,
  refusalCode,
  requiredSteps,
} from '@robot-ads/contracts/reviews/review-state.rules';
import type { ApplyBody, AuditDto } from '@robot-ads/contracts/reviews/reviews.schemas';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import type { SessionUser } from '../../platform/session-user';
import { robotIdsOfGroups } from '../ad-groups/ad-groups.service';
import { assertCustomerMayDeliver } from '../customers/customers.queries';
import { robotsByRefs } from '../devices/delivery.queries';
import { checkRobotIds } from '../devices/device-import';
import { type PlaylistRow, plansByIds, setPlanAudit } from '../playlists/playlists.queries';
import { visiblePlan } from '../playlists/playlists.service';
import type { PublishingContext } from '../publishing/publishing.context';
import { liveRecords } from '../publishing/publishing.queries';
import { robotIdsOfAccounts } from '../publishing/publishing.service';
import { lockAudit } from './reviews.decisions';
import { assertCanSee, getAudit } from './reviews.reads';
import {
  auditGroups,
  deleteAuditRow,
  insertAudit,
  pendingDuplicateExists,
  propertyReviewers,
  replaceAuditTargets,
  robotIdsOfAudit,
  robotsByRobotIds,
  type TargetRobot,
  updateAudit,
} from './reviews.repository';
import type { AdAuditRow, StoredStep } from './reviews.table';

// ---------------------------------------------------------------------------------------------
// Targets

interface Targets {
  deliveryMode: DeliveryMode;
  robotIds: string[];
  adGroupIds: string[];
  accounts: string[];
  /** The groups' robot IDs, read before the transaction (see withGroups). */
  groupRobotIds?: string[];
}

/**
 * Device groups are resolved through the ad-groups service on its own connection, so before the
 * command's transaction opens (the embedded database has a single connection).
 */
async function withGroups<T extends Partial<Targets>>(ctx: AppContext, user: SessionUser, t: T): Promise<T> {
  if (t.deliveryMode !== 'adGroups' || !t.adGroupIds?.length) return t;
  return { ...t, groupRobotIds: await robotIdsOfGroups(ctx, user, t.adGroupIds) };
}

/** The robot IDs an application's targets stand for (robots, device groups or accounts). */
async function expandTargets(db: DbOrTx, t: Targets): Promise<string[]> {
  if (t.deliveryMode === 'adGroups') {
    if (t.adGroupIds.length === 0) throw new AppError('PUBLISH_SELECTION_REQUIRED', {}, 'adGroupIds');
    return t.groupRobotIds ?? [];
  }
  if (t.deliveryMode === 'accounts') {
    if (t.accounts.length === 0) throw new AppError('PUBLISH_SELECTION_REQUIRED', {}, 'accounts');
    return robotIdsOfAccounts(db, t.accounts);
  }
  return [...new Set(t.robotIds)];
}

/** Devices that must carry the plan already (cancel, pause): all of them when none are named. */
async function deliveredTargets(db: DbOrTx, plan: PlaylistRow, robotIds: string[]): Promise<TargetRobot[]> {
  const live = await liveRecords(db, plan.id);
  if (live.length === 0) throw new AppError('AUDIT_PLAN_NOT_DELIVERED', {}, 'playListId');
  const liveRefs = new Set(live.map((r) => r.robotRef));
  if (robotIds.length === 0) {
    return robotsByRefs(
      db,
      live.map((r) => r.robotRef),
    );
  }
  const found = await robotsByRobotIds(db, robotIds);
  const missing = found.length !== new Set(robotIds).size || found.some((r) => !liveRefs.has(r.ref));
  if (missing) throw new AppError('AUDIT_DEVICES_NOT_DELIVERED', {}, 'robotIds');
  return found;
}

/** Devices a delivery (apply, add) may go to: every device passes the section 8 checks and the slot rule. */
async function deliverableTargets(
  ctx: PublishingContext,
  db: DbOrTx,
  user: SessionUser,
  plan: PlaylistRow,
  robotIds: string[],
  lang: Language,
): Promise<TargetRobot[]> {
  if (robotIds.length === 0) throw new AppError('DEVICE_LIST_EMPTY', {}, 'robotIds');
  const found = await robotsByRobotIds(db, robotIds);
  const live = new Set((await liveRecords(db, plan.id)).map((r) => r.robotRef));
  const already = found.find((r) => live.has(r.ref));
  if (already) throw new AppError('PUBLISH_ALREADY_ON_DEVICE', {}, `robotIds.${already.robotId}`);
  const check = await checkRobotIds(
    ctx,
    db,
    user,
    robotIds.map((robotId, i) => ({ row: i + 1, robotId })),
    { requiredSlots: planSlots(plan), lang },
  );
  const refused = check.rows.find((r) => !r.ok);
  if (refused?.code) throw new AppError(refused.code as never, {}, `robotIds.${refused.robotId}`);
  return found;
}

async function stepsFor(db: DbOrTx, targets: TargetRobot[], applicantId: string): Promise<StoredStep[]> {
  const projectIds = [...new Set(targets.map((t) => t.projectId).filter((p): p is string => Boolean(p)))];
  const reviewers = await propertyReviewers(db, projectIds, applicantId);
  const autoOf = new Map<string, boolean>();
  for (const r of reviewers) autoOf.set(r.projectId, (autoOf.get(r.projectId) ?? false) || r.autoAudit);
  // A property with no project account has nobody to review for it: only the operators review.
  const props = projectIds
    .filter((p) => autoOf.has(p))
    .map((p) => ({ projectId: p, autoAudit: autoOf.get(p) ?? false }));
  return requiredSteps(props).map((s) => ({ ...s, reviewerId: null, reviewerName: null, note: '', time: null }));
}

async function saveTargets(db: DbOrTx, auditId: string, targets: TargetRobot[]) {
  await replaceAuditTargets(db, auditId, targets);
}

async function assertNoDuplicate(db: DbOrTx, playlistId: string, type: ApplicationType, exceptId?: string) {
  if (await pendingDuplicateExists(db, playlistId, type, exceptId)) throw new AppError('DUPLICATE_SUBMISSION');
}

// ---------------------------------------------------------------------------------------------
// Submission

/** Resolves and checks what an application of this type targets. */
async function resolveFor(
  ctx: PublishingContext,
  db: DbOrTx,
  user: SessionUser,
  plan: PlaylistRow,
  type: ApplicationType,
  t: Targets,
  lang: Language,
): Promise<TargetRobot[]> {
  const now = ctx.clock.now();
  if (type === 'apply' || type === 'add') {
    if (plan.endAt <= now) throw new AppError('PLAYLIST_END_PAST', {}, 'playListId');
    if (plan.materials === 0) throw new AppError('PLAYLIST_CONTENT_EMPTY', {}, 'playListId');
    if (type === 'add' && (await liveRecords(db, plan.id)).length === 0) {
      throw new AppError('AUDIT_PLAN_NOT_DELIVERED', {}, 'playListId');
    }
    return deliverableTargets(ctx, db, user, plan, await expandTargets(db, t), lang);
  }
  const named = t.deliveryMode === 'robots' && t.robotIds.length === 0 ? [] : await expandTargets(db, t);
  return deliveredTargets(db, plan, type === 'pause' ? [] : named);
}

export async function submit(
  ctx: PublishingContext,
  user: SessionUser,
  body: ApplyBody,
  lang: Language,
): Promise<AuditDto> {
  if (user.role === 'project') throw new AppError('FORBIDDEN');
  const now = ctx.clock.now();
  const reason = (body.reason || body.note || '').trim();
  if (body.type === 'cancel' && !reason) throw new AppError('CANCEL_REASON_REQUIRED', {}, 'reason');
  let pauseBeginAt: Date | null = null;
  let pauseEndAt: Date | null = null;
  if (body.type === 'pause') {
    if (!reason) throw new AppError('PAUSE_REASON_REQUIRED', {}, 'reason');
    if (body.pauseBegin === undefined) throw new AppError('PLAYLIST_BEGIN_REQUIRED', {}, 'pauseBegin');
    if (body.pauseEnd === undefined) throw new AppError('PLAYLIST_END_REQUIRED', {}, 'pauseEnd');
    if (body.pauseEnd <= body.pauseBegin) throw new AppError('END_BEFORE_START', {}, 'pauseEnd');
    if (body.pauseEnd * 1000 < now.getTime()) throw new AppError('PLAYLIST_END_PAST', {}, 'pauseEnd');
    pauseBeginAt = fromUnixSeconds(body.pauseBegin);
    pauseEndAt = fromUnixSeconds(body.pauseEnd);
  }
  const target = await withGroups(ctx, user, body);
  const id = await ctx.db.transaction(async (tx) => {
    const plan = await visiblePlan(ctx, tx, user, body.playListId, { forUpdate: true });
    // A customer whose enterprise information has not passed the customer review cannot apply for delivery.
    if (body.type === 'apply' || body.type === 'add') await assertCustomerMayDeliver(tx, plan.clientId);
    await assertNoDuplicate(tx, plan.id, body.type);
    const targets = await resolveFor(ctx, tx, user, plan, body.type, target, lang);
    const steps = await stepsFor(tx, targets, user.id);
    const auditId = newId();
    await insertAudit(tx, {
      id: auditId,
      playlistId: plan.id,
      type: body.type,
      state: 'pending',
      applicantId: user.id,
      applicantName: user.name,
      clientId: plan.clientId,
      deliveryMode: body.deliveryMode,
      robotIds: body.deliveryMode === 'robots' ? targets.map((t) => t.robotId) : [],
      adGroupIds: body.deliveryMode === 'adGroups' ? body.adGroupIds : [],
      accounts: body.deliveryMode === 'accounts' ? body.accounts : [],
      reason,
      pauseBeginAt,
      pauseEndAt,
      steps,
      createdAt: now,
      updatedAt: now,
    });
    await saveTargets(tx, auditId, targets);
    if (body.type === 'apply') await setPlanAudit(tx, plan.id, 'pending', '', now);
    return auditId;
  });
  return getAudit(ctx, user, id);
}

// ---------------------------------------------------------------------------------------------
// Applicant's actions

/** The mode and groups an edit ends up with (the stored ones unless the edit names new ones). */
async function groupsOf(ctx: AppContext, body: RetargetBody & { id: string }): Promise<RetargetBody & { id: string }> {
  const row = await auditGroups(ctx.db, body.id);
  if (!row) return body;
  return {
    ...body,
    deliveryMode: body.deliveryMode ?? (row.deliveryMode as DeliveryMode),
    adGroupIds: body.adGroupIds ?? row.adGroupIds,
  };
}

export function assertMine(user: SessionUser, row: AdAuditRow) {
  if (row.applicantId !== user.id) throw new AppError('NOT_MY_RECORD');
}

/** The body of reapply and applyUpdate: the application and the targets it ends up with. */
type EditBody = { id: string } & Omit<RetargetBody, 'groupRobotIds'>;

/**
 * Reapply and applyUpdate: locks the applicant's own application, lets `allow` refuse the change, re-checks
 * the (new) targets against the plan and stores them. `reopen` (reapply) also sends the application back to
 * review: pending again, the last decision's note cleared (and the plan's audit state pending for an apply).
 */
async function editApplication(
  ctx: PublishingContext,
  user: SessionUser,
  body: EditBody,
  lang: Language,
  reopen: boolean,
  allow: (tx: Tx, row: AdAuditRow) => Promise<void>,
): Promise<AuditDto> {
  const now = ctx.clock.now();
  const target = await withGroups(ctx, user, await groupsOf(ctx, body));
  await ctx.db.transaction(async (tx) => {
    const row = await lockAudit(tx, body.id);
    await assertCanSee(tx, user, row);
    if (row.applicantId !== user.id) throw new AppError('FORBIDDEN');
    await allow(tx, row);
    const plan = await visiblePlan(ctx, tx, user, row.playlistId, { forUpdate: true });
    if (reopen && (row.type === 'apply' || row.type === 'add')) await assertCustomerMayDeliver(tx, plan.clientId);
    const t = await retarget(ctx, tx, user, plan, row, target, lang);
    const review = reopen ? { state: 'pending', note: '', auditAt: null } : {};
    await updateAudit(tx, row.id, { ...t.columns, ...review, steps: t.steps, updatedAt: now });
    if (reopen && row.type === 'apply') await setPlanAudit(tx, row.playlistId, 'pending', '', now);
  });
  return getAudit(ctx, user, body.id);
}

export async function reapply(
  ctx: PublishingContext,
  user: SessionUser,
  body: EditBody,
  lang: Language,
): Promise<AuditDto> {
  return editApplication(ctx, user, body, lang, true, async (tx, row) => {
    const result = reapplyRule(row.state as ApplicationState, row.steps);
    if (!result.ok) throw new AppError(result.code as never);
    await assertNoDuplicate(tx, row.playlistId, row.type as ApplicationType, row.id);
  });
}

type RetargetBody = {
  deliveryMode?: DeliveryMode;
  robotIds?: string[];
  adGroupIds?: string[];
  accounts?: string[];
  reason?: string;
  groupRobotIds?: string[];
};

/** New (or the same) targets of an application being reapplied or edited, re-checked. */
async function retarget(
  ctx: PublishingContext,
  tx: DbOrTx,
  user: SessionUser,
  plan: PlaylistRow,
  row: AdAuditRow,
  body: RetargetBody,
  lang: Language,
) {
  const deliveryMode = body.deliveryMode ?? (row.deliveryMode as DeliveryMode);
  const current = await robotIdsOfAudit(tx, row.id);
  const t: Targets = {
    deliveryMode,
    robotIds: body.robotIds ?? (deliveryMode === 'robots' ? current.map((c) => c.robotId) : []),
    adGroupIds: body.adGroupIds ?? row.adGroupIds,
    accounts: body.accounts ?? row.accounts,
    groupRobotIds: body.groupRobotIds,
  };
  const reason = body.reason ?? row.reason;
  if (row.type === 'cancel' && !reason) throw new AppError('CANCEL_REASON_REQUIRED', {}, 'reason');
  const targets = await resolveFor(ctx, tx, user, plan, row.type as ApplicationType, t, lang);
  await saveTargets(tx, row.id, targets);
  return {
    steps: await stepsFor(tx, targets, row.applicantId),
    columns: {
      deliveryMode,
      robotIds: deliveryMode === 'robots' ? targets.map((x) => x.robotId) : [],
      adGroupIds: deliveryMode === 'adGroups' ? t.adGroupIds : [],
      accounts: deliveryMode === 'accounts' ? t.accounts : [],
      reason,
    },
  };
}

/** POST applyUpdate: the applicant edits a pending application before any reviewer decided. */
export async function applyUpdate(
  ctx: PublishingContext,
  user: SessionUser,
  body: EditBody,
  lang: Language,
): Promise<AuditDto> {
  return editApplication(ctx, user, body, lang, false, async (_tx, row) => {
    const ok = canUpdate(row.state as ApplicationState, row.steps);
    if (!ok.ok) throw new AppError(ok.code as never);
  });
}

/** DELETE /api/Ad_Audits/{id}: applicants delete only their own records, and never an approved one. */
export async function deleteAudit(ctx: AppContext, user: SessionUser, id: string): Promise<{ id: string }> {
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    const row = await lockAudit(tx, id);
    await assertCanSee(tx, user, row);
    assertMine(user, row);
    if (!canApply(row.state as ApplicationState, 'delete')) {
      throw new AppError(refusalCode(row.state as ApplicationState, 'delete') as never);
    }
    if (row.type === 'apply' && row.state !== 'withdrawn') {
      const [plan] = await plansByIds(tx, [row.playlistId]);
      if (plan && plan.auditState !== 'post') await setPlanAudit(tx, row.playlistId, 'none', '', now);
    }
    await deleteAuditRow(tx, row.id);
  });
  return { id };
}

export type { Targets };
