import { FLAG_REASONS, type FlagReason } from '@robot-ads/contracts/play-events/play-events.rules';
import { activeIntervals } from '@robot-ads/contracts/playback/schedule.rules';
import { dateFromEpochDay, dateKey, epochDay, startOfLocalDay } from '@robot-ads/contracts/playback/zoned-time';
import type { ProofOfPlayReport, ProofOfPlayRow } from '@robot-ads/contracts/statistics/proof-of-play.schemas';
import type { PlanReportQuery } from '@robot-ads/contracts/statistics/statistics.schemas';
import type { AppContext } from '../../platform/context';
import type { SessionUser } from '../../platform/session-user';
import { findCustomerById } from '../customers/customers.queries';
import { statRobots } from '../devices/devices.queries';
import { flaggedPerRobotDay, verifiedPerRobotDay } from '../play-events/play-events.queries';
import { carriedPlans, scheduledStarts } from '../play-events/play-events.scheduled';
import type { PlaylistsContext } from '../playlists/playlists.context';
import { plansByIds } from '../playlists/playlists.queries';
import { pullsOfPlan } from '../publishing/publishing.queries';
import { planScheduleOf } from '../schedules/schedules.service';
import { addDays, localDate } from './statistics.buckets';
import { planReportScope, reportRange } from './statistics.scope';

/**
 * Minutes of each local day (of `timeZone`) covered by the intervals [start, end) (unix seconds).
 */
function minutesPerDay(intervals: { start: number; end: number }[], timeZone: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const iv of intervals) {
    let at = iv.start;
    while (at < iv.end) {
      const date = localDate(at, timeZone);
      const next = Math.min(iv.end, startOfLocalDay(addDays(date, 1), timeZone));
      const key = dateKey(date);
      out.set(key, (out.get(key) ?? 0) + (next - at) / 60);
      at = next;
    }
  }
  return out;
}

/** verified / scheduled x 100 to two decimals; null without scheduled plays. */
export const deliveredPercent = (verified: number, scheduled: number) =>
  scheduled > 0 ? Math.round((verified / scheduled) * 10_000) / 100 : null;

const share = (verified: number, flagged: number) =>
  verified + flagged === 0 ? null : Math.round((verified / (verified + flagged)) * 10_000) / 100;

/** What a proof-of-play report counts: one plan, the range [begin, end) (unix seconds), its zone, robots. */
export interface ProofOfPlayInput {
  planId: string;
  begin: number;
  end: number;
  timeZone: string;
  /** Only these robots (undefined: every robot). */
  robotRefs?: string[] | undefined;
}

/**
 * The proof-of-play report of a plan (docs/statistics.md, "Proof-of-play report"): for each robot the plan was
 * pulled by and each local day of the range, the minutes it was scheduled there (its windows after the pull,
 * before a cancellation), the verified plays and the flagged ones by reason. A project account sees its
 * property's robots only; the range defaults to the last 30 local days.
 */
export async function proofOfPlay(
  ctx: PlaylistsContext,
  user: SessionUser,
  q: PlanReportQuery,
): Promise<ProofOfPlayReport> {
  const scope = await planReportScope(ctx, user, q);
  const range = reportRange(ctx, q, scope.timeZone, 'day');
  return proofOfPlayReport(ctx, {
    planId: scope.playlistIds?.[0] as string,
    ...range,
    timeZone: scope.timeZone,
    robotRefs: scope.robotRefs,
  });
}

/**
 * The report for a plan, range and robots the caller has already been allowed (the plan's report above, an
 * order's report in the sales module).
 */
