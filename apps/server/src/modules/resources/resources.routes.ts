import { okEnvelope, pageEnvelope } from '@robot-ads/contracts/common/envelope';
import { idParams } from '@robot-ads/contracts/common/ids';
import {
  createResourceBody,
  findByKindQuery,
  kindCount,
  resourceDto,
  resourceIdQuery,
  resourceQuery,
  updateResourceBody,
  videoPoster,
} from '@robot-ads/contracts/resources/resources.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zodRoutes } from '../../platform/zod-routes';
import { MATERIAL_ROLES } from '../media/media.scope';
import type { ResourcesService } from './resources.service';

/** Materials (spec section 7 "Resources"), limited to the caller's data scope. */
export function resourcesRoutes(service: ResourcesService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = zodRoutes(app, ['resources']);
    // Materials and ads belong to operators and advertisers (menu roles of /ad/Resource and /ad/AD).
    app.addHook('onRoute', (route) => {
      if (!route.config?.public) route.config = { ...route.config, roles: route.config?.roles ?? MATERIAL_ROLES };
    });
    route.page(
      '/api/Resources/queryByPage_admin',
      {
        summary: 'Materials, paged and filtered by kind, template, slot, type and name',
        querystring: resourceQuery,
        response: pageEnvelope(resourceDto),
      },
      async (request) => service.page(request.user, request.query),
    );

    route.get(
      '/api/Resources/findKinds',
      { summary: 'The kinds of the caller’s materials with their counts', response: okEnvelope(z.array(kindCount)) },
      async (request) => service.kinds(request.user),
    );

    route.page(
      '/api/Resources/findByKind_admin',
      { summary: 'Materials of one kind, paged', querystring: findByKindQuery, response: pageEnvelope(resourceDto) },
      async (request) => service.page(request.user, request.query),
    );

    route.get(
      '/api/Resources/video/toImage',
      {
        summary: 'A poster frame of a video material (made once, then kept)',
        querystring: resourceIdQuery,
        response: okEnvelope(videoPoster),
      },
      async (request) => service.poster(request.user, request.query.id),
    );

    route.get(
      '/api/Resources/video/findById',
      {
        summary: 'One video material with its signed link and length',
        querystring: resourceIdQuery,
        response: okEnvelope(resourceDto),
      },
      async (request) => service.video(request.user, request.query.id),
    );

    route.get(
      '/api/Resources/:id',
      { summary: 'One material', params: idParams, response: okEnvelope(resourceDto) },
      async (request) => (await service.toDtos([await service.findVisible(request.user, request.params.id)]))[0]!,
    );

    route.post(
      '/api/Resources',
      {
        summary: 'Create a material from a registered file (POST /api/Media)',
        body: createResourceBody,
        response: okEnvelope(resourceDto),
      },
      async (request) => service.create(request.user, request.body),
    );

    route.put(
      '/api/Resources',
      {
        summary: 'Edit a material (name, type, reLocation; template and slot are checked again)',
        body: updateResourceBody,
        response: okEnvelope(resourceDto),
      },
      async (request) => service.update(request.user, request.body),
    );

    route.delete(
      '/api/Resources/:id',
      {
        summary: 'Delete a material no ad uses, with its stored file',
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
