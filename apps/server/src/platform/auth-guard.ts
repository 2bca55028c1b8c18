import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './app-error';
import type { Clock } from './clock';
import { isSuperuser, type SessionUser } from './session-user';
import type { AccessClaims, TokenService } from './tokens';

/** A route as registered, with its access options (the permission-matrix test reads these). */
export interface RegisteredRoute {
  method: string;
  url: string;
  config: { public?: boolean; device?: boolean; roles?: readonly string[]; rootOnly?: boolean };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on the app (method and url), collected by the auth guard. */
    routeTable: readonly RegisteredRoute[];
  }
}

/** Turns a verified token into the session user; null when the account or its session is gone. */
export type SessionResolver = (claims: AccessClaims, request: FastifyRequest) => Promise<SessionUser | null>;

/**
 * Checks a partner token (claims with `cid`) for the route asked and answers the account the partner acts
 * as; throws the refusal (the open platform module implements it: platform code knows no domain).
 */
export type PartnerGate = (request: FastifyRequest, claims: AccessClaims) => Promise<SessionUser>;

/** The access token of a request: `Authorization: Bearer <token>` or the `access_token` query parameter. */
export function readAccessToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header === 'string') {
    const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
    if (match?.[1]) return match[1];
  }
  const query = request.query as Record<string, unknown> | undefined;
  const fromQuery = query?.access_token;
  if (typeof fromQuery === 'string' && fromQuery) return fromQuery;
  // Some clients send the raw token in a `blade-auth` header (the original front end did).
  const blade = request.headers['blade-auth'];
  if (typeof blade === 'string' && blade) return blade.replace(/^Bearer\s+/i, '');
  return null;
}

/** True for requests the user guard does not handle: static files, 404s, docs, public and device routes. */
function isExempt(request: FastifyRequest): boolean {
  const url = request.routeOptions.url;
  if (!url || request.is404) return true;
  if (!url.startsWith('/api/') && !url.startsWith('/websocket/')) return true;
  if (url === '/api/docs' || url.startsWith('/api/docs/')) return true;
  const config = request.routeOptions.config;
  return config.public === true || config.device === true;
}

/**
 * The global guard: every route needs a valid access token unless it is public or a device route;
 * then the route's `roles` and `rootOnly` are checked. Sets request.user and the user's language.
 */
export function registerAuthGuard(
  app: FastifyInstance,
  deps: { tokens: TokenService; clock: Clock; resolve: SessionResolver; partner?: PartnerGate },
) {
  const table: RegisteredRoute[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      // Read when asked: a module's own onRoute hook (which runs after this one) may still set the roles.
      table.push({
        method,
        url: route.url,
        get config() {
          return (route.config ?? {}) as RegisteredRoute['config'];
        },
      });
    }
  });
  app.decorateRequest('user', null as unknown as SessionUser);
  // Exempt routes (the device calls every robot makes all the time) pass without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    if (isExempt(request)) return done();
    guard(request).then(() => done(), done);
  });
  const guard = async (request: FastifyRequest) => {
    const token = readAccessToken(request);
    if (!token) throw new AppError('UNAUTHORIZED');
    const verified = await deps.tokens.verify(token, deps.clock.now());
    if (!verified.ok) throw new AppError(verified.reason === 'expired' ? 'TOKEN_EXPIRED' : 'UNAUTHORIZED');
    const user = verified.claims.cid
      ? await (deps.partner ?? refusePartner)(request, verified.claims)
      : await deps.resolve(verified.claims, request);
    if (!user) throw new AppError('UNAUTHORIZED');
    request.user = user;
    request.lang = user.lang;
    const config = request.routeOptions.config;
    if (config.roles && !config.roles.includes(user.role)) throw new AppError('FORBIDDEN');
    if (config.rootOnly && !isSuperuser(user)) throw new AppError('FORBIDDEN');
  };
}

const refusePartner: PartnerGate = async () => {
  throw new AppError('UNAUTHORIZED');
};

/**
 * For public routes that may still know the caller (logout with an expired token): the user when a
 * valid token came with the request, else null. Never throws.
 */
export async function optionalUser(
  request: FastifyRequest,
  deps: { tokens: TokenService; clock: Clock; resolve: SessionResolver },
): Promise<{ user: SessionUser; claims: AccessClaims } | null> {
  const token = readAccessToken(request);
  if (!token) return null;
  const verified = await deps.tokens.verify(token, deps.clock.now());
  if (!verified.ok) return null;
  const user = await deps.resolve(verified.claims, request).catch(() => null);
  return user ? { user, claims: verified.claims } : null;
}
