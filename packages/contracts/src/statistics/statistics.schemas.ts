import { z } from 'zod';
import { okEnvelope, pageEnvelope } from '../common/envelope';
import { AGE_BANDS } from '../play-events/play-events.rules';
import { isValidTimeZone } from '../playback/zoned-time';
import { TIME_ZONE_OPTIONS } from '../playlists/playlists.schemas';

/**
 * Statistics calls (spec section 7: Advertisements statistics GETs and /api/Statis/). The measures are
 * defined once in docs/statistics.md; every figure is read from the quarter-hour rollups.
 *
 * Common optional query parameters (ours, the spec leaves them open):
 * - begin, end: unix seconds, the report's range [begin, end). Defaults per call (see docs/statistics.md).
 * - timeZone: an IANA zone; days, weeks (from Monday), months and hours are those of this zone. Default:
 *   the plan's zone (plan calls) or the platform's zone, TIME_ZONE (client calls; Asia/Shanghai by default).
 * - adIds: comma-separated ad ids (plan calls) to narrow to these ads.
 * - robotId: the robot's robotId (device serial) to narrow to one robot.
 * - province: narrow to the robots of one province.
 */

export const STAT_GRAINS = ['day', 'week', 'month', 'hour'] as const;
export type StatGrain = (typeof STAT_GRAINS)[number];

/** Measure names, stable: the web helper and the xlsx use them. */
export const STAT_MEASURES = ['plays', 'watchDuration', 'exposure', 'exposureSense', 'viewers', 'scans'] as const;
export type StatMeasure = (typeof STAT_MEASURES)[number];

const hexId = /^[0-9a-f]{12}([0-9a-f]{12})?$/;
const unixSeconds = z.coerce.number().int().min(0).max(4_102_444_800);
/** An IANA zone, or a country code of the spec's list ("JP", section 9) standing for its zone. */
const reportZone = z
  .string()
  .trim()
  .max(64)
  .transform((v) => TIME_ZONE_OPTIONS.find((o) => o.code === v.toUpperCase())?.zone ?? v)
  .pipe(
    z
      .string()
      .regex(/^(UTC|[A-Za-z][A-Za-z_-]*(\/[A-Za-z0-9_+-]+){1,2})$/, 'STAT_TIME_ZONE_INVALID')
      .refine((v) => isValidTimeZone(v), 'STAT_TIME_ZONE_INVALID'),
  );
const adIdList = z
  .string()
  .trim()
  .max(24 * 100 + 100)
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s.length > 0),
  )
  .refine((ids) => ids.every((id) => hexId.test(id)) && ids.length <= 100, 'STAT_AD_IDS_INVALID');

const adIds = adIdList.optional().describe('Only these ads: comma-separated ad ids');

/** The options every report takes. */
export const reportOptions = z.object({
  begin: unixSeconds.optional().describe('Start of the range, unix seconds (inclusive); default per call'),
  end: unixSeconds.optional().describe('End of the range, unix seconds (exclusive); default the end of today'),
  timeZone: reportZone
    .optional()
    .describe(
      "IANA zone of the days, weeks (from Monday), months and hours; default the plan's, else the platform's zone (server setting TIME_ZONE)",
    ),
  robotId: z.string().trim().min(1).max(64).optional().describe('Only the plays of this device ID'),
  province: z.string().trim().min(1).max(64).optional().describe('Only the plays of robots in this province'),
});

/** The plan id arrives as playlistId, playListId, playlistid or id; stored as `playlistId`. */
const planIdOf = (v: unknown) => {
  if (v && typeof v === 'object' && !('playlistId' in v)) {
    const o = v as Record<string, unknown>;
    const alt = o.playListId ?? o.playlistid ?? o.id;
    if (alt !== undefined) return { ...o, playlistId: alt };
  }
  return v;
};
const planId = z.string({ message: 'PLAYLIST_ID_NOT_EXIST' }).trim().regex(hexId, 'PLAYLIST_ID_NOT_EXIST');

/** Query of a plan report (Advertisements/*ByPlaylistId, statisticsByProvince, queryStandingTime, Statis/*). */
export const planReportQuery = z.preprocess(planIdOf, reportOptions.extend({ playlistId: planId, adIds: adIds }));
export type PlanReportQuery = z.infer<typeof planReportQuery>;

