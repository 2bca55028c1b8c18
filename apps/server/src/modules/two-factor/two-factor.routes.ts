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
import { zodRoutes } from '../../platform/zod-routes';
import type { TwoFactorService } from './two-factor.service';

const tags = ['accounts'];

/** Advertiser two-factor login (spec section 7 AdvertiserUsers; design in docs/auth.md). */
export function twoFactorRoutes(ctx: AppContext, service: TwoFactorService): FastifyPluginAsyncZod {
  const operators = { roles: OPERATOR_ROLES };
  const sendLimit = loginRateLimit(ctx.config);

  return async (app) => {
    const route = zodRoutes(app, tags);
    route.get(
      '/api/AdvertiserUsers/advertiserSendCode',
      {
        summary: 'Send a one-time login code to an advertiser with two-factor login on (same answer for every name)',
        querystring: sendCodeQuery,
        response: sendCodeResponse, // Rate limited as the logins are (per IP and login name), on top of one send per minute per name.
        config: { public: true, rateLimit: sendLimit },
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return service.sendCode(request.query.username, request.lang);
      },
    );

    route.get(
      '/api/AdvertiserUsers/2AFConfig',
      {
        summary: "An advertiser account's two-factor setting (advertisers: their own without userId)",
        querystring: twoFactorConfigQuery,
        response: twoFactorConfigResponse,
        config: { roles: [...OPERATOR_ROLES, ...ADVERTISER_ROLES] },
      },
      async (request) => service.config(request.user, request.query.userId),
    );

    route.page(
      '/api/AdvertiserUsers/2AFConfigByPage',
      {
        summary: 'Advertiser accounts in scope with their two-factor settings (account, name; paged)',
        querystring: twoFactorPageQuery,
        response: twoFactorPage,
        config: operators,
      },
      async (request) => service.page(request.user, request.query),
    );

    const upsertSummary =
      'Turn two-factor login of an advertiser account in scope on or off (sms: its phone, email: its e-mail)';
    route.get(
      '/api/AdvertiserUsers/2AFConfigUpsert',
      {
        summary: upsertSummary,
        querystring: twoFactorUpsertInput,
        response: twoFactorConfigResponse,
        config: operators,
      },
      async (request) => service.upsert(request.user, request.query),
    );
    route.post(
      '/api/AdvertiserUsers/2AFConfigUpsert',
      { summary: upsertSummary, body: twoFactorUpsertInput, response: twoFactorConfigResponse, config: operators },
      async (request) => service.upsert(request.user, request.body),
    );
  };
}
