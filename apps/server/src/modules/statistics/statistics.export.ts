import { newId } from '@robot-ads/contracts/common/ids';
import type { Language } from '@robot-ads/contracts/common/language';
import type { ExportState } from '@robot-ads/contracts/devices/devices.schemas';
import type { StatisExportQuery, StatPoint } from '@robot-ads/contracts/statistics/statistics.schemas';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import { EXPORT_PAGE_SIZE, openExportFile, readExportState, runExportJob } from '../../platform/exports';
import type { SessionUser } from '../../platform/session-user';
import { planReportScope } from './statistics.scope';
import { series } from './statistics.service';
import { statisticsExports } from './statistics.table';

export const STATISTICS_EXPORT_JOB = 'statistics.export';
export const STATISTICS_EXPORT_FILE = '/api/Advertisements/exportStatisFile';

const HEADERS: Record<Language, Record<string, string>> = {
  zh: {
    label: '日期',
    plays: '播放次数',
    watchDuration: '观看时长(秒)',
    exposure: '曝光人次',
    exposureSense: '传感器曝光',
    viewers: '观看人数',
    standingTime: '平均停留(秒)',
    scans: '扫码次数',
  },
  en: {
    label: 'Date',
    plays: 'Plays',
    watchDuration: 'Watch time (s)',
    exposure: 'Exposure',
    exposureSense: 'Sensed exposure',
    viewers: 'Viewers',
    standingTime: 'Average dwell (s)',
    scans: 'QR scans',
  },
};

/** A day of the report as a row of the workbook (durations ms -> s, spec section 9). */
const rowOf = (p: Omit<StatPoint, 'begin'>) => ({
  ...p,
  watchDuration: Math.round(p.watchDuration / 1000),
  standingTime: Math.round(p.standingTime / 1000),
});

type ExportParams = Omit<StatisExportQuery, 'language' | 'playlistId'>;

async function daySeries(ctx: AppContext, user: SessionUser, playlistId: string, params: ExportParams) {
  const scope = await planReportScope(ctx, user, { ...params, playlistId });
  return series(ctx, scope, params, 'day');
}

/** exportStatisByPlaylistId: checks the plan and range now, then writes the day rows in the background. */
export async function startStatisticsExport(ctx: AppContext, user: SessionUser, q: StatisExportQuery, lang: Language) {
  const { playlistId, language, ...params } = q;
  const days = await daySeries(ctx, user, playlistId, params);
  if (days.total.plays === 0 && days.total.scans === 0) throw new AppError('EXPORT_EMPTY');
  const key = newId();
  await ctx.db.insert(statisticsExports).values({
    key,
    playlistId,
    language: language ?? lang,
    total: days.points.length + 1,
    params: { ...params, begin: days.begin, end: days.end },
    createdBy: user.id,
    createdAt: ctx.clock.now(),
  });
  await ctx.jobs.send(STATISTICS_EXPORT_JOB, { key, user: JSON.stringify(user) });
  return { key };
}

/** The job: one row per local day of the range, then the total row. */
export async function runStatisticsExport(ctx: AppContext, key: string, user: SessionUser) {
  await runExportJob(ctx, statisticsExports, key, (job) => {
    const lang: Language = job.language === 'en' ? 'en' : 'zh';
    let rows: Record<string, unknown>[] | null = null;
    return {
      filePrefix: 'statistics',
      failedMessage: 'statistics export failed',
      sheet: () => ({
        name: lang === 'zh' ? '统计' : 'Statistics',
        columns: Object.entries(HEADERS[lang]).map(([k, header]) => ({ header, key: k, width: 16 })),
        page: async (start) => {
          if (!rows) {
            const days = await daySeries(ctx, user, job.playlistId, job.params as ExportParams);
            rows = [
              ...days.points.map(({ begin: _b, ...p }) => rowOf(p)),
              rowOf({ label: lang === 'zh' ? '合计' : 'Total', ...days.total }),
            ];
          }
          return rows.slice(start, start + EXPORT_PAGE_SIZE);
        },
      }),
    };
  });
}

/** queryExcelProgress: the caller's export's progress (url once done). */
export async function statisticsExportState(ctx: AppContext, user: SessionUser, key: string): Promise<ExportState> {
  return readExportState(ctx, statisticsExports, user, key, STATISTICS_EXPORT_FILE);
}

export async function statisticsExportFile(ctx: AppContext, user: SessionUser, key: string) {
  return openExportFile(ctx, statisticsExports, user, key);
}
