import { newId } from '@robot-ads/contracts/common/ids';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import { isOnline } from '@robot-ads/contracts/devices/devices.rules';
import { formatBytes, readImageSize, SNIFF_BYTES, sniffType } from '@robot-ads/contracts/media/media.rules';
import { isValidTimeZone, zonedToUnix } from '@robot-ads/contracts/playback/zoned-time';
import {
  cancelRefusal,
  progressOf,
  requirementState,
  SHOOT_LATE_UPLOAD_DAYS,
  SHOOT_PHOTO_MAX_BYTES,
  type ShootTaskState,
  shortPlanId,
} from '@robot-ads/contracts/shooting/shooting.rules';
import {
  type CreateShootBody,
  type FiltrateDeviceDto,
  type FiltrateDeviceQuery,
  SHOOT_PROGRESS_EVENT,
  type ShootPlanDto,
  type ShootQuery,
  type ShootRecordDto,
  type ShootRecordQuery,
  type ShootRequirementDto,
  type ShootTaskDto,
} from '@robot-ads/contracts/shooting/shooting.schemas';
import { and, desc, eq, gte, ilike, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import { containsLike } from '../../platform/like';
import type { SessionUser } from '../../platform/session-user';
import { adSummaries } from '../ads/ads.queries';
import {
  robotRefsMatching,
  type ShootRobot,
  shootRobotsByRefs,
  shootRobotsByRobotIds,
  shootRobotsPage,
} from '../devices/devices.queries';
import { adIdsOfPlans, type PlaylistRow, planIdsNamed, plansByIds, plansByRef } from '../playlists/playlists.queries';
import { type PlanScopeContext, planScope, toDtos, visiblePlanIds } from '../playlists/playlists.service';
import { robotsPublishedWithPlan } from '../publishing/publishing.queries';
import { type ShootRequirementRow, shootRecords, shootRequirements, shootTasks } from './shooting.table';

/*
 * Shooting requirements (docs/shooting.md): a requirement names an approved plan, a window and robots;
 * each robot gets a task in its schedule feed; the robot uploads a photo, which becomes a record.
 */

export const SHOOT_PUSH_JOB = 'shooting.push';
type User = SessionUser;

const likeText = containsLike;
const secondsOf = (d: Date) => Math.floor(d.getTime() / 1000);

/** The place of a robot as one line: province city district address, then scene / property. */
export function placeOf(
  r: Pick<ShootRobot, 'province' | 'city' | 'district' | 'address' | 'sceneName' | 'propertyname'>,
) {
  const region = [r.province, r.city, r.district, r.address].filter(Boolean).join(' ');
  const site = [r.propertyname, r.sceneName].filter(Boolean).join(' / ');
  return [region, site].filter(Boolean).join(' · ');
}

// ---- plan checks ----

/** The plan named by a 12 or 24 character ID in the caller's scope, approved (spec section 8 messages). */
async function approvedPlan(ctx: PlanScopeContext, db: DbOrTx, user: User, ref: string): Promise<PlaylistRow> {
  const rows = await plansByRef(db, ref.toLowerCase(), await planScope(ctx, db, user));
  const plan = rows.length === 1 ? rows[0] : undefined;
  if (!plan) throw new AppError('PLAYLIST_ID_NOT_EXIST', {}, 'planId');
  if (plan.auditState !== 'post') throw new AppError('SHOOT_PLAN_NOT_APPROVED', {}, 'planId');
  return plan;
}

async function tasksByRequirement(db: DbOrTx, ids: string[]): Promise<Map<string, ShootTaskState[]>> {
  const out = new Map<string, ShootTaskState[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({ requirementId: shootTasks.requirementId, state: shootTasks.state })
    .from(shootTasks)
    .where(inArray(shootTasks.requirementId, ids));
  for (const r of rows) {
    const list = out.get(r.requirementId) ?? [];
    list.push(r.state as ShootTaskState);
    out.set(r.requirementId, list);
  }
  return out;
}

/** Refused when another requirement of the plan is still open (pushing, push failed or ongoing). */
async function assertPlanFree(db: DbOrTx, planId: string) {
  const reqs = await db
    .select({ id: shootRequirements.id })
    .from(shootRequirements)
    .where(and(eq(shootRequirements.playlistId, planId), isNull(shootRequirements.cancelledAt)));
  const tasks = await tasksByRequirement(
    db,
    reqs.map((r) => r.id),
  );
  for (const r of reqs) {
    const state = requirementState(false, tasks.get(r.id) ?? []);
    if (state !== 'finished') throw new AppError('SHOOT_PLAN_BOUND', {}, 'planId');
  }
}

export async function checkPlan(ctx: AppContext, user: User, ref: string): Promise<ShootPlanDto> {
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

// ---- the robots a requirement may choose ----

export async function filtrateDevices(
  ctx: AppContext,
  user: User,
  q: FiltrateDeviceQuery,
  all = false,
): Promise<{ total: number; datas: FiltrateDeviceDto[] }> {
  const rows = await plansByRef(ctx.db, q.planId.toLowerCase(), await planScope(ctx, ctx.db, user));
  const plan = rows.length === 1 ? rows[0] : undefined;
  if (!plan) throw new AppError('PLAYLIST_ID_NOT_EXIST', {}, 'planId');
  const published = await robotsPublishedWithPlan(ctx.db, plan.id);
  const byRef = new Map(published.map((p) => [p.robotRef, p]));
  const now = ctx.clock.now();
  const page = await shootRobotsPage(
    ctx.db,
    [...byRef.keys()],
    q,
    all ? { start: 0, limit: -1 } : { start: q.start, limit: q.limit },
    now,
  );
  return {
    total: page.total,
    datas: page.rows.map((r) => ({
      robotId: r.robotId,
      name: r.name,
      type: r.type,
      province: r.province,
      city: r.city,
      district: r.district,
      address: r.address,
      sceneName: r.sceneName,
      propertyname: r.propertyname,
      online: isOnline(r.lastHeartbeatAt, now),
      publishState: byRef.get(r.ref)?.state ?? 'issued',
      pullTime: toUnixSeconds(byRef.get(r.ref)?.pullAt ?? null),
    })),
  };
}

// ---- requirements ----

function minuteOf(hhmm: string) {
  const [h, m] = hhmm.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

async function toRequirementDtos(
  ctx: AppContext,
  db: DbOrTx,
  rows: ShootRequirementRow[],
): Promise<ShootRequirementDto[]> {
  if (rows.length === 0) return [];
  const tasks = await tasksByRequirement(
    db,
    rows.map((r) => r.id),
  );
  const plans = new Map<string, { name: string; clientName: string | null }>();
  for (const r of rows) {
    if (plans.has(r.playlistId)) continue;
    plans.set(r.playlistId, { name: '', clientName: null });
  }
  const found = await plansByIds(db, [...plans.keys()]);
  for (const dto of await toDtos(ctx, db, found))
    plans.set(dto.id, { name: dto.name, clientName: dto.clientName ?? null });
  return rows.map((r) => {
    const states = tasks.get(r.id) ?? [];
    return {
      id: r.id,
      name: r.name,
      planId: r.playlistId,
      planShortId: shortPlanId(r.playlistId),
      planName: plans.get(r.playlistId)?.name ?? '',
      clientName: plans.get(r.playlistId)?.clientName ?? null,
      shootDate: r.shootDate,
      beginTime: r.beginTime,
      endTime: r.endTime,
      timeZone: r.timeZone,
      windowBegin: secondsOf(r.windowBegin),
      windowEnd: secondsOf(r.windowEnd),
      state: requirementState(r.cancelledAt !== null, states),
      progress: progressOf(states),
      creatorId: r.creatorId,
      creatorName: r.creatorName,
      createtime: secondsOf(r.createdAt),
      cancelledAt: toUnixSeconds(r.cancelledAt),
    };
  });
}

/** Requirements whose plan the user may see (`null`: no limit). */
async function requirementScope(ctx: PlanScopeContext, db: DbOrTx, user: User): Promise<SQL | undefined> {
  const ids = await visiblePlanIds(ctx, db, user);
  if (ids === null) return undefined;
  return ids.length === 0 ? sql`false` : inArray(shootRequirements.playlistId, ids);
}

async function visibleRequirement(ctx: PlanScopeContext, db: DbOrTx, user: User, id: string, forUpdate = false) {
  const q = db
    .select()
    .from(shootRequirements)
    .where(and(eq(shootRequirements.id, id), await requirementScope(ctx, db, user)))
    .limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  if (!row) throw new AppError('SHOOT_REQUIREMENT_NOT_FOUND', {}, 'id');
  return row;
}

export async function getRequirement(ctx: AppContext, user: User, id: string): Promise<ShootRequirementDto> {
  const row = await visibleRequirement(ctx, ctx.db, user, id);
  const [dto] = await toRequirementDtos(ctx, ctx.db, [row]);
  return dto as ShootRequirementDto;
}

export async function queryRequirements(ctx: AppContext, user: User, q: ShootQuery) {
  const conds: (SQL | undefined)[] = [await requirementScope(ctx, ctx.db, user)];
  if (q.id) conds.push(eq(shootRequirements.id, q.id.toLowerCase()));
  if (q.name) conds.push(ilike(shootRequirements.name, likeText(q.name)));
  if (q.planId) {
    const ref = q.planId.toLowerCase();
    conds.push(
      ref.length === 24 ? eq(shootRequirements.playlistId, ref) : ilike(shootRequirements.playlistId, `%${ref}`),
    );
  }
  if (q.planName) {
    const ids = await visiblePlanIdsByName(ctx, user, q.planName);
    conds.push(ids.length === 0 ? sql`false` : inArray(shootRequirements.playlistId, ids));
  }
  if (q.shootDate) conds.push(eq(shootRequirements.shootDate, q.shootDate));
  if (q.state) {
    // The state is derived from the tasks: filter with the same rule in SQL.
    conds.push(stateCondition(q.state));
  }
  const where = and(...conds);
  const [count] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(shootRequirements).where(where);
  const rows = await ctx.db
    .select()
    .from(shootRequirements)
    .where(where)
    .orderBy(desc(shootRequirements.createdAt), desc(shootRequirements.id))
    .limit(q.limit)
    .offset(q.start);
  return { total: Number(count?.n ?? 0), datas: await toRequirementDtos(ctx, ctx.db, rows) };
}

function stateCondition(state: ShootQuery['state']): SQL {
  const has = (states: string) =>
    sql`exists (select 1 from ${shootTasks} t where t.requirement_id = ${shootRequirements.id} and t.state in ${sql.raw(states)})`;
  const notCancelled = isNull(shootRequirements.cancelledAt);
  switch (state) {
    case 'cancelled':
      return sql`${shootRequirements.cancelledAt} is not null`;
    case 'pushing':
      return and(notCancelled, has(`('notIssued')`)) as SQL;
    case 'pushFailed':
      return and(
        notCancelled,
        has(`('issueFailed')`),
        sql`not ${has(`('notIssued','inProgress','ongoing','success','fail','notTaken','cancelled')`)}`,
      ) as SQL;
    case 'ongoing':
      return and(notCancelled, sql`not ${has(`('notIssued')`)}`, has(`('inProgress','ongoing')`)) as SQL;
    default:
      return and(
        notCancelled,
        sql`not ${has(`('notIssued','inProgress','ongoing')`)}`,
        has(`('success','fail','notTaken','cancelled')`),
      ) as SQL;
  }
}

async function visiblePlanIdsByName(ctx: AppContext, user: User, name: string): Promise<string[]> {
  const ids = await ctx.db
    .selectDistinct({ id: shootRequirements.playlistId })
    .from(shootRequirements)
    .where(await requirementScope(ctx, ctx.db, user));
  return planIdsNamed(
    ctx.db,
    ids.map((r) => r.id),
    name,
  );
}

export async function createRequirement(
  ctx: AppContext,
  user: User,
  body: CreateShootBody,
): Promise<ShootRequirementDto> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const plan = await approvedPlan(ctx, tx, user, body.planId);
    await assertPlanFree(tx, plan.id);
    const timeZone = body.timeZone ?? plan.timeZone;
    if (!isValidTimeZone(timeZone)) throw new AppError('TIME_ZONE_INVALID', {}, 'timeZone');
    const [year, month, day] = body.shootDate.split('-').map(Number);
    const date = { year: year ?? 0, month: month ?? 0, day: day ?? 0 };
    const probe = new Date(Date.UTC(date.year, date.month - 1, date.day));
    if (
      probe.getUTCFullYear() !== date.year ||
      probe.getUTCMonth() !== date.month - 1 ||
      probe.getUTCDate() !== date.day
    ) {
      throw new AppError('SHOOT_DATE_INVALID', {}, 'shootDate');
    }
    const begin = zonedToUnix(date, minuteOf(body.beginTime), timeZone);
    const end = zonedToUnix(date, minuteOf(body.endTime), timeZone);
    if (end <= begin) throw new AppError('END_BEFORE_START', {}, 'endTime');
    if (end <= secondsOf(now)) throw new AppError('SHOOT_WINDOW_PAST', {}, 'shootDate');
    if (begin >= secondsOf(plan.endAt) || end <= secondsOf(plan.beginAt)) {
      throw new AppError('SHOOT_WINDOW_OUTSIDE_PLAN', {}, 'shootDate');
    }
    const robots = await shootRobotsByRobotIds(tx, body.robotIds, now);
    const refOf = new Map(robots.map((r) => [r.robotId, r.ref]));
    const published = new Set(
      (
        await robotsPublishedWithPlan(
          tx,
          plan.id,
          robots.map((r) => r.ref),
        )
      ).map((p) => p.robotRef),
    );
    const refs: string[] = [];
    for (const robotId of new Set(body.robotIds)) {
      const ref = refOf.get(robotId);
      if (!ref || !published.has(ref)) throw new AppError('SHOOT_ROBOT_NOT_PUBLISHED', { robotId }, 'robotIds');
      refs.push(ref);
    }
    const id = newId(now.getTime());
    const [inserted] = await tx
      .insert(shootRequirements)
      .values({
        id,
        name: body.name,
        playlistId: plan.id,
        shootDate: body.shootDate,
        beginTime: body.beginTime,
        endTime: body.endTime,
        timeZone,
        windowBegin: new Date(begin * 1000),
        windowEnd: new Date(end * 1000),
        creatorId: user.id,
        creatorName: user.name || user.username,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await tx.insert(shootTasks).values(
      refs.map((robotRef) => ({
        id: newId(now.getTime()),
        requirementId: id,
        robotRef,
        state: 'notIssued',
        createdAt: now,
        updatedAt: now,
      })),
    );
    return inserted as ShootRequirementRow;
  });
  await queuePush(ctx, row.id);
  const [dto] = await toRequirementDtos(ctx, ctx.db, [row]);
  return dto as ShootRequirementDto;
}

/** The push runs as a job when the queue runs (a server); tests call `pushPending` themselves. */
async function queuePush(ctx: AppContext, id: string) {
  if (ctx.jobs.started) await ctx.jobs.send(SHOOT_PUSH_JOB, { id });
}

export async function cancelRequirement(ctx: AppContext, user: User, id: string): Promise<ShootRequirementDto> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const req = await visibleRequirement(ctx, tx, user, id, true);
    const states = (await tasksByRequirement(tx, [id])).get(id) ?? [];
    const refusal = cancelRefusal(requirementState(req.cancelledAt !== null, states));
    if (refusal) throw new AppError(refusal, {}, 'id');
    await tx
      .update(shootTasks)
      .set({ state: 'cancelled', finishedAt: now, updatedAt: now })
      .where(and(eq(shootTasks.requirementId, id), inArray(shootTasks.state, ['notIssued', 'inProgress', 'ongoing'])));
    const [updated] = await tx
      .update(shootRequirements)
      .set({ cancelledAt: now, updatedAt: now })
      .where(eq(shootRequirements.id, id))
      .returning();
    return updated as ShootRequirementRow;
  });
  const [dto] = await toRequirementDtos(ctx, ctx.db, [row]);
  emitProgress(ctx, row, dto as ShootRequirementDto);
  return dto as ShootRequirementDto;
}

