import { okEnvelope } from '@robot-ads/contracts/common/envelope';
import {
  activateBody,
  activateResult,
  heartbeatBody,
  heartbeatResult,
} from '@robot-ads/contracts/device-protocol/device-protocol.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptGzip } from '../../platform/compressed-body';
import type { AppContext } from '../../platform/context';
import { deviceTokenPresent, readDeviceToken } from './device-auth';
import { activate, heartbeat } from './device-protocol.service';

/**
 * Route options of the calls every robot makes all the time (heartbeat, schedule poll, events): no
 * access log line per call (errors are still logged) and none of the browser security headers, which
 * mean nothing to a robot and cost every answer a dozen headers.
 */
export const DEVICE_HOT_ROUTE = { logLevel: 'warn', helmet: false } as const;

/** The device side under /api/device/v1 (docs/device-protocol.md). */
export function deviceProtocolRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/device/v1/activate',
      {
        schema: {
          tags: ['device'],
          summary: 'Activate a robot with its one-time secret; returns a device token',
          body: activateBody,
          response: { 200: okEnvelope(activateResult) },
        },
        config: { device: true },
      },
      async (request) => ({ success: true as const, data: await activate(ctx, request.body) }),
    );
    app.post(
      '/api/device/v1/heartbeat',
      {
        schema: {
          tags: ['device'],
          summary: 'Heartbeat every 30 s: status, app version, position, free storage',
          body: heartbeatBody,
          response: { 200: okEnvelope(heartbeatResult) },
        },
        config: { device: true },
        ...DEVICE_HOT_ROUTE,
        bodyLimit: 16 * 1024,
        preParsing: acceptGzip(),
        onRequest: deviceTokenPresent,
      },
      async (request) => ({
        success: true as const,
        data: await heartbeat(ctx, readDeviceToken(request), request.body),
      }),
    );
  };
}