/** A plan report paged by rows (queryAdWatch_*, queryAdPlay_adList, *_top). */
export const planReportPageQuery = z.preprocess(
  planIdOf,
  reportOptions.extend({
    playlistId: planId,
    adIds: adIds,
    start: z.coerce.number().int().min(0).max(1_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(1000).default(10),
  }),
);
export type PlanReportPageQuery = z.infer<typeof planReportPageQuery>;

/** statiQrMonthbyplaylistId: the days of one month (year, month 1-12) in the report's zone. */
export const qrMonthQuery = z.preprocess(
  planIdOf,
  reportOptions.extend({
    playlistId: planId,
    adIds: adIds,
    year: z.coerce.number().int().min(2000).max(2100).describe('Year of the month'),
    month: z.coerce.number().int().min(1).max(12).describe('Month 1-12'),
  }),
);
export type QrMonthQuery = z.infer<typeof qrMonthQuery>;

/** statiQrHourbyplaylistId: the 24 hours of the local day containing timePoint (unix seconds; default today). */
export const qrHourQuery = z.preprocess(
  planIdOf,
  reportOptions.extend({
    playlistId: planId,
    adIds: adIds,
    timePoint: unixSeconds.optional().describe('An instant of the day to show, unix seconds; default now'),
  }),
);
export type QrHourQuery = z.infer<typeof qrHourQuery>;

const clientIdOf = (v: unknown) => {
  if (v && typeof v === 'object' && !('clientId' in v)) {
    const o = v as Record<string, unknown>;
    const alt = o.clientid ?? o.customer ?? o.id;
    if (alt !== undefined) return { ...o, clientId: alt };
  }
  return v;
};
const clientIdField = z
  .string()
  .trim()
  .regex(hexId, 'CUSTOMER_NOT_FOUND')
  .optional()
  .describe("The customer; an advertiser's own by default, every visible plan for others without it");
/** Query of a client (customer) report; an advertiser may leave clientId out (its own customer). */
export const clientReportQuery = z.preprocess(clientIdOf, reportOptions.extend({ clientId: clientIdField }));
export type ClientReportQuery = z.infer<typeof clientReportQuery>;

/** statisticsByRobotExRising: per robot, paged (clientId optional: operators see their robots' plays). */
export const robotRisingQuery = z.preprocess(
  clientIdOf,
  reportOptions.extend({
    clientId: clientIdField,
    start: z.coerce.number().int().min(0).max(1_000_000).default(0),
    limit: z.coerce.number().int().min(1).max(1000).default(10),
  }),
);
export type RobotRisingQuery = z.infer<typeof robotRisingQuery>;

// ---------------------------------------------------------------------------------------------
// Responses

/** The measures of a set of plays (watchDuration and standingTime in ms; shown in seconds). */
export const statMeasures = z.object({
  plays: z.number().int(),
  watchDuration: z.number().int(),
  exposure: z.number().int(),
  exposureSense: z.number().int(),
  viewers: z.number().int(),
  /** Average dwell of a viewer in ms (0 without viewers). */
  standingTime: z.number().int(),
  scans: z.number().int(),
});
export type StatMeasures = z.infer<typeof statMeasures>;

/** One bucket of a series: its local label (YYYY-MM-DD of its first day; YYYY-MM for months; HH for hours). */
export const statPoint = statMeasures.extend({
  label: z.string(),
  /** Start of the bucket, unix seconds. */
  begin: z.number().int(),
});
export type StatPoint = z.infer<typeof statPoint>;

/** A series with its totals and the range and zone it was computed in. */
export const statSeries = z.object({
  grain: z.enum(STAT_GRAINS),
  timeZone: z.string(),
  begin: z.number().int(),
  end: z.number().int(),
  points: z.array(statPoint),
  total: statMeasures,
});
export type StatSeries = z.infer<typeof statSeries>;
export const statSeriesResponse = okEnvelope(statSeries);

/** statisticsByProvince / statisticsProvinceByClientId / statisticsProCityByClientId rows. */
export const regionRow = statMeasures.extend({
  province: z.string(),
  city: z.string(),
  robots: z.number().int(),
});
export type RegionRow = z.infer<typeof regionRow>;
export const regionReport = z.object({
  timeZone: z.string(),
  begin: z.number().int(),
  end: z.number().int(),
  rows: z.array(regionRow),
  total: statMeasures,
});
export type RegionReport = z.infer<typeof regionReport>;
export const regionReportResponse = okEnvelope(regionReport);

/** queryStandingTime: viewers, their total and average dwell (ms). */
export const standingTime = z.object({
  viewers: z.number().int(),
  dwellMs: z.number().int(),
  standingTime: z.number().int(),
});
export const standingTimeResponse = okEnvelope(standingTime);

/** QR scan series (statiQrbyplaylistId: days; statiQrWeek: weeks; statiQrMonth: days of a month; statiQrHour: 24 hours). */
export const qrPoint = z.object({ label: z.string(), begin: z.number().int(), scans: z.number().int() });
export const qrSeries = z.object({
  grain: z.enum(STAT_GRAINS),
  timeZone: z.string(),
  begin: z.number().int(),
  end: z.number().int(),
  points: z.array(qrPoint),
  total: z.number().int(),
});
export type QrSeries = z.infer<typeof qrSeries>;
export const qrSeriesResponse = okEnvelope(qrSeries);

/** Audience by age band and sex (counts of people sensed). */
export const audienceCounts = z.object({
  child: z.number().int(),
  youth: z.number().int(),
  adult: z.number().int(),
  middle: z.number().int(),
  senior: z.number().int(),
  male: z.number().int(),
  female: z.number().int(),
});
export type AudienceCounts = z.infer<typeof audienceCounts>;
export const AGE_BAND_KEYS = AGE_BANDS;
export const audienceResponse = okEnvelope(audienceCounts);

/** One ad's row in the queryAdWatch_* / queryAdPlay_adList pages: its measures and audience. */
export const adStatRow = statMeasures.merge(audienceCounts).extend({
  adId: z.string(),
  name: z.string(),
});
export type AdStatRow = z.infer<typeof adStatRow>;
export const adStatPage = pageEnvelope(adStatRow);
/** The *_total calls: the same measures over every ad of the selection. */
export const adStatTotal = statMeasures.merge(audienceCounts);
export type AdStatTotal = z.infer<typeof adStatTotal>;
export const adStatTotalResponse = okEnvelope(adStatTotal);

/** queryAdWatch_adList_robot_top: robots by plays, most first. */
export const robotStatRow = statMeasures.extend({
  robotId: z.string(),
  name: z.string(),
  province: z.string(),
  city: z.string(),
});
export type RobotStatRow = z.infer<typeof robotStatRow>;
export const robotStatPage = pageEnvelope(robotStatRow);

/** queryAdWatch_adList_adRes_top: ads (with their material) by plays, most first. */
export const adResStatRow = statMeasures.extend({
  adId: z.string(),
  name: z.string(),
  resourceId: z.string().nullable(),
  kind: z.string().nullable(),
});
export type AdResStatRow = z.infer<typeof adResStatRow>;
export const adResStatPage = pageEnvelope(adResStatRow);

/** A figure with the previous period's figure and the change in percent (null when the previous is 0). */
export const risingFigure = z.object({
  value: z.number().int(),
  previous: z.number().int(),
  change: z.number().nullable(),
});
export type RisingFigure = z.infer<typeof risingFigure>;
export const risingFigures = z.object({
  plays: risingFigure,
  watchDuration: risingFigure,
  exposure: risingFigure,
  exposureSense: risingFigure,
  viewers: risingFigure,
  scans: risingFigure,
});
export type RisingFigures = z.infer<typeof risingFigures>;

/**
 * The client *Rising calls: figures of [begin, end) against the period of the same length just before,
 * and the day series of the call's measure for both periods (previous aligned by position).
 */
export const risingReport = z.object({
  timeZone: z.string(),
  begin: z.number().int(),
  end: z.number().int(),
  previousBegin: z.number().int(),
  previousEnd: z.number().int(),
  measure: z.enum(STAT_MEASURES),
  figures: risingFigures,
  points: z.array(
    z.object({ label: z.string(), begin: z.number().int(), value: z.number().int(), previous: z.number().int() }),
  ),
});
export type RisingReport = z.infer<typeof risingReport>;
export const risingReportResponse = okEnvelope(risingReport);

/** statisticsByRobotExRising rows: a robot's exposure (plain and sensed) with its rise. */
export const robotRisingRow = z.object({
  robotId: z.string(),
  name: z.string(),
  province: z.string(),
  city: z.string(),
  plays: risingFigure,
  exposure: risingFigure,
  exposureSense: risingFigure,
});
export type RobotRisingRow = z.infer<typeof robotRisingRow>;
export const robotRisingPage = pageEnvelope(robotRisingRow);

/** exportStatisByPlaylistId starts an export (planReportQuery + language); queryExcelProgress (key) polls it. */
export const statisExportQuery = z.preprocess(
  planIdOf,
  reportOptions.extend({
    playlistId: planId,
    adIds: adIds,
    language: z.enum(['zh', 'en']).optional(),
  }),
);
export type StatisExportQuery = z.infer<typeof statisExportQuery>;
export const excelProgressQuery = z.object({ key: z.string().trim().min(1).max(64) });
