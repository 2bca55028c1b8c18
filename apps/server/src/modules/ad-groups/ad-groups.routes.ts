import {
  adGroupListQuery,
  adGroupPageQuery,
  adGroupSchema,
  createAdGroupBody,
  groupExportQuery,
  groupRobotQuery,
  updateAdGroupBody,
} from '@robot-ads/contracts/ad-groups/ad-groups.schemas';
import { ADVERTISER_ROLES, OPERATOR_ROLES, type Role } from '@robot-ads/contracts/auth/roles';
import { okEnvelope, pageEnvelope } from '@robot-ads/contracts/common/envelope';
import {
  exportKeyQuery,
  exportStartSchema,
  exportStateSchema,
  importCheckSchema,
  robotSchema,
} from '@robot-ads/contracts/devices/devices.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { exportState, startExport } from '../devices/device-exports';
import { checkRobotIds, parseRobotIdFile, readImportUpload } from '../devices/device-import';
import { registerImportMultipart } from '../devices/devices.routes';
import { groupMemberRefs } from './ad-groups.queries';
import {
  createGroup,
  deleteGroup,
  groupDetail,
  groupRobots,
  listGroups,
  pageGroups,
  updateGroup,
  visibleGroup,
} from './ad-groups.service';

/** Device groups: operators, project accounts and advertisers (each sees its own, operators their subtree's). */
const GROUP_ROLES: readonly Role[] = [...OPERATOR_ROLES, 'project', ...ADVERTISER_ROLES];
const ok = <T>(data: T) => ({ success: true as const, data });

export function adGroupsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await registerImportMultipart(app);
    const config = { roles: GROUP_ROLES };

    app.get(
      '/api/AdvertGroups',
      {
        schema: {
          tags: ['ad-groups'],
          summary: 'Device groups for selectors (at most 100)',
          querystring: adGroupListQuery,
          response: { 200: okEnvelope(z.array(adGroupSchema)) },
        },
        config,
      },
      async (request) => ok(await listGroups(ctx, request.user, request.query.name)),
    );
    app.get(
      '/api/AdvertGroups/queryRangeByPage',
      {
        schema: {
          tags: ['ad-groups'],
          summary: 'Device groups, paged',
          querystring: adGroupPageQuery,
          response: { 200: pageEnvelope(adGroupSchema) },
        },
        config,
      },
      async (request) => ({ success: true as const, ...(await pageGroups(ctx, request.user, request.query)) }),
    );
    app.get(
      '/api/AdvertGroups/queryRobotlist',
      {
        schema: {
          tags: ['ad-groups'],
          summary: "A group's devices, paged and filtered",
          querystring: groupRobotQuery,
          response: { 200: pageEnvelope(robotSchema) },
        },
        config,
      },
      async (request) => ({ success: true as const, ...(await groupRobots(ctx, request.user, request.query)) }),
    );
    app.get(
      '/api/AdvertGroups/exportRobotInfo',
      {
        schema: {
          tags: ['ad-groups'],
          summary: "Export a group's devices (background job; poll queryExportState)",
          querystring: groupExportQuery,
          response: { 200: okEnvelope(exportStartSchema) },
        },
        config,
      },
      async (request) => {
        const { id, language, ...filters } = request.query;
        await visibleGroup(ctx.db, request.user, id);
        return ok(
          await startExport(
            ctx,
            request.user,
            {
              kind: 'group',
              groupId: id,
              filters,
              language: language ?? request.lang,
            },
            (groupId) => groupMemberRefs(ctx.db, groupId),
          ),
        );
      },
    );
    app.get(
      '/api/AdvertGroups/queryExportState',
      {
        schema: {
          tags: ['ad-groups'],
          summary: 'Progress of an export; url when done',
          querystring: exportKeyQuery,
          response: { 200: okEnvelope(exportStateSchema) },
        },
        config,
      },
      async (request) => ok(await exportState(ctx, request.user, request.query.key)),
    );
    app.post(
      '/api/AdvertGroups/importCheck',
      {
        schema: {
          tags: ['ad-groups'],
          summary: 'Check a device-ID file for a group (multipart: file, optional id of the group); adds nothing',
          response: { 200: okEnvelope(importCheckSchema) },
        },
        config,
      },
      async (request) => {
        const upload = await readImportUpload(request);
        const entries = parseRobotIdFile(upload.buffer, upload.filename);
        let existing: string[] = [];
        if (upload.fields.id) {
          await visibleGroup(ctx.db, request.user, upload.fields.id);
          const members = await groupRobots(ctx, request.user, { id: upload.fields.id, start: 0, limit: 100000 });
          existing = members.datas.map((r) => r.robotId);
        }
        return ok(await checkRobotIds(ctx, ctx.db, request.user, entries, { existing, lang: request.lang }));
      },
    );
    app.get(
      '/api/AdvertGroups/:id',
      {
        schema: {
          tags: ['ad-groups'],
          summary: 'One device group',
          params: z.object({ id: z.string().min(1) }),
          response: { 200: okEnvelope(adGroupSchema) },
        },
        config,
      },
      async (request) => ok(await groupDetail(ctx, request.user, request.params.id)),
    );
    app.post(
      '/api/AdvertGroups',
      {
        schema: {
          tags: ['ad-groups'],
          summary: 'Create a device group with accepted robot IDs',
          body: createAdGroupBody,
          response: { 200: okEnvelope(adGroupSchema) },
        },
        config,
      },
      async (request) => ok(await createGroup(ctx, request.user, request.body, request.lang)),
    );
    app.put(
      '/api/AdvertGroups',
      {
        schema: {
          tags: ['ad-groups'],
          summary: 'Rename a group, add or remove robots',
          body: updateAdGroupBody,
          response: { 200: okEnvelope(adGroupSchema) },
        },
        config,
      },
      async (request) => ok(await updateGroup(ctx, request.user, request.body, request.lang)),
    );
    app.delete(
      '/api/AdvertGroups/:id',
      {
        schema: {
          tags: ['ad-groups'],
          summary: 'Delete a device group',
          params: z.object({ id: z.string().min(1) }),
          response: { 200: okEnvelope(z.null()) },
        },
        config,
      },
      async (request) => {
        await deleteGroup(ctx, request.user, request.params.id);
        return ok(null);
      },
    );
  };
}
