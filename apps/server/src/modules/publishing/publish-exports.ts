import fs from 'node:fs';
import path from 'node:path';
import { newId } from '@robot-ads/contracts/common/ids';
import type { Language } from '@robot-ads/contracts/common/language';
import type { ExportState } from '@robot-ads/contracts/devices/devices.schemas';
import type { PublishState } from '@robot-ads/contracts/publishing/delivery-status.rules';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import { isSuperuser, type SessionUser } from '../../platform/session-user';
import { robots } from '../devices/devices.table';
import { consume } from '../play-events/play-events.service';
import { visiblePlan } from '../playlists/playlists.service';
import { publishDetails } from './publishing.service';
import { publishExports, publishRecords } from './publishing.table';

export const PUBLISH_EXPORT_JOB = 'publishing.export';
const PAGE = 500;

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
    robotId: 'Robot ID',
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
    robotId: 'Robot ID',
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

function exportsDir(ctx: AppContext) {
  const dir = path.join(ctx.config.DATA_DIR, 'exports');
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/** GET exportDetailByPlaylistId: queues the export of a plan's publish details. */
export async function startPublishExport(
  ctx: AppContext,
  user: SessionUser,
  q: { playListId: string; state?: PublishState; language: Language },
) {
  const plan = await visiblePlan(ctx.db, user, q.playListId);
  const conds: SQL[] = [eq(publishRecords.playlistId, plan.id)];
  if (q.state) conds.push(eq(publishRecords.state, q.state));
  if (user.role === 'project') conds.push(user.projectId ? eq(robots.projectId, user.projectId) : sql`false`);
  const [count] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(publishRecords)
    .innerJoin(robots, eq(robots.id, publishRecords.robotRef))
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
) {
  const plan = await visiblePlan(ctx.db, user, q.playListId);
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
function exportSource(ctx: AppContext, job: ExportJob, user: SessionUser, lang: Language) {
  if (job.kind === 'consume') {
    return {
      prefix: 'consume',
      sheetName: lang === 'zh' ? '消耗' : 'Consumption',
      headers: CONSUME_HEADERS[lang],
      page: async (start: number) =>
        (await consume(ctx, user, { playListId: job.playlistId, start, limit: PAGE })).datas.map((r) => ({
          ...r,
          watchDuration: Math.round(r.watchDuration / 1000),
          lastPlayTime: fmt(r.lastPlayTime),
        })),
    };
  }
  return {
    prefix: 'publish-details',
    sheetName: lang === 'zh' ? '发布详情' : 'Publish details',
    headers: HEADERS[lang],
    page: async (start: number) => {
      const page = await publishDetails(
        ctx,
        user,
        {
          playListId: job.playlistId,
          start,
          limit: PAGE,
          ...(job.filterState ? { state: job.filterState as PublishState } : {}),
        },
        lang,
      );
      return page.datas.map((r) => ({
        ...r,
        state: STATE_LABEL[lang][r.state],
        pubTime: fmt(r.pubTime),
        pullTime: fmt(r.pullTime),
        failMsg: r.failMsg ?? '',
      }));
    },
  };
}

/** The job: writes the workbook page by page, recording progress after each page. */
export async function runPublishExport(ctx: AppContext, key: string, user: SessionUser) {
  const [job] = await ctx.db.select().from(publishExports).where(eq(publishExports.key, key)).limit(1);
  if (!job || job.state === 'done') return;
  const lang = (job.language === 'en' ? 'en' : 'zh') as Language;
  const source = exportSource(ctx, job, user, lang);
  const fileName = `${source.prefix}-${key}.xlsx`;
  const filePath = path.join(exportsDir(ctx), fileName);
  await ctx.db.update(publishExports).set({ state: 'running', done: 0 }).where(eq(publishExports.key, key));
  try {
    const book = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: filePath, useStyles: true });
    const sheet = book.addWorksheet(source.sheetName);
    sheet.columns = Object.entries(source.headers).map(([k, header]) => ({ header, key: k, width: 18 }));
    let start = 0;
    let done = 0;
    for (;;) {
      const rows = await source.page(start);
      for (const r of rows) sheet.addRow(r).commit();
      done += rows.length;
      start += rows.length;
      await ctx.db.update(publishExports).set({ done }).where(eq(publishExports.key, key));
      if (rows.length < PAGE) break;
    }
    sheet.commit();
    await book.commit();
    await ctx.db
      .update(publishExports)
      .set({ state: 'done', done, total: Math.max(done, job.total), filePath, fileName })
      .where(eq(publishExports.key, key));
  } catch (err) {
    ctx.log.error({ err, key }, 'publish export failed');
    await ctx.db.update(publishExports).set({ state: 'failed' }).where(eq(publishExports.key, key));
  }
}

async function ownExport(ctx: AppContext, user: SessionUser, key: string) {
  const [job] = await ctx.db.select().from(publishExports).where(eq(publishExports.key, key)).limit(1);
  if (!job || (job.createdBy !== user.id && !isSuperuser(user))) throw new AppError('EXPORT_NOT_FOUND', {}, 'key');
  return job;
}

export async function publishExportState(ctx: AppContext, user: SessionUser, key: string): Promise<ExportState> {
  const job = await ownExport(ctx, user, key);
  const progress =
    job.state === 'done' ? 100 : job.total > 0 ? Math.min(99, Math.floor((job.done / job.total) * 100)) : 0;
  return {
    key,
    state: job.state as ExportState['state'],
    progress,
    total: job.total,
    done: job.done,
    url: job.state === 'done' ? `/api/Publishes/exportFile?key=${key}` : null,
    fileName: job.fileName,
  };
}

export async function publishExportFile(ctx: AppContext, user: SessionUser, key: string) {
  const job = await ownExport(ctx, user, key);
  if (job.state !== 'done' || !job.filePath) throw new AppError('EXPORT_NOT_READY', {}, 'key');
  if (!fs.existsSync(job.filePath)) throw new AppError('DOWNLOAD_FAIL');
  return { stream: fs.createReadStream(job.filePath), fileName: job.fileName ?? `${key}.xlsx` };
}
