import { monthBounds, startOfLocalDay } from '@robot-ads/contracts/playback/zoned-time';
import type {
  AdResStatRow,
  AdStatRow,
  AdStatTotal,
  AudienceCounts,
  PlanReportPageQuery,
  PlanReportQuery,
  QrHourQuery,
  QrMonthQuery,
  QrSeries,
  RegionReport,
  RegionRow,
  RobotStatRow,
  StatGrain,
  StatMeasures,
  StatSeries,
} from '@robot-ads/contracts/statistics/statistics.schemas';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import type { SessionUser } from '../../platform/session-user';
import { adSummaries } from '../ads/ads.queries';
import { statRobots } from '../devices/devices.queries';
import {
  type BucketUnit,
  type RollupGrouping,
  type RollupSelection,
  type RollupSum,
  sumRollups,
} from '../play-events/play-events.queries';
import type { PlaylistsContext } from '../playlists/playlists.context';
import { bucketsOf, endOfLocalDay, localDate } from './statistics.buckets';

import { planReportScope, type ReportScope, reportRange } from './statistics.scope';

// ---------------------------------------------------------------------------------------------
// Reading and shaping

export async function read(
  ctx: AppContext,
  scope: ReportScope,
  range: { begin: number; end: number },
  group: RollupGrouping,
): Promise<RollupSum[]> {
  const sel: RollupSelection = {
    playlistIds: scope.playlistIds,
    from: new Date(range.begin * 1000),
    to: new Date(range.end * 1000),
    multipliers: scope.multipliers,
    ...(scope.robotRefs ? { robotRefs: scope.robotRefs } : {}),
    ...(scope.adIds ? { adIds: scope.adIds } : {}),
  };
  try {
    return await sumRollups(ctx.db, sel, group);
  } catch (err) {
    // A zone Intl knows but the database's zone data does not (newer tz names): the caller's mistake.
    if (/time zone/i.test(String((err as Error)?.message ?? err)))
      throw new AppError('STAT_TIME_ZONE_INVALID', {}, 'timeZone');
    throw err;
  }
}

export const EMPTY: Omit<RollupSum, 'key'> = {
  plays: 0,
  watchMs: 0,
  exposure: 0,
  exposureSense: 0,
  sensedPlays: 0,
  viewers: 0,
  dwellMs: 0,
  scans: 0,
  child: 0,
  youth: 0,
  adult: 0,
  middle: 0,
  senior: 0,
  male: 0,
  female: 0,
};

/** Adds b into a (every numeric field). */
function addInto(a: Omit<RollupSum, 'key'>, b: Omit<RollupSum, 'key'>) {
  for (const k of Object.keys(EMPTY) as (keyof typeof EMPTY)[]) a[k] += b[k];
}
export function sumOf(rows: readonly Omit<RollupSum, 'key'>[]): Omit<RollupSum, 'key'> {
  const out = { ...EMPTY };
  for (const r of rows) addInto(out, r);
  return out;
}

export function measuresOf(s: Omit<RollupSum, 'key'>): StatMeasures {
  return {
    plays: s.plays,
    watchDuration: s.watchMs,
    exposure: s.exposure,
    exposureSense: s.exposureSense,
    viewers: s.viewers,
    standingTime: s.viewers > 0 ? Math.floor(s.dwellMs / s.viewers) : 0,
    scans: s.scans,
  };
}
function audienceOf(s: Omit<RollupSum, 'key'>): AudienceCounts {
  return {
    child: s.child,
    youth: s.youth,
    adult: s.adult,
    middle: s.middle,
    senior: s.senior,
    male: s.male,
    female: s.female,
  };
}

/** A series over the range: every bucket, empty ones with zeros. */
export async function series(
  ctx: AppContext,
  scope: ReportScope,
  q: { begin?: number; end?: number },
  unit: Exclude<BucketUnit, 'hour'>,
): Promise<StatSeries> {
  const range = reportRange(ctx, q, scope.timeZone, unit);
  const rows = await read(ctx, scope, range, { unit, timeZone: scope.timeZone });
  const byKey = new Map(rows.map((r) => [r.key, r]));
  const points = bucketsOf(unit, range.begin, range.end, scope.timeZone).map((b) => ({
    label: b.label,
    begin: b.begin,
    ...measuresOf(byKey.get(b.key) ?? EMPTY),
  }));
  return { grain: unit, timeZone: scope.timeZone, ...range, points, total: measuresOf(sumOf(rows)) };
}

