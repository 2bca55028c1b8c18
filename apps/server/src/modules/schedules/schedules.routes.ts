import { okEnvelope } from '@robot-ads/contracts/common/envelope';
import {
  deviceSchedule,
  nowPlayingQuery,
  nowPlayingResult,
  scheduleAckBody,
  scheduleAckResult,
} from '@robot-ads/contracts/device-protocol/schedule.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { quickValidatorCompiler } from '../../platform/validation';
import { zodRoutes } from '../../platform/zod-routes';
import { deviceAuth } from '../device-protocol/device-auth';
import { DEVICE_HOT_ROUTE } from '../device-protocol/device-protocol.routes';
import type { PublishingContext } from '../publishing/publishing.context';
import { ScheduleFeed } from './schedules.push';
import { acknowledge, nowPlaying, ScheduleCache } from './schedules.service';

export interface Schedules {
  cache: ScheduleCache;
  feed: ScheduleFeed;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Schedule delivery: the per-robot cache and the change feed that pushes "collect now". */
    schedules: Schedules;
  }
}

export function createSchedules(ctx: PublishingContext): Schedules {
  const cache = new ScheduleCache(ctx);
  return { cache, feed: new ScheduleFeed(ctx, cache) };
}

/**
 * The schedule poll, on its own: the application registers it, and so does the device lane (app.ts), the
 * lean instance that answers the calls every robot makes all the time on the same port.
 */
type PulledSchedule = z.infer<typeof deviceSchedule>;
const absolute = new WeakMap<PulledSchedule, { origin: string; schedule: PulledSchedule }>();

/**
 * Media links as absolute URLs (docs/device-protocol.md 6.1): under PUBLIC_URL when it is set (the links are
 * built so), else under the origin the robot called (its scheme and host, as the proxy forwarded them).
 * Remembered per built schedule, so an unchanged poll builds nothing.
 */
function withAbsoluteLinks(schedule: PulledSchedule, origin: string): PulledSchedule {
  if (!schedule.media.some((m) => m.url.startsWith('/'))) return schedule;
  const held = absolute.get(schedule);
  if (held?.origin === origin) return held.schedule;
  const media = schedule.media.map((m) => (m.url.startsWith('/') ? { ...m, url: `${origin}${m.url}` } : m));
  const out = { ...schedule, media };
  absolute.set(schedule, { origin, schedule: out });
  return out;
}

/** A 304 has no body: Fastify sends `undefined` as is, without running the response serializer. */
const NO_BODY = undefined as unknown as null;

export function schedulePullRoutes(ctx: PublishingContext, cache: ScheduleCache): FastifyPluginAsyncZod {
  return async (app) => {
    // The device-token check is remembered per token, so that an unchanged poll costs no query.
    const auth = deviceAuth(ctx.deviceTokens);
    app.get(
      '/api/device/v1/schedule',
      {
        schema: {
          tags: ['device'],
          summary: 'The robot schedule for the next 48 hours; 304 when If-None-Match names the current version',
          headers: z.object({ 'if-none-match': z.string().optional() }).passthrough(),
          response: { 200: okEnvelope(deviceSchedule), 304: z.null().describe('Not modified') },
        },
        config: { device: true },
        ...DEVICE_HOT_ROUTE,
        onRequest: auth,
        // Node gives If-None-Match as a text or not at all: the schema (for the OpenAPI document) only for the rest.
        validatorCompiler: quickValidatorCompiler(
          (headers) => typeof (headers as Record<string, unknown>)['if-none-match'] !== 'object',
        ),
      },
      async (request, reply) => {
        const { robotRef, robotId } = request.device;
        const pulled = await cache.pull(robotRef, robotId, request.headers['if-none-match']);
        reply.header('cache-control', 'private, no-cache');
        reply.header('etag', `"${pulled.version}"`);
        if (!pulled.schedule) return reply.code(304).send(NO_BODY);
        return {
          success: true as const,
          data: withAbsoluteLinks(pulled.schedule, `${request.protocol}://${request.host}`),
        };
      },
    );
  };
}

/** Schedule delivery under /api/device/v1 (docs/device-protocol.md, "Schedule"). */
export function schedulesRoutes(ctx: PublishingContext, schedules: Schedules): FastifyPluginAsyncZod {
  return async (app) => {
    const deviceRoute = zodRoutes(app, ['device']);
    const devicesRoute = zodRoutes(app, ['devices']);
    const auth = deviceAuth(ctx.deviceTokens);
    if (ctx.realtime) schedules.feed.attach(ctx.realtime.io);
    app.addHook('onReady', async () => schedules.feed.start());
    app.addHook('onClose', async () => schedules.feed.close());
    await app.register(schedulePullRoutes(ctx, schedules.cache));
    deviceRoute.post(
      '/api/device/v1/schedule/ack',
      {
        summary: 'The robot holds every file of this schedule version: its plans become pulled (pullTime)',
        body: scheduleAckBody,
        response: okEnvelope(scheduleAckResult),
        config: { device: true },
        errors: ['SCHEDULE_VERSION_STALE'],
        options: { onRequest: auth },
      },
      async (request) => acknowledge(ctx, schedules.cache, request.device, request.body),
    );

    devicesRoute.get(
      '/api/Schedules/nowPlaying',
      {
        summary: 'What a robot in your scope plays now: its plans, their state and share of the screen',
        querystring: nowPlayingQuery,
        response: okEnvelope(nowPlayingResult),
      },
      async (request) => nowPlaying(ctx, schedules.cache, request.user, request.query.robotId),
    );
  };
}
