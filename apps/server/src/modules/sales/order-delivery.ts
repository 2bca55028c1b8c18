import { fenToYuan } from '@robot-ads/contracts/devices/devices.rules';
import type { OrderDeliveryDto } from '@robot-ads/contracts/sales/orders.schemas';
import type { AppContext } from '../../platform/context';
import { verifiedPerRobotDay } from '../play-events/play-events.queries';
import type { OrderRow } from './sales.table';

const DAY_MS = 86_400_000;

/**
 * Orders are days of the platform's calendar (TIME_ZONE, docs/sales.md).
 * Delivery against what was sold (docs/sales.md, "Delivery in screen-days"): the order's screens x days of
 * its period, those due so far (up to now), and those delivered: a screen-day counts when the screen has at
 * least one verified play of the plan that day (flagged plays never count). The shortfall is the due ones not
 * delivered; the suggested credit is the amount's share of the contracted screen-days missed.
 */
export async function screenDayDelivery(ctx: AppContext, row: OrderRow): Promise<OrderDeliveryDto> {
  const now = ctx.clock.now();
  const end = row.endAt.getTime() < now.getTime() ? row.endAt : now;
  const days = Math.round((row.endAt.getTime() - row.beginAt.getTime()) / DAY_MS);
  const dueDays = Math.max(0, Math.min(days, Math.ceil((end.getTime() - row.beginAt.getTime()) / DAY_MS)));
  const refs = row.lines.map((l) => l.robotRef);
  const played =
    end.getTime() > row.beginAt.getTime()
      ? await verifiedPerRobotDay(ctx.db, row.playlistId, row.beginAt, end, ctx.config.TIME_ZONE, refs)
      : [];
  const perRobot = new Map<string, number>();
  for (const p of played) if (Number(p.plays) > 0) perRobot.set(p.robotRef, (perRobot.get(p.robotRef) ?? 0) + 1);
  const contracted = refs.length * days;
  const due = refs.length * dueDays;
  const delivered = [...perRobot.values()].reduce((n, d) => n + d, 0);
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
    robots: row.lines.map((l) => ({
      robotId: l.robotId,
      contractedDays: days,
      dueDays,
      deliveredDays: perRobot.get(l.robotRef) ?? 0,
    })),
  };
}