export async function proofOfPlayReport(ctx: PlaylistsContext, input: ProofOfPlayInput): Promise<ProofOfPlayReport> {
  const { planId, robotRefs, timeZone } = input;
  const range = { begin: input.begin, end: Math.max(input.begin, input.end) };
  // Today counts up to now: its scheduled minutes and plays as far as the day has gone.
  const nowS = Math.floor(ctx.clock.now().getTime() / 1000);
  const countTo = Math.max(range.begin, Math.min(range.end, nowS));
  const scope = { timeZone, robotRefs };
  const from = new Date(range.begin * 1000);
  const to = new Date(range.end * 1000);
  const [plan] = await plansByIds(ctx.db, [planId]);
  const inScope = (ref: string) => !scope.robotRefs || scope.robotRefs.includes(ref);
  const pulls = (await pullsOfPlan(ctx.db, planId)).filter((p) => inScope(p.robotRef));
  const verified = await verifiedPerRobotDay(ctx.db, planId, from, to, scope.timeZone, scope.robotRefs);
  const flagged = await flaggedPerRobotDay(ctx.db, planId, from, to, scope.timeZone, scope.robotRefs);

  const rows = new Map<string, ProofOfPlayRow & { ref: string }>();
  const rowOf = (ref: string, day: string) => {
    const key = `${ref}|${day}`;
    let r = rows.get(key);
    if (!r) {
      r = {
        ref,
        robotId: '',
        robotName: '',
        day,
        scheduledMinutes: 0,
        scheduledPlays: 0,
        verified: 0,
        flagged: 0,
        deliveredPercent: null,
        reasons: {},
      };
      rows.set(key, r);
    }
    return r;
  };
  if (plan) {
    const schedule = { ...planScheduleOf(plan), cancelled: false };
    for (const p of pulls) {
      const lo = Math.max(range.begin, Math.floor((p.pullAt as Date).getTime() / 1000));
      const hi = Math.min(countTo, p.cancelledAt ? Math.floor(p.cancelledAt.getTime() / 1000) : countTo);
      if (hi <= lo) continue;
      for (const [day, minutes] of minutesPerDay(activeIntervals(schedule, lo, hi), scope.timeZone)) {
        rowOf(p.robotRef, day).scheduledMinutes += Math.round(minutes);
      }
    }
  }
  for (const v of verified) rowOf(v.robotRef, v.day).verified += Number(v.plays);
  for (const f of flagged) {
    const r = rowOf(f.robotRef, f.day);
    r.flagged += Number(f.plays);
    const reason = f.reason as FlagReason;
    r.reasons[reason] = (r.reasons[reason] ?? 0) + Number(f.plays);
  }
  const carried = await carriedPlans(ctx, ctx.db, [...new Set([...rows.values()].map((r) => r.ref))]);
  for (const r of rows.values()) {
    if (r.scheduledMinutes > 0) {
      const [year, month, day] = r.day.split('-').map(Number) as [number, number, number];
      const dayStart = startOfLocalDay({ year, month, day }, timeZone);
      const dayEnd = startOfLocalDay(dateFromEpochDay(epochDay({ year, month, day }) + 1), timeZone);
      const starts = scheduledStarts(carried.get(r.ref) ?? [], dayStart, dayEnd).get(planId) ?? [];
      const lo = Math.max(dayStart, range.begin);
      r.scheduledPlays = starts.filter((t) => t >= lo && t < countTo).length;
    }
    r.deliveredPercent = deliveredPercent(r.verified, r.scheduledPlays);
  }
  const robots = await statRobots(ctx.db, [...new Set([...rows.values()].map((r) => r.ref))]);
  const list = [...rows.values()]
    .map(({ ref, ...r }) => ({ ...r, robotId: robots.get(ref)?.robotId ?? '', robotName: robots.get(ref)?.name ?? '' }))
    .sort((a, b) => a.robotId.localeCompare(b.robotId) || a.day.localeCompare(b.day));

  const reasons: Partial<Record<FlagReason, number>> = {};
  for (const reason of FLAG_REASONS) {
    const n = list.reduce((sum, r) => sum + (r.reasons[reason] ?? 0), 0);
    if (n > 0) reasons[reason] = n;
  }
  const totalVerified = list.reduce((n, r) => n + r.verified, 0);
  const totalFlagged = list.reduce((n, r) => n + r.flagged, 0);
  const scheduledRows = list.filter((r) => r.scheduledMinutes > 0);
  const totalScheduled = list.reduce((n, r) => n + r.scheduledPlays, 0);
  const customer = plan?.clientId ? await findCustomerById(ctx.db, plan.clientId) : undefined;
  return {
    playlistId: planId,
    planName: plan?.name ?? '',
    customerName: customer?.name ?? '',
    timeZone: scope.timeZone,
    begin: range.begin,
    end: range.end,
    ...(countTo < range.end ? { countedTo: countTo } : {}),
    rows: list,
    total: {
      robots: new Set(list.map((r) => r.robotId)).size,
      scheduledDays: scheduledRows.length,
      deliveredDays: scheduledRows.filter((r) => r.verified > 0).length,
      scheduledPlays: totalScheduled,
      deliveredPercent: deliveredPercent(totalVerified, totalScheduled),
      verified: totalVerified,
      flagged: totalFlagged,
      verifiedShare: share(totalVerified, totalFlagged),
      reasons,
    },
  };
}