export async function repushRequirement(ctx: AppContext, user: User, id: string): Promise<ShootRequirementDto> {
  const now = ctx.clock.now();
  const row = await ctx.db.transaction(async (tx) => {
    const req = await visibleRequirement(ctx, tx, user, id, true);
    const states = (await tasksByRequirement(tx, [id])).get(id) ?? [];
    const state = requirementState(req.cancelledAt !== null, states);
    if (state === 'pushing') throw new AppError('SHOOT_UPDATE_IN_PROGRESS', {}, 'id');
    if (state === 'cancelled' || !states.includes('issueFailed') || req.windowEnd <= now) {
      throw new AppError('SHOOT_NOT_REPUSHABLE', {}, 'id');
    }
    await tx
      .update(shootTasks)
      .set({ state: 'notIssued', finishedAt: null, failReason: null, updatedAt: now })
      .where(and(eq(shootTasks.requirementId, id), eq(shootTasks.state, 'issueFailed')));
    return req;
  });
  await queuePush(ctx, id);
  const [dto] = await toRequirementDtos(ctx, ctx.db, [row]);
  return dto as ShootRequirementDto;
}

export async function queryTasks(
  ctx: AppContext,
  user: User,
  q: { id: string; state?: ShootTaskState; robotId?: string; start: number; limit: number },
): Promise<{ total: number; datas: ShootTaskDto[] }> {
  await visibleRequirement(ctx, ctx.db, user, q.id);
  const all = await ctx.db
    .select({ task: shootTasks, recordId: shootRecords.id })
    .from(shootTasks)
    .leftJoin(shootRecords, eq(shootRecords.taskId, shootTasks.id))
    .where(and(eq(shootTasks.requirementId, q.id), q.state ? eq(shootTasks.state, q.state) : undefined));
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

// ---- live progress ----

function emitProgress(ctx: AppContext, row: ShootRequirementRow, dto: ShootRequirementDto) {
  ctx.realtime?.emitToUser(row.creatorId, SHOOT_PROGRESS_EVENT, {
    id: dto.id,
    name: dto.name,
    state: dto.state,
    progress: dto.progress,
  });
}

async function announce(ctx: AppContext, requirementIds: Iterable<string>) {
  const ids = [...new Set(requirementIds)];
  if (ids.length === 0 || !ctx.realtime) return;
  const rows = await ctx.db.select().from(shootRequirements).where(inArray(shootRequirements.id, ids));
  const dtos = await toRequirementDtos(ctx, ctx.db, rows);
  rows.forEach((row, i) => {
    const dto = dtos[i];
    if (dto) emitProgress(ctx, row, dto);
  });
}

// ---- push and expiry (jobs) ----

/**
 * Issues every notIssued task (of one requirement, or all): inProgress when the plan is still
 * published to a robot that can take it, else issueFailed. The robots' schedule feeds then carry them.
 */
export async function pushPending(ctx: AppContext, requirementId?: string): Promise<number> {
  const now = ctx.clock.now();
  const touched = await ctx.db.transaction(async (tx) => {
    const pending = await tx
      .select({ task: shootTasks, planId: shootRequirements.playlistId, windowEnd: shootRequirements.windowEnd })
      .from(shootTasks)
      .innerJoin(shootRequirements, eq(shootRequirements.id, shootTasks.requirementId))
      .where(
        and(eq(shootTasks.state, 'notIssued'), requirementId ? eq(shootTasks.requirementId, requirementId) : undefined),
      )
      .for('update', { of: shootTasks });
    if (pending.length === 0) return [];
    const robots = await shootRobotsByRefs(
      tx,
      pending.map((p) => p.task.robotRef),
      now,
    );
    const publishedByPlan = new Map<string, Set<string>>();
    for (const planId of new Set(pending.map((p) => p.planId))) {
      publishedByPlan.set(planId, new Set((await robotsPublishedWithPlan(tx, planId)).map((r) => r.robotRef)));
    }
    for (const p of pending) {
      const robot = robots.get(p.task.robotRef);
      const reason = !robot
        ? 'robot removed'
        : !robot.deliverable
          ? 'robot not deliverable'
          : !publishedByPlan.get(p.planId)?.has(p.task.robotRef)
            ? 'plan not published to the robot'
            : p.windowEnd <= now
              ? 'window over'
              : null;
      await tx
        .update(shootTasks)
        .set(
          reason
            ? { state: 'issueFailed', failReason: reason, finishedAt: now, updatedAt: now }
            : { state: 'inProgress', issuedAt: now, updatedAt: now },
        )
        .where(eq(shootTasks.id, p.task.id));
    }
    return pending.map((p) => p.task.requirementId);
  });
  await announce(ctx, touched);
  return touched.length;
}

/** Tasks still open after their window: "issued but not taken". */
export async function expireTasks(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const ended = await ctx.db
    .update(shootTasks)
    .set({ state: 'notTaken', finishedAt: now, updatedAt: now })
    .where(
      and(
        inArray(shootTasks.state, ['inProgress', 'ongoing']),
        sql`${shootTasks.requirementId} in (select id from ${shootRequirements} where ${shootRequirements.windowEnd} <= ${now})`,
      ),
    )
    .returning({ requirementId: shootTasks.requirementId });
  await announce(
    ctx,
    ended.map((e) => e.requirementId),
  );
  return ended.length;
}

// ---- the device side ----

export async function confirmTasks(ctx: AppContext, robotRef: string, ids: string[]): Promise<string[]> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .update(shootTasks)
    .set({ state: 'ongoing', confirmedAt: now, updatedAt: now })
    .where(and(inArray(shootTasks.id, ids), eq(shootTasks.robotRef, robotRef), eq(shootTasks.state, 'inProgress')))
    .returning({ id: shootTasks.id, requirementId: shootTasks.requirementId });
  await announce(
    ctx,
    rows.map((r) => r.requirementId),
  );
  return rows.map((r) => r.id);
}

