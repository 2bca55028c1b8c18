import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import { healthResponse, PACKAGE_VERSION } from '@robot-ads/contracts/system/system.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';

export function systemRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Health: database status, version and uptime',
          response: { 200: healthResponse, 503: healthResponse },
        },
        config: { public: true },
      },
      async (_request, reply) => {
        const dbOk = await ctx.database.ping().then(
          () => true,
          () => false,
        );
        const now = ctx.clock.now();
        return reply.status(dbOk ? 200 : 503).send({
          success: true as const,
          data: {
            status: dbOk ? 'ok' : 'degraded',
            version: PACKAGE_VERSION,
            uptime: Math.round((Date.now() - ctx.startedAt.getTime()) / 1000),
            database: { status: dbOk ? 'ok' : 'down', kind: ctx.database.kind },
            jobs: { status: ctx.jobs.started ? 'ok' : 'off' },
            time: toUnixSeconds(now) ?? 0,
          },
        });
      },
    );
  };
}
