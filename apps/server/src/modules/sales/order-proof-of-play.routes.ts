import { ADVERTISER_ROLES, OPERATOR_ROLES } from '@robot-ads/contracts/auth/roles';
import { orderIdBody, orderProofOfPlayExportQuery } from '@robot-ads/contracts/sales/orders.schemas';
import { proofOfPlayResponse } from '@robot-ads/contracts/statistics/proof-of-play.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zodRoutes } from '../../platform/zod-routes';
import type { CertificatesService } from '../certificates/certificates.service';
import type { PlaylistsContext } from '../playlists/playlists.context';
import { sendProofOfPlay } from '../statistics/proof-of-play.routes';
import { orderProofOfPlay } from './order-proof-of-play';
import type { OrdersService } from './orders.service';

const READERS = [...OPERATOR_ROLES, ...ADVERTISER_ROLES];

/**
 * The proof-of-play report of an order and its exports (docs/sales.md, "Proof of play of an order"): the
 * order's scope decides (salespeople their customers' orders, advertisers their own, operators all).
 */
export function orderProofOfPlayRoutes(
  ctx: PlaylistsContext,
  orders: OrdersService,
  certificates: CertificatesService,
): FastifyPluginAsyncZod {
  return async (app) => {
    const route = zodRoutes(app, ['sales']);
    route.get(
      '/api/Orders/proofOfPlay',
      {
        summary:
          'Proof of play of an order: its plan on its screens over its period (China time, up to now): per robot and day the scheduled minutes, verified and flagged plays (by reason); totals and the verified share',
        querystring: orderIdBody,
        response: proofOfPlayResponse,
        config: { roles: READERS },
      },
      async (request) => orderProofOfPlay(ctx, await orders.visible(request.user, request.query.id)),
    );
    app.get(
      '/api/Orders/proofOfPlayExport',
      {
        schema: {
          tags: ['sales'],
          summary:
            "The order's proof-of-play report as xlsx (format=xlsx) or as a PDF certificate (format=pdf), in zh or en (language)",
          querystring: orderProofOfPlayExportQuery,
        },
        config: { roles: READERS },
      },
      async (request, reply) => {
        const q = request.query;
        const report = await orderProofOfPlay(ctx, await orders.visible(request.user, q.id));
        const name = `proof-of-play-${report.order?.orderNo ?? q.id}`;
        return sendProofOfPlay(reply, report, q.format, q.language ?? request.user.lang, name, certificates);
      },
    );
  };
}
