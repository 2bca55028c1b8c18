import { ADVERTISER_ROLES, OPERATOR_ROLES } from '@robot-ads/contracts/auth/roles';
import {
  sendCodeQuery,
  sendCodeResponse,
  twoFactorConfigQuery,
  twoFactorConfigResponse,
  twoFactorPage,
  twoFactorPageQuery,
  twoFactorUpsertInput,
} from '@robot-ads/contracts/auth/two-factor.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { loginRateLimit } from '../../platform/login-rate-limit';

const tags = ['accounts'];

/** Advertiser two-factor login (spec section 7 AdvertiserUsers; design in docs/auth.md). */
export function twoFactorRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = ctx.auth.twoFactor;
  const operators = { roles: OPERATOR_ROLES };
  const sendLimit = loginRateLimit(ctx.config);

  return async (app) => {
    app.get(
      '/api/AdvertiserUsers/advertiserSendCode',
      {
        schema: {
          tags,
          summary: 'Send a one-time login code to an advertiser with two-factor login on (same answer for every name)',
          querystring: sendCodeQuery,
          response: { 200: sendCodeResponse },
        },
        // Rate limited as the logins are (per IP and login name), on top of one send per minute per name.
        config: { public: true, rateLimit: sendLimit },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return { success: true as const, data: await service.sendCode(request.query.username, request.lang) };
      },
    );

    app.get(
      '/api/AdvertiserUsers/2AFConfig',
      {
        schema: {
          tags,
          summary: "An advertiser account's two-factor setting (advertisers: their own without userId)",
          querystring: twoFactorConfigQuery,
          response: { 200: twoFactorConfigResponse },
        },
        config: { roles: [...OPERATOR_ROLES, ...ADVERTISER_ROLES] },
      },
      async (request) => ({
        success: true as const,
        data: await service.config(request.user, request.query.userId),
      }),
    );

    app.get(
      '/api/AdvertiserUsers/2AFConfigByPage',
      {
        schema: {
          tags,
          summary: 'Advertiser accounts in scope with their two-factor settings (account, name; paged)',
          querystring: twoFactorPageQuery,
          response: { 200: twoFactorPage },
        },
        config: operators,
      },
      async (request) => ({ success: true as const, ...(await service.page(request.user, request.query)) }),
    );

    const upsertSummary =
      'Turn two-factor login of an advertiser account in scope on or off (sms: its phone, email: its e-mail)';
    app.get(
      '/api/AdvertiserUsers/2AFConfigUpsert',
      {
        schema: {
          tags,
          summary: upsertSummary,
          querystring: twoFactorUpsertInput,
          response: { 200: twoFactorConfigResponse },
        },
        config: operators,
      },
      async (request) => ({ success: true as const, data: await service.upsert(request.user, request.query) }),
    );
    app.post(
      '/api/AdvertiserUsers/2AFConfigUpsert',
      {
        schema: {
          tags,
          summary: upsertSummary,
          body: twoFactorUpsertInput,
          response: { 200: twoFactorConfigResponse },
        },
        config: operators,
      },
      async (request) => ({ success: true as const, data: await service.upsert(request.user, request.body) }),
    );
  };
}
