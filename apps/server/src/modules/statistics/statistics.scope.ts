import { isAdvertiserRole } from '@robot-ads/contracts/auth/roles';
import { canonicalTimeZone, startOfLocalDay } from '@robot-ads/contracts/playback/zoned-time';
import type { ClientReportQuery, PlanReportQuery } from '@robot-ads/contracts/statistics/statistics.schemas';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import type { SessionUser } from '../../platform/session-user';
import { findCustomerById } from '../customers/customers.queries';
import { audienceMultipliers, statRobotRefs } from '../devices/devices.queries';
import type { PlaylistsContext } from '../playlists/playlists.context';
import { visiblePlan, visiblePlanIds } from '../playlists/playlists.service';
import { addDays, addMonths, endOfLocalDay, localDate, mondayOf } from './statistics.buckets';

export const QUARTER_S = 900;
/** A report covers at most about three years. */
const MAX_RANGE_S = 3 * 366 * 86_400;

/** What a report reads: plans, robots, ads, the zone and the range [begin, end) in unix seconds. */
export interface ReportScope {
  playlistIds: string[] | null;
  robotRefs?: string[];
  adIds?: string[];
  timeZone: string;
  multipliers: Map<string, number>;
}

export type RangeKind = 'day' | 'week' | 'month' | 'total';

// ---------------------------------------------------------------------------------------------
// Scope

/**
 * The zone's current IANA name (never an ICU legacy alias such as Asia/Calcutta), which PostgreSQL
 * knows too; an unknown zone is a 400.
 */
function canonicalZone(zone: string): string {
  const canonical = canonicalTimeZone(zone);
  if (!canonical) throw new AppError('STAT_TIME_ZONE_INVALID', {}, 'timeZone');
  return canonical;
}

/** Robots the report may count: a project account only its property's; then the robotId/province filters. */
async function robotScope(
  ctx: AppContext,
  user: SessionUser,
  q: { robotId?: string; province?: string },
): Promise<string[] | undefined> {
  const projectId = user.role === 'project' ? (user.projectId ?? '') : undefined;
  if (projectId === undefined && q.robotId === undefined && q.province === undefined) return undefined;
  return statRobotRefs(ctx.db, {
    ...(projectId !== undefined ? { projectId } : {}),
    ...(q.robotId !== undefined ? { robotId: q.robotId } : {}),
    ...(q.province !== undefined ? { province: q.province } : {}),
  });
}

/** A plan report's scope: the plan must be visible to the caller (PLAYLIST_ID_NOT_EXIST otherwise). */
export async function planReportScope(
  ctx: PlaylistsContext,
  user: SessionUser,
  q: Pick<PlanReportQuery, 'playlistId' | 'adIds' | 'timeZone' | 'robotId' | 'province'>,
): Promise<ReportScope> {
  const plan = await visiblePlan(ctx, ctx.db, user, q.playlistId);
  const robotRefs = await robotScope(ctx, user, q);
  return {
    playlistIds: [plan.id],
    ...(robotRefs ? { robotRefs } : {}),
    ...(q.adIds ? { adIds: q.adIds } : {}),
    timeZone: canonicalZone(q.timeZone ?? plan.timeZone ?? ctx.config.TIME_ZONE),
    multipliers: await audienceMultipliers(ctx.db),
  };
}

/**
 * A client report's scope: an advertiser only its own customer (another is CUSTOMER_NOT_FOUND); others
 * the customer's plans they may see, or every plan they may see without clientId.
 */
export async function clientReportScope(
  ctx: PlaylistsContext,
  user: SessionUser,
  q: Pick<ClientReportQuery, 'clientId' | 'timeZone' | 'robotId' | 'province'>,
): Promise<ReportScope> {
  let clientId = q.clientId;
  if (isAdvertiserRole(user.role)) {
    if (!user.customer || (clientId !== undefined && clientId !== user.customer)) {
      throw new AppError('CUSTOMER_NOT_FOUND', {}, 'clientId');
    }
    clientId = user.customer;
  } else if (clientId !== undefined && !(await findCustomerById(ctx.db, clientId))) {
    throw new AppError('CUSTOMER_NOT_FOUND', {}, 'clientId');
  }
  const playlistIds = await visiblePlanIds(ctx, ctx.db, user, clientId);
  const robotRefs = await robotScope(ctx, user, q);
  return {
    playlistIds,
    ...(robotRefs ? { robotRefs } : {}),
    timeZone: canonicalZone(q.timeZone ?? ctx.config.TIME_ZONE),
    multipliers: await audienceMultipliers(ctx.db),
  };
}

// ---------------------------------------------------------------------------------------------
// Ranges

/**
 * The report's range [begin, end) in unix seconds, on quarter hours. Defaults (docs/statistics.md): the
 * last 30 local days, 12 weeks or 12 months up to the end of the current one; totals the last 3 years.
 */
export function reportRange(
  ctx: AppContext,
  q: { begin?: number; end?: number },
  timeZone: string,
  kind: RangeKind,
): { begin: number; end: number } {
  const now = Math.floor(ctx.clock.now().getTime() / 1000);
  const today = localDate(now, timeZone);
  let end = q.end ?? endOfLocalDay(today, timeZone);
  let begin = q.begin;
  if (begin === undefined) {
    const last = localDate(end - 1, timeZone);
    if (kind === 'day') begin = startOfLocalDay(addDays(last, -29), timeZone);
    else if (kind === 'week') begin = startOfLocalDay(addDays(mondayOf(last), -77), timeZone);
    else if (kind === 'month') begin = startOfLocalDay(addMonths(last, -11), timeZone);
    else begin = end - MAX_RANGE_S;
  }
  if (end <= begin || end - begin > MAX_RANGE_S) throw new AppError('STAT_RANGE_INVALID', {}, 'end');
  // Both ends round down to the quarter hour (the rollup grain): no play after `end` is counted.
  begin = Math.floor(begin / QUARTER_S) * QUARTER_S;
  end = Math.floor(end / QUARTER_S) * QUARTER_S;
  if (end <= begin) throw new AppError('STAT_RANGE_INVALID', {}, 'end');
  return { begin, end };
}
