import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** LOGIN_RATE_LIMIT (default 30; practically unlimited in tests unless set). */
export function loginsPerMinute(config: Config): number {
  return config.LOGIN_RATE_LIMIT ?? (config.NODE_ENV === 'test' ? 10_000 : 30);
}

/**
 * Attempts per IP and login name: colleagues behind one office address do not block each other, while
 * guessing at one account from one address is slowed (the account itself locks after 5 failures).
 * Counted after the body is read, so the name (body or query `username`) is known. Also used by the
 * public advertiserSendCode.
 */
export function loginRateLimit(config: Config) {
  return {
    max: loginsPerMinute(config),
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => {
      const from = (request.body ?? request.query) as { username?: unknown } | undefined;
      return `${request.ip}|${String(from?.username ?? '').toLowerCase()}`;
    },
  };
}
