import {
  authenticationBody,
  booleanOk,
  captchaQuery,
  captchaResponse,
  emptyOk,
  type LoginMode,
  loginBody,
  loginResponse,
  REFRESH_COOKIE,
  refreshBody,
  refreshQuery,
  resetBody,
  tokenGrantResponse,
} from '@robot-ads/contracts/auth/auth.schemas';
import type { ClientCredentialsToken } from '@robot-ads/contracts/open-platform/open-platform.schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/app-error';
import { optionalUser } from '../../platform/auth-guard';
import type { AppContext } from '../../platform/context';
import { loginRateLimit, loginsPerMinute } from '../../platform/login-rate-limit';
import { zodRoutes } from '../../platform/zod-routes';
import type { AuthService } from './auth.service';

const COOKIE_PATH = '/api';

function setRefreshCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAge: number | null) {
  reply.setCookie(REFRESH_COOKIE, token, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    ...(maxAge ? { maxAge } : {}),
  });
}

function clearRefreshCookie(reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
}

/** The client credentials grant (the open platform implements it; the auth module knows no partner). */
export type ClientCredentialsGrant = (input: {
  clientId: string;
  clientSecret: string;
  ip: string;
}) => Promise<ClientCredentialsToken>;

/** client_id and client_secret from the body, else from HTTP Basic (RFC 6749 section 2.3.1). */
function clientCredentials(request: FastifyRequest, body: { client_id?: string; client_secret?: string }) {
  if (body.client_id && body.client_secret) return { clientId: body.client_id, clientSecret: body.client_secret };
  const header = request.headers.authorization;
  const basic = typeof header === 'string' ? /^Basic\s+(\S+)$/i.exec(header.trim()) : null;
  if (!basic?.[1]) return null;
  const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return null;
  const clientId = decodeURIComponent(decoded.slice(0, colon));
  const clientSecret = decodeURIComponent(decoded.slice(colon + 1));
  return clientId && clientSecret ? { clientId, clientSecret } : null;
}

/** Login, tokens, logout, password checks (spec section 7 "Auth"). */
export function authRoutes(
  ctx: AppContext,
  auth: AuthService,
  clientCredentialsGrant?: ClientCredentialsGrant,
): FastifyPluginAsyncZod {
  const guardDeps = {
    tokens: ctx.tokens,
    clock: ctx.clock,
    resolve: (claims: Parameters<typeof auth.resolve>[0], request: FastifyRequest) =>
      auth.resolve(claims, request.lang),
  };
  const perMinute = loginsPerMinute(ctx.config);
  const loginLimit = loginRateLimit(ctx.config);
  /** Token refreshes per IP: every open tab of an office refreshes, so ten times the login allowance. */
  const refreshLimit = { max: perMinute * 10, timeWindow: '1 minute' };
  /** Lock-screen password checks per user. */
  const checkLimit = {
    max: perMinute,
    timeWindow: '1 minute',
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `user|${request.user?.id ?? request.ip}`,
  };

  return async (app) => {
    // OAuth clients send the token request as a form (RFC 6749); only this plugin's routes parse it.
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    const route = zodRoutes(app, ['auth']);
    const loginRoute = (url: string, mode: LoginMode, summary: string) =>
      route.post(
        url,
        { summary, body: loginBody, response: loginResponse, config: { public: true, rateLimit: loginLimit } },
        async (request, reply) => {
          const result = await auth.login(mode, request.body);
          setRefreshCookie(request, reply, result.refreshToken, result.refreshMaxAge);
          return result.data;
        },
      );
    loginRoute('/api/Users/v2_2_login', 'operator', 'Log in: operators and project accounts');
    loginRoute('/api/Users/advertiser_login', 'advertiser', 'Log in: advertisers');
    loginRoute('/api/Proprietors/login', 'owner', 'Log in: property owners (project accounts)');

    route.get(
      '/api/Users/captcha',
      {
        summary:
          'A verification-code picture for a login name (required after 3 failed logins; send its text as verifyCode)',
        querystring: captchaQuery,
        response: captchaResponse,
        config: { public: true, rateLimit: loginLimit },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return auth.captcha(request.query.username);
      },
    );

    route.post(
      '/api/blade-auth/oauth/token',
      {
        summary:
          'Refresh: a new access token; the refresh token (cookie, or refresh_token) is rotated. ' +
          'grant_type=client_credentials (client_id, client_secret, or HTTP Basic): a partner token',
        body: refreshBody,
        querystring: refreshQuery,
        consumes: ['application/json', 'application/x-www-form-urlencoded'],
        response: tokenGrantResponse,
        config: { public: true, rateLimit: refreshLimit },
        errors: ['UNAUTHORIZED', 'OPEN_CLIENT_INVALID', 'OPEN_CLIENT_EXPIRED', 'OPEN_IP_NOT_ALLOWED'],
      },
      async (request, reply) => {
        const grant = request.body?.grant_type || request.query.grant_type;
        if (grant === 'client_credentials') {
          const credentials = clientCredentials(request, request.body ?? {});
          if (!clientCredentialsGrant || !credentials) throw new AppError('OPEN_CLIENT_INVALID');
          reply.header('cache-control', 'no-store');
          return clientCredentialsGrant({ ...credentials, ip: request.ip });
        }
        const fromBody = request.body?.refresh_token || request.query.refresh_token;
        const presented = fromBody || request.cookies[REFRESH_COOKIE];
        if (!presented) throw new AppError('UNAUTHORIZED');
        try {
          const issued = await auth.refresh(presented);
          setRefreshCookie(request, reply, issued.refreshToken, issued.refreshMaxAge);
          return fromBody ? { ...issued.data, refresh_token: issued.refreshToken } : issued.data;
        } catch (err) {
          clearRefreshCookie(reply);
          throw err;
        }
      },
    );

    for (const url of ['/api/Users/logout', '/api/Users/advertiser_logout', '/api/blade-auth/oauth/logout']) {
      route.post(
        url,
        {
          summary: 'Log out: ends the session of the access token and of the refresh cookie',
          response: emptyOk,
          // Public so that a user whose access token has expired can still end the session.
          config: { public: true },
        },
        async (request, reply) => {
          const current = await optionalUser(request, guardDeps);
          await auth.logout({ sid: current?.claims.sid, refreshToken: request.cookies[REFRESH_COOKIE] });
          clearRefreshCookie(reply);
          return null;
        },
      );
    }

    route.post(
      '/api/Users/reset',
      {
        summary: 'Change one own password (old password must match); every session ends',
        body: resetBody,
        response: emptyOk,
      },
      async (request, reply) => {
        const { id, password, oldpassword } = request.body;
        if (id && id !== request.user.id) throw new AppError('FORBIDDEN');
        await auth.changePassword(request.user.id, oldpassword, password);
        clearRefreshCookie(reply);
        return null;
      },
    );

    route.post(
      '/api/Users/authentication',
      {
        summary: 'Check the current password (unlocking the lock screen)',
        body: authenticationBody,
        response: booleanOk,
        config: { rateLimit: checkLimit },
      },
      async (request) => {
        const ok = await auth.checkPassword(request.user.id, request.body.password);
        if (!ok) throw new AppError('PASSWORD_VERIFY_FAILED', {}, 'password');
        return true;
      },
    );
  };
}
