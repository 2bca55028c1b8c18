import type { ProofOfPlayReport } from '@robot-ads/contracts/statistics/proof-of-play.schemas';
import type { PlaylistsContext } from '../playlists/playlists.context';
import { proofOfPlayReport } from '../statistics/proof-of-play';
import type { OrderRow } from './sales.table';

/**
 * The proof-of-play report of an order (docs/sales.md, "Proof of play of an order"): the plan report of the
 * order's plan, limited to the order's screens and to its period in the platform's zone (TIME_ZONE), up to now (the days still to
 * come have nothing to prove yet). The caller's right to the order was checked by the order's scope.
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
  return {
    ...report,
    planName: report.planName || row.playlistName,
    order: { id: row.id, orderNo: row.orderNo, name: row.name },
  };
}