async function deviceTask(db: DbOrTx, robotRef: string, taskId: string) {
  const [row] = await db
    .select({ task: shootTasks, req: shootRequirements })
    .from(shootTasks)
    .innerJoin(shootRequirements, eq(shootRequirements.id, shootTasks.requirementId))
    .where(and(eq(shootTasks.id, taskId), eq(shootTasks.robotRef, robotRef)))
    .limit(1);
  if (!row) throw new AppError('SHOOT_TASK_NOT_FOUND', {}, 'taskId');
  return row;
}

/** How long the photo address in a partner's shooting.photo event stays valid. */
const PHOTO_URL_SECONDS = 24 * 3600;
const photoDir = (robotRef: string, taskId: string) => `shooting/${robotRef}/${taskId}`;

/** States in which a photo is still welcome (a late one only for notTaken, within the grace). */
function acceptsPhoto(state: string, windowEnd: Date, now: Date) {
  if (state === 'inProgress' || state === 'ongoing') return true;
  return state === 'notTaken' && now.getTime() - windowEnd.getTime() < SHOOT_LATE_UPLOAD_DAYS * 86_400_000;
}

export async function photoUploadCredentials(ctx: AppContext, robotRef: string, taskId: string) {
  const { task, req } = await deviceTask(ctx.db, robotRef, taskId);
  if (!acceptsPhoto(task.state, req.windowEnd, ctx.clock.now())) throw new AppError('SHOOT_TASK_CLOSED', {}, 'taskId');
  const creds = await ctx.storage.uploadCredentials({
    dir: photoDir(robotRef, taskId),
    expiresInSeconds: 3600,
    maxBytes: SHOOT_PHOTO_MAX_BYTES,
    now: ctx.clock.now(),
  });
  return { dir: creds.dir, expiresAt: creds.expiresAt, maxBytes: creds.maxBytes, upload: creds.upload };
}

