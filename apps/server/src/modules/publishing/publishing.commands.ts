// Operators' and applications' commands on publish records: publish, cancel, re-issue (one transaction each).
import { type ErrorCode, messageFor } from '@robot-ads/contracts/common/errors';
import { newId } from '@robot-ads/contracts/common/ids';
import type { Language } from '@robot-ads/contracts/common/language';
import type { DeviceType } from '@robot-ads/contracts/devices/devices.rules';
import type { ImportRow, RobotQuery } from '@robot-ads/contracts/devices/devices.schemas';
import { MAX_INTELLIGENT_DEVICES } from '@robot-ads/contracts/playlists/playlists.schemas';
import { isCharged, planSlots } from '@robot-ads/contracts/playlists/slots.rules';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import type { SessionUser } from '../../platform/session-user';
import { projectIdsOfPropertyAccounts } from '../accounts/accounts.queries';
import { robotIdsOfGroups } from '../ad-groups/ad-groups.service';
import { adDeliverability } from '../ads/ads.queries';
import { checkRobotIds, type RobotIdEntry } from '../devices/device-import';
import { robotIdsOfProjects } from '../devices/devices.queries';
import { findRobotsByRobotIds, queryRobots } from '../devices/devices.service';
import { adIdsOfPlans, markPlanApproved, type PlaylistRow } from '../playlists/playlists.queries';
import { visiblePlan } from '../playlists/playlists.service';
import type { PublishingContext } from './publishing.context';
import {
  cancelLiveRecords,
  cancelRecordById,
  heldAndCarrying,
  insertRecords,
  LIVE_STATES,
  liveRecords,
  lockRecord,
  type NewRecord,
  reissueLiveRecords,
} from './publishing.repository';

type ScopeUser = Pick<SessionUser, 'id' | 'role' | 'principals' | 'projectId'>;

/** Whose checks an approved application's effect runs with: permissions were checked at submission. */
export const SYSTEM_SCOPE: ScopeUser = { id: 'system', role: 'super', principals: 'root', projectId: null };

export interface PublishOutcome {
  total: number;
  published: number;
  charged: number;
  /** One row per requested device: ok, or the section 8 reason it was refused. */
  rows: ImportRow[];
}

/**
 * Publishes a plan to devices, inside the caller's transaction. Every device is checked with the
 * section 8 reasons (including the slot rule); a device already carrying the plan is reported, not
 * doubled. Devices refused for a delivery reason get a failed record (shown in the publish details).
 */
export async function publishPlan(
  ctx: PublishingContext,
  tx: DbOrTx,
  user: ScopeUser,
  plan: PlaylistRow,
  entries: RobotIdEntry[],
  opts: { lang: Language; applicationId?: string | null; by: string },
): Promise<PublishOutcome> {
  const now = ctx.clock.now();
  const found = await findRobotsByRobotIds(tx, [...new Set(entries.map((e) => e.robotId))]);
  const refOf = new Map(found.map((r) => [r.robot.robotId, r.robot.id]));
  // The plans already held by the devices, and which devices carry this plan: read once, for the
  // slot rule, the charge and the devices that already have it.
  const { held, carrying: live } = await heldAndCarrying(tx, [...refOf.values()], plan.id, now);
  const already: ImportRow[] = [];
  const toCheck: RobotIdEntry[] = [];
  for (const e of entries) {
    const ref = refOf.get(e.robotId);
    if (ref && live.has(ref)) {
      already.push(row(e, 'PUBLISH_ALREADY_ON_DEVICE', opts.lang));
    } else toCheck.push(e);
  }
  const check = await checkRobotIds(ctx, tx, user, toCheck, {
    requiredSlots: planSlots(plan),
    robots: found,
    usedSlots: new Map([...held].map(([ref, h]) => [ref, h.slots])),
    lang: opts.lang,
  });
  const validRefs = check.valid.map((id) => refOf.get(id)).filter((x): x is string => Boolean(x));
  const salesOf = new Map(found.map((r) => [r.robot.id, r.robot.salesType]));
  const slots = planSlots(plan);
  let charged = 0;
  const allowance = await ctx.params.freeMaterials();
  const records: NewRecord[] = validRefs.map((ref) => {
    const isFee = isCharged(salesOf.get(ref), held.get(ref)?.materials ?? 0, plan.materials, allowance);
    if (isFee) charged++;
    return {
      id: newId(),
      playlistId: plan.id,
      robotRef: ref,
      state: 'issued',
      slots,
      materials: plan.materials,
      charged: isFee,
      failCode: null,
      applicationId: opts.applicationId ?? null,
      publishedBy: opts.by,
      pubAt: now,
      createdAt: now,
    };
  });
  const deliveryRefusals = new Set<string>(['DEVICE_NOT_EXIST', 'DEVICE_NO_PERMISSION', 'DEVICE_ALREADY_SELECTED']);
  const failed: NewRecord[] = check.rows
    .filter((r) => !r.ok && r.code && !deliveryRefusals.has(r.code) && refOf.has(r.robotId))
    .map((r) => ({
      id: newId(),
      playlistId: plan.id,
      robotRef: refOf.get(r.robotId) as string,
      state: 'failed',
      slots: 0,
      materials: 0,
      charged: false,
      failCode: r.code,
      applicationId: opts.applicationId ?? null,
      publishedBy: opts.by,
      pubAt: null,
      createdAt: now,
    }));
  await insertRecords(tx, [...records, ...failed]);
  return {
    total: entries.length,
    published: records.length,
    charged,
    rows: [...check.rows, ...already].sort((a, b) => a.row - b.row),
  };
}

