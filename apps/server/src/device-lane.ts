import type { IncomingMessage, ServerResponse } from 'node:http';
import http from 'node:http';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerFactory,
  LogController,
  type onRequestHookHandler,
} from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { heartbeatRoutes } from './modules/device-protocol/device-protocol.routes';
import type { PublishingContext } from './modules/publishing/publishing.context';
import { schedulePullRoutes } from './modules/schedules/schedules.routes';
import type { ScheduleCache } from './modules/schedules/schedules.service';
import type { Config } from './platform/config';
import { registerErrorHandler } from './platform/error-handler';
import { clientErrorHandler, frameworkErrors } from './platform/http-errors';
import { registerLanguage } from './platform/language';
import { validatorCompiler } from './platform/validation';

/**
 * The device lane: a lean Fastify instance, on the application's port, for the two calls every robot
 * makes all the time: the heartbeat (every 30 s) and the schedule poll answered 304 (every minute).
 * It registers only what they need: the caller's language and the envelope's error handler, the
 * request metrics, and the routes themselves (the same route plugins the application registers, so the
 * answers are the same; `app.inject` and the OpenAPI document go through the application), and the
 * open platform's address blacklist (a blacklisted address is refused here too, in one map lookup, or
 * none while the blacklist holds no address). What the
 * application runs on every request and these calls do not need stays out: the request context and its
 * deadline (their work is in memory), the user guard, cookies, security headers, rate limits, the
 * request-id header and the schedule-change nudge (docs/scaling.md).
 */
export async function buildDeviceLane(deps: {
  ctx: PublishingContext;
  cache: ScheduleCache;
  logger: FastifyBaseLogger;
  genReqId: (req: IncomingMessage) => string;
  trustProxy: Config['TRUST_PROXY'];
  instrument: (instance: FastifyInstance) => void;
  /** The open platform's blacklist hook: the same refusal as on the application. */
  blacklist: onRequestHookHandler;
}): Promise<FastifyInstance> {
  const lane = Fastify({
    loggerInstance: deps.logger,
    // The routes log at warn (DEVICE_HOT_ROUTE): no access line per call, errors still logged.
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    genReqId: deps.genReqId,
    trustProxy: deps.trustProxy,
    bodyLimit: 64 * 1024,
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  lane.setValidatorCompiler(validatorCompiler);
  lane.setSerializerCompiler(serializerCompiler);
  registerLanguage(lane);
  registerErrorHandler(lane);
  lane.addHook('onRequest', deps.blacklist);
  deps.instrument(lane);
  await lane.register(heartbeatRoutes(deps.ctx));
  await lane.register(schedulePullRoutes(deps.ctx, deps.cache));
  await lane.ready();
  return lane;
}

/** Whether a request is one of the device lane's: the heartbeat, or a schedule poll. */
export function isDeviceLaneRequest(req: IncomingMessage): boolean {
  const url = req.url ?? '';
  if (req.method === 'POST') return url === '/api/device/v1/heartbeat';
  if (req.method !== 'GET') return false;
  return url === '/api/device/v1/schedule' || url.startsWith('/api/device/v1/schedule?');
}

/**
 * The application's HTTP server, handing the device lane's requests to the lane once it is ready (until
 * then, and for every other request, the application answers). Same settings as Fastify's own server.
 */
export function laneServerFactory(lane: { handler: ((req: IncomingMessage, res: ServerResponse) => void) | null }) {
  const factory: FastifyServerFactory = (handler, options) => {
    const server = http.createServer(options.http ?? {}, (req, res) => {
      if (lane.handler && isDeviceLaneRequest(req)) lane.handler(req, res);
      else handler(req, res);
    });
    server.keepAliveTimeout = Number(options.keepAliveTimeout ?? 72_000);
    server.requestTimeout = Number(options.requestTimeout ?? 0);
    server.setTimeout(Number(options.connectionTimeout ?? 0));
    return server;
  };
  return factory;
}
