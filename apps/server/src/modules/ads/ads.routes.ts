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
import { zodRoutes } from '../../platform/zod-routes';
import { MATERIAL_ROLES } from '../media/media.scope';
import type { AdsService } from './ads.service';

/** Advertisements (spec section 7, statistics aside), limited to the caller's data scope. */
export function adsRoutes(service: AdsService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = zodRoutes(app, ['ads']);
    // Materials and ads belong to operators and advertisers (menu roles of /ad/Resource and /ad/AD).
    app.addHook('onRoute', (route) => {
      if (!route.config?.public) route.config = { ...route.config, roles: route.config?.roles ?? MATERIAL_ROLES };
    });
    route.page(
      '/api/Advertisements/queryByPage_admin',
      {
        summary: 'Ads, paged (total and datas), filtered by name and kind',
        querystring: adPageQuery,
        response: pageEnvelope(adDto),
      },
      async (request) => service.page(request.user, request.query),
    );

    route.page(
      '/api/Advertisements/queryByCondition_admin',
      { summary: 'Ads by name (default limit 65535)', querystring: adConditionQuery, response: pageEnvelope(adDto) },
      async (request) => service.page(request.user, request.query),
    );

    route.post(
      '/api/Advertisements/querysByIds',
      { summary: 'Ads by id, in the order asked', body: adIdsBody, response: okEnvelope(z.array(adDto)) },
      async (request) => service.byIds(request.user, request.body.ids),
    );

    route.get(
      '/api/Advertisements/:id',
      { summary: 'One ad', params: idParams, response: okEnvelope(adDto) },
      async (request) => service.get(request.user, request.params.id),
    );

    route.post(
      '/api/Advertisements',
      {
        summary: 'Create an ad from materials (begin and end in unix seconds)',
        body: createAdBody,
        response: okEnvelope(adDto),
      },
      async (request) => service.create(request.user, request.body),
    );

    route.put(
      '/api/Advertisements',
      { summary: 'Edit an ad', body: updateAdBody, response: okEnvelope(adDto) },
      async (request) => service.update(request.user, request.body),
    );

    route.delete(
      '/api/Advertisements/:id',
      {
        summary: 'Delete an ad (refused for an online ad linked to devices or accounts)',
        params: idParams,
        response: okEnvelope(z.boolean()),
      },
      async (request) => {
        await service.remove(request.user, request.params.id);
        return true;
      },
    );
  };
}