function row(e: RobotIdEntry, code: ErrorCode, lang: Language): ImportRow {
  return { row: e.row, robotId: e.robotId, ok: false, code, msg: messageFor(code, lang), name: null };
}

/** Cancels the live records of a plan on these devices (every device when omitted); returns how many. */
export async function cancelPlanOnRobots(
  ctx: AppContext,
  tx: DbOrTx,
  playlistId: string,
  robotRefs: string[] | undefined,
  reason: string,
): Promise<number> {
  if (robotRefs && robotRefs.length === 0) return 0;
  return cancelLiveRecords(tx, playlistId, robotRefs, ctx.clock.now(), reason);
}

/** Robot IDs of every device in the properties of these project accounts (publishWithAccount), sorted. */
export async function robotIdsOfAccounts(db: DbOrTx, accountIds: string[]): Promise<string[]> {
  return robotIdsOfProjects(db, await projectIdsOfPropertyAccounts(db, accountIds));
}

/** Robot refs (robots.id) of robot IDs; unknown IDs are left out. */
export async function robotRefsOf(db: DbOrTx, robotIds: string[]): Promise<Map<string, string>> {
  const found = await findRobotsByRobotIds(db, [...new Set(robotIds)]);
  return new Map(found.map((r) => [r.robot.robotId, r.robot.id]));
}

export type DirectTarget =
  | { kind: 'robots'; robotIds: string[] }
  | { kind: 'adGroups'; adGroupIds: string[] }
  | { kind: 'accounts'; accounts: string[] };

async function expand(ctx: AppContext, db: DbOrTx, user: SessionUser, target: DirectTarget): Promise<string[]> {
  if (target.kind === 'robots') return [...new Set(target.robotIds)];
  if (target.kind === 'adGroups') return robotIdsOfGroups(ctx, user, target.adGroupIds);
  return robotIdsOfAccounts(db, target.accounts);
}

/** Refusals of section 8 before any device is looked at: the plan, its ads and their materials. */
export async function assertDeliverable(ctx: AppContext, db: DbOrTx, plan: PlaylistRow) {
  if (plan.deletedAt) throw new AppError('PLAYLIST_NOT_FOUND', {}, 'playListId');
  if (plan.endAt <= ctx.clock.now()) throw new AppError('PLAYLIST_END_PAST', {}, 'playListId');
  const adIds = (await adIdsOfPlans(db, [plan.id])).get(plan.id) ?? [];
  if (adIds.length === 0) throw new AppError('PLAYLIST_CONTENT_EMPTY', {}, 'playListId');
  const ads = await adDeliverability(db, adIds);
  for (const id of adIds) {
    const ad = ads.get(id);
    if (!ad) throw new AppError('PLAYLIST_ADV_NOT_EXITS', {}, 'advertisements');
    if (!ad.template) throw new AppError('PLAYLIST_LAYOUT_EMPTY', {}, 'advertisements');
    if (ad.materials === 0) throw new AppError('PLAYLIST_RES_IS_EMPTY', {}, 'advertisements');
  }
}

export async function publishDirect(
  ctx: PublishingContext,
  user: SessionUser,
  playListId: string,
  target: DirectTarget,
  lang: Language,
): Promise<PublishOutcome> {
  // Targets are read before the transaction: the embedded database has one connection.
  const ids = await expand(ctx, ctx.db, user, target);
  return ctx.db.transaction(async (tx) => {
    const plan = await visiblePlan(ctx, tx, user, playListId, { forUpdate: true });
    await assertDeliverable(ctx, tx, plan);
    if (ids.length === 0) throw new AppError('PUBLISH_NO_DEVICE', {}, target.kind);
    const outcome = await publishPlan(
      ctx,
      tx,
      user,
      plan,
      ids.map((robotId, i) => ({ row: i + 1, robotId })),
      { lang, by: user.id },
    );
    // Publishing by an operator is its approval: the plan shows as approved.
    if (outcome.published > 0) {
      await markPlanApproved(tx, plan.id, ctx.clock.now());
    }
    return outcome;
  });
}

