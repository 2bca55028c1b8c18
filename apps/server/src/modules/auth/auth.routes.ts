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
  refreshResponse,
  resetBody,
} from '@robot-ads/contracts/auth/auth.schemas';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/app-error';
import { optionalUser } from '../../platform/auth-guard';
import type { AppContext } from '../../platform/context';
import { loginRateLimit, loginsPerMinute } from '../../platform/login-rate-limit';

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
export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const auth = ctx.auth;
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
    const loginRoute = (url: string, mode: LoginMode, summary: string) =>
      app.post(
        url,
        {
          schema: { tags: ['auth'], summary, body: loginBody, response: { 200: loginResponse } },
          config: { public: true, rateLimit: loginLimit },
        },
        async (request, reply) => {
          const result = await auth.login(mode, request.body);
          setRefreshCookie(request, reply, result.refreshToken, result.refreshMaxAge);
          return { success: true as const, data: result.data };
        },
      );
    loginRoute('/api/Users/v2_2_login', 'operator', 'Log in: operators and project accounts');
    loginRoute('/api/Users/advertiser_login', 'advertiser', 'Log in: advertisers');
    loginRoute('/api/Proprietors/login', 'owner', 'Log in: property owners (project accounts)');

    app.get(
      '/api/Users/captcha',
      {
        schema: {
          tags: ['auth'],
          summary:
            'A verification-code picture for a login name (required after 3 failed logins; send its text as verifyCode)',
          querystring: captchaQuery,
          response: { 200: captchaResponse },
        },
        config: { public: true, rateLimit: loginLimit },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { success: true as const, data: await auth.captcha(request.query.username) };
      },
    );

    app.post(
      '/api/blade-auth/oauth/token',
      {
        schema: {
          tags: ['auth'],
          summary: 'Refresh: a new access token; the refresh token (cookie, or refresh_token) is rotated',
          body: refreshBody,
          querystring: refreshQuery,
          response: { 200: refreshResponse },
        },
        config: { public: true, rateLimit: refreshLimit },
      },
      async (request, reply) => {
        const fromBody = request.body?.refresh_token || request.query.refresh_token;
        const presented = fromBody || request.cookies[REFRESH_COOKIE];
        if (!presented) throw new AppError('UNAUTHORIZED');
        try {
          const issued = await auth.refresh(presented);
          setRefreshCookie(request, reply, issued.refreshToken, issued.refreshMaxAge);
          return {
            success: true as const,
            data: fromBody ? { ...issued.data, refresh_token: issued.refreshToken } : issued.data,
          };
        } catch (err) {
          clearRefreshCookie(reply);
          throw err;
        }
      },
    );

    for (const url of ['/api/Users/logout', '/api/Users/advertiser_logout', '/api/blade-auth/oauth/logout']) {
      app.post(
        url,
        {
          schema: {
            tags: ['auth'],
            summary: 'Log out: ends the session of the access token and of the refresh cookie',
            response: { 200: emptyOk },
          },
          // Public so that a user whose access token has expired can still end the session.
          config: { public: true },
        },
        async (request, reply) => {
          const current = await optionalUser(request, guardDeps);
          await auth.logout({ sid: current?.claims.sid, refreshToken: request.cookies[REFRESH_COOKIE] });
          clearRefreshCookie(reply);
          return { success: true as const, data: null };
        },
      );
    }

    app.post(
      '/api/Users/reset',
      {
        schema: {
          tags: ['auth'],
          summary: 'Change one own password (old password must match); every session ends',
          body: resetBody,
          response: { 200: emptyOk },
        },
      },
      async (request, reply) => {
        const { id, password, oldpassword } = request.body;
        if (id && id !== request.user.id) throw new AppError('FORBIDDEN');
        await auth.changePassword(request.user.id, oldpassword, password);
        clearRefreshCookie(reply);
        return { success: true as const, data: null };
      },
    );

    app.post(
      '/api/Users/authentication',
      {
        schema: {
          tags: ['auth'],
          summary: 'Check the current password (unlocking the lock screen)',
          body: authenticationBody,
          response: { 200: booleanOk },
        },
        config: { rateLimit: checkLimit },
      },
      async (request) => {
        const ok = await auth.checkPassword(request.user.id, request.body.password);
        if (!ok) throw new AppError('PASSWORD_VERIFY_FAILED', {}, 'password');
        return { success: true as const, data: true };
      },
    );
  };
}
