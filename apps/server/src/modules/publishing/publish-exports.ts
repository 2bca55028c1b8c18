import { newId } from '@robot-ads/contracts/common/ids';
import type { Language } from '@robot-ads/contracts/common/language';
import type { ExportState } from '@robot-ads/contracts/devices/devices.schemas';
import type { ConsumeRow } from '@robot-ads/contracts/play-events/play-events.schemas';
import type { PublishState } from '@robot-ads/contracts/publishing/delivery-status.rules';
import { withRegionNames } from '@robot-ads/contracts/regions/regions';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import {
  EXPORT_PAGE_SIZE,
  type ExportSheet,
  openExportFile,
  readExportState,
  runExportJob,
} from '../../platform/exports';
import type { SessionUser } from '../../platform/session-user';
import { robotRefsWhere } from '../devices/delivery.queries';
import { visiblePlan } from '../playlists/playlists.service';
import { publishDetails } from './publishing.service';
import { publishExports, publishRecords } from './publishing.table';

/**
 * A plan's consumption per robot, a page at a time: the play-events module answers (it sits above
 * publishing), buildApp passes it to the publishing routes and play-events passes it when it starts
 * a consumption export.
 */
export type ConsumePage = (
  ctx: AppContext,
  user: SessionUser,
  q: { playListId: string; start: number; limit: number },
) => Promise<{ total: number; datas: ConsumeRow[] }>;

export const PUBLISH_EXPORT_JOB = 'publishing.export';

const HEADERS: Record<Language, Record<string, string>> = {
  zh: {
    robotId: '设备ID',
    name: '设备名称',
    propertyname: '物业',
    province: '省',
    city: '市',
    state: '发布状态',
    pubTime: '发布时间',
    pullTime: '拉取时间',
    resourceNumber: '剩余广告位',
    failMsg: '失败原因',
  },
  en: {
    robotId: 'Device ID',
    name: 'Name',
    propertyname: 'Property',
    province: 'Province',
    city: 'City',
    state: 'Publish state',
    pubTime: 'Published',
    pullTime: 'Pulled',
    resourceNumber: 'Remaining slots',
    failMsg: 'Failure reason',
  },
};
const CONSUME_HEADERS: Record<Language, Record<string, string>> = {
  zh: {
    robotId: '设备ID',
    name: '设备名称',
    propertyname: '物业',
    plays: '播放次数',
    scans: '扫码次数',
    watchDuration: '观看时长(秒)',
    lastPlayTime: '最后播放时间',
  },
  en: {
    robotId: 'Device ID',
    name: 'Name',
    propertyname: 'Property',
    plays: 'Plays',
    scans: 'QR scans',
    watchDuration: 'Watch duration (s)',
    lastPlayTime: 'Last played',
  },
};
const STATE_LABEL: Record<Language, Record<PublishState, string>> = {
  zh: { notIssued: '未下发', issued: '已下发', pulled: '已拉取', failed: '失败', cancelled: '已取消' },
  en: { notIssued: 'Not issued', issued: 'Issued', pulled: 'Pulled', failed: 'Failed', cancelled: 'Cancelled' },
};

/** GET exportDetailByPlaylistId: queues the export of a plan's publish details. */
export async function startPublishExport(
  ctx: AppContext,
  user: SessionUser,
  q: { playListId: string; state?: PublishState; language: Language },
) {
  const plan = await visiblePlan(ctx, ctx.db, user, q.playListId);
  const conds: SQL[] = [eq(publishRecords.playlistId, plan.id)];
  if (q.state) conds.push(eq(publishRecords.state, q.state));
  const ownProperty = user.role === 'project' ? robotRefsWhere({ projectId: user.projectId }) : undefined;
  if (ownProperty) conds.push(sql`${publishRecords.robotRef} in (${ownProperty})`);
  const [count] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(publishRecords)
    .where(and(...conds));
  if (!count?.n) throw new AppError('EXPORT_EMPTY');
  const key = newId();
  await ctx.db.insert(publishExports).values({
    key,
    playlistId: plan.id,
    total: count.n,
    language: q.language,
    filterState: q.state ?? null,
    createdBy: user.id,
    createdAt: ctx.clock.now(),
  });
  await ctx.jobs.send(PUBLISH_EXPORT_JOB, { key, user: JSON.stringify(user) });
  return { key };
}

