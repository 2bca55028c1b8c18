// Reading: application DTOs, the list scopes and filters (queryByPage and its export), ads' account links.

import { isAdvertiserRole, isOperatorRole } from '@robot-ads/contracts/auth/roles';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import type { DeliveryMode } from '@robot-ads/contracts/reviews/review-state.rules';
import type { AuditDto, AuditFilters } from '@robot-ads/contracts/reviews/reviews.schemas';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { containsLike } from '../../platform/like';
import { isSuperuser, type SessionUser } from '../../platform/session-user';
import type { AdLinkCounter } from '../ads/ads.service';
import { customerNamesByIds } from '../customers/customers.queries';
import { projectNames } from '../devices/delivery.queries';
import { adIdsOfPlans, adSummaries, plansByIds, plansByIdsWhere } from '../playlists/playlists.queries';
import { plansWithAd } from '../playlists/playlists.service';
import type { PublishingContext } from '../publishing/publishing.context';
import { plansOnDevices } from '../publishing/publishing.service';
import {
  type AuditScopeUser,
  accountNames,
  accountsOfProperty,
  approvedDeliveryAccountCount,
  auditRows,
  auditTouchesProperty,
  auditWhere,
  countAudits,
  findAudit,
  isOperator,
  operatorPlans,
  robotCounts,
  robotIdsInProperty,
} from './reviews.repository';
import type { AdAuditRow, StoredStep } from './reviews.table';

export const like = containsLike;
export {
  type AuditScopeUser,
  auditRows,
  auditWhere,
  countAudits,
  isOperator,
  operatorPlans,
} from './reviews.repository';

// ---------------------------------------------------------------------------------------------
// Reading

/**
 * A property owner sees only its own property's devices of an application that also targets others:
 * the property it is limited to, or undefined for everybody else.
 */
export function ownerProperty(user: AuditScopeUser): { projectId: string | null } | undefined {
  return !isOperator(user) && user.role === 'project' ? { projectId: user.projectId } : undefined;
}

export async function toDtos(ctx: PublishingContext, user: AuditScopeUser, rows: AdAuditRow[]): Promise<AuditDto[]> {
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

export async function getAudit(ctx: PublishingContext, user: SessionUser, id: string): Promise<AuditDto> {
  const row = await findAudit(ctx.db, id);
  if (!row) throw new AppError('AUDIT_NOT_FOUND', {}, 'id');
  await assertCanSee(ctx.db, user, row);
  const [dto] = await toDtos(ctx, user, [row]);
  return dto as AuditDto;
}

export async function queryAudits(
  ctx: PublishingContext,
  user: SessionUser,
  q: AuditFilters & { start: number; limit: number },
) {
  const where = auditWhere(ctx, user, q);
  const total = await countAudits(ctx, where);
  const rows = await auditRows(ctx, where, q.start, q.limit);
  return { total, datas: await toDtos(ctx, user, rows) };
}

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

/** The step this reviewer decides: operators the operators' step, a project account its property's. */
export function stepIndexOf(user: AuditScopeUser, steps: StoredStep[]): number {
  if (isOperator(user)) return steps.findIndex((s) => s.kind === 'operator');
  if (user.role === 'project' && user.projectId) {
    return steps.findIndex((s) => s.kind === 'owner' && s.projectId === user.projectId);
  }
  return -1;
}

/** Whether the caller may see an application at all (scope of the lists). */
export async function assertCanSee(db: DbOrTx, user: SessionUser, row: AdAuditRow) {
  if (isSuperuser(user) || row.applicantId === user.id) return;
  if (isOperatorRole(user.role)) {
    const [hit] = await plansByIdsWhere(db, [row.playlistId], operatorPlans(user));
    if (hit) return;
  }
  if (isAdvertiserRole(user.role) && user.customer && row.clientId === user.customer) return;
  if (user.role === 'project' && user.projectId) {
    const hit = await auditTouchesProperty(db, row.id, user.projectId);
    if (hit) return;
  }
  throw new AppError('AUDIT_NOT_FOUND', {}, 'id');
}
