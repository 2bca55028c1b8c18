import type { Ok, Page } from '@robot-ads/contracts/common/envelope';
import type { exportStartSchema } from '@robot-ads/contracts/devices/devices.schemas';
import type { PlaylistDto } from '@robot-ads/contracts/playlists/playlists.schemas';
import type { ProofOfPlayReport } from '@robot-ads/contracts/statistics/proof-of-play.schemas';
import type {
  adResStatPage,
  adStatTotalResponse,
  audienceResponse,
  qrSeriesResponse,
  regionReportResponse,
  risingReportResponse,
  robotStatPage,
  statSeriesResponse,
} from '@robot-ads/contracts/statistics/statistics.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../api-client';

type Infer<S extends z.ZodType> = z.infer<S>;

/** The range and zone every report is asked for (unix seconds [begin, end), an IANA zone). */
export interface ReportParams {
  begin: number;
  end: number;
  timeZone: string;
}
export type Period = 'day' | 'week' | 'month';
const PERIOD_NAME: Record<Period, string> = { day: 'Days', week: 'Week', month: 'Month' };

const get = <E>(path: string, query: Record<string, string | number | undefined>) =>
  api.get<E>(path, { query, silent: true });

const options = <T>(key: unknown[], fn: () => Promise<T>, enabled: boolean) =>
  queryOptions({
    queryKey: ['statistics', ...key],
    queryFn: fn,
    enabled,
    placeholderData: keepPreviousData,
    retry: false,
  });

// ------------------------------------------------------------------ plan reports (/ad/ListDetail)

/** Every measure and the audience over the plan's ads (queryAdPlay_adList_total). */
export const usePlanTotal = (playlistId: string, p: ReportParams) =>
  useQuery(
    options(
      ['plan-total', playlistId, p],
      () => get<Infer<typeof adStatTotalResponse>>('/api/Statis/queryAdPlay_adList_total', { playlistId, ...p }),
      Boolean(playlistId),
    ),
  );

/** statistics{Days,Week,Month}ByPlaylistId. */
export const usePlanSeries = (playlistId: string, period: Period, p: ReportParams) =>
  useQuery(
    options(
      ['plan-series', playlistId, period, p],
      () =>
        get<Infer<typeof statSeriesResponse>>(`/api/Advertisements/statistics${PERIOD_NAME[period]}ByPlaylistId`, {
          playlistId,
          ...p,
        }),
      Boolean(playlistId),
    ),
  );

/** statiQrHourbyplaylistId: QR scans in the 24 hours of the local day containing timePoint. */
export const usePlanQrHours = (playlistId: string, timePoint: number, p: ReportParams) =>
  useQuery(
    options(
      ['plan-qr-hours', playlistId, timePoint, p],
      () =>
        get<Infer<typeof qrSeriesResponse>>('/api/Statis/statiQrHourbyplaylistId', {
          playlistId,
          timePoint,
          timeZone: p.timeZone,
        }),
      Boolean(playlistId),
    ),
  );

/** statisticsByProvince: the plan's figures per province and city. */
export const usePlanProvinces = (playlistId: string, p: ReportParams) =>
  useQuery(
    options(
      ['plan-provinces', playlistId, p],
      () => get<Infer<typeof regionReportResponse>>('/api/Advertisements/statisticsByProvince', { playlistId, ...p }),
      Boolean(playlistId),
    ),
  );

/** queryAgeDistributionByPlaylistId: audience by age band and sex. */
export const usePlanAudience = (playlistId: string, p: ReportParams) =>
  useQuery(
    options(
      ['plan-audience', playlistId, p],
      () => get<Infer<typeof audienceResponse>>('/api/Statis/queryAgeDistributionByPlaylistId', { playlistId, ...p }),
      Boolean(playlistId),
    ),
  );

const TOP = 10;
/** queryAdWatch_adList_robot_top: the plan's robots by plays. */
export const usePlanTopRobots = (playlistId: string, p: ReportParams) =>
  useQuery(
    options(
      ['plan-top-robots', playlistId, p],
      () =>
        get<Infer<typeof robotStatPage>>('/api/Statis/queryAdWatch_adList_robot_top', {
          playlistId,
          ...p,
          start: 0,
          limit: TOP,
        }),
      Boolean(playlistId),
    ),
  );

