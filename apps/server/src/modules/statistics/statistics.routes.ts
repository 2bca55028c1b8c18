import { okEnvelope } from '@robot-ads/contracts/common/envelope';
import { exportStateSchema } from '@robot-ads/contracts/devices/devices.schemas';
import {
  adResStatPage,
  adStatPage,
  adStatTotalResponse,
  audienceResponse,
  clientReportQuery,
  excelProgressQuery,
  planReportPageQuery,
  planReportQuery,
  qrHourQuery,
  qrMonthQuery,
  qrSeriesResponse,
  regionReportResponse,
  risingReportResponse,
  robotRisingPage,
  robotRisingQuery,
  robotStatPage,
  type StatMeasure,
  standingTimeResponse,
  statisExportQuery,
  statSeriesResponse,
} from '@robot-ads/contracts/statistics/statistics.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendWorkbook } from '../../platform/exports';
import { zodRoutes } from '../../platform/zod-routes';
import type { PlaylistsContext } from '../playlists/playlists.context';
import { clientRegions, clientRising, clientSeries, robotRising } from './statistics.client';
import {
  STATISTICS_EXPORT_FILE,
  startStatisticsExport,
  statisticsExportFile,
  statisticsExportState,
} from './statistics.export';
import {
  type AdListOrder,
  adList,
  adResTop,
  adTotal,
  ageDistribution,
  planRegions,
  planSeries,
  qrByPeriod,
  qrHour,
  qrMonth,
  robotTop,
  standingTime,
} from './statistics.service';

/** Said once in every summary: the optional parameters are ours (docs/statistics.md). */
const OPTIONS =
  "Optional: begin, end (unix seconds, [begin, end)), timeZone (IANA; default the plan's, else the platform's zone (server setting TIME_ZONE)), robotId, province";
const PLAN_OPTIONS = `${OPTIONS}, adIds (comma-separated). The plan id as playlistId (or playListId, playlistid, id).`;

/** What a plan call refuses (statistics.scope.ts): a plan out of sight, a bad range, a zone the database lacks. */
const PLAN_ERRORS = [
  'PLAYLIST_NOT_FOUND',
  'PLAYLIST_ID_NOT_EXIST',
  'STAT_RANGE_INVALID',
  'STAT_TIME_ZONE_INVALID',
] as const;
/** The QR month and hour calls: their range is the month or day asked, never refused. */
const PLAN_DAY_ERRORS = ['PLAYLIST_NOT_FOUND', 'PLAYLIST_ID_NOT_EXIST', 'STAT_TIME_ZONE_INVALID'] as const;
/** What a client call refuses: a customer out of sight, a bad range, a zone the database lacks. */
const CLIENT_ERRORS = ['CUSTOMER_NOT_FOUND', 'STAT_RANGE_INVALID', 'STAT_TIME_ZONE_INVALID'] as const;

