import { newId } from '@robot-ads/contracts/common/ids';
import type { Language } from '@robot-ads/contracts/common/language';
import type { ExportState } from '@robot-ads/contracts/devices/devices.schemas';
import type { StatisExportQuery, StatPoint } from '@robot-ads/contracts/statistics/statistics.schemas';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import { EXPORT_PAGE_SIZE, openExportFile, readExportState, runExportJob } from '../../platform/exports';
import { texts, tr, withZone } from '../../platform/i18n/i18n';
import type { SessionUser } from '../../platform/session-user';
import type { PlaylistsContext } from '../playlists/playlists.context';
import { planReportScope } from './statistics.scope';
import { series } from './statistics.service';
import { statisticsExports } from './statistics.table';
import { insertStatisticsExport } from './statistics-exports.repository';

export const STATISTICS_EXPORT_JOB = 'statistics.export';
export const STATISTICS_EXPORT_FILE = '/api/Advertisements/exportStatisFile';

/** The columns (keys of statistics:export.headers), in order: the day's label first. */
const COLUMNS = [
  'label',
  'plays',
  'watchDuration',
  'exposure',
  'exposureSense',
  'viewers',
  'standingTime',
  'scans',
] as const;

/** A day of the report as a row of the workbook (durations ms -> s, spec section 9). */
const rowOf = (p: Omit<StatPoint, 'begin'>) => ({
  ...p,
  watchDuration: Math.round(p.watchDuration / 1000),
  standingTime: Math.round(p.standingTime / 1000),
});

type ExportParams = Omit<StatisExportQuery, 'language' | 'playlistId'>;

/** The report's days (local days of its zone) and that zone. */
async function daySeries(ctx: PlaylistsContext, user: SessionUser, playlistId: string, params: ExportParams) {
  const scope = await planReportScope(ctx, user, { ...params, playlistId });
  return { ...(await series(ctx, scope, params, 'day')), timeZone: scope.timeZone };
}

/** exportStatisByPlaylistId: checks the plan and range now, then writes the day rows in the background. */
export async function startStatisticsExport(
  ctx: PlaylistsContext,
  user: SessionUser,
  q: StatisExportQuery,
  lang: Language,
) {
  const { playlistId, language, ...params } = q;
  const days = await daySeries(ctx, user, playlistId, params);
  if (days.total.plays === 0 && days.total.scans === 0) throw new AppError('EXPORT_EMPTY');
  const key = newId();
  await insertStatisticsExport(ctx.db, {
    key,
    playlistId,
    language: language ?? lang,
    total: days.points.length + 1,
    params: { ...params, begin: days.begin, end: days.end, timeZone: days.timeZone },
    createdBy: user.id,
    createdAt: ctx.clock.now(),
  });
  await ctx.jobs.send(STATISTICS_EXPORT_JOB, { key, user: JSON.stringify(user) });
  return { key };
}

/** The job: one row per local day of the range, then the total row. */
export async function runStatisticsExport(ctx: PlaylistsContext, key: string, user: SessionUser) {
  await runExportJob(ctx, statisticsExports, key, (job) => {
    const lang: Language = job.language === 'en' ? 'en' : 'zh';
    const params = job.params as ExportParams;
    // The days are those of the report's zone (the one asked for, else the plan's): the date column says it.
    const zone = params.timeZone ?? null;
    let rows: Record<string, unknown>[] | null = null;
    return {
      filePrefix: 'statistics',
      failedMessage: 'statistics export failed',
      sheet: () => {
        const headers = texts(lang, 'statistics:export.headers');
        const at = params.begin ?? Math.floor(ctx.clock.now().getTime() / 1000);
        return {
          name: tr(lang, 'statistics:export.sheet'),
          columns: COLUMNS.map((k) => ({
            header: k === 'label' && zone ? withZone(lang, headers.label ?? k, zone, at) : (headers[k] ?? k),
            key: k,
            width: k === 'label' && zone ? 28 : 16,
          })),
          page: async (start) => {
            if (!rows) {
              const days = await daySeries(ctx, user, job.playlistId, params);
              rows = [
                ...days.points.map(({ begin: _b, ...p }) => rowOf(p)),
                rowOf({ label: tr(lang, 'common:total'), ...days.total }),
              ];
            }
            return rows.slice(start, start + EXPORT_PAGE_SIZE);
          },
        };
      },
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
