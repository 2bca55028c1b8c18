import {
  errorLogAccepted,
  errorLogBody,
  errorLogPage,
  errorLogQuery,
} from '@robot-ads/contracts/system-logs/system-logs.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { optionalUser } from '../../platform/auth-guard';
import type { AppContext } from '../../platform/context';
import { SystemLogsService } from './system-logs.service';

const tags = ['system-logs'];

/** Front-end error log intake (spec section 8; path ours) and its list for root. */
export function systemLogsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = new SystemLogsService(ctx);
  ctx.jobs.addCleanup('system-logs.frontend-errors', () => service.clean());
  const guardDeps = {
    tokens: ctx.tokens,
    clock: ctx.clock,
    resolve: (claims: Parameters<AppContext['auth']['resolve']>[0]) => ctx.auth.resolve(claims, 'zh'),
  };
  return async (app) => {
    app.post(
      '/api/ErrorLogs',
      {
        schema: {
          tags,
          summary:
            'Record unhandled front-end errors: one entry or up to 20 {url,time,type,message,stack,info}; 64 KB, rate limited',
          body: errorLogBody,
          response: { 200: errorLogAccepted },
        },
        bodyLimit: 64 * 1024,
        // Errors can happen before login (the login page itself): the caller is recorded when known.
        config: { public: true, rateLimit: { max: ctx.config.NODE_ENV === 'test' ? 5 : 30, timeWindow: '1 minute' } },
      },
      async (request) => {
        const entries = Array.isArray(request.body) ? request.body : [request.body];
        const current = await optionalUser(request, guardDeps);
        const accepted = await service.record(entries, {
          user: current?.user ?? null,
          ip: request.ip,
          userAgent: String(request.headers['user-agent'] ?? ''),
        });
        return { success: true as const, data: { accepted } };
      },
    );
    app.get(
      '/api/ErrorLogs',
      {
        schema: {
          tags,
          summary: 'Front-end error log entries, newest first (root and admin only)',
          querystring: errorLogQuery,
          response: { 200: errorLogPage },
        },
        config: { rootOnly: true },
      },
      async (request) => ({ success: true as const, ...(await service.page(request.query)) }),
    );
  };
}