/** publishWithMode: intelligent delivery to at most 10 devices, named or chosen by the filters (nearest first). */
export async function publishIntelligent(
  ctx: PublishingContext,
  user: SessionUser,
  body: {
    playListId: string;
    robotIds?: string[];
    count: number;
    distance?: number;
    lng?: number;
    lat?: number;
    province?: string;
    city?: string;
    district?: string;
    type?: DeviceType;
  },
  lang: Language,
): Promise<PublishOutcome> {
  let robotIds = body.robotIds ?? [];
  if (robotIds.length > MAX_INTELLIGENT_DEVICES) throw new AppError('PUBLISH_TOO_MANY_DEVICES', {}, 'robotIds');
  if (robotIds.length === 0) {
    const query: RobotQuery = {
      start: 0,
      limit: Math.min(body.count, MAX_INTELLIGENT_DEVICES),
      distance: body.distance,
      lng: body.lng,
      lat: body.lat,
      province: body.province,
      city: body.city,
      district: body.district,
      type: body.type,
      state: 'activated',
      postAds: true,
    };
    const page = await queryRobots(ctx, user, query);
    robotIds = page.datas.filter((r) => r.listType !== 'blacklist' && r.remainingSlots > 0).map((r) => r.robotId);
  }
  if (robotIds.length === 0) throw new AppError('PUBLISH_NO_DEVICE', {}, 'robotIds');
  return publishDirect(ctx, user, body.playListId, { kind: 'robots', robotIds }, lang);
}

export async function cancelDirect(
  ctx: PublishingContext,
  user: SessionUser,
  playListId: string,
  target: DirectTarget,
  reason: string,
): Promise<{ cancelled: number }> {
  const ids = await expand(ctx, ctx.db, user, target);
  return ctx.db.transaction(async (tx) => {
    const plan = await visiblePlan(ctx, tx, user, playListId, { forUpdate: true });
    const refs = [...(await robotRefsOf(tx, ids)).values()];
    const cancelled = await cancelPlanOnRobots(ctx, tx, plan.id, refs, reason);
    if (cancelled === 0) throw new AppError('AUDIT_DEVICES_NOT_DELIVERED', {}, 'robotIds');
    return { cancelled };
  });
}

/** queryPublishByImport: which imported devices carry the plan (the rows a batch cancellation would touch). */
export async function checkImportForCancel(
  ctx: PublishingContext,
  user: SessionUser,
  playListId: string,
  entries: RobotIdEntry[],
  lang: Language,
) {
  const plan = await visiblePlan(ctx, ctx.db, user, playListId);
  const refs = await robotRefsOf(
    ctx.db,
    entries.map((e) => e.robotId),
  );
  const live = new Set((await liveRecords(ctx.db, plan.id)).map((r) => r.robotRef));
  const seen = new Set<string>();
  const rows: ImportRow[] = entries.map((e) => {
    const ref = refs.get(e.robotId);
    let code: ErrorCode | null = null;
    if (!ref) code = 'DEVICE_NOT_EXIST';
    else if (seen.has(e.robotId)) code = 'DEVICE_ALREADY_SELECTED';
    else if (!live.has(ref)) code = 'AUDIT_DEVICES_NOT_DELIVERED';
    seen.add(e.robotId);
    return {
      row: e.row,
      robotId: e.robotId,
      ok: code === null,
      code,
      msg: code ? messageFor(code, lang) : null,
      name: null,
    };
  });
  const valid = rows.filter((r) => r.ok).map((r) => r.robotId);
  return { total: rows.length, validCount: valid.length, valid, rows };
}

/** Controls/adPublishByPlaylistId: issue an approved plan to its devices again (devices refetch). */
export async function reissue(
  ctx: PublishingContext,
  user: SessionUser,
  playListId: string,
): Promise<{ issued: number }> {
  return ctx.db.transaction(async (tx) => {
    const plan = await visiblePlan(ctx, tx, user, playListId, { forUpdate: true });
    if (plan.auditState !== 'post') throw new AppError('PLAYLIST_NOT_APPROVED', {}, 'playListId');
    await assertDeliverable(ctx, tx, plan);
    const issued = await reissueLiveRecords(tx, plan.id, ctx.clock.now());
    if (issued === 0) throw new AppError('AUDIT_PLAN_NOT_DELIVERED', {}, 'playListId');
    return { issued };
  });
}

/** DELETE /api/Publishes/{id}: cancel one device's record (operators). */
export async function cancelRecord(ctx: PublishingContext, user: SessionUser, id: string, reason: string) {
  return ctx.db.transaction(async (tx) => {
    const rec = await lockRecord(tx, id);
    if (!rec) throw new AppError('NOT_FOUND', {}, 'id');
    await visiblePlan(ctx, tx, user, rec.playlistId);
    if (!(LIVE_STATES as readonly string[]).includes(rec.state)) throw new AppError('CANCEL_FAILED', {}, 'id');
    await cancelRecordById(tx, rec.id, ctx.clock.now(), reason);
    return { cancelled: 1 };
  });
}
