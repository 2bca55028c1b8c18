import type { ShootRecordDto, ShootRecordQuery } from '@robot-ads/contracts/shooting/shooting.schemas';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import { adSummaries } from '../ads/ads.queries';
import { robotRefsMatching, shootRobotsByRefs } from '../devices/devices.queries';
import { plansByIds } from '../playlists/playlists.queries';
import type { PublishingContext } from '../publishing/publishing.context';
import { placeOf, requirementScope, secondsOf, type User } from './shooting.service';
import { findRecordRows, findScopedRecord, type RecordRow } from './shooting-records.repository';

// ---- records ----

/** The caller's records that match the filters (a page when `limit` is given), newest first. */
export async function queryRecordRows(
  ctx: PublishingContext,
  user: User,
  q: Omit<ShootRecordQuery, 'start' | 'limit'> & { start?: number; limit?: number },
) {
  const robotRefs =
    q.robotId || q.robotName ? await robotRefsMatching(ctx.db, { robotId: q.robotId, name: q.robotName }) : undefined;
  const filter = {
    scope: await requirementScope(ctx, ctx.db, user),
    requirementId: q.requirementId,
    name: q.name,
    planId: q.planId,
    begin: q.begin,
    end: q.end,
    robotRefs,
  };
  return findRecordRows(ctx.db, filter, { start: q.start, limit: q.limit });
}

export async function toRecordDtos(ctx: AppContext, rows: RecordRow[]): Promise<ShootRecordDto[]> {
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
  return Promise.all(
    rows.map(async ({ record, req }) => {
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
        url: await ctx.storage.signedDownloadUrl(record.objectKey, { expiresInSeconds: 6 * 3600 }),
        uploadedAt: secondsOf(record.uploadedAt),
        matchDistance: record.matchDistance,
        needsReview: record.needsReview,
      };
    }),
  );
}

export async function queryRecords(ctx: PublishingContext, user: User, q: ShootRecordQuery) {
  const { total, rows } = await queryRecordRows(ctx, user, q);
  return { total, datas: await toRecordDtos(ctx, rows) };
}

/** One record of the caller's scope, with its stored file's key. */
export async function visibleRecord(ctx: PublishingContext, user: User, id: string) {
  const row = await findScopedRecord(ctx.db, await requirementScope(ctx, ctx.db, user), id);
  if (!row) throw new AppError('DOWNLOAD_FAIL', {}, 'id');
  return row;
}
