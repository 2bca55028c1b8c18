import type { ApplyBody, AuditDto, AuditFilters } from '@robot-ads/contracts/audits/audits.schemas';
import {
  type ApplicationState,
  type ApplicationType,
  canApply,
  canUpdate,
  type DeliveryMode,
  decide,
  reapply as reapplyRule,
  refusalCode,
  requiredSteps,
} from '@robot-ads/contracts/audits/review-state.rules';
import { isAdvertiserRole, isOperatorRole } from '@robot-ads/contracts/auth/roles';
import { newId } from '@robot-ads/contracts/common/ids';
import type { Language } from '@robot-ads/contracts/common/language';
import { fromUnixSeconds, toUnixSeconds } from '@robot-ads/contracts/common/time';
import { planSlots } from '@robot-ads/contracts/playlists/slots.rules';
import { and, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import { descendantIdsSql } from '../../platform/scope';
import { isSuperuser, type SessionUser } from '../../platform/session-user';
import { robotIdsOfGroups } from '../ad-groups/ad-groups.service';
import type { AdLinkCounter } from '../ads/ads.service';
import { assertCustomerMayDeliver, customerNamesByIds } from '../customers/customers.queries';
import { projectNames, robotsByRefs } from '../devices/delivery.queries';
import { checkRobotIds } from '../devices/device-import';
import { projects, robots, scenes } from '../devices/devices.table';
import { notifyUser } from '../playlists/playlists.ports';
import {
  adIdsOfPlans,
  adSummaries,
  lockPlan,
  type PlaylistRow,
  planFilter,
  planIdsWhere,
  plansByIds,
  plansByIdsWhere,
  setPlanAudit,
  setPlanPauses,
} from '../playlists/playlists.queries';
import { plansWithAd, subtreePlans, visiblePlan } from '../playlists/playlists.service';
import { liveRecords } from '../publishing/publishing.queries';
import {
  cancelPlanOnRobots,
  plansOnDevices,
  publishPlan,
  robotIdsOfAccounts,
  SYSTEM_SCOPE,
} from '../publishing/publishing.service';
import { publishRecords } from '../publishing/publishing.table';
import {
  accountNames,
  accountsOfProperty,
  approvedDeliveryAccountCount,
  ownProperty,
  propertyReviewers,
  robotCounts,
  robotIdsInProperty,
  robotIdsOfAudit,
  robotsByRobotIds,
  type TargetRobot,
} from './audits.repository';
import { type AdAuditRow, adAuditReviews, adAuditRobots, adAudits, type StoredStep } from './audits.table';

const like = (v: string) => `%${v.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
const isOperator = (user: Pick<SessionUser, 'role' | 'principals'>) => isSuperuser(user) || isOperatorRole(user.role);

/** What the scope of the application lists depends on (kept with an export job, as it was when started). */
export type AuditScopeUser = Pick<SessionUser, 'id' | 'role' | 'principals' | 'customer' | 'projectId'>;

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
  ctx: AppContext,
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
  await db.delete(adAuditRobots).where(eq(adAuditRobots.auditId, auditId));
  for (let i = 0; i < targets.length; i += 1000) {
    await db
      .insert(adAuditRobots)
      .values(targets.slice(i, i + 1000).map((t) => ({ auditId, robotRef: t.ref, projectId: t.projectId })))
      .onConflictDoNothing();
  }
}

async function assertNoDuplicate(db: DbOrTx, playlistId: string, type: ApplicationType, exceptId?: string) {
  const conds: SQL[] = [eq(adAudits.playlistId, playlistId), eq(adAudits.type, type), eq(adAudits.state, 'pending')];
  if (exceptId) conds.push(ne(adAudits.id, exceptId));
  const [dup] = await db
    .select({ id: adAudits.id })
    .from(adAudits)
    .where(and(...conds))
    .limit(1);
  if (dup) throw new AppError('DUPLICATE_SUBMISSION');
}

// ---------------------------------------------------------------------------------------------
// Submission

/** Resolves and checks what an application of this type targets. */
async function resolveFor(
  ctx: AppContext,
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

export async function submit(ctx: AppContext, user: SessionUser, body: ApplyBody, lang: Language): Promise<AuditDto> {
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
    await tx.insert(adAudits).values({
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

/** POST createCancel / createCancelByRobotId: a cancellation application for all or some devices. */
export async function createCancel(
  ctx: AppContext,
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
  ctx: AppContext,
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

// ---------------------------------------------------------------------------------------------
// Reviews

/** The step this reviewer decides: operators the operators' step, a project account its property's. */
function stepIndexOf(user: AuditScopeUser, steps: StoredStep[]): number {
  if (isOperator(user)) return steps.findIndex((s) => s.kind === 'operator');
  if (user.role === 'project' && user.projectId) {
    return steps.findIndex((s) => s.kind === 'owner' && s.projectId === user.projectId);
  }
  return -1;
}

async function lockAudit(db: DbOrTx, id: string): Promise<AdAuditRow> {
  const [row] = await db.select().from(adAudits).where(eq(adAudits.id, id)).for('update');
  if (!row) throw new AppError('AUDIT_NOT_FOUND', {}, 'id');
  return row;
}

/** Whether the caller may see an application at all (scope of the lists). */
async function assertCanSee(db: DbOrTx, user: SessionUser, row: AdAuditRow) {
  if (isSuperuser(user) || row.applicantId === user.id) return;
  if (isOperatorRole(user.role)) {
    const [hit] = await plansByIdsWhere(db, [row.playlistId], operatorPlans(user));
    if (hit) return;
  }
  if (isAdvertiserRole(user.role) && user.customer && row.clientId === user.customer) return;
  if (user.role === 'project' && user.projectId) {
    const [hit] = await db
      .select({ id: adAuditRobots.auditId })
      .from(adAuditRobots)
      .where(and(eq(adAuditRobots.auditId, row.id), eq(adAuditRobots.projectId, user.projectId)))
      .limit(1);
    if (hit) return;
  }
  throw new AppError('AUDIT_NOT_FOUND', {}, 'id');
}

/** The effect of an approved application, in the approving transaction. */
async function applyEffect(ctx: AppContext, tx: DbOrTx, row: AdAuditRow, lang: Language) {
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
  ctx: AppContext,
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
    await tx
      .update(adAudits)
      .set({ steps: nextSteps, state, note: note || row.note, auditAt: now, updatedAt: now })
      .where(eq(adAudits.id, row.id));
    await tx.insert(adAuditReviews).values({
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
    return { row, state };
  });
  // The applicant hears the outcome: an approval that still waits for other reviewers changes nothing yet.
  if (outcome.state !== 'pending') await notifyDecision(ctx, outcome.row, outcome.state, decision, note);
  return getAudit(ctx, user, body.id);
}

async function notifyDecision(
  ctx: AppContext,
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
  // Partners subscribed to audit results (the applicant's applications, and superuser-owned ones).
  await ctx.partnerEvents.emit(
    'audit.result',
    { playlistId: row.playlistId, name: plan?.name ?? '', auditId: row.id, type: row.type, state, decision, note },
    [row.applicantId],
  );
}

// ---------------------------------------------------------------------------------------------
// Applicant's actions

/** The mode and groups an edit ends up with (the stored ones unless the edit names new ones). */
async function groupsOf(ctx: AppContext, body: RetargetBody & { id: string }): Promise<RetargetBody & { id: string }> {
  const [row] = await ctx.db
    .select({ deliveryMode: adAudits.deliveryMode, adGroupIds: adAudits.adGroupIds })
    .from(adAudits)
    .where(eq(adAudits.id, body.id));
  if (!row) return body;
  return {
    ...body,
    deliveryMode: body.deliveryMode ?? (row.deliveryMode as DeliveryMode),
    adGroupIds: body.adGroupIds ?? row.adGroupIds,
  };
}

function assertMine(user: SessionUser, row: AdAuditRow) {
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
  ctx: AppContext,
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
    await tx
      .update(adAudits)
      .set({ ...t.columns, ...review, steps: t.steps, updatedAt: now })
      .where(eq(adAudits.id, row.id));
    if (reopen && row.type === 'apply') await setPlanAudit(tx, row.playlistId, 'pending', '', now);
  });
  return getAudit(ctx, user, body.id);
}

export async function reapply(ctx: AppContext, user: SessionUser, body: EditBody, lang: Language): Promise<AuditDto> {
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
  ctx: AppContext,
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
  ctx: AppContext,
  user: SessionUser,
  body: EditBody,
  lang: Language,
): Promise<AuditDto> {
  return editApplication(ctx, user, body, lang, false, async (_tx, row) => {
    const ok = canUpdate(row.state as ApplicationState, row.steps);
    if (!ok.ok) throw new AppError(ok.code as never);
  });
}

/** POST applyCancel {id, applicant}: the applicant withdraws its application before approval. */
export async function withdraw(
  ctx: AppContext,
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
    await tx.update(adAudits).set({ state: 'withdrawn', updatedAt: now }).where(eq(adAudits.id, row.id));
    if (row.type === 'apply') await setPlanAudit(tx, row.playlistId, 'none', '', now);
  });
  return getAudit(ctx, user, body.id);
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
    await tx.delete(adAudits).where(eq(adAudits.id, row.id));
  });
  return { id };
}

// ---------------------------------------------------------------------------------------------
// Reading

/**
 * A property owner sees only its own property's devices of an application that also targets others:
 * the property it is limited to, or undefined for everybody else.
 */
function ownerProperty(user: AuditScopeUser): { projectId: string | null } | undefined {
  return !isOperator(user) && user.role === 'project' ? { projectId: user.projectId } : undefined;
}

export async function toDtos(ctx: AppContext, user: AuditScopeUser, rows: AdAuditRow[]): Promise<AuditDto[]> {
  const planIds = [...new Set(rows.map((r) => r.playlistId))];
  const owner = ownerProperty(user);
  const auditIds = rows.map((r) => r.id);
  const ownRobots = owner ? await robotIdsInProperty(ctx.db, auditIds, owner.projectId) : undefined;
  const ownAccounts = owner
    ? await accountsOfProperty(
        ctx.db,
        rows.flatMap((r) => r.accounts),
        owner.projectId,
      )
    : undefined;
  /** Another property's review step, as its owner sees it: where it stands, not who or which property. */
  const seenStep = (s: StoredStep) =>
    owner && s.kind === 'owner' && s.projectId !== owner.projectId
      ? { ...s, projectId: null, reviewerName: null, note: '' }
      : s;
  const planRows = await plansByIds(ctx.db, planIds);
  const plans = new Map(planRows.map((p) => [p.id, p]));
  const [adIds, clientNames, counts, accNames] = await Promise.all([
    adIdsOfPlans(ctx.db, planIds),
    customerNamesByIds(
      ctx.db,
      planRows.map((p) => p.clientId),
    ),
    robotCounts(ctx.db, auditIds, owner?.projectId),
    accountNames(
      ctx.db,
      rows.flatMap((r) => r.accounts),
    ),
  ]);
  const ads = await adSummaries(ctx, ctx.db, [...adIds.values()].flat());
  const projectIds = [
    ...new Set(rows.flatMap((r) => r.steps.map((s) => s.projectId)).filter((p): p is string => Boolean(p))),
  ];
  const propNames = await projectNames(ctx.db, projectIds);
  return rows.map((r) => {
    const plan = plans.get(r.playlistId);
    const mineIdx = stepIndexOf(user, r.steps);
    return {
      id: r.id,
      applicant: r.applicantName,
      applicantId: r.applicantId,
      applicant_slave: r.applicantName,
      playlistId: r.playlistId,
      playlist: {
        id: r.playlistId,
        name: plan?.name ?? '',
        clientName: plan ? (clientNames.get(plan.clientId) ?? '') : '',
        priority: plan?.priority ?? 5,
        begin: toUnixSeconds(plan?.beginAt) ?? 0,
        end: toUnixSeconds(plan?.endAt) ?? 0,
        advertisements: (adIds.get(r.playlistId) ?? []).map((id) => {
          const a = ads.get(id);
          return { id, name: a?.name ?? '', kind: a?.kind ?? '', materials: a?.materials ?? 0 };
        }),
        cancelled: !plan || plan.deletedAt !== null,
      },
      type: r.type as AuditDto['type'],
      state: r.state as AuditDto['state'],
      note: r.note,
      reason: r.reason,
      auditTime: toUnixSeconds(r.auditAt),
      createtime: toUnixSeconds(r.createdAt) ?? 0,
      deliveryMode: r.deliveryMode as DeliveryMode,
      robotIds: ownRobots ? r.robotIds.filter((id) => ownRobots.get(r.id)?.has(id)) : r.robotIds,
      adGroupIds: r.adGroupIds,
      accounts: ownAccounts ? r.accounts.filter((id) => ownAccounts.has(id)) : r.accounts,
      accountArr: (ownAccounts ? r.accounts.filter((id) => ownAccounts.has(id)) : r.accounts).map((id) => ({
        id,
        name: accNames.get(id) ?? '',
      })),
      robotCount: counts.get(r.id) ?? 0,
      pauseBegin: toUnixSeconds(r.pauseBeginAt),
      pauseEnd: toUnixSeconds(r.pauseEndAt),
      steps: r.steps.map(seenStep).map((s) => ({
        kind: s.kind,
        projectId: s.projectId,
        propertyname: s.projectId ? (propNames.get(s.projectId) ?? null) : null,
        state: s.state,
        reviewerName: s.reviewerName,
        note: s.note,
        time: s.time,
      })),
      myStep: mineIdx >= 0 ? (r.steps[mineIdx]?.state ?? null) : null,
      mine: r.applicantId === user.id,
    };
  });
}

export async function getAudit(ctx: AppContext, user: SessionUser, id: string): Promise<AuditDto> {
  const [row] = await ctx.db.select().from(adAudits).where(eq(adAudits.id, id));
  if (!row) throw new AppError('AUDIT_NOT_FOUND', {}, 'id');
  await assertCanSee(ctx.db, user, row);
  const [dto] = await toDtos(ctx, user, [row]);
  return dto as AuditDto;
}

/**
 * The plans an operator (not root/admin) may see, those of its account subtree (playlists' planScope), as one
 * condition on playlists built without a query: an operator reads and reviews only their applications.
 */
const operatorPlans = (user: AuditScopeUser) => subtreePlans(descendantIdsSql(user.id));

/** Applications of plans the operator may see (root/admin: every one). */
function operatorScope(user: AuditScopeUser): SQL | undefined {
  if (isSuperuser(user)) return undefined;
  return or(eq(adAudits.applicantId, user.id), sql`${adAudits.playlistId} in (${planIdsWhere(operatorPlans(user))})`);
}

/** Scope of the lists: application records (view apply) and what the caller reviews (view review). */
function listScope(user: AuditScopeUser, view: 'apply' | 'review'): SQL | undefined {
  const ofProject = (projectId: string) =>
    sql`exists (select 1 from ${adAuditRobots} where ${adAuditRobots.auditId} = ${adAudits.id} and ${adAuditRobots.projectId} = ${projectId})`;
  if (view === 'review') {
    if (isOperator(user)) return operatorScope(user);
    if (user.role === 'project' && user.projectId) return ofProject(user.projectId);
    throw new AppError('AUDIT_NOT_REVIEWER');
  }
  if (isOperator(user)) return operatorScope(user);
  if (isAdvertiserRole(user.role))
    return user.customer ? eq(adAudits.clientId, user.customer) : eq(adAudits.applicantId, user.id);
  if (user.role === 'project' && user.projectId) return ofProject(user.projectId);
  return eq(adAudits.applicantId, user.id);
}

/**
 * The condition of an application list: the caller's scope for the view (AUDIT_NOT_REVIEWER when the caller
 * reviews nothing) and the filters. queryByPage and its export (audit-exports.ts) list the same rows.
 */
export function auditWhere(ctx: AppContext, user: AuditScopeUser, q: AuditFilters): SQL | undefined {
  const conds: SQL[] = [];
  const scope = listScope(user, q.view);
  if (scope) conds.push(scope);
  if (q.type) conds.push(eq(adAudits.type, q.type));
  if (q.state) conds.push(eq(adAudits.state, q.state));
  if (q.playListId) conds.push(eq(adAudits.playlistId, q.playListId));
  if (q.name) {
    conds.push(sql`${adAudits.playlistId} in (${planIdsWhere(planFilter({ name: q.name }) as SQL)})`);
  }
  if (q.todo) {
    conds.push(eq(adAudits.state, 'pending'));
    if (isOperator(user)) conds.push(sql`${adAudits.steps} @> '[{"kind":"operator","state":"pending"}]'::jsonb`);
    else if (user.role === 'project' && user.projectId) {
      conds.push(
        sql`${adAudits.steps} @> ${JSON.stringify([{ kind: 'owner', projectId: user.projectId, state: 'pending' }])}::jsonb`,
      );
    }
  }
  return conds.length ? and(...conds) : undefined;
}

export async function countAudits(ctx: AppContext, where: SQL | undefined): Promise<number> {
  const [count] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(adAudits).where(where);
  return count?.n ?? 0;
}

/** One page of a list, newest first (the order of queryByPage and of the export). */
export async function auditRows(ctx: AppContext, where: SQL | undefined, start: number, limit: number) {
  return ctx.db
    .select()
    .from(adAudits)
    .where(where)
    .orderBy(desc(adAudits.createdAt), desc(adAudits.id))
    .offset(start)
    .limit(limit);
}

export async function queryAudits(
  ctx: AppContext,
  user: SessionUser,
  q: AuditFilters & { start: number; limit: number },
) {
  const where = auditWhere(ctx, user, q);
  const total = await countAudits(ctx, where);
  const rows = await auditRows(ctx, where, q.start, q.limit);
  return { total, datas: await toDtos(ctx, user, rows) };
}

const robotListColumns = {
  robotId: robots.robotId,
  name: robots.name,
  type: robots.type,
  propertyname: projects.name,
  sceneName: scenes.name,
  province: robots.province,
  city: robots.city,
};

/** GET getRobotsByAd_auditId: the devices of an application, paged, with the plan's publish state on each. */
export async function robotsOfAudit(
  ctx: AppContext,
  user: SessionUser,
  q: { id: string; start: number; limit: number },
) {
  const [row] = await ctx.db.select().from(adAudits).where(eq(adAudits.id, q.id));
  if (!row) throw new AppError('AUDIT_NOT_FOUND', {}, 'id');
  await assertCanSee(ctx.db, user, row);
  const owner = ownerProperty(user);
  const ofAudit = eq(adAuditRobots.auditId, row.id);
  const where = owner ? and(ofAudit, ownProperty(owner.projectId)) : ofAudit;
  const [count] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(adAuditRobots).where(where);
  const rows = await ctx.db
    .select({
      ...robotListColumns,
      publishState: sql<string | null>`(select ${publishRecords.state} from ${publishRecords}
        where ${publishRecords.playlistId} = ${row.playlistId} and ${publishRecords.robotRef} = ${robots.id}
        order by ${publishRecords.createdAt} desc limit 1)`,
    })
    .from(adAuditRobots)
    .innerJoin(robots, eq(robots.id, adAuditRobots.robotRef))
    .leftJoin(projects, eq(projects.id, robots.projectId))
    .leftJoin(scenes, eq(scenes.id, robots.sceneId))
    .where(where)
    .orderBy(robots.robotId)
    .offset(q.start)
    .limit(q.limit);
  return { total: count?.n ?? 0, datas: rows };
}

/** GET obtailRobotExist / obtailRobot_ByPlaylistId: the devices a plan is live on, paged and filtered. */
export async function liveRobotsOfPlan(
  ctx: AppContext,
  user: SessionUser,
  q: {
    playListId: string;
    start: number;
    limit: number;
    robotId?: string;
    robotName?: string;
    sceneName?: string;
    propertyname?: string;
  },
) {
  const plan = await visiblePlan(ctx, ctx.db, user, q.playListId);
  const conds: SQL[] = [
    eq(publishRecords.playlistId, plan.id),
    inArray(publishRecords.state, ['notIssued', 'issued', 'pulled']),
  ];
  if (user.role === 'project') conds.push(user.projectId ? eq(robots.projectId, user.projectId) : sql`false`);
  if (q.robotId) conds.push(ilike(robots.robotId, like(q.robotId)));
  if (q.robotName) conds.push(ilike(robots.name, like(q.robotName)));
  if (q.sceneName) conds.push(ilike(scenes.name, like(q.sceneName)));
  if (q.propertyname) conds.push(ilike(projects.name, like(q.propertyname)));
  const where = and(...conds);
  const base = () =>
    ctx.db
      .select({ ...robotListColumns, publishState: publishRecords.state })
      .from(publishRecords)
      .innerJoin(robots, eq(robots.id, publishRecords.robotRef))
      .leftJoin(projects, eq(projects.id, robots.projectId))
      .leftJoin(scenes, eq(scenes.id, robots.sceneId));
  const [count] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(publishRecords)
    .innerJoin(robots, eq(robots.id, publishRecords.robotRef))
    .leftJoin(projects, eq(projects.id, robots.projectId))
    .leftJoin(scenes, eq(scenes.id, robots.sceneId))
    .where(where);
  const rows = await base().where(where).orderBy(robots.robotId).offset(q.start).limit(q.limit);
  return { total: count?.n ?? 0, datas: rows };
}

export type { Targets };

/**
 * For the ads module: how many accounts (approved account deliveries of plans on devices) an ad is
 * linked to through the plans that contain it. buildApp registers it with the ads service.
 */
export function adAccountLinkCounter(): AdLinkCounter {
  return async (db, adId) => {
    const delivered = await plansOnDevices(db, await plansWithAd(db, adId));
    return { devices: 0, accounts: await approvedDeliveryAccountCount(db, delivered) };
  };
}
