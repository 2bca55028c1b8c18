import { newId } from '@robot-ads/contracts/common/ids';
import type { Language } from '@robot-ads/contracts/common/language';
import type { ExportState } from '@robot-ads/contracts/devices/devices.schemas';
import type { ConsumeRow } from '@robot-ads/contracts/play-events/play-events.schemas';
import { formatDateTime } from '@robot-ads/contracts/playback/zoned-time';
import type { PublishState } from '@robot-ads/contracts/publishing/delivery-status.rules';
import { withRegionNames } from '@robot-ads/contracts/regions/regions';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import {
  EXPORT_PAGE_SIZE,
  type ExportSheet,
  openExportFile,
  readExportState,
  runExportJob,
} from '../../platform/exports';
import { texts, tr, withZone } from '../../platform/i18n/i18n';
import type { SessionUser } from '../../platform/session-user';
import { visiblePlan } from '../playlists/playlists.service';
import { countPublishRecords, insertPublishExport } from './publish-exports.repository';
import type { PublishingContext } from './publishing.context';
import { publishDetails } from './publishing.service';
import { publishExports } from './publishing.table';

/**
 * A plan's consumption per robot, a page at a time: the play-events module answers (it sits above
 * publishing), buildApp passes it to the publishing routes and play-events passes it when it starts
 * a consumption export.
 */
export type ConsumePage = (
  ctx: PublishingContext,
  user: SessionUser,
  q: { playListId: string; start: number; limit: number },
) => Promise<{ total: number; datas: ConsumeRow[] }>;

export const PUBLISH_EXPORT_JOB = 'publishing.export';

/** The columns of each sheet (keys of publishing:<sheet>.headers), in order; `dated` ones hold times. */
const DETAIL_COLUMNS = [
  'robotId',
  'name',
  'propertyname',
  'province',
  'city',
  'state',
  'pubTime',
  'pullTime',
  'resourceNumber',
  'failMsg',
] as const;
const CONSUME_COLUMNS = ['robotId', 'name', 'propertyname', 'plays', 'scans', 'watchDuration', 'lastPlayTime'] as const;
const DATED = new Set<string>(['pubTime', 'pullTime', 'lastPlayTime']);

/** GET exportDetailByPlaylistId: queues the export of a plan's publish details. */
export async function startPublishExport(
  ctx: PublishingContext,
  user: SessionUser,
  q: { playListId: string; state?: PublishState; language: Language },
) {
  const plan = await visiblePlan(ctx, ctx.db, user, q.playListId);
  const total = await countPublishRecords(ctx.db, {
    playlistId: plan.id,
    ...(q.state ? { state: q.state } : {}),
    ...(user.role === 'project' ? { projectId: user.projectId ?? null } : {}),
  });
  if (!total) throw new AppError('EXPORT_EMPTY');
  const key = newId();
  await insertPublishExport(ctx.db, {
    key,
    playlistId: plan.id,
    total,
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
  ctx: PublishingContext,
  user: SessionUser,
  q: { playListId: string; language: Language },
  consume: ConsumePage,
) {
  const plan = await visiblePlan(ctx, ctx.db, user, q.playListId);
  const { total } = await consume(ctx, user, { playListId: plan.id, start: 0, limit: 1 });
  if (!total) throw new AppError('EXPORT_EMPTY');
  const key = newId();
  await insertPublishExport(ctx.db, {
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

type ExportJob = typeof publishExports.$inferSelect;

/** What a job writes: its sheet, columns and rows page by page. */
function exportSheet(
  ctx: PublishingContext,
  job: ExportJob,
  user: SessionUser,
  lang: Language,
  consume: ConsumePage,
): ExportSheet {
  // Times in the platform's zone, the same in both languages; the titles of their columns say which.
  const zone = ctx.config.TIME_ZONE;
  const now = Math.floor(ctx.clock.now().getTime() / 1000);
  const fmt = (s: number | null) => (s ? formatDateTime(s, zone) : '');
  const sheet = (
    name: string,
    ns: 'publishing:details' | 'publishing:consume',
    keys: readonly string[],
    page: ExportSheet['page'],
  ): ExportSheet => {
    const headers = texts(lang, `${ns}.headers`);
    return {
      name,
      columns: keys.map((k) => ({
        header: DATED.has(k) ? withZone(lang, headers[k] ?? k, zone, now) : (headers[k] ?? k),
        key: k,
        width: 18,
      })),
      page,
    };
  };
  if (job.kind === 'consume') {
    return sheet(tr(lang, 'publishing:consume.sheet'), 'publishing:consume', CONSUME_COLUMNS, async (start) =>
      (await consume(ctx, user, { playListId: job.playlistId, start, limit: EXPORT_PAGE_SIZE })).datas.map((r) => ({
        ...r,
        watchDuration: Math.round(r.watchDuration / 1000),
        lastPlayTime: fmt(r.lastPlayTime),
      })),
    );
  }
  const states = texts<PublishState>(lang, 'publishing:state');
  return sheet(tr(lang, 'publishing:details.sheet'), 'publishing:details', DETAIL_COLUMNS, async (start) => {
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
      state: states[r.state],
      pubTime: fmt(r.pubTime),
      pullTime: fmt(r.pullTime),
      failMsg: r.failMsg ?? '',
    }));
  });
}

/** The job: writes the workbook page by page, recording progress after each page. */
export async function runPublishExport(ctx: PublishingContext, key: string, user: SessionUser, consume: ConsumePage) {
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
