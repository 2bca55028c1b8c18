import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * The Redis connections of this process, watched together: one warning when Redis is lost (the first
 * connection that fails) and one when it is back (the last one ready again), with how long it was away and
 * the reconnect attempts of the connection that tried most; nothing per attempt, no stack. Several
 * modules hold their own connections (socket.io adapter, schedule invalidations, presence, rate limits):
 * an outage is one event for the operator, not one per connection and attempt.
 */
class RedisOutage {
  private readonly down = new Set<Redis>();
  private readonly attempts = new Map<Redis, number>();
  private since = 0;

  constructor(private readonly log: FastifyBaseLogger) {}

  watch(client: Redis, label: string) {
    client.on('error', (err: Error & { code?: string }) => this.lost(client, label, err));
    client.on('reconnecting', () => {
      this.lost(client, label);
      this.attempts.set(client, (this.attempts.get(client) ?? 0) + 1);
    });
    client.on('ready', () => this.back(client));
    // Closed on purpose (shutdown): no longer counted.
    client.on('end', () => {
      this.down.delete(client);
      this.attempts.delete(client);
    });
  }

  private lost(client: Redis, label: string, err?: Error & { code?: string }) {
    if (this.down.has(client)) return;
    this.down.add(client);
    if (this.down.size > 1) return;
    this.since = Date.now();
    this.log.warn(
      { redis: label, ...(err ? { error: err.code ?? err.message } : {}) },
      'Redis unreachable: running without it until it is back (docs/operations.md, "While Redis is down")',
    );
  }

  private back(client: Redis) {
    if (!this.down.delete(client)) return;
    if (this.down.size > 0) return;
    const retries = Math.max(0, ...this.attempts.values());
    this.attempts.clear();
    this.log.warn({ retries, downForMs: Date.now() - this.since }, `Redis is back after ${retries} reconnect attempts`);
  }
}

const outages = new Map<string, RedisOutage>();

/**
 * Logs a Redis connection's outages through one outage log per Redis server (the app's modules share
 * it; the first one's logger writes). Every Redis client of the server is watched with it instead of an
 * 'error' listener of its own.
 */
export function watchRedis(client: Redis, log: FastifyBaseLogger, label: string) {
  const { host, port, db } = client.options;
  const key = `${host}:${port}/${db ?? 0}`;
  let outage = outages.get(key);
  if (!outage) {
    outage = new RedisOutage(log);
    outages.set(key, outage);
  }
  outage.watch(client, label);
}

/**
 * Closes a Redis connection without waiting for an unreachable server: a ready connection says QUIT
 * (bounded to 1 s), any other (connecting, reconnecting) is dropped at once. A QUIT queued on a
 * connection that is reconnecting would wait for Redis to come back (a shutdown during an outage would
 * wait out SHUTDOWN_TIMEOUT_MS).
 */
export async function closeRedis(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    const timer = new Promise<void>((resolve) => setTimeout(resolve, 1000).unref());
    await Promise.race([client.quit().then(() => undefined), timer]).catch(() => undefined);
  }
  client.disconnect();
}
