import { okEnvelope } from '@robot-ads/contracts/common/envelope';
import { exportStateSchema } from '@robot-ads/contracts/devices/devices.schemas';
import {
  consumeExportQuery,
  consumePage,
  consumeQuery,
  eventBatchBody,
  eventBatchResult,
} from '@robot-ads/contracts/play-events/play-events.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptGzip } from '../../platform/compressed-body';
import { zodRoutes } from '../../platform/zod-routes';
import { deviceAuth } from '../device-protocol/device-auth';
import { DEVICE_HOT_ROUTE } from '../device-protocol/device-protocol.routes';
import { publishExportState, startConsumeExport } from '../publishing/publish-exports';
import type { PublishingContext } from '../publishing/publishing.context';
import { QR_PATH } from '../qr-codes/qr-codes.service';
import { countIngested } from './play-events.metrics';
import { consume, ingestEvents } from './play-events.service';
import { scanQr } from './qr-scans.service';

/** Proof of play: the device's event batches and the plan's consumption (spec section 7, /playlistConsume). */
export function playEventsRoutes(ctx: PublishingContext): FastifyPluginAsyncZod {
  return async (app) => {
    const deviceRoute = zodRoutes(app, ['device']);
    const publishingRoute = zodRoutes(app, ['publishing']);
    deviceRoute.post(
      '/api/device/v1/events',
      {
        summary: 'Report a batch (max 500) of play and QR-scan events; idempotent by event id',
        body: eventBatchBody,
        response: eventBatchResult,
        config: { device: true },
        // A Content-Encoding other than gzip or identity (platform/compressed-body.ts).
        errors: ['BAD_REQUEST'],
        // 500 events are about 200 KB of JSON; compressed, far less.
        options: {
          ...DEVICE_HOT_ROUTE,
          bodyLimit: 1024 * 1024,
          preParsing: acceptGzip(),
          onRequest: deviceAuth(ctx.deviceTokens),
        },
      },
      async (request) => {
        const data = await ingestEvents(ctx, request.device, request.body.events);
        countIngested(data);
        return data;
      },
    );

    // A phone scanning the QR code a robot draws: counts the scan and redirects (302) to the ad's stored
    // target only; an unknown or forged code is 404 (docs/statistics.md, "QR scans").
    app.get(
      `${QR_PATH}/:code`,
      {
        schema: {
          tags: ['publishing'],
          summary: "Scan of a robot's QR code: counts a scan of its plan, ad and robot, then 302 to the ad's QR target",
          params: z.object({ code: z.string().max(200) }),
        },
        config: { public: true, rateLimit: { max: 600, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const target = await scanQr(ctx, request.params.code);
        return reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').redirect(target, 302);
      },
    );

    publishingRoute.page(
      '/api/Publishes/consume',
      {
        summary: "A plan's consumption per robot: plays, watch duration (ms), last play (limit -1: all rows)",
        querystring: consumeQuery,
        response: consumePage,
      },
      async (request) => consume(ctx, request.user, request.query),
    );

    publishingRoute.get(
      '/api/Publishes/consumeExportAndProgress',
      {
        summary: "Export a plan's consumption (.xlsx) in the background (playListId), then poll its progress (key)",
        querystring: consumeExportQuery,
        response: okEnvelope(exportStateSchema),
      },
      async (request) => {
        const q = request.query;
        const key =
          q.key ??
          (
            await startConsumeExport(
              ctx,
              request.user,
              {
                playListId: q.playListId ?? '',
                language: q.language ?? request.lang,
              },
              consume,
            )
          ).key;
        return publishExportState(ctx, request.user, key);
      },
    );
  };
}
