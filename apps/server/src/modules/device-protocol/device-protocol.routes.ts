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
import { zodRoutes } from '../../platform/zod-routes';
import { deviceTokenPresent, readDeviceToken } from './device-auth';
import { activate, heartbeat } from './device-protocol.service';

/**
 * Route options of the calls every robot makes all the time (heartbeat, schedule poll, events): no
 * access log line per call (errors are still logged) and none of the browser security headers, which
 * mean nothing to a robot and cost every answer a dozen headers.
 */
export const DEVICE_HOT_ROUTE = { logLevel: 'warn', helmet: false } as const;

/**
 * The heartbeat, on its own: the application registers it, and so does the device lane (app.ts), the
 * lean instance that answers the calls every robot makes all the time on the same port.
 */
export function heartbeatRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    zodRoutes(app, ['device']).post(
      '/api/device/v1/heartbeat',
      {
        summary: 'Heartbeat every 30 s: status, app version, position, free storage',
        body: heartbeatBody,
        response: okEnvelope(heartbeatResult),
        config: { device: true },
        options: { ...DEVICE_HOT_ROUTE, bodyLimit: 16 * 1024, preParsing: acceptGzip(), onRequest: deviceTokenPresent },
      },
      async (request) => heartbeat(ctx, readDeviceToken(request), request.body),
    );
  };
}

/** The device side under /api/device/v1 (docs/device-protocol.md). */
export function deviceProtocolRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const route = zodRoutes(app, ['device']);
    route.post(
      '/api/device/v1/activate',
      {
        summary: 'Activate a robot with its one-time secret; returns a device token',
        body: activateBody,
        response: okEnvelope(activateResult),
        config: { device: true },
      },
      async (request) => activate(ctx, request.body),
    );
    await app.register(heartbeatRoutes(ctx));
  };
}