/** queryAdWatch_adList_adRes_top: the plan's ads and their material by plays. */
export const usePlanTopMaterials = (playlistId: string, p: ReportParams) =>
  useQuery(
    options(
      ['plan-top-materials', playlistId, p],
      () =>
        get<Infer<typeof adResStatPage>>('/api/Statis/queryAdWatch_adList_adRes_top', {
          playlistId,
          ...p,
          start: 0,
          limit: TOP,
        }),
      Boolean(playlistId),
    ),
  );

/** exportStatisByPlaylistId: starts the xlsx export; queryExcelProgress polls it. */
export const startPlanExport = (playlistId: string, p: ReportParams, language: 'zh' | 'en') =>
  api.get<Ok<Infer<typeof exportStartSchema>>>('/api/Advertisements/exportStatisByPlaylistId', {
    query: { playlistId, ...p, language },
  });
export const PLAN_EXPORT_STATE_PATH = '/api/Advertisements/queryExcelProgress';

// ------------------------------------------------------------------ client reports (the boards)

/** The caller's customer (advertisers) or robots (project accounts): clientId stays out. */
export const useClientRising = (p: ReportParams) =>
  useQuery(
    options(
      ['client-rising', p],
      () => get<Infer<typeof risingReportResponse>>('/api/Advertisements/statisticsByClientIdExRising', { ...p }),
      true,
    ),
  );

/** statistics{Days,Week,Month}ByClientId. */
export const useClientSeries = (period: Period, p: ReportParams) =>
  useQuery(
    options(
      ['client-series', period, p],
      () =>
        get<Infer<typeof statSeriesResponse>>(
          `/api/Advertisements/statistics${PERIOD_NAME[period]}ByClientId`,
          p as never,
        ),
      true,
    ),
  );

/** statisticsProvinceByClientId and statisticsProCityByClientId. */
export const useClientRegions = (level: 'province' | 'city', p: ReportParams) =>
  useQuery(
    options(
      ['client-regions', level, p],
      () =>
        get<Infer<typeof regionReportResponse>>(
          level === 'province'
            ? '/api/Advertisements/statisticsProvinceByClientId'
            : '/api/Advertisements/statisticsProCityByClientId',
          { ...p },
        ),
      true,
    ),
  );

/**
 * Top plans of the caller's customer. No statistics call ranks plans (contracts), so the board asks the
 * customer's latest plans (at most TOP_PLAN_CANDIDATES, scoped by the server) for their totals and ranks them.
 */
export const TOP_PLAN_CANDIDATES = 20;
export const useTopPlans = (p: ReportParams, enabled: boolean) =>
  useQuery(
    options(
      ['client-top-plans', p],
      async () => {
        const plans = await api.get<Page<PlaylistDto>>('/api/Playlists/queryByPage_v3', {
          query: { start: 0, limit: TOP_PLAN_CANDIDATES },
          silent: true,
        });
        const totals = await Promise.all(
          plans.datas.map(async (plan) => {
            const total = await get<Infer<typeof adStatTotalResponse>>('/api/Statis/queryAdPlay_adList_total', {
              playlistId: plan.id,
              ...p,
            });
            return { id: plan.id, name: plan.name, plays: total.plays, exposure: total.exposure };
          }),
        );
        return { candidates: plans.total, rows: totals.filter((r) => r.plays > 0).sort((a, b) => b.plays - a.plays) };
      },
      enabled,
    ),
  );

/** The plan's proof-of-play report (verified and flagged plays per robot and day). */
export const usePlanProofOfPlay = (playlistId: string, p: ReportParams) =>
  useQuery(
    options(
      ['plan-proof', playlistId, p],
      () => get<ProofOfPlayReport>('/api/Statis/proofOfPlayByPlaylistId', { playlistId, ...p }),
      Boolean(playlistId),
    ),
  );
