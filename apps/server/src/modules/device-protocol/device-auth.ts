import { randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import { sha256 } from '../devices/devices.service';
import { deviceTokens, robots } from '../devices/devices.table';

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
export const deviceTokenPresent: onRequestAsyncHookHandler = async (request) => {
  if (!readDeviceToken(request)?.startsWith('dt_')) throw new AppError('DEVICE_TOKEN_INVALID');
};

/**
 * The device-token check, reusable by every device route (schedule pull, acks, events): put it as
 * the route's onRequest hook (before the body is parsed) together with `config: { device: true }` (which keeps the user guard out).
 * Only a token that exists and is not revoked passes; `request.device` names the robot.
 */
export function deviceAuth(ctx: AppContext): onRequestAsyncHookHandler {
  return async (request) => {
    const token = readDeviceToken(request);
    if (!token) throw new AppError('DEVICE_TOKEN_INVALID');
    const [row] = await ctx.db
      .select({ robotRef: deviceTokens.robotRef, robotId: robots.robotId })
      .from(deviceTokens)
      .innerJoin(robots, eq(robots.id, deviceTokens.robotRef))
      .where(and(eq(deviceTokens.tokenHash, sha256(token)), isNull(deviceTokens.revokedAt)))
      .limit(1);
    if (!row) throw new AppError('DEVICE_TOKEN_INVALID');
    request.device = row;
  };
}
