import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/**
 * A Redis connection for counters shared by every instance (rate limits), or null without REDIS_URL.
 * It fails fast (2 s to connect, one retry) so that an outage lets requests pass; errors are logged
 * as warnings under `label`.
 */
export function sharedCounterRedis(url: string | undefined, log: FastifyBaseLogger, label: string): Redis | null {
  const redis = url ? new Redis(url, { connectTimeout: 2000, maxRetriesPerRequest: 1 }) : null;
  redis?.on('error', (err) => log.warn({ err }, label));
  return redis;
}