export async function registerPhoto(
  ctx: AppContext,
  robotRef: string,
  body: { taskId: string; key: string; takenAt: number; adId: string },
): Promise<{ taskId: string; state: ShootTaskState }> {
  const now = ctx.clock.now();
  const { task, req } = await deviceTask(ctx.db, robotRef, body.taskId);
  if (task.state === 'success') return { taskId: task.id, state: 'success' };
  if (!acceptsPhoto(task.state, req.windowEnd, now)) throw new AppError('SHOOT_TASK_CLOSED', {}, 'taskId');
  const dir = photoDir(robotRef, task.id);
  if (!body.key.startsWith(`${dir}/`) || body.key.includes('..'))
    throw new AppError('UPLOAD_KEY_OUTSIDE_DIR', {}, 'key');
  const head = await ctx.storage.head(body.key);
  if (!head) throw new AppError('UPLOAD_OBJECT_MISSING', { file: body.key }, 'key');
  if (head.size > SHOOT_PHOTO_MAX_BYTES) {
    throw new AppError(
      'SHOOT_PHOTO_TOO_LARGE',
      { size: formatBytes(head.size), max: formatBytes(SHOOT_PHOTO_MAX_BYTES) },
      'key',
    );
  }
  const bytes =
    head.size > 0 ? await ctx.storage.readRange(body.key, 0, Math.min(head.size, 256 * 1024)) : Buffer.alloc(0);
  const sniffed = sniffType(new Uint8Array(bytes.subarray(0, SNIFF_BYTES)));
  if (!sniffed || (sniffed.ext !== 'jpg' && sniffed.ext !== 'png')) throw new AppError('SHOOT_PHOTO_TYPE', {}, 'key');
  const takenMs = body.takenAt * 1000;
  if (takenMs < req.windowBegin.getTime() || takenMs >= req.windowEnd.getTime()) {
    throw new AppError('SHOOT_TAKEN_OUTSIDE_WINDOW', {}, 'takenAt');
  }
  const planAds = (await adIdsOfPlans(ctx.db, [req.playlistId])).get(req.playlistId) ?? [];
  if (!planAds.includes(body.adId)) throw new AppError('SHOOT_AD_NOT_IN_PLAN', {}, 'adId');
  const size = readImageSize(new Uint8Array(bytes), sniffed.ext);
  const recordId = newId(now.getTime());
  const recorded = await ctx.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(shootTasks).where(eq(shootTasks.id, task.id)).for('update');
    if (!locked || locked.state === 'success') return false;
    if (!acceptsPhoto(locked.state, req.windowEnd, now)) throw new AppError('SHOOT_TASK_CLOSED', {}, 'taskId');
    await tx.insert(shootRecords).values({
      id: recordId,
      taskId: task.id,
      requirementId: req.id,
      robotRef,
      objectKey: body.key,
      contentType: sniffed.ext === 'png' ? 'image/png' : 'image/jpeg',
      size: head.size,
      width: size?.width ?? null,
      height: size?.height ?? null,
      adId: body.adId,
      takenAt: new Date(takenMs),
      uploadedAt: now,
    });
    await tx
      .update(shootTasks)
      .set({ state: 'success', finishedAt: now, failReason: null, updatedAt: now })
      .where(eq(shootTasks.id, task.id));
    return true;
  });
  await announce(ctx, [req.id]);
  if (recorded) {
    const robot = (await shootRobotsByRefs(ctx.db, [robotRef], now)).get(robotRef);
    // Partners subscribed to photo proofs (applications of the requirement's creator, or a superuser's).
    await ctx.partnerEvents.emit(
      'shooting.photo',
      {
        recordId,
        requirementId: req.id,
        taskId: task.id,
        playlistId: req.playlistId,
        robotId: robot?.robotId ?? '',
        adId: body.adId,
        takenTime: body.takenAt,
        contentType: sniffed.ext === 'png' ? 'image/png' : 'image/jpeg',
        width: size?.width ?? null,
        height: size?.height ?? null,
        photoUrl: ctx.storage.signedDownloadUrl(body.key, { expiresInSeconds: PHOTO_URL_SECONDS }),
      },
      [req.creatorId],
    );
  }
  return { taskId: task.id, state: 'success' };
}

