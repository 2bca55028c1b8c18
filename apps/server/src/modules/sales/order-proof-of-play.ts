import type { ProofOfPlayReport } from '@robot-ads/contracts/statistics/proof-of-play.schemas';
import type { PlaylistsContext } from '../playlists/playlists.context';
import { pullsOfPlan } from '../publishing/publishing.queries';
import { proofOfPlayReport } from '../statistics/proof-of-play';
import { screenDayDelivery } from './order-delivery';
import type { OrderRow } from './sales.table';

/**
 * The proof-of-play report of an order (docs/sales.md, "Proof of play of an order"): the plan report of the
 * order's plan, limited to the order's screens and to its period in the platform's zone (TIME_ZONE), up to now (the days still to
 * come have nothing to prove yet). It carries what the order contracted (its screens and screen-days, those
 * due and delivered, the same figures as the order's delivery) even when no robot has pulled the plan yet,
 * and names the order's screens that have not pulled it. The caller's right to the order was checked by the
 * order's scope.
 */
export async function orderProofOfPlay(ctx: PlaylistsContext, row: OrderRow): Promise<ProofOfPlayReport> {
  const now = ctx.clock.now().getTime();
  const begin = Math.floor(row.beginAt.getTime() / 1000);
  const end = Math.floor(Math.min(row.endAt.getTime(), now) / 1000);
  const refs = row.lines.map((l) => l.robotRef);
  const report = await proofOfPlayReport(ctx, {
    planId: row.playlistId,
    begin,
    end: Math.max(begin, end),
    timeZone: ctx.config.TIME_ZONE,
    robotRefs: refs.length > 0 ? refs : undefined,
  });
  const delivery = await screenDayDelivery(ctx, row);
  const pulled = new Set(
    (await pullsOfPlan(ctx.db, row.playlistId))
      .filter((p) => p.pullAt !== null && p.pullAt.getTime() <= row.endAt.getTime())
      .map((p) => p.robotRef),
  );
  return {
    ...report,
    planName: report.planName || row.playlistName,
    order: {
      id: row.id,
      orderNo: row.orderNo,
      name: row.name,
      screens: row.lines.length,
      contractedScreenDays: delivery.contractedScreenDays,
      dueScreenDays: delivery.dueScreenDays,
      deliveredScreenDays: delivery.deliveredScreenDays,
      notPulled: row.lines.filter((l) => !pulled.has(l.robotRef)).map((l) => l.robotId),
    },
  };
}
