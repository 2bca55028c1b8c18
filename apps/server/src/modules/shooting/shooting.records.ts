import type { ShootRecordDto, ShootRecordQuery } from '@robot-ads/contracts/shooting/shooting.schemas';
import { and, desc, eq, gte, ilike, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import { containsLike } from '../../platform/like';
import { adSummaries } from '../ads/ads.queries';
import { robotRefsMatching, shootRobotsByRefs } from '../devices/devices.queries';
import { plansByIds } from '../playlists/playlists.queries';
import { placeOf, requirementScope, secondsOf, type User } from './shooting.service';
import { shootRecords, shootRequirements } from './shooting.table';

// ---- records ----

async function recordConditions(ctx: AppContext, user: User, q: Omit<ShootRecordQuery, 'start' | 'limit'>) {
  const conds: (SQL | undefined)[] = [await requirementScope(ctx, ctx.db, user)];
  if (q.requirementId) conds.push(eq(shootRecords.requirementId, q.requirementId));
  if (q.name) conds.push(ilike(shootRequirements.name, containsLike(q.name)));
  if (q.planId) conds.push(ilike(shootRequirements.playlistId, containsLike(q.planId.toLowerCase())));
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
      matchDistance: record.matchDistance,
      needsReview: record.needsReview,
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
