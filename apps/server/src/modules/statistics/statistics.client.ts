import type {
  ClientReportQuery,
  RisingFigure,
  RisingFigures,
  RisingReport,
  RobotRisingQuery,
  RobotRisingRow,
  StatMeasure,
  StatMeasures,
} from '@robot-ads/contracts/statistics/statistics.schemas';
import type { AppContext } from '../../platform/context';
import type { SessionUser } from '../../platform/session-user';
import { statRobots } from '../devices/devices.queries';
import type { PlaylistsContext } from '../playlists/playlists.context';
import { bucketsOf } from './statistics.buckets';
import { clientReportScope, reportRange } from './statistics.scope';
import { EMPTY, measuresOf, pageOf, read, regions, series, sumOf } from './statistics.service';

// ---------------------------------------------------------------------------------------------
// Client calls and rising

export async function clientSeries(
  ctx: PlaylistsContext,
  user: SessionUser,
  q: ClientReportQuery,
  unit: 'day' | 'week' | 'month',
) {
  return series(ctx, await clientReportScope(ctx, user, q), q, unit);
}

export async function clientRegions(ctx: PlaylistsContext, user: SessionUser, q: ClientReportQuery, byCity: boolean) {
  return regions(ctx, await clientReportScope(ctx, user, q), q, byCity);
}

/** The change in percent, rounded to 0.1; null when the previous figure is 0. */
export function change(value: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((value - previous) / previous) * 1000) / 10;
}
const rising = (value: number, previous: number): RisingFigure => ({
  value,
  previous,
  change: change(value, previous),
});

function risingFiguresOf(now: StatMeasures, before: StatMeasures): RisingFigures {
  const f = (k: keyof RisingFigures) => rising(now[k], before[k]);
  return {
    plays: f('plays'),
    watchDuration: f('watchDuration'),
    exposure: f('exposure'),
    exposureSense: f('exposureSense'),
    viewers: f('viewers'),
    scans: f('scans'),
  };
}

const QUARTER_S = 900;

/**
 * The period [begin, end) (default: the last 30 local days) and the one of the same length before it, like
 * with like (docs/statistics.md, measures, `rising`): a period not over yet (today, this week) counts up to
 * now, to the end of the current quarter hour (the rollup grain), and the previous one the same span from
 * its own start: today so far against the same hours of the day before, a week so far against the same
 * days (and hours) of the week before.
 */
export function risingRanges(ctx: AppContext, q: { begin?: number; end?: number }, timeZone: string) {
  const period = reportRange(ctx, q, timeZone, 'day');
  const length = period.end - period.begin;
  const soFar = Math.ceil(ctx.clock.now().getTime() / 1000 / QUARTER_S) * QUARTER_S;
  const end = soFar > period.begin && soFar < period.end ? soFar : period.end;
  return {
    current: { begin: period.begin, end },
    previous: { begin: period.begin - length, end: end - length },
  };
}

/** The client *Rising calls: figures against the previous period, and the day series of `measure`. */
export async function clientRising(
  ctx: PlaylistsContext,
  user: SessionUser,
  q: ClientReportQuery,
  measure: StatMeasure,
): Promise<RisingReport> {
  const scope = await clientReportScope(ctx, user, q);
  const { current, previous } = risingRanges(ctx, q, scope.timeZone);
  const group = { unit: 'day' as const, timeZone: scope.timeZone };
  const [nowRows, beforeRows] = await Promise.all([
    read(ctx, scope, current, group),
    read(ctx, scope, previous, group),
  ]);
  const nowBuckets = bucketsOf('day', current.begin, current.end, scope.timeZone);
  const beforeBuckets = bucketsOf('day', previous.begin, previous.end, scope.timeZone);
  const nowBy = new Map(nowRows.map((r) => [r.key, measuresOf(r)[measure]]));
  const beforeBy = new Map(beforeRows.map((r) => [r.key, measuresOf(r)[measure]]));
  // The previous period's days are aligned from the end: the last day against the last day.
  const shift = beforeBuckets.length - nowBuckets.length;
  const points = nowBuckets.map((b, i) => {
    const before = beforeBuckets[i + shift];
    return {
      label: b.label,
      begin: b.begin,
      value: nowBy.get(b.key) ?? 0,
      previous: before ? (beforeBy.get(before.key) ?? 0) : 0,
    };
  });
  return {
    timeZone: scope.timeZone,
    begin: current.begin,
    end: current.end,
    previousBegin: previous.begin,
    previousEnd: previous.end,
    measure,
    figures: risingFiguresOf(measuresOf(sumOf(nowRows)), measuresOf(sumOf(beforeRows))),
    points,
  };
}

/** statisticsByRobotExRising: each robot's plays and exposure against the previous period, most exposure first. */
export async function robotRising(ctx: PlaylistsContext, user: SessionUser, q: RobotRisingQuery) {
  const scope = await clientReportScope(ctx, user, q);
  const { current, previous } = risingRanges(ctx, q, scope.timeZone);
  const [nowRows, beforeRows] = await Promise.all([
    read(ctx, scope, current, 'robot'),
    read(ctx, scope, previous, 'robot'),
  ]);
  const nowBy = new Map(nowRows.map((r) => [r.key, r]));
  const beforeBy = new Map(beforeRows.map((r) => [r.key, r]));
  const refs = [...new Set([...nowBy.keys(), ...beforeBy.keys()])];
  const robots = await statRobots(ctx.db, refs);
  const all: RobotRisingRow[] = refs
    .map((ref) => {
      const a = nowBy.get(ref) ?? { ...EMPTY, key: ref };
      const b = beforeBy.get(ref) ?? { ...EMPTY, key: ref };
      const robot = robots.get(ref);
      return {
        robotId: robot?.robotId ?? '',
        name: robot?.name ?? '',
        province: robot?.province ?? '',
        city: robot?.city ?? '',
        plays: rising(a.plays, b.plays),
        exposure: rising(a.exposure, b.exposure),
        exposureSense: rising(a.exposureSense, b.exposureSense),
      };
    })
    .sort((x, y) => y.exposure.value - x.exposure.value || x.robotId.localeCompare(y.robotId));
  return pageOf(all, q);
}
