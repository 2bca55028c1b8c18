import { OPERATOR_ROLES } from '@robot-ads/contracts/auth/roles';
import { idParams } from '@robot-ads/contracts/common/ids';
import {
  bannerBody,
  bannerDeleteResponse,
  bannerOrderBody,
  bannerOrderResponse,
  bannerPage,
  bannerQuery,
  bannerResponse,
  bannerUpdateBody,
  mpBannersResponse,
  mpLandingBody,
  mpLandingResponse,
  mpLoginBody,
  mpLoginResponse,
  mpProfileBody,
  mpProfileResponse,
  wechatUserBlockBody,
  wechatUserPage,
  wechatUserQuery,
  wechatUserResponse,
} from '@robot-ads/contracts/wechat/wechat.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { zodRoutes } from '../../platform/zod-routes';
import { MP_BANNER_IMAGE_PATH, type WechatService } from './wechat.service';

const tags = ['wechat'];
const operators = { roles: OPERATOR_ROLES };

/**
 * The WeChat mini-program (issue 18; paths ours, the spec does not show them): its users and banners for
 * operators under /api/WechatUsers and /api/WechatBanners, and the mini-program's own public API under
 * /api/wechat/mp (a session token from sign-in, sent as `Authorization: Bearer`).
 */
export function wechatRoutes(service: WechatService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = zodRoutes(app, tags);
    route.page(
      '/api/WechatUsers/queryByPage',
      {
        summary: 'Mini-program users, last visit first: keyword (openid, nickname, phone), robotId, blocked',
        querystring: wechatUserQuery,
        response: wechatUserPage,
        config: operators,
      },
      async (request) => service.users(request.query),
    );
    route.put(
      '/api/WechatUsers/:id/blocked',
      {
        summary: 'Block or unblock a mini-program user (blocking ends their session)',
        params: idParams,
        body: wechatUserBlockBody,
        response: wechatUserResponse,
        config: operators,
      },
      async (request) => service.setBlocked(request.params.id, request.body.blocked),
    );
    route.page(
      '/api/WechatBanners',
      {
        summary: 'Mini-program banners in display order',
        querystring: bannerQuery,
        response: bannerPage,
        config: operators,
      },
      async (request) => service.banners(request.query),
    );
    route.post(
      '/api/WechatBanners',
      { summary: 'Add a banner (last in order)', body: bannerBody, response: bannerResponse, config: operators },
      async (request) => service.createBanner(request.user, request.body),
    );
    route.put(
      '/api/WechatBanners/order',
      {
        summary: 'Drag order: the listed banners first, in this order',
        body: bannerOrderBody,
        response: bannerOrderResponse,
        config: operators,
      },
      async (request) => service.orderBanners(request.body.ids),
    );
    route.put(
      '/api/WechatBanners/:id',
      {
        summary: 'Change a banner (fields not sent are kept)',
        params: idParams,
        body: bannerUpdateBody,
        response: bannerResponse,
        config: operators,
      },
      async (request) => service.updateBanner(request.user, request.params.id, request.body),
    );
    route.delete(
      '/api/WechatBanners/:id',
      { summary: 'Delete a banner', params: idParams, response: bannerDeleteResponse, config: operators },
      async (request) => service.deleteBanner(request.params.id),
    );

    // ---- the mini-program ----
    route.post(
      '/api/wechat/mp/login',
      {
        summary: "Mini-program sign-in: the wx.login() code is exchanged with WeChat's code-to-session call",
        body: mpLoginBody,
        response: mpLoginResponse,
        config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
      },
      async (request) => service.signIn(request.body),
    );
    route.put(
      '/api/wechat/mp/profile',
      {
        summary: 'The signed-in user’s nickname, avatar, and phone (from a getPhoneNumber code)',
        body: mpProfileBody,
        response: mpProfileResponse,
        config: { public: true, wechatSession: true },
      },
      async (request) => service.updateProfile(await service.sessionUser(request.headers.authorization), request.body),
    );
    route.get(
      '/api/wechat/mp/banners',
      {
        summary: 'The banners the mini-program shows now (enabled, within schedule, in order)',
        response: mpBannersResponse,
        config: { public: true },
      },
      async () => service.liveBanners(),
    );
    app.get(
      MP_BANNER_IMAGE_PATH,
      {
        schema: {
          tags,
          summary:
            'The picture of a banner the mini-program shows now (404 once it is switched off or out of schedule)',
          params: idParams,
        },
        config: { public: true },
      },
      async (request, reply) => {
        const picture = await service.liveBannerPicture(request.params.id);
        return reply
          .header('content-type', picture.contentType)
          .header('cache-control', 'public, max-age=300')
          .header('x-content-type-options', 'nosniff')
          .send(picture.body);
      },
    );
    route.post(
      '/api/wechat/mp/landing',
      {
        summary: 'A robot’s QR code opened the mini-program: keeps the robot that brought the user',
        body: mpLandingBody,
        response: mpLandingResponse,
        config: { public: true, wechatSession: true },
      },
      async (request) =>
        service.landing(await service.sessionUser(request.headers.authorization), request.body.robotId),
    );
  };
}