export async function reportFailure(
  ctx: AppContext,
  robotRef: string,
  body: { taskId: string; reason: string },
): Promise<{ taskId: string; state: ShootTaskState }> {
  const now = ctx.clock.now();
  const { task, req } = await deviceTask(ctx.db, robotRef, body.taskId);
  if (task.state === 'fail') return { taskId: task.id, state: 'fail' };
  if (task.state !== 'inProgress' && task.state !== 'ongoing') throw new AppError('SHOOT_TASK_CLOSED', {}, 'taskId');
  await ctx.db
    .update(shootTasks)
    .set({ state: 'fail', failReason: body.reason, finishedAt: now, updatedAt: now })
    .where(and(eq(shootTasks.id, task.id), inArray(shootTasks.state, ['inProgress', 'ongoing'])));
  await announce(ctx, [req.id]);
  return { taskId: task.id, state: 'fail' };
}

// ---- records ----

async function recordConditions(ctx: AppContext, user: User, q: Omit<ShootRecordQuery, 'start' | 'limit'>) {
  const conds: (SQL | undefined)[] = [await requirementScope(ctx, ctx.db, user)];
  if (q.requirementId) conds.push(eq(shootRecords.requirementId, q.requirementId));
  if (q.name) conds.push(ilike(shootRequirements.name, likeText(q.name)));
  if (q.planId) conds.push(ilike(shootRequirements.playlistId, likeText(q.planId.toLowerCase())));
  if (q.begin !== undefined) conds.push(gte(shootRecords.takenAt, new Date(q.begin * 1000)));
  if (q.end !== undefined) conds.push(lt(shootRecords.takenAt, new Date(q.end * 1000)));
  if (q.robotId || q.robotName) {
    const refs = await robotRefsMatching(ctx.db, { robotId: q.robotId, name: q.robotName });
    conds.push(refs.length === 0 ? sql`false` : inArray(shootRecords.robotRef, refs));
  }
  return and(...conds);
}

