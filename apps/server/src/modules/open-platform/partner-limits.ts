import { BlockList, isIPv4, isIPv6 } from 'node:net';
import type { Redis } from 'ioredis';

/** The caller's address as written in lists: IPv4-mapped IPv6 (`::ffff:1.2.3.4`) becomes `1.2.3.4`. */
export function normalizeIp(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  return mapped?.[1] ?? ip;
}

/** A set of addresses and CIDR ranges (IPv4 and IPv6); entries that are not addresses are ignored. */
export function addressSet(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
    if (!type) continue;
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

export function inAddressSet(list: BlockList, ip: string): boolean {
  const address = normalizeIp(ip);
  const type = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
  return type ? list.check(address, type) : false;
}

export interface RateVerdict {
  ok: boolean;
  /** Seconds until the window ends (the Retry-After of a refusal). */
  retryAfter: number;
  /** Calls left in this window (0 once refused). */
  remaining: number;
}

/**
 * The IETF RateLimit headers (draft-ietf-httpapi-ratelimit-headers): the policy (`q` calls a `w`-second
 * window) and what is left of it (`r` calls, reset in `t` seconds), on every partner call.
 */
export function rateLimitHeaders(limit: number, verdict: RateVerdict): Record<string, string> {
  return {
    'ratelimit-policy': `"minute";q=${limit};w=60`,
    ratelimit: `"minute";r=${verdict.remaining};t=${verdict.retryAfter}`,
  };
}

/** Calls per client and minute (a fixed window). */
export interface PartnerRateLimiter {
  hit(clientKey: string, limit: number, now: Date): Promise<RateVerdict>;
  close(): Promise<void>;
}

const windowOf = (now: Date) => {
  const ms = now.getTime();
  const minute = Math.floor(ms / 60_000);
  return { minute, retryAfter: Math.max(1, Math.ceil(((minute + 1) * 60_000 - ms) / 1000)) };
};

/** One instance's counters (no REDIS_URL: a single instance, or each instance its own share). */
export class MemoryRateLimiter implements PartnerRateLimiter {
  private readonly counts = new Map<string, { minute: number; calls: number }>();

  async hit(clientKey: string, limit: number, now: Date): Promise<RateVerdict> {
    const { minute, retryAfter } = windowOf(now);
    let entry = this.counts.get(clientKey);
    if (!entry || entry.minute !== minute) {
      if (this.counts.size > 100_000) this.counts.clear();
      entry = { minute, calls: 0 };
      this.counts.set(clientKey, entry);
    }
    entry.calls += 1;
    return { ok: entry.calls <= limit, retryAfter, remaining: Math.max(0, limit - entry.calls) };
  }

  async close() {}
}

/** Counters in Redis, shared by every instance; a Redis outage lets calls pass (the quota still holds). */
export class RedisRateLimiter implements PartnerRateLimiter {
  constructor(private readonly redis: Redis) {}

  async hit(clientKey: string, limit: number, now: Date): Promise<RateVerdict> {
    const { minute, retryAfter } = windowOf(now);
    const key = `robot-ads-open-rl:${clientKey}:${minute}`;
    try {
      const [[, calls]] = (await this.redis.multi().incr(key).expire(key, 120).exec()) as [[unknown, number]];
      return { ok: calls <= limit, retryAfter, remaining: Math.max(0, limit - calls) };
    } catch {
      return { ok: true, retryAfter, remaining: limit };
    }
  }

  async close() {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
