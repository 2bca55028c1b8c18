import type { Language } from '@robot-ads/contracts/common/language';
import type { SessionUser } from '../../platform/session-user';
import type { PartnerRateLimiter } from './partner-limits';

/** Who changed something on the open platform pages, and from where (the audit log). */
export interface Actor {
  username: string;
  ip: string;
}

/** The partner call a request is (set by the gate; the audit log reads it after the answer). */
export interface PartnerCall {
  apiUserId: string;
  clientId: string;
  sessionId: string;
  key: string;
  /** The RateLimit headers of the call (set once the rate limit was counted). */
  rateHeaders?: Record<string, string>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on a partner call once its application is known (null for everyone else). */
    partner: PartnerCall | null;
  }
}

/** The parts of an OpenAPI document the interface catalogue reads. */
export interface OpenApiDocument {
  paths?: Record<string, Record<string, { tags?: string[]; summary?: string } | undefined>>;
  [key: string]: unknown;
}

export interface OpenPlatformDeps {
  /** The account a partner acts as: its role and data scope (null: disabled, gone or out of validity). */
  resolveAccount(accountId: string, lang: Language): Promise<SessionUser | null>;
  /** The app's OpenAPI document (routes opt in to the open platform with the tag `open`). */
  openApi(): OpenApiDocument;
  limiter: PartnerRateLimiter;
}

/** The tag a route carries to be callable by partners. */
export const OPEN_TAG = 'open';
/** Calls every partner token may make whatever its interfaces (its own documentation). */
export const PARTNER_DOCS_KEY = 'GET /api/OpenPlatform/openapi.json';
/** The partner document without a token (every open call switched on): the URL a generator is given. */
export const PUBLIC_PARTNER_DOCS_PATH = '/api/OpenPlatform/public/openapi.json';

/** `METHOD /path/{param}` of a request's route, as the OpenAPI document names it. */
export function interfaceKeyOf(method: string, routeUrl: string): string {
  return `${method} ${routeUrl.replace(/:(\w+)/g, '{$1}')}`;
}