/** Statistics (spec section 7): the Advertisements statistics GETs and /api/Statis/. Reads rollups only. */
export function statisticsRoutes(ctx: PlaylistsContext): FastifyPluginAsyncZod {
  return async (app) => {
    const route = zodRoutes(app, ['statistics']);
    const periods = [
      ['Days', 'day'],
      ['Week', 'week'],
      ['Month', 'month'],
    ] as const;

    // ---- plan calls
    route.get(
      '/api/Advertisements/statisticsByProvince',
      {
        summary: `A plan's figures by province (robots' places). ${PLAN_OPTIONS}`,
        tags: ['open'],
        querystring: planReportQuery,
        errors: PLAN_ERRORS,
        response: regionReportResponse,
      },
      async (request) => planRegions(ctx, request.user, request.query),
    );
    for (const [name, unit] of periods) {
      route.get(
        `/api/Advertisements/statistics${name}ByPlaylistId`,
        {
          summary: `A plan's figures per ${unit} in the report's zone (weeks from Monday). ${PLAN_OPTIONS}`,
          tags: ['open'],
          querystring: planReportQuery,
          errors: PLAN_ERRORS,
          response: statSeriesResponse,
        },
        async (request) => planSeries(ctx, request.user, request.query, unit),
      );
    }
    route.get(
      '/api/Advertisements/queryStandingTime',
      {
        summary: `A plan's viewers and their average dwell (standingTime, ms). ${PLAN_OPTIONS}`,
        querystring: planReportQuery,
        errors: PLAN_ERRORS,
        response: standingTimeResponse,
      },
      async (request) => standingTime(ctx, request.user, request.query),
    );

    // ---- Statis: QR scans, audience, ad lists
    route.get(
      '/api/Statis/statiQrbyplaylistId',
      {
        summary: `A plan's QR scans per day (default the last 30 days). ${PLAN_OPTIONS}`,
        querystring: planReportQuery,
        errors: PLAN_ERRORS,
        response: qrSeriesResponse,
      },
      async (request) => qrByPeriod(ctx, request.user, request.query, 'day'),
    );
    route.get(
      '/api/Statis/statiQrWeekbyplaylistId',
      {
        summary: `A plan's QR scans per week from Monday (default the last 12 weeks). ${PLAN_OPTIONS}`,
        querystring: planReportQuery,
        errors: PLAN_ERRORS,
        response: qrSeriesResponse,
      },
      async (request) => qrByPeriod(ctx, request.user, request.query, 'week'),
    );
    route.get(
      '/api/Statis/statiQrMonthbyplaylistId',
      {
        summary: `A plan's QR scans on each day of the month (year, month 1-12) in the report's zone. ${PLAN_OPTIONS}`,
        querystring: qrMonthQuery,
        errors: PLAN_DAY_ERRORS,
        response: qrSeriesResponse,
      },
      async (request) => qrMonth(ctx, request.user, request.query),
    );
    route.get(
      '/api/Statis/statiQrHourbyplaylistId',
      {
        summary: `A plan's QR scans per hour of the local day containing timePoint (unix seconds; default now). ${PLAN_OPTIONS}`,
        querystring: qrHourQuery,
        errors: PLAN_DAY_ERRORS,
        response: qrSeriesResponse,
      },
      async (request) => qrHour(ctx, request.user, request.query),
    );
    route.get(
      '/api/Statis/queryAgeDistributionByPlaylistId',
      {
        summary: `A plan's audience by age band and sex. ${PLAN_OPTIONS}`,
        querystring: planReportQuery,
        errors: PLAN_ERRORS,
        response: audienceResponse,
      },
      async (request) => ageDistribution(ctx, request.user, request.query),
    );
    const lists: [string, AdListOrder, string][] = [
      ['/api/Statis/queryAdWatch_adList_sex', 'sex', 'by audience (male + female)'],
      ['/api/Statis/queryAdWatch_adList_ageGrp', 'ageGrp', 'by audience (sum of the age bands)'],
      ['/api/Statis/queryAdWatch_adList_Window', 'watch', 'by watch duration'],
      ['/api/Statis/queryAdPlay_adList', 'plays', 'by plays'],
    ];
    for (const [path, order, how] of lists) {
      route.page(
        path,
        {
          summary: `A plan's ads with their figures, audience and sex, ${how}, most first; paged (start, limit). ${PLAN_OPTIONS}`,
          querystring: planReportPageQuery,
          errors: PLAN_ERRORS,
          response: adStatPage,
        },
        async (request) => adList(ctx, request.user, request.query, order),
      );
      route.get(
        `${path}_total`,
        {
          summary: `The totals of ${path.split('/').pop()} over every ad of the selection. ${PLAN_OPTIONS}`,
          querystring: planReportQuery,
          errors: PLAN_ERRORS,
          response: adStatTotalResponse,
        },
        async (request) => adTotal(ctx, request.user, request.query),
      );
    }
    route.page(
      '/api/Statis/queryAdWatch_adList_adRes_top',
      {
        summary: `A plan's ads with their first material, most played first; paged. ${PLAN_OPTIONS}`,
        querystring: planReportPageQuery,
        errors: PLAN_ERRORS,
        response: adResStatPage,
      },
      async (request) => adResTop(ctx, request.user, request.query),
    );
    route.page(
      '/api/Statis/queryAdWatch_adList_robot_top',
      {
        summary: `A plan's robots, most played first; paged. ${PLAN_OPTIONS}`,
        querystring: planReportPageQuery,
        errors: PLAN_ERRORS,
        response: robotStatPage,
      },
      async (request) => robotTop(ctx, request.user, request.query),
    );

    // ---- export
    route.get(
      '/api/Advertisements/exportStatisByPlaylistId',
      {
        summary: `Export a plan's figures per day (.xlsx) in the background; answers the key for queryExcelProgress. language: zh or en. ${PLAN_OPTIONS}`,
        querystring: statisExportQuery,
        errors: [...PLAN_ERRORS, 'EXPORT_EMPTY'],
        response: okEnvelope(z.object({ key: z.string() })),
      },
      async (request) => startStatisticsExport(ctx, request.user, request.query, request.lang),
    );
    route.get(
      '/api/Advertisements/queryExcelProgress',
      {
        summary: 'The progress of a statistics export (key); url of the file once done',
        querystring: excelProgressQuery,
        response: okEnvelope(exportStateSchema),
      },
      async (request) => statisticsExportState(ctx, request.user, request.query.key),
    );
    app.get(
      STATISTICS_EXPORT_FILE,
      {
        schema: {
          tags: ['statistics'],
          summary: 'Download a finished statistics export (.xlsx)',
          querystring: excelProgressQuery,
        },
      },
      async (request, reply) => {
        const file = await statisticsExportFile(ctx, request.user, request.query.key);
        return sendWorkbook(reply, file.fileName, file.stream);
      },
    );

    // ---- client calls
    const CLIENT = `clientId (an advertiser's own by default; without it an operator sees every plan it may see). ${OPTIONS}`;
    route.get(
      '/api/Advertisements/statisticsProvinceByClientId',
      {
        summary: `A customer's figures by province. ${CLIENT}`,
        querystring: clientReportQuery,
        errors: CLIENT_ERRORS,
        response: regionReportResponse,
      },
      async (request) => clientRegions(ctx, request.user, request.query, false),
    );
    route.get(
      '/api/Advertisements/statisticsProCityByClientId',
      {
        summary: `A customer's figures by province and city. ${CLIENT}`,
        querystring: clientReportQuery,
        errors: CLIENT_ERRORS,
        response: regionReportResponse,
      },
      async (request) => clientRegions(ctx, request.user, request.query, true),
    );
    for (const [name, unit] of periods) {
      route.get(
        `/api/Advertisements/statistics${name}ByClientId`,
        {
          summary: `A customer's figures per ${unit} in the report's zone. ${CLIENT}`,
          querystring: clientReportQuery,
          errors: CLIENT_ERRORS,
          response: statSeriesResponse,
        },
        async (request) => clientSeries(ctx, request.user, request.query, unit),
      );
      route.get(
        `/api/Advertisements/statisticsExposure${name}Number`,
        {
          summary: `A customer's exposure (plain and sensed) per ${unit}, with every other figure. ${CLIENT}`,
          querystring: clientReportQuery,
          errors: CLIENT_ERRORS,
          response: statSeriesResponse,
        },
        async (request) => clientSeries(ctx, request.user, request.query, unit),
      );
    }
    const risings: [string, StatMeasure][] = [
      ['statisticsByClientIdExRising', 'plays'],
      ['statisticsByClientIdExSenseRising', 'viewers'],
      ['statisticsExposureByClientIdExRising', 'exposure'],
      ['statisticsExposureByClientIdExSenseRising', 'exposureSense'],
    ];
    for (const [name, measure] of risings) {
      route.get(
        `/api/Advertisements/${name}`,
        {
          summary: `A customer's figures against the previous period of the same length (default: the last 30 days), with the day series of ${measure}. ${CLIENT}`,
          querystring: clientReportQuery,
          errors: CLIENT_ERRORS,
          response: risingReportResponse,
        },
        async (request) => clientRising(ctx, request.user, request.query, measure),
      );
    }
    route.page(
      '/api/Advertisements/statisticsByRobotExRising',
      {
        summary: `Each robot's plays and exposure against the previous period, most exposure first; paged. ${CLIENT}`,
        querystring: robotRisingQuery,
        errors: CLIENT_ERRORS,
        response: robotRisingPage,
      },
      async (request) => robotRising(ctx, request.user, request.query),
    );
  };
}
