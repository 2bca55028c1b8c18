import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError } from '../../platform/app-error';
import type { DeviceIdentity, DeviceTokenCache } from '../devices/device-tokens';
import { sha256 } from '../devices/devices.service';

export type { DeviceIdentity } from '../devices/device-tokens';

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

/** The robot of a live device token (cached), or null for a missing, unknown or revoked one. */
export function deviceOfToken(tokens: DeviceTokenCache, token: string | null): Promise<DeviceIdentity | null> {
  if (!token) return Promise.resolve(null);
  return tokens.resolve(sha256(token));
}

/**
 * The device-token check, reusable by every device route (schedule pull, acks, events): put it as
 * the route's onRequest hook (before the body is parsed) together with `config: { device: true }` (which keeps the user guard out).
 * Only a token that exists and is not revoked passes; `request.device` names the robot.
 */
export function deviceAuth(tokens: DeviceTokenCache): onRequestHookHandler {
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
    const known = tokens.get(hash);
    if (known) return accept(request, known, done);
    tokens.resolve(hash).then((device) => accept(request, device, done), done);
  };
}
