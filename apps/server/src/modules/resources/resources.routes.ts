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
import type { AppContext } from '../../platform/context';
import { MATERIAL_ROLES } from '../media/media.scope';

/** Materials (spec section 7 "Resources"), limited to the caller's data scope. */
export function resourcesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const service = ctx.resources;
  return async (app) => {
    // Materials and ads belong to operators and advertisers (menu roles of /ad/Resource and /ad/AD).
    app.addHook('onRoute', (route) => {
      if (!route.config?.public) route.config = { ...route.config, roles: route.config?.roles ?? MATERIAL_ROLES };
    });
    app.get(
      '/api/Resources/queryByPage_admin',
      {
        schema: {
          tags: ['resources'],
          summary: 'Materials, paged and filtered by kind, template, slot, type and name',
          querystring: resourceQuery,
          response: { 200: pageEnvelope(resourceDto) },
        },
      },
      async (request) => ({ success: true as const, ...(await service.page(request.user, request.query)) }),
    );

    app.get(
      '/api/Resources/findKinds',
      {
        schema: {
          tags: ['resources'],
          summary: 'The kinds of the caller’s materials with their counts',
          response: { 200: okEnvelope(z.array(kindCount)) },
        },
      },
      async (request) => ({ success: true as const, data: await service.kinds(request.user) }),
    );

    app.get(
      '/api/Resources/findByKind_admin',
      {
        schema: {
          tags: ['resources'],
          summary: 'Materials of one kind, paged',
          querystring: findByKindQuery,
          response: { 200: pageEnvelope(resourceDto) },
        },
      },
      async (request) => ({ success: true as const, ...(await service.page(request.user, request.query)) }),
    );

    app.get(
      '/api/Resources/video/toImage',
      {
        schema: {
          tags: ['resources'],
          summary: 'A poster frame of a video material (made once, then kept)',
          querystring: resourceIdQuery,
          response: { 200: okEnvelope(videoPoster) },
        },
      },
      async (request) => ({ success: true as const, data: await service.poster(request.user, request.query.id) }),
    );

    app.get(
      '/api/Resources/video/findById',
      {
        schema: {
          tags: ['resources'],
          summary: 'One video material with its signed link and length',
          querystring: resourceIdQuery,
          response: { 200: okEnvelope(resourceDto) },
        },
      },
      async (request) => ({ success: true as const, data: await service.video(request.user, request.query.id) }),
    );

    app.get(
      '/api/Resources/:id',
      {
        schema: {
          tags: ['resources'],
          summary: 'One material',
          params: idParams,
          response: { 200: okEnvelope(resourceDto) },
        },
      },
      async (request) => ({
        success: true as const,
        data: (await service.toDtos([await service.findVisible(request.user, request.params.id)]))[0]!,
      }),
    );

    app.post(
      '/api/Resources',
      {
        schema: {
          tags: ['resources'],
          summary: 'Create a material from a registered file (POST /api/Media)',
          body: createResourceBody,
          response: { 200: okEnvelope(resourceDto) },
        },
      },
      async (request) => ({ success: true as const, data: await service.create(request.user, request.body) }),
    );

    app.put(
      '/api/Resources',
      {
        schema: {
          tags: ['resources'],
          summary: 'Edit a material (name, type, reLocation; template and slot are checked again)',
          body: updateResourceBody,
          response: { 200: okEnvelope(resourceDto) },
        },
      },
      async (request) => ({ success: true as const, data: await service.update(request.user, request.body) }),
    );

    app.delete(
      '/api/Resources/:id',
      {
        schema: {
          tags: ['resources'],
          summary: 'Delete a material no ad uses, with its stored file',
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
