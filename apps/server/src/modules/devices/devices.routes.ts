import fastifyMultipart from '@fastify/multipart';
import { ADVERTISER_ROLES, OPERATOR_ROLES, type Role } from '@robot-ads/contracts/auth/roles';
import { okEnvelope, pageEnvelope } from '@robot-ads/contracts/common/envelope';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import { DEVICE_TYPES } from '@robot-ads/contracts/devices/devices.rules';
import {
  accountIdBody,
  activationSecretSchema,
  addAuthorizationBody,
  affiliateImportSchema,
  cacheUpdateQuery,
  cacheUpdateResult,
  createMultipleBody,
  createRobotBody,
  deliveryInfoSchema,
  deviceBoardSchema,
  exportKeyQuery,
  exportStartSchema,
  exportStateSchema,
  findAllProjectsQuery,
  findScenesQuery,
  importCheckSchema,
  languageField,
  mapPointSchema,
  mapQuery,
  ownerQuery,
  ownerSchema,
  projectQuery,
  projectRobotsQuery,
  projectSchema,
  projectTypeItem,
  robotDetailSchema,
  robotFilters,
  robotIdBody,
  robotIdQuery,
  robotQuery,
  robotSchema,
  sceneSchema,
  setInfoBody,
  setPriceBody,
  updateProjectBody,
} from '@robot-ads/contracts/devices/devices.schemas';
import { priceHistoryPage, priceHistoryQuery } from '@robot-ads/contracts/sales/prices.schemas';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import { sendWorkbook } from '../../platform/exports';
import { exportFile, exportState, type GroupMembers, startExport } from './device-exports';
import { buildImportTemplate, checkRobotIds, parseRobotIdFile, readImportUpload } from './device-import';
import {
  createRobot,
  deviceBoard,
  issueActivationSecret,
  mapPoints,
  priceHistory,
  queryRobots,
  revokeDeviceTokens,
  robotBaseInfo,
  setInfo,
  setPrice,
  sweepOffline,
  visibleRobot,
} from './devices.service';
import {
  addAuthorization,
  createProjects,
  deleteProject,
  findAllProjects,
  findScenes,
  importAffiliates,
  listOwners,
  projectTypes,
  queryProject,
  queryProjectsPage,
  setAuthorized,
  updateProject,
} from './projects.service';

const OPS = OPERATOR_ROLES;
const OPS_PROJECT: readonly Role[] = [...OPERATOR_ROLES, 'project'];
/** Advertisers see devices only as far as delivery needs (deliverable robots). */
const DEVICE_READERS: readonly Role[] = [...OPERATOR_ROLES, 'project', ...ADVERTISER_ROLES];
const ok = <T>(data: T) => ({ success: true as const, data });

/** Registers the multipart parser in a module's own scope (import uploads), once. */
export async function registerImportMultipart(app: FastifyInstance) {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(fastifyMultipart);
}

/** A plan published to a robot, as the delivery info shows it. */
export interface RobotDeliveryPlan {
  playlistId: string;
  state: 'notIssued' | 'issued' | 'pulled';
  pubTime: number | null;
  pullTime: number | null;
  plan: { name: string; priority: number; beginAt: Date | null; endAt: Date | null };
}

/** What the devices routes need from the modules above them, passed by buildApp. */
export interface DevicesRoutesDeps {
  /** The plans currently published to a robot (robots.id), highest priority first (publishing). */
  plansPublishedToRobot: (robotRef: string) => Promise<RobotDeliveryPlan[]>;
  /** The members of an ad group, for the group device export (ad-groups). */
  groupMembers: GroupMembers;
}

