import {
  errorLogAccepted,
  errorLogBody,
  errorLogPage,
  errorLogQuery,
} from '@robot-ads/contracts/system-logs/system-logs.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { optionalUser, type SessionResolver } from '../../platform/auth-guard';
import type { AppContext } from '../../platform/context';
import { zodRoutes } from '../../platform/zod-routes';
import type { SystemLogsService } from './system-logs.service';

const tags = ['system-logs'];

/** Front-end error log intake (spec section 8; path ours) and its list for root. */
/** `resolveSession` (the auth module's, passed by buildApp) names the caller of an intake when logged in. */
export function systemLogsRoutes(
  ctx: AppContext,
  service: SystemLogsService,
  resolveSession: SessionResolver,
): FastifyPluginAsyncZod {
  const guardDeps = {
    tokens: ctx.tokens,
    clock: ctx.clock,
    resolve: resolveSession,
  };
  return async (app) => {
    const route = zodRoutes(app, tags);
    route.post(
      '/api/ErrorLogs',
      {
        summary:
          'Record unhandled front-end errors: one entry or up to 20 {url,time,type,message,stack,info}; 64 KB, rate limited',
        body: errorLogBody,
        response: errorLogAccepted,
        options: { bodyLimit: 64 * 1024 }, // Errors can happen before login (the login page itself): the caller is recorded when known.
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
        return { accepted };
      },
    );
    route.page(
      '/api/ErrorLogs',
      {
        summary: 'Front-end error log entries, newest first (root and admin only)',
        querystring: errorLogQuery,
        response: errorLogPage,
        config: { rootOnly: true },
      },
      async (request) => service.page(request.query),
    );
  };
}
