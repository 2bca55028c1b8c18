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
import { zodRoutes } from '../../platform/zod-routes';
import { exportState, startExport } from '../devices/device-exports';
import { checkRobotIds, parseRobotIdFile, readImportUpload } from '../devices/device-import';
import type { DevicesContext } from '../devices/devices.context';
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
const tags = ['ad-groups'];

export function adGroupsRoutes(ctx: DevicesContext): FastifyPluginAsyncZod {
  return async (app) => {
    await registerImportMultipart(app);
    const route = zodRoutes(app, tags);
    const config = { roles: GROUP_ROLES };

    route.get(
      '/api/AdvertGroups',
      {
        summary: 'Device groups for selectors (at most 100)',
        querystring: adGroupListQuery,
        response: okEnvelope(z.array(adGroupSchema)),
        config,
      },
      async (request) => listGroups(ctx, request.user, request.query.name),
    );
    route.page(
      '/api/AdvertGroups/queryRangeByPage',
      { summary: 'Device groups, paged', querystring: adGroupPageQuery, response: pageEnvelope(adGroupSchema), config },
      async (request) => pageGroups(ctx, request.user, request.query),
    );
    route.page(
      '/api/AdvertGroups/queryRobotlist',
      {
        summary: "A group's devices, paged and filtered",
        querystring: groupRobotQuery,
        response: pageEnvelope(robotSchema),
        config,
      },
      async (request) => groupRobots(ctx, request.user, request.query),
    );
    route.get(
      '/api/AdvertGroups/exportRobotInfo',
      {
        summary: "Export a group's devices (background job; poll queryExportState)",
        querystring: groupExportQuery,
        response: okEnvelope(exportStartSchema),
        config,
      },
      async (request) => {
        const { id, language, ...filters } = request.query;
        await visibleGroup(ctx.db, request.user, id);
        return startExport(
          ctx,
          request.user,
          { kind: 'group', groupId: id, filters, language: language ?? request.lang },
          (groupId) => groupMemberRefs(ctx.db, groupId),
        );
      },
    );
    route.get(
      '/api/AdvertGroups/queryExportState',
      {
        summary: 'Progress of an export; url when done',
        querystring: exportKeyQuery,
        response: okEnvelope(exportStateSchema),
        config,
      },
      async (request) => exportState(ctx, request.user, request.query.key),
    );
    route.post(
      '/api/AdvertGroups/importCheck',
      {
        summary: 'Check a device-ID file for a group (multipart: file, optional id of the group); adds nothing',
        response: okEnvelope(importCheckSchema),
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
        return checkRobotIds(ctx, ctx.db, request.user, entries, { existing, lang: request.lang });
      },
    );
    route.get(
      '/api/AdvertGroups/:id',
      {
        summary: 'One device group',
        params: z.object({ id: z.string().min(1) }),
        response: okEnvelope(adGroupSchema),
        config,
      },
      async (request) => groupDetail(ctx, request.user, request.params.id),
    );
    route.post(
      '/api/AdvertGroups',
      {
        summary: 'Create a device group with accepted robot IDs',
        body: createAdGroupBody,
        response: okEnvelope(adGroupSchema),
        config,
      },
      async (request) => createGroup(ctx, request.user, request.body, request.lang),
    );
    route.put(
      '/api/AdvertGroups',
      {
        summary: 'Rename a group, add or remove robots',
        body: updateAdGroupBody,
        response: okEnvelope(adGroupSchema),
        config,
      },
      async (request) => updateGroup(ctx, request.user, request.body, request.lang),
    );
    route.delete(
      '/api/AdvertGroups/:id',
      {
        summary: 'Delete a device group',
        params: z.object({ id: z.string().min(1) }),
        response: okEnvelope(z.null()),
        config,
      },
      async (request) => {
        await deleteGroup(ctx, request.user, request.params.id);
        return null;
      },
    );
  };
}
