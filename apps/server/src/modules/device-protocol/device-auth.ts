import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import { liveDeviceTokens } from '../devices/devices.queries';
import { sha256 } from '../devices/devices.service';

export interface DeviceIdentity {
  /** robots.id */
  robotRef: string;
  robotId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `deviceAuth` on device routes (`config: { device: true }`). */
    device: DeviceIdentity;
  }
}

/** A device token: 32 random bytes, base64url, prefixed so that it is recognisable in logs and leaks. */
export function newDeviceToken(): string {
  return `dt_${randomBytes(32).toString('base64url')}`;
}

export function readDeviceToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return match?.[1] ?? null;
}

export function sameSecret(secret: string, expectedHash: string | null): boolean {
  if (!expectedHash) return false;
  const a = Buffer.from(sha256(secret), 'hex');
  const b = Buffer.from(expectedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * For device routes that check the token inside their own statement (the heartbeat): refuses a request
 * without a device token (or with a user's token) before its body is parsed, without a query, so a caller
 * that is no device hears 401 rather than a validation error about the body.
 */
export const deviceTokenPresent: onRequestHookHandler = (request, _reply, done) => {
  done(readDeviceToken(request)?.startsWith('dt_') ? undefined : new AppError('DEVICE_TOKEN_INVALID'));
};

type TokenLoader = (hashes: string[]) => Promise<Array<DeviceIdentity & { hash: string }>>;

/**
 * Device tokens already checked, by their SHA-256, so that a beat or a poll answered 304 touches no
 * database (a token never changes its robot; a revoked one is evicted at once on the instance that
 * revokes it and, through the schedule change feed (and Redis), on every other within seconds).
 * Tokens not yet known are looked up together: the lookups of the same few milliseconds are one query
 * (a fleet reconnecting after a restart). Bounded: the oldest entries go first.
 */
export class DeviceTokenCache {
  private readonly entries = new Map<string, DeviceIdentity>();
  private pending = new Map<
    string,
    Array<{ resolve: (d: DeviceIdentity | null) => void; reject: (e: unknown) => void }>
  >();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly maxEntries = 1_000_000,
    private readonly load: TokenLoader = async () => [],
  ) {}

  get(hash: string) {
    return this.entries.get(hash);
  }

  set(hash: string, device: DeviceIdentity) {
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(hash, { robotRef: device.robotRef, robotId: device.robotId });
  }

  evict(hashes: Iterable<string>) {
    for (const h of hashes) this.entries.delete(h);
  }

  /** The robot of a live token: from memory, else from the database (with the other lookups of the moment). */
  resolve(hash: string): Promise<DeviceIdentity | null> {
    const known = this.entries.get(hash);
    if (known) return Promise.resolve(known);
    return new Promise((resolve, reject) => {
      const waiting = this.pending.get(hash);
      if (waiting) waiting.push({ resolve, reject });
      else this.pending.set(hash, [{ resolve, reject }]);
      if (this.pending.size >= 500) this.loadPending();
      else if (!this.timer) this.timer = setTimeout(() => this.loadPending(), 2);
    });
  }

  private loadPending() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const batch = this.pending;
    this.pending = new Map();
    this.load([...batch.keys()])
      .then((rows) => {
        const found = new Map(rows.map((r) => [r.hash, { robotRef: r.robotRef, robotId: r.robotId }]));
        for (const [hash, waiting] of batch) {
          const device = found.get(hash) ?? null;
          if (device) this.set(hash, device);
          for (const w of waiting) w.resolve(device);
        }
      })
      .catch((err) => {
        for (const waiting of batch.values()) for (const w of waiting) w.reject(err);
      });
  }
}

/** Live (unrevoked) device tokens among these hashes, with their robots: one query. */
export function loadDeviceTokens(db: Db): TokenLoader {
  return async (hashes) => liveDeviceTokens(db, hashes);
}

/** The robot of a live device token (cached), or null for a missing, unknown or revoked one. */
export function deviceOfToken(ctx: AppContext, token: string | null): Promise<DeviceIdentity | null> {
  if (!token) return Promise.resolve(null);
  return ctx.deviceTokens.resolve(sha256(token));
}

/**
 * The device-token check, reusable by every device route (schedule pull, acks, events): put it as
 * the route's onRequest hook (before the body is parsed) together with `config: { device: true }` (which keeps the user guard out).
 * Only a token that exists and is not revoked passes; `request.device` names the robot.
 */
export function deviceAuth(ctx: AppContext): onRequestHookHandler {
  const accept = (request: FastifyRequest, device: DeviceIdentity | null, done: (err?: Error) => void) => {
    if (!device) return done(new AppError('DEVICE_TOKEN_INVALID'));
    request.device = device;
    done();
  };
  return (request, _reply, done) => {
    const token = readDeviceToken(request);
    if (!token) return done(new AppError('DEVICE_TOKEN_INVALID'));
    // A token checked before answers at once, without a promise (every poll of a running fleet).
    const hash = sha256(token);
    const known = ctx.deviceTokens.get(hash);
    if (known) return accept(request, known, done);
    ctx.deviceTokens.resolve(hash).then((device) => accept(request, device, done), done);
  };
}
