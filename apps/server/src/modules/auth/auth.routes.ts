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
  resetBody,
} from '@robot-ads/contracts/auth/auth.schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/app-error';
import { optionalUser } from '../../platform/auth-guard';
import type { AppContext } from '../../platform/context';
import { loginRateLimit, loginsPerMinute } from '../../platform/login-rate-limit';
import { zodRoutes } from '../../platform/zod-routes';
import type { AuthService } from './auth.service';
import { type ClientCredentialsGrant, registerTokenRoute } from './oauth-token';

export type { ClientCredentialsGrant } from './oauth-token';

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

    registerTokenRoute(app, {
      auth,
      grant: clientCredentialsGrant,
      rateLimit: refreshLimit,
      setRefreshCookie,
      clearRefreshCookie,
    });

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
