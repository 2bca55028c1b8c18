import { okEnvelope } from '@robot-ads/contracts/common/envelope';
import {
  exportKeyQuery,
  exportStartSchema,
  exportStateSchema,
  importCheckSchema,
  languageField,
  robotFilters,
} from '@robot-ads/contracts/devices/devices.schemas';
import { AppError } from '../../platform/app-error';
import { sendWorkbook } from '../../platform/exports';
import { tr } from '../../platform/i18n/i18n';
import type { ZodApp } from '../../platform/zod-routes';
import { zodRoutes } from '../../platform/zod-routes';
import { exportFile, exportState, type GroupMembers, startExport } from './device-exports';
import { buildImportTemplate, checkRobotIds, parseRobotIdFile, readImportUpload } from './device-import';
import type { DevicesContext } from './devices.context';
import { DEVICE_READERS, OPS_PROJECT, templateRoute } from './route-support';

/** The device export (background job, progress, file) and the device-ID import (template, row check). */
export function deviceFileRoutes(app: ZodApp, ctx: DevicesContext, groupMembers: GroupMembers) {
  const route = zodRoutes(app, ['devices']);
  route.post(
    '/api/Devices/exportRobotInfo',
    {
      summary: 'Export the filtered devices to Excel (background job)',
      body: robotFilters.extend({ language: languageField }),
      response: okEnvelope(exportStartSchema),
      config: { roles: OPS_PROJECT },
    },
    async (request) => {
      const { language, ...filters } = request.body;
      return startExport(
        ctx,
        request.user,
        { kind: 'devices', filters, language: language ?? request.lang },
        groupMembers,
      );
    },
  );
  route.get(
    '/api/Devices/queryExportState',
    {
      summary: 'Progress of an export',
      querystring: exportKeyQuery,
      response: okEnvelope(exportStateSchema),
      config: { roles: DEVICE_READERS },
    },
    async (request) => exportState(ctx, request.user, request.query.key),
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
  templateRoute(
    app,
    '/api/Devices/importTemplate',
    {
      tag: 'devices',
      summary: 'The device-ID import template (.xlsx)',
      roles: DEVICE_READERS,
      fileName: (lang) => tr(lang, 'devices:import.fileName'),
    },
    buildImportTemplate,
  );
  route.post(
    '/api/Devices/importCheck',
    {
      summary:
        'Check an uploaded device-ID file row by row (multipart: file; optional requiredSlots, robotIds already chosen)',
      response: okEnvelope(importCheckSchema),
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
      return checkRobotIds(ctx, ctx.db, request.user, entries, {
        existing,
        requiredSlots: slots,
        lang: request.lang,
      });
    },
  );
}
