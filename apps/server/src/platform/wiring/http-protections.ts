import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { closeRedis } from '../redis-connections';
import { sharedCounterRedis } from './redis';

/**
 * Cookies, the rate limiter (routes opt in; counters shared through Redis when REDIS_URL is set) and
 * the security headers (helmet, with a CSP whose frame-src follows the iframe allow-list). Returns
 * what closes with the app.
 */
export async function registerHttpProtections(
  app: FastifyInstance,
  deps: {
    redisUrl: string | undefined;
    /** Refreshes the allowed frame origins before a page is answered (a failure keeps the last ones). */
    refreshFrameOrigins: () => Promise<unknown>;
    /** The origins pages may frame (the iframe_allow_list parameter, /myiframe). */
    frameOrigins: () => string[];
    /**
     * Whether a page waits for that refresh: not while a first start loads the demo data in one transaction,
     * which the embedded database finishes before anything else (the last origins known are answered).
     */
    pagesWaitForDatabase: () => boolean;
  },
): Promise<{ close: () => Promise<void> }> {
  await app.register(fastifyCookie);
  // With REDIS_URL the rate-limit counters are shared by every instance (a Redis outage lets requests pass).
  const rateLimitRedis = sharedCounterRedis(deps.redisUrl, app.log, 'redis (rate limit)');
  await app.register(fastifyRateLimit, {
    global: false,
    ...(rateLimitRedis ? { redis: rateLimitRedis, nameSpace: 'robot-ads-rl-', skipOnError: true } : {}),
  });

  // The CSP's frame-src follows the iframe_allow_list parameter (/myiframe): the pages' answers load it first.
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET' || request.url.startsWith('/api/')) return;
    // A database outage keeps the last allow-list (or none): the page itself still answers.
    const refreshed = deps
      .refreshFrameOrigins()
      .catch((err: unknown) => request.log.warn({ err }, 'system parameters not refreshed'));
    if (deps.pagesWaitForDatabase()) await refreshed;
  });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd injects its CSS-in-JS at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        mediaSrc: ["'self'", 'blob:', 'https:', 'http:'],
        connectSrc: ["'self'", 'ws:', 'wss:', 'https:', 'http:'],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", () => deps.frameOrigins().join(' ') || "'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  return {
    close: async () => {
      if (rateLimitRedis) await closeRedis(rateLimitRedis);
    },
  };
}