/** Totals over the range (default: the last three years). */
export async function totals(ctx: AppContext, scope: ReportScope, q: { begin?: number; end?: number }) {
  const range = reportRange(ctx, q, scope.timeZone, 'total');
  return { range, sum: sumOf(await read(ctx, scope, range, 'total')) };
}

/** By province (and city when `byCity`): the robots' places, read once per robot. */
export async function regions(
  ctx: AppContext,
  scope: ReportScope,
  q: { begin?: number; end?: number },
  byCity: boolean,
): Promise<RegionReport> {
  const range = reportRange(ctx, q, scope.timeZone, 'total');
  const rows = await read(ctx, scope, range, 'robot');
  const robots = await statRobots(
    ctx.db,
    rows.map((r) => r.key),
  );
  const groups = new Map<string, { province: string; city: string; sum: Omit<RollupSum, 'key'>; robots: number }>();
  for (const row of rows) {
    const robot = robots.get(row.key);
    const province = robot?.province ?? '';
    const city = byCity ? (robot?.city ?? '') : '';
    const key = `${province}\u0000${city}`;
    let g = groups.get(key);
    if (!g) {
      g = { province, city, sum: { ...EMPTY }, robots: 0 };
      groups.set(key, g);
    }
    addInto(g.sum, row);
    g.robots += 1;
  }
  const out: RegionRow[] = [...groups.values()]
    .map((g) => ({ province: g.province, city: g.city, robots: g.robots, ...measuresOf(g.sum) }))
    .sort((a, b) => b.plays - a.plays || a.province.localeCompare(b.province) || a.city.localeCompare(b.city));
  return { timeZone: scope.timeZone, ...range, rows: out, total: measuresOf(sumOf(rows)) };
}

// ---------------------------------------------------------------------------------------------
// Plan calls

export async function planSeries(
  ctx: PlaylistsContext,
  user: SessionUser,
  q: PlanReportQuery,
  unit: 'day' | 'week' | 'month',
) {
  return series(ctx, await planReportScope(ctx, user, q), q, unit);
}

export async function planRegions(ctx: PlaylistsContext, user: SessionUser, q: PlanReportQuery) {
  return regions(ctx, await planReportScope(ctx, user, q), q, false);
}

export async function standingTime(ctx: PlaylistsContext, user: SessionUser, q: PlanReportQuery) {
  const { sum } = await totals(ctx, await planReportScope(ctx, user, q), q);
  return {
    viewers: sum.viewers,
    dwellMs: sum.dwellMs,
    standingTime: sum.viewers > 0 ? Math.floor(sum.dwellMs / sum.viewers) : 0,
  };
}

export async function ageDistribution(ctx: PlaylistsContext, user: SessionUser, q: PlanReportQuery) {
  const { sum } = await totals(ctx, await planReportScope(ctx, user, q), q);
  return audienceOf(sum);
}

// ---------------------------------------------------------------------------------------------
// QR scans

async function qrSeries(
  ctx: AppContext,
  scope: ReportScope,
  range: { begin: number; end: number },
  unit: BucketUnit,
): Promise<QrSeries> {
  const rows = await read(ctx, scope, range, { unit, timeZone: scope.timeZone });
  const byKey = new Map(rows.map((r) => [r.key, r.scans]));
  const points = bucketsOf(unit, range.begin, range.end, scope.timeZone).map((b) => ({
    label: b.label,
    begin: b.begin,
    scans: byKey.get(b.key) ?? 0,
  }));
  return {
    grain: unit as StatGrain,
    timeZone: scope.timeZone,
    ...range,
    points,
    total: rows.reduce((n, r) => n + r.scans, 0),
  };
}

/** statiQrbyplaylistId (days) and statiQrWeekbyplaylistId (weeks). */
export async function qrByPeriod(ctx: PlaylistsContext, user: SessionUser, q: PlanReportQuery, unit: 'day' | 'week') {
  const scope = await planReportScope(ctx, user, q);
  return qrSeries(ctx, scope, reportRange(ctx, q, scope.timeZone, unit), unit);
}

/** statiQrMonthbyplaylistId: the days of the month (year, month) in the report's zone. */
export async function qrMonth(ctx: PlaylistsContext, user: SessionUser, q: QrMonthQuery) {
  const scope = await planReportScope(ctx, user, q);
  return qrSeries(ctx, scope, monthOf(q.year, q.month, scope.timeZone), 'day');
}

