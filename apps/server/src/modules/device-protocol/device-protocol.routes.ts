import { okEnvelope } from '@robot-ads/contracts/common/envelope';
import {
  activateBody,
  activateResult,
  DEVICE_STATUSES,
  heartbeatBody,
  heartbeatResult,
} from '@robot-ads/contracts/device-protocol/device-protocol.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { acceptGzip } from '../../platform/compressed-body';
import type { OpenApiDoc } from '../../platform/openapi/document';
import { quickValidatorCompiler } from '../../platform/validation';
import { zodRoutes } from '../../platform/zod-routes';
import { deviceTokenPresent, readDeviceToken } from './device-auth';
import { DEVICE_DOCUMENT_PATH, deviceDocument } from './device-document';
import type { DeviceProtocolContext } from './device-protocol.context';
import { activate, heartbeat } from './device-protocol.service';

/**
 * Route options of the calls every robot makes all the time (heartbeat, schedule poll, events): no
 * access log line per call (errors are still logged) and none of the browser security headers, which
 * mean nothing to a robot and cost every answer a dozen headers.
 */
export const DEVICE_HOT_ROUTE = { logLevel: 'warn', helmet: false } as const;

const STATUSES = new Set<string>(DEVICE_STATUSES);
const HEARTBEAT_KEYS = new Set(['status', 'appVersion', 'lng', 'lat', 'freeStorage']);
const within = (v: unknown, min: number, max: number) =>
  v === undefined || (typeof v === 'number' && v >= min && v <= max);

/**
 * A heartbeat body as robots send it, checked by hand: exactly what `heartbeatBody` returns unchanged
 * (known keys only, a version without surrounding spaces or NUL). Anything else goes through the schema.
 */
export function plainHeartbeat(data: unknown): boolean {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return false;
  const body = data as Record<string, unknown>;
  for (const key in body) if (!HEARTBEAT_KEYS.has(key)) return false;
  const { status, appVersion, freeStorage } = body;
  if (typeof status !== 'string' || !STATUSES.has(status)) return false;
  if (appVersion !== undefined) {
    if (typeof appVersion !== 'string' || appVersion.length > 50 || appVersion.includes('\u0000')) return false;
    if (appVersion.trim() !== appVersion) return false;
  }
  if (freeStorage !== undefined && !(Number.isSafeInteger(freeStorage) && (freeStorage as number) >= 0)) return false;
  return within(body.lng, -180, 180) && within(body.lat, -90, 90);
}

/** The heartbeat's answer is built by its handler in the contract's shape: written as it is. */
const plainJson = () => (data: unknown) => JSON.stringify(data);

/**
 * The heartbeat, on its own: the application registers it, and so does the device lane (app.ts), the
 * lean instance that answers the calls every robot makes all the time on the same port.
 */
export function heartbeatRoutes(ctx: DeviceProtocolContext): FastifyPluginAsyncZod {
  return async (app) => {
    zodRoutes(app, ['device']).post(
      '/api/device/v1/heartbeat',
      {
        summary: 'Heartbeat every 30 s: status, app version, position, free storage',
        body: heartbeatBody,
        response: okEnvelope(heartbeatResult),
        config: { device: true },
        // A Content-Encoding other than gzip or identity (platform/compressed-body.ts).
        errors: ['BAD_REQUEST'],
        options: {
          ...DEVICE_HOT_ROUTE,
          bodyLimit: 16 * 1024,
          preParsing: acceptGzip(),
          onRequest: deviceTokenPresent,
          validatorCompiler: quickValidatorCompiler(plainHeartbeat),
          serializerCompiler: plainJson,
        },
      },
      async (request) => heartbeat(ctx, readDeviceToken(request), request.body),
    );
  };
}

/** The device side under /api/device/v1 (docs/device-protocol.md). */
export function deviceProtocolRoutes(ctx: DeviceProtocolContext): FastifyPluginAsyncZod {
  return async (app) => {
    const route = zodRoutes(app, ['device']);
    route.post(
      '/api/device/v1/activate',
      {
        summary: 'Activate a robot with its one-time secret; returns a device token',
        body: activateBody,
        response: okEnvelope(activateResult),
        config: { device: true },
        errors: ['DEVICE_SECRET_WRONG'],
      },
      async (request) => activate(ctx, request.body),
    );
    await app.register(heartbeatRoutes(ctx));

    // The protocol's OpenAPI document (the committed copy is packages/sdk/openapi/device.json), for a
    // vendor's generator: public like /api/docs/json, the document itself (not in the envelope).
    let document: OpenApiDoc | null = null;
    app.get(
      DEVICE_DOCUMENT_PATH,
      {
        schema: {
          tags: ['device'],
          summary: 'The OpenAPI document of the device protocol (/api/device/v1), not in the envelope',
          response: { 200: z.record(z.string(), z.unknown()).describe('An OpenAPI 3.1 document') },
        },
        config: { public: true },
      },
      async (_request, reply) => {
        document ??= deviceDocument(app.swagger() as unknown as OpenApiDoc);
        reply.header('cache-control', 'public, max-age=300');
        return document;
      },
    );
  };
}