function recordSelect(ctx: AppContext) {
  return ctx.db
    .select({ record: shootRecords, req: shootRequirements })
    .from(shootRecords)
    .innerJoin(shootRequirements, eq(shootRequirements.id, shootRecords.requirementId));
}

export async function queryRecordRows(
  ctx: AppContext,
  user: User,
  q: Omit<ShootRecordQuery, 'start' | 'limit'> & { start?: number; limit?: number },
) {
  const where = await recordConditions(ctx, user, q);
  const [count] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(shootRecords)
    .innerJoin(shootRequirements, eq(shootRequirements.id, shootRecords.requirementId))
    .where(where);
  const base = recordSelect(ctx).where(where).orderBy(desc(shootRecords.takenAt), desc(shootRecords.id));
  const rows = q.limit === undefined ? await base : await base.limit(q.limit).offset(q.start ?? 0);
  return { total: Number(count?.n ?? 0), rows };
}

export async function toRecordDtos(
  ctx: AppContext,
  rows: Awaited<ReturnType<typeof queryRecordRows>>['rows'],
): Promise<ShootRecordDto[]> {
  const now = ctx.clock.now();
  const robots = await shootRobotsByRefs(
    ctx.db,
    rows.map((r) => r.record.robotRef),
    now,
  );
  const ads = await adSummaries(
    ctx.db,
    rows.map((r) => r.record.adId).filter((a): a is string => !!a),
  );
  const planIds = [...new Set(rows.map((r) => r.req.playlistId))];
  const planNames = new Map((await plansByIds(ctx.db, planIds)).map((p) => [p.id, p.name]));
  return rows.map(({ record, req }) => {
    const robot = robots.get(record.robotRef);
    return {
      id: record.id,
      taskId: record.taskId,
      requirementId: req.id,
      requirementName: req.name,
      planId: req.playlistId,
      planName: planNames.get(req.playlistId) ?? '',
      robotId: robot?.robotId ?? '',
      robotName: robot?.name ?? '',
      place: robot ? placeOf(robot) : '',
      takenAt: secondsOf(record.takenAt),
      adId: record.adId,
      adName: record.adId ? (ads.get(record.adId)?.name ?? null) : null,
      contentType: record.contentType,
      size: record.size,
      width: record.width,
      height: record.height,
      url: ctx.storage.signedDownloadUrl(record.objectKey, { expiresInSeconds: 6 * 3600 }),
      uploadedAt: secondsOf(record.uploadedAt),
    };
  });
}

export async function queryRecords(ctx: AppContext, user: User, q: ShootRecordQuery) {
  const { total, rows } = await queryRecordRows(ctx, user, q);
  return { total, datas: await toRecordDtos(ctx, rows) };
}

/** One record of the caller's scope, with its stored file's key. */
export async function visibleRecord(ctx: AppContext, user: User, id: string) {
  const where = and(eq(shootRecords.id, id), await requirementScope(ctx, ctx.db, user));
  const [row] = await recordSelect(ctx).where(where).limit(1);
  if (!row) throw new AppError('DOWNLOAD_FAIL', {}, 'id');
  return row;
}