/** Devices, StatisDevices, Affiliates, Projects and Proprietors (spec section 7). */
export function devicesRoutes(ctx: AppContext, deps: DevicesRoutesDeps): FastifyPluginAsyncZod {
  return async (app) => {
    await registerImportMultipart(app);

    // ---- Devices ----
    app.get(
      '/api/Devices/queryRobotInfo',
      {
        schema: {
          tags: ['devices'],
          summary: 'Devices, paged and filtered (incl. distance)',
          querystring: robotQuery,
          response: { 200: pageEnvelope(robotSchema) },
        },
        config: { roles: DEVICE_READERS },
      },
      async (request) => ({ success: true as const, ...(await queryRobots(ctx, request.user, request.query)) }),
    );
    app.get(
      '/api/Devices/robotBaseInfo',
      {
        schema: {
          tags: ['devices'],
          summary: 'One device: all fields, state history, remaining slots',
          querystring: robotIdQuery,
          response: { 200: okEnvelope(robotDetailSchema) },
        },
        config: { roles: DEVICE_READERS },
      },
      async (request) => ok(await robotBaseInfo(ctx, request.user, request.query.robotId)),
    );
    app.post(
      '/api/Devices',
      {
        schema: {
          tags: ['devices'],
          summary: 'Register a robot in the inventory',
          body: createRobotBody,
          response: { 200: okEnvelope(robotDetailSchema) },
        },
        config: { roles: OPS },
      },
      async (request) => ok(await createRobot(ctx, request.user, request.body)),
    );
    app.post(
      '/api/Devices/setInfo',
      {
        schema: {
          tags: ['devices'],
          summary: 'Change a device (project accounts: name, scene, ads, lists, panoramas)',
          body: setInfoBody,
          response: { 200: okEnvelope(robotSchema) },
        },
        config: { roles: OPS_PROJECT },
      },
      async (request) => ok(await setInfo(ctx, request.user, request.body)),
    );
    app.post(
      '/api/Devices/setPrice',
      {
        schema: {
          tags: ['devices'],
          summary: 'Price per week in yuan for several devices',
          body: setPriceBody,
          response: { 200: okEnvelope(z.object({ updated: z.number().int() })) },
        },
        config: { roles: OPS },
      },
      async (request) => ok(await setPrice(ctx, request.user, request.body, deps.groupMembers)),
    );
    app.get(
      '/api/Devices/priceHistory',
      {
        schema: {
          tags: ['devices'],
          summary: 'History of weekly price changes (robots in scope)',
          querystring: priceHistoryQuery,
          response: { 200: priceHistoryPage },
        },
        config: { roles: OPS },
      },
      async (request) => ({ success: true as const, ...(await priceHistory(ctx, request.user, request.query)) }),
    );
    app.post(
      '/api/Devices/cacheUpdate',
      {
        schema: {
          tags: ['devices'],
          summary: 'Re-evaluate connection state now (one robot by id, or all)',
          querystring: cacheUpdateQuery,
          response: { 200: okEnvelope(cacheUpdateResult) },
        },
        config: { roles: OPS },
      },
      async (request) => ok(await sweepOffline(ctx, request.query.id)),
    );
    app.post(
      '/api/Devices/activationSecret',
      {
        schema: {
          tags: ['devices'],
          summary: 'Issue a one-time activation secret (shown once)',
          body: robotIdBody,
          response: { 200: okEnvelope(activationSecretSchema) },
        },
        config: { roles: OPS },
      },
      async (request) => ok(await issueActivationSecret(ctx, request.body.robotId)),
    );
    app.post(
      '/api/Devices/revokeToken',
      {
        schema: {
          tags: ['devices'],
          summary: "Revoke a device's tokens",
          body: robotIdBody,
          response: { 200: okEnvelope(z.object({ revoked: z.number().int() })) },
        },
        config: { roles: OPS },
      },
      async (request) => ok(await revokeDeviceTokens(ctx, request.body.robotId)),
    );
    app.post(
      '/api/Devices/exportRobotInfo',
      {
        schema: {
          tags: ['devices'],
          summary: 'Export the filtered devices to Excel (background job)',
          body: robotFilters.extend({ language: languageField }),
          response: { 200: okEnvelope(exportStartSchema) },
        },
        config: { roles: OPS_PROJECT },
      },
      async (request) => {
        const { language, ...filters } = request.body;
        return ok(
          await startExport(
            ctx,
            request.user,
            { kind: 'devices', filters, language: language ?? request.lang },
            deps.groupMembers,
          ),
        );
      },
    );
    app.get(
      '/api/Devices/queryExportState',
      {
        schema: {
          tags: ['devices'],
          summary: 'Progress of an export',
          querystring: exportKeyQuery,
          response: { 200: okEnvelope(exportStateSchema) },
        },
        config: { roles: DEVICE_READERS },
      },
      async (request) => ok(await exportState(ctx, request.user, request.query.key)),
    );
    app.get(
      '/api/Devices/exportFile',
      {
        schema: { tags: ['devices'], summary: 'Download a finished export (.xlsx)', querystring: exportKeyQuery },
        config: { roles: DEVICE_READERS },
      },
      async (request, reply) => {
        const file = await exportFile(ctx, request.user, request.query.key);
        return sendWorkbook(reply, file.fileName, file.stream);
      },
    );
    app.get(
      '/api/Devices/importTemplate',
      {
        schema: {
          tags: ['devices'],
          summary: 'The device-ID import template (.xlsx)',
          querystring: z.object({ language: languageField }),
        },
        config: { roles: DEVICE_READERS },
      },
      async (request, reply) => {
        const lang = request.query.language ?? request.lang;
        const buffer = await buildImportTemplate(lang);
        return sendWorkbook(reply, lang === 'zh' ? '设备导入模板.xlsx' : 'device-import-template.xlsx', buffer);
      },
    );
    app.post(
      '/api/Devices/importCheck',
      {
        schema: {
          tags: ['devices'],
          summary:
            'Check an uploaded device-ID file row by row (multipart: file; optional requiredSlots, robotIds already chosen)',
          response: { 200: okEnvelope(importCheckSchema) },
        },
        config: { roles: DEVICE_READERS },
      },
      async (request) => {
        const upload = await readImportUpload(request);
        const entries = parseRobotIdFile(upload.buffer, upload.filename);
        const slots = upload.fields.requiredSlots ? Number(upload.fields.requiredSlots) : undefined;
        if (slots !== undefined && (!Number.isInteger(slots) || slots < 0 || slots > 15)) {
          throw new AppError('BAD_REQUEST', { field: 'requiredSlots' }, 'requiredSlots');
        }
        const existing = (upload.fields.robotIds ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        return ok(
          await checkRobotIds(ctx, ctx.db, request.user, entries, {
            existing,
            requiredSlots: slots,
            lang: request.lang,
          }),
        );
      },
    );

    app.get(
      '/api/Devices/queryDeliveryInfo',
      {
        schema: {
          tags: ['devices'],
          summary: 'Device delivery info: the plans currently published to a device',
          querystring: robotIdQuery,
          response: { 200: okEnvelope(z.array(deliveryInfoSchema)) },
        },
        config: { roles: OPS_PROJECT },
      },
      async (request) => {
        const robot = await visibleRobot(ctx, ctx.db, request.user, request.query.robotId);
        const plans = await deps.plansPublishedToRobot(robot.robot.id);
        return ok(
          plans.map((p) => ({
            playlistId: p.playlistId,
            name: p.plan.name,
            priority: p.plan.priority,
            state: p.state,
            pubTime: p.pubTime,
            pullTime: p.pullTime,
            begin: toUnixSeconds(p.plan.beginAt) ?? 0,
            end: toUnixSeconds(p.plan.endAt) ?? 0,
          })),
        );
      },
    );

    // ---- StatisDevices ----
    app.get(
      '/api/StatisDevices/queryRobotInfo',
      {
        schema: {
          tags: ['devices'],
          summary: 'Device board: counts by state and type, online ratio, transitions',
          response: { 200: okEnvelope(deviceBoardSchema) },
        },
        config: { roles: OPS_PROJECT },
      },
      async (request) => ok(await deviceBoard(ctx, request.user)),
    );
    app.get(
      '/api/StatisDevices/queryRobotInfoSimple',
      {
        schema: {
          tags: ['devices'],
          summary: 'Located devices as map points, filtered',
          querystring: mapQuery,
          response: { 200: okEnvelope(z.array(mapPointSchema)) },
        },
        config: { roles: OPS_PROJECT },
      },
      async (request) => ok(await mapPoints(ctx, request.user, request.query)),
    );
    app.get(
      '/api/Devices/types',
      {
        schema: { tags: ['devices'], summary: 'The device types', response: { 200: okEnvelope(z.array(z.string())) } },
        config: { roles: DEVICE_READERS },
      },
      async () => ok([...DEVICE_TYPES]),
    );

    // ---- Affiliates ----
    for (const [path, kind] of [
      ['/api/Affiliates/importScenes', 'scenes'],
      ['/api/Affiliates/importAdBlacklist', 'blacklist'],
    ] as const) {
      app.post(
        path,
        {
          schema: {
            tags: ['devices'],
            summary:
              kind === 'scenes'
                ? 'Import scenes (A: robot ID, B: scene name); field confirm=true applies the valid rows'
                : 'Import the ad blacklist (A: robot ID); field confirm=true applies the valid rows',
            response: { 200: okEnvelope(affiliateImportSchema) },
          },
          config: { roles: OPS },
        },
        async (request) => {
          const upload = await readImportUpload(request);
          const entries = parseRobotIdFile(upload.buffer, upload.filename);
          return ok(
            await importAffiliates(ctx, kind, entries, {
              confirm: upload.fields.confirm === 'true',
              lang: request.lang,
            }),
          );
        },
      );
    }
    app.get(
      '/api/Affiliates/findScenes',
      {
        schema: {
          tags: ['devices'],
          summary: 'Scenes with their device counts',
          querystring: findScenesQuery,
          response: { 200: okEnvelope(z.array(sceneSchema)) },
        },
        config: { roles: DEVICE_READERS },
      },
      async (request) => ok(await findScenes(ctx, request.user, request.query.name)),
    );

    // ---- Projects ----
    app.get(
      '/api/Projects/findAll',
      {
        schema: {
          tags: ['projects'],
          summary: 'Visible properties',
          querystring: findAllProjectsQuery,
          response: { 200: okEnvelope(z.array(projectSchema)) },
        },
        config: { roles: DEVICE_READERS },
      },
      async (request) => ok(await findAllProjects(ctx, request.user, request.query)),
    );
    app.get(
      '/api/Projects/types',
      {
        schema: {
          tags: ['projects'],
          summary: 'Property types: property, cinema, custom',
          response: { 200: okEnvelope(z.array(projectTypeItem)) },
        },
        config: { roles: DEVICE_READERS },
      },
      async () => ok(projectTypes()),
    );

    // ---- Proprietors ----
    app.get(
      '/api/Proprietors/queryProject',
      {
        schema: {
          tags: ['projects'],
          summary: "A property (a project account's own)",
          querystring: z.object({ id: z.string().optional() }),
          response: { 200: okEnvelope(projectSchema) },
        },
        config: { roles: OPS_PROJECT },
      },
      async (request) => ok(await queryProject(ctx, request.user, request.query.id)),
    );
    app.get(
      '/api/Proprietors/querybypage',
      {
        schema: {
          tags: ['projects'],
          summary: 'Properties, paged',
          querystring: projectQuery,
          response: { 200: pageEnvelope(projectSchema) },
        },
        config: { roles: OPS_PROJECT },
      },
      async (request) => ({ success: true as const, ...(await queryProjectsPage(ctx, request.user, request.query)) }),
    );
    app.get(
      '/api/Proprietors/queryRobotsByPage',
      {
        schema: {
          tags: ['projects'],
          summary: "A property's devices, paged",
          querystring: projectRobotsQuery,
          response: { 200: pageEnvelope(robotSchema) },
        },
        config: { roles: OPS_PROJECT },
      },
      async (request) => {
        const q = request.query;
        const projectId = request.user.role === 'project' ? (request.user.projectId ?? '') : q.projectId;
        if (!projectId)
          throw new AppError('VALIDATION_FAILED', { field: 'projectId', reason: 'required' }, 'projectId');
        return { success: true as const, ...(await queryRobots(ctx, request.user, { ...q, projectId })) };
      },
    );
    app.post(
      '/api/Proprietors/createMultiple',
      {
        schema: {
          tags: ['projects'],
          summary: 'Create several properties',
          body: createMultipleBody,
          response: { 200: okEnvelope(z.array(projectSchema)) },
        },
        config: { roles: OPS },
      },
      async (request) => ok(await createProjects(ctx, request.body.projects)),
    );
    app.post(
      '/api/Proprietors/update',
      {
        schema: {
          tags: ['projects'],
          summary: 'Change a property',
          body: updateProjectBody,
          response: { 200: okEnvelope(projectSchema) },
        },
        config: { roles: OPS },
      },
      async (request) => ok(await updateProject(ctx, request.body)),
    );
    app.delete(
      '/api/Proprietors/:id',
      {
        schema: {
          tags: ['projects'],
          summary: 'Delete a property without devices',
          params: z.object({ id: z.string().min(1) }),
          response: { 200: okEnvelope(z.null()) },
        },
        config: { roles: OPS },
      },
      async (request) => {
        await deleteProject(ctx, request.params.id);
        return ok(null);
      },
    );
    app.get(
      '/api/Proprietors/authorization',
      {
        schema: {
          tags: ['projects'],
          summary: 'Owner accounts and their authorization',
          querystring: ownerQuery,
          response: { 200: pageEnvelope(ownerSchema) },
        },
        config: { roles: OPS },
      },
      async (request) => ({ success: true as const, ...(await listOwners(ctx, request.user, request.query)) }),
    );
    app.post(
      '/api/Proprietors/authorization/add',
      {
        schema: {
          tags: ['projects'],
          summary: 'Owner authorization: give an owner account a property',
          body: addAuthorizationBody,
          response: { 200: okEnvelope(ownerSchema) },
        },
        config: { roles: OPS },
      },
      async (request) => ok(await addAuthorization(ctx, request.user, request.body.projectId, request.body.accountId)),
    );
    app.post(
      '/api/Proprietors/authorization/open',
      {
        schema: {
          tags: ['projects'],
          summary: 'Owner authorization: open (log in again)',
          body: accountIdBody,
          response: { 200: okEnvelope(ownerSchema) },
        },
        config: { roles: OPS },
      },
      async (request) => ok(await setAuthorized(ctx, request.user, request.body.accountId, true)),
    );
    app.post(
      '/api/Proprietors/authorization/remove',
      {
        schema: {
          tags: ['projects'],
          summary: 'Owner authorization: remove (login refused)',
          body: accountIdBody,
          response: { 200: okEnvelope(ownerSchema) },
        },
        config: { roles: OPS },
      },
      async (request) => ok(await setAuthorized(ctx, request.user, request.body.accountId, false)),
    );
  };
}
