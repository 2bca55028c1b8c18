import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { watchRedis } from '../redis-connections';

/**
 * A Redis connection for counters shared by every instance (rate limits), or null without REDIS_URL.
 * It fails fast (2 s to connect, one retry) so that an outage lets requests pass; an outage is logged
 * once (watchRedis).
 */
export function sharedCounterRedis(url: string | undefined, log: FastifyBaseLogger, label: string): Redis | null {
  const redis = url ? new Redis(url, { connectTimeout: 2000, maxRetriesPerRequest: 1 }) : null;
  if (redis) watchRedis(redis, log, label);
  return redis;
}
