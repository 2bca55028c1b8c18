import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import { healthResponse } from '@robot-ads/contracts/system/system.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { APP_VERSION } from '../../platform/version';
import { DbWatchdog } from './db-watchdog';

export function systemRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // The health answer reads the watchdog and never waits on the database itself.
    const watchdog = new DbWatchdog(() => ctx.database.ping(), ctx.config.DB_WATCHDOG_SECONDS * 1000);
    app.addHook('onReady', async () => watchdog.start());
    app.addHook('onClose', async () => watchdog.stop());

    app.get(
      '/api/health',
      {
        schema: {
          tags: ['system'],
          summary: 'Health: database status (with the background watchdog), version and uptime; 503 when degraded',
          response: { 200: healthResponse, 503: healthResponse },
        },
        config: { public: true },
      },
      async (_request, reply) => {
        const { database, lastAnswerSeconds, lastPingFailed } = watchdog.state();
        // While a first start loads the demo data in one transaction, the embedded database answers nothing
        // else (a ping waits for it): busy, not stuck.
        const dbOk = (database === 'ok' && !lastPingFailed) || ctx.demo.status === 'loading';
        const now = ctx.clock.now();
        return reply.status(dbOk ? 200 : 503).send({
          success: true as const,
          data: {
            status: dbOk ? 'ok' : 'degraded',
            version: APP_VERSION,
            uptime: Math.round((Date.now() - ctx.startedAt.getTime()) / 1000),
            database: { status: dbOk ? 'ok' : 'down', kind: ctx.database.kind },
            jobs: { status: ctx.jobs.state },
            demo: ctx.demo.status,
            watchdog: { database, lastAnswerSeconds },
            time: toUnixSeconds(now) ?? 0,
          },
        });
      },
    );
  };
}
