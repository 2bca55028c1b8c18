import { fenToYuan } from '@robot-ads/contracts/devices/devices.rules';
import { wallClock } from '@robot-ads/contracts/playback/zoned-time';
import type { OrderDeliveryDto } from '@robot-ads/contracts/sales/orders.schemas';
import type { AppContext } from '../../platform/context';
import { verifiedPerRobotDay } from '../play-events/play-events.queries';
import type { OrderRow } from './sales.table';

const DAY_MS = 86_400_000;

/** `YYYY-MM`: the month of `at` in the zone, the bill a credit granted at `at` lands on. */
export function billMonthAt(at: Date, timeZone: string): string {
  const c = wallClock(Math.floor(at.getTime() / 1000), timeZone);
  return `${c.year}-${String(c.month).padStart(2, '0')}`;
}

/**
 * Delivery against what was sold (docs/sales.md, "Delivery in screen-days"): the order's screens x days of
 * its period. Day k of the period is [begin + k days, begin + k + 1 days). A screen-day is delivered when the
 * screen has at least one verified play of the plan that day (flagged plays never count).
 * - Due: every day that is over, for every screen; the day under way is due on a screen once it is
 *   delivered there (a day that has not ended is never a shortfall).
 * - Delivered: the due screen-days with a verified play; never more than due.
 * - Actual devices: the screens with at least one delivered screen-day (the same verified plays).
 * The shortfall is the due ones not delivered; the suggested credit is the amount's share of the contracted
 * screen-days missed.
 */
export async function screenDayDelivery(ctx: AppContext, row: OrderRow): Promise<OrderDeliveryDto> {
  const now = ctx.clock.now();
  const zone = ctx.config.TIME_ZONE;
  const begin = row.beginAt.getTime();
  const end = Math.min(row.endAt.getTime(), now.getTime());
  const days = Math.round((row.endAt.getTime() - begin) / DAY_MS);
  const over = Math.max(0, Math.min(days, Math.floor((end - begin) / DAY_MS)));
  const overEnd = begin + over * DAY_MS;
  const refs = row.lines.map((l) => l.robotRef);
  const played = async (from: number, to: number) =>
    to > from ? verifiedPerRobotDay(ctx.db, row.playlistId, new Date(from), new Date(to), zone, refs) : [];
  // Local days with a verified play within the days that are over (a whole day not at local midnight
  // touches two local days: at most `over` count).
  const perRobot = new Map<string, Set<string>>();
  for (const p of await played(begin, overEnd)) {
    if (Number(p.plays) <= 0) continue;
    const set = perRobot.get(p.robotRef) ?? new Set<string>();
    set.add(p.day);
    perRobot.set(p.robotRef, set);
  }
  const today = new Set(
    over < days ? (await played(overEnd, end)).filter((p) => Number(p.plays) > 0).map((p) => p.robotRef) : [],
  );
  const robots = row.lines.map((l) => {
    const playedToday = today.has(l.robotRef) ? 1 : 0;
    return {
      robotId: l.robotId,
      contractedDays: days,
      dueDays: over + playedToday,
      deliveredDays: Math.min(over, perRobot.get(l.robotRef)?.size ?? 0) + playedToday,
    };
  });
  const contracted = refs.length * days;
  const due = robots.reduce((n, r) => n + r.dueDays, 0);
  const delivered = robots.reduce((n, r) => n + r.deliveredDays, 0);
  const shortfall = Math.max(0, due - delivered);
  const creditFen = contracted > 0 ? Math.floor((row.amountFen * shortfall) / contracted) : 0;
  return {
    id: row.id,
    contractedScreenDays: contracted,
    dueScreenDays: due,
    deliveredScreenDays: delivered,
    shortfallScreenDays: shortfall,
    suggestedCredit: fenToYuan(creditFen),
    suggestedCreditFen: creditFen,
    actualDevices: robots.filter((r) => r.deliveredDays > 0).length,
    creditBillMonth: billMonthAt(now, zone),
    robots,
  };
}