/** statiQrHourbyplaylistId: the hours of the local day containing timePoint (default: today). */
export async function qrHour(ctx: PlaylistsContext, user: SessionUser, q: QrHourQuery) {
  const scope = await planReportScope(ctx, user, q);
  const at = q.timePoint ?? Math.floor(ctx.clock.now().getTime() / 1000);
  const day = localDate(at, scope.timeZone);
  const range = { begin: startOfLocalDay(day, scope.timeZone), end: endOfLocalDay(day, scope.timeZone) };
  return qrSeries(ctx, scope, range, 'hour');
}

// ---------------------------------------------------------------------------------------------
// Ad lists and tops

export type AdListOrder = 'plays' | 'sex' | 'ageGrp' | 'watch';

const orderValue: Record<AdListOrder, (r: AdStatRow) => number> = {
  plays: (r) => r.plays,
  sex: (r) => r.male + r.female,
  ageGrp: (r) => r.child + r.youth + r.adult + r.middle + r.senior,
  watch: (r) => r.watchDuration,
};

/** A plan's rollups over the report's range (default: all of the last three years), one row per ad or robot. */
async function planRows(ctx: PlaylistsContext, user: SessionUser, q: PlanReportPageQuery, group: 'ad' | 'robot') {
  const scope = await planReportScope(ctx, user, q);
  return read(ctx, scope, reportRange(ctx, q, scope.timeZone, 'total'), group);
}

/** One page of rows sorted on the server. */
export const pageOf = <T>(all: T[], q: { start: number; limit: number }) => ({
  total: all.length,
  datas: all.slice(q.start, q.start + q.limit),
});

/** queryAdWatch_adList_sex / _ageGrp / _Window and queryAdPlay_adList: one row per ad, paged. */
export async function adList(ctx: PlaylistsContext, user: SessionUser, q: PlanReportPageQuery, order: AdListOrder) {
  const rows = await planRows(ctx, user, q, 'ad');
  const ads = await adSummaries(
    ctx.db,
    rows.map((r) => r.key),
  );
  const all: AdStatRow[] = rows
    .map((r) => ({ adId: r.key, name: ads.get(r.key)?.name ?? '', ...measuresOf(r), ...audienceOf(r) }))
    .sort((a, b) => orderValue[order](b) - orderValue[order](a) || a.adId.localeCompare(b.adId));
  return pageOf(all, q);
}

/** The *_total calls: the same figures over every ad of the selection. */
export async function adTotal(ctx: PlaylistsContext, user: SessionUser, q: PlanReportQuery): Promise<AdStatTotal> {
  const { sum } = await totals(ctx, await planReportScope(ctx, user, q), q);
  return { ...measuresOf(sum), ...audienceOf(sum) };
}

/** queryAdWatch_adList_adRes_top: ads with their material, most played first. */
export async function adResTop(ctx: PlaylistsContext, user: SessionUser, q: PlanReportPageQuery) {
  const rows = await planRows(ctx, user, q, 'ad');
  const ads = await adSummaries(
    ctx.db,
    rows.map((r) => r.key),
  );
  const all: AdResStatRow[] = rows
    .map((r) => {
      const ad = ads.get(r.key);
      return {
        adId: r.key,
        name: ad?.name ?? '',
        resourceId: ad?.resourceId ?? null,
        kind: ad?.kind ?? null,
        ...measuresOf(r),
      };
    })
    .sort((a, b) => b.plays - a.plays || a.adId.localeCompare(b.adId));
  return pageOf(all, q);
}

/** queryAdWatch_adList_robot_top: robots, most played first. */
export async function robotTop(ctx: PlaylistsContext, user: SessionUser, q: PlanReportPageQuery) {
  const rows = await planRows(ctx, user, q, 'robot');
  const robots = await statRobots(
    ctx.db,
    rows.map((r) => r.key),
  );
  const all: RobotStatRow[] = rows
    .map((r) => {
      const robot = robots.get(r.key);
      return {
        robotId: robot?.robotId ?? '',
        name: robot?.name ?? '',
        province: robot?.province ?? '',
        city: robot?.city ?? '',
        ...measuresOf(r),
      };
    })
    .sort((a, b) => b.plays - a.plays || a.robotId.localeCompare(b.robotId));
  return pageOf(all, q);
}

/** The local days of a month as a report range: [start of its first day, start of the next month's). */
function monthOf(year: number, month: number, timeZone: string): { begin: number; end: number } {
  const { from, to } = monthBounds(`${year}-${String(month).padStart(2, '0')}`, timeZone);
  return { begin: from, end: to };
}