/** GET consumeExportAndProgress: queues the export of a plan's consumption per robot. */
export async function startConsumeExport(
  ctx: AppContext,
  user: SessionUser,
  q: { playListId: string; language: Language },
  consume: ConsumePage,
) {
  const plan = await visiblePlan(ctx, ctx.db, user, q.playListId);
  const { total } = await consume(ctx, user, { playListId: plan.id, start: 0, limit: 1 });
  if (!total) throw new AppError('EXPORT_EMPTY');
  const key = newId();
  await ctx.db.insert(publishExports).values({
    key,
    playlistId: plan.id,
    kind: 'consume',
    total,
    language: q.language,
    createdBy: user.id,
    createdAt: ctx.clock.now(),
  });
  await ctx.jobs.send(PUBLISH_EXPORT_JOB, { key, user: JSON.stringify(user) });
  return { key };
}

const fmt = (s: number | null) => (s ? new Date(s * 1000).toISOString().replace('T', ' ').slice(0, 19) : '');

type ExportJob = typeof publishExports.$inferSelect;

/** What a job writes: its sheet, columns and rows page by page. */
function exportSheet(
  ctx: AppContext,
  job: ExportJob,
  user: SessionUser,
  lang: Language,
  consume: ConsumePage,
): ExportSheet {
  const sheet = (name: string, headers: Record<string, string>, page: ExportSheet['page']): ExportSheet => ({
    name,
    columns: Object.entries(headers).map(([k, header]) => ({ header, key: k, width: 18 })),
    page,
  });
  if (job.kind === 'consume') {
    return sheet(lang === 'zh' ? '消耗' : 'Consumption', CONSUME_HEADERS[lang], async (start) =>
      (await consume(ctx, user, { playListId: job.playlistId, start, limit: EXPORT_PAGE_SIZE })).datas.map((r) => ({
        ...r,
        watchDuration: Math.round(r.watchDuration / 1000),
        lastPlayTime: fmt(r.lastPlayTime),
      })),
    );
  }
  return sheet(lang === 'zh' ? '发布详情' : 'Publish details', HEADERS[lang], async (start) => {
    const page = await publishDetails(
      ctx,
      user,
      {
        playListId: job.playlistId,
        start,
        limit: EXPORT_PAGE_SIZE,
        ...(job.filterState ? { state: job.filterState as PublishState } : {}),
      },
      lang,
    );
    return page.datas.map((r) => ({
      ...withRegionNames(r, lang),
      state: STATE_LABEL[lang][r.state],
      pubTime: fmt(r.pubTime),
      pullTime: fmt(r.pullTime),
      failMsg: r.failMsg ?? '',
    }));
  });
}

/** The job: writes the workbook page by page, recording progress after each page. */
export async function runPublishExport(ctx: AppContext, key: string, user: SessionUser, consume: ConsumePage) {
  await runExportJob(ctx, publishExports, key, (job) => ({
    filePrefix: job.kind === 'consume' ? 'consume' : 'publish-details',
    failedMessage: 'publish export failed',
    sheet: () => exportSheet(ctx, job, user, job.language === 'en' ? 'en' : 'zh', consume),
  }));
}

export async function publishExportState(ctx: AppContext, user: SessionUser, key: string): Promise<ExportState> {
  return readExportState(ctx, publishExports, user, key, '/api/Publishes/exportFile');
}

export async function publishExportFile(ctx: AppContext, user: SessionUser, key: string) {
  return openExportFile(ctx, publishExports, user, key);
}
