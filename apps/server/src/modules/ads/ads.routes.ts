import {
  adConditionQuery,
  adDto,
  adIdsBody,
  adPageQuery,
  createAdBody,
  updateAdBody,
} from '@robot-ads/contracts/ads/ads.schemas';
import { okEnvelope, pageEnvelope } from '@robot-ads/contracts/common/envelope';
import { idParams } from '@robot-ads/contracts/common/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { MATERIAL_ROLES } from '../media/media.scope';

/** Advertisements (spec section 7, statistics aside), limited to the caller's data scope. */
export function adsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = ctx.ads;
  return async (app) => {
    // Materials and ads belong to operators and advertisers (menu roles of /ad/Resource and /ad/AD).
    app.addHook('onRoute', (route) => {
      if (!route.config?.public) route.config = { ...route.config, roles: route.config?.roles ?? MATERIAL_ROLES };
    });
    app.get(
      '/api/Advertisements/queryByPage_admin',
      {
        schema: {
          tags: ['ads'],
          summary: 'Ads, paged (total and datas), filtered by name and kind',
          querystring: adPageQuery,
          response: { 200: pageEnvelope(adDto) },
        },
      },
      async (request) => ({ success: true as const, ...(await service.page(request.user, request.query)) }),
    );

    app.get(
      '/api/Advertisements/queryByCondition_admin',
      {
        schema: {
          tags: ['ads'],
          summary: 'Ads by name (default limit 65535)',
          querystring: adConditionQuery,
          response: { 200: pageEnvelope(adDto) },
        },
      },
      async (request) => ({ success: true as const, ...(await service.page(request.user, request.query)) }),
    );

    app.post(
      '/api/Advertisements/querysByIds',
      {
        schema: {
          tags: ['ads'],
          summary: 'Ads by id, in the order asked',
          body: adIdsBody,
          response: { 200: okEnvelope(z.array(adDto)) },
        },
      },
      async (request) => ({ success: true as const, data: await service.byIds(request.user, request.body.ids) }),
    );

    app.get(
      '/api/Advertisements/:id',
      { schema: { tags: ['ads'], summary: 'One ad', params: idParams, response: { 200: okEnvelope(adDto) } } },
      async (request) => ({ success: true as const, data: await service.get(request.user, request.params.id) }),
    );

    app.post(
      '/api/Advertisements',
      {
        schema: {
          tags: ['ads'],
          summary: 'Create an ad from materials (begin and end in unix seconds)',
          body: createAdBody,
          response: { 200: okEnvelope(adDto) },
        },
      },
      async (request) => ({ success: true as const, data: await service.create(request.user, request.body) }),
    );

    app.put(
      '/api/Advertisements',
      {
        schema: { tags: ['ads'], summary: 'Edit an ad', body: updateAdBody, response: { 200: okEnvelope(adDto) } },
      },
      async (request) => ({ success: true as const, data: await service.update(request.user, request.body) }),
    );

    app.delete(
      '/api/Advertisements/:id',
      {
        schema: {
          tags: ['ads'],
          summary: 'Delete an ad (refused for an online ad linked to devices or accounts)',
          params: idParams,
          response: { 200: okEnvelope(z.boolean()) },
        },
      },
      async (request) => {
        await service.remove(request.user, request.params.id);
        return { success: true as const, data: true };
      },
    );
  };
}
