import { OPERATOR_ROLES } from '@robot-ads/contracts/auth/roles';
import { okEnvelope } from '@robot-ads/contracts/common/envelope';
import { idParams } from '@robot-ads/contracts/common/ids';
import { exportKeyQuery, exportStateSchema } from '@robot-ads/contracts/devices/devices.schemas';
import {
  accountOptionPage,
  accountsByConditionQuery,
  accountsQuery,
  cancelByImportBody,
  cancelOutcome,
  cancelTimeResponse,
  countResponse,
  deleteCheckResponse,
  exportDetailQuery,
  exportStarted,
  failedReportPage,
  failedReportQuery,
  importPublishCheck,
  planQuery,
  publishDetailPage,
  publishDetailQuery,
  publishInfoPage,
  publishInfoQuery,
  publishSummary,
  reissueOutcome,
  robotIdsResponse,
} from '@robot-ads/contracts/publishing/publishing.schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/app-error';
import { sendWorkbook } from '../../platform/exports';
import { zodRoutes } from '../../platform/zod-routes';
import { parseRobotIdFile, type RobotIdEntry, readImportUpload } from '../devices/device-import';
import { registerImportMultipart } from '../devices/devices.routes';
import { deleteCheck } from '../playlists/playlists.service';
import { type ConsumePage, publishExportFile, publishExportState, startPublishExport } from './publish-exports';
import type { PublishingContext } from './publishing.context';
import {
  accountOptions,
  cancelDirect,
  cancelRecord,
  cancelTime,
  checkImportForCancel,
  failedReport,
  liveRobotIds,
  publishDetails,
  publishSummaryOf,
  queryRecords,
  reissue,
  robotCountOfAccounts,
} from './publishing.service';

const tags = ['publishing'];
const operators = { roles: OPERATOR_ROLES };

/** Device IDs of an import request: a multipart .xlsx/.xls file (IDs from A2) or JSON robotIds. */
async function importEntries(
  request: FastifyRequest,
): Promise<{ entries: RobotIdEntry[]; fields: Record<string, unknown> }> {
  if (request.isMultipart()) {
    const upload = await readImportUpload(request);
    return { entries: parseRobotIdFile(upload.buffer, upload.filename), fields: upload.fields };
  }
  const body = (request.body ?? {}) as Record<string, unknown>;
  const ids = Array.isArray(body.robotIds) ? body.robotIds.map(String) : [];
  return { entries: ids.map((robotId, i) => ({ row: i + 2, robotId: robotId.trim() })), fields: body };
}

/** Publishes (spec section 7) and Controls: publish details, pull numbers, batch cancellation, reports. */
export function publishingRoutes(ctx: PublishingContext, consume: ConsumePage): FastifyPluginAsyncZod {
  return async (app) => {
    await registerImportMultipart(app);
    const route = zodRoutes(app, tags);

    route.get(
      '/api/Publishes/query',
      { summary: "A plan's publish counts and pull numbers", querystring: planQuery, response: publishSummary },
      async (request) => publishSummaryOf(ctx, request.user, request.query.playListId),
    );

    route.page(
      '/api/Publishes/queryDetailByPlaylistId',
      {
        summary: 'Publish details: one row per device (state, pubTime, pullTime), paged and filtered',
        querystring: publishDetailQuery,
        response: publishDetailPage,
      },
      async (request) => publishDetails(ctx, request.user, request.query, request.lang),
    );

    route.get(
      '/api/Publishes/queryPostByPlaylistId',
      { summary: 'Robot IDs the plan is live on', querystring: planQuery, response: robotIdsResponse },
      async (request) => liveRobotIds(ctx, request.user, request.query.playListId),
    );

    route.get(
      '/api/Publishes/getCancelTimeByPlaylistId',
      {
        summary: "When the plan's delivery was last cancelled, and why",
        querystring: planQuery,
        response: cancelTimeResponse,
      },
      async (request) => cancelTime(ctx, request.user, request.query.playListId),
    );

    route.get(
      '/api/Publishes/deleteCheck',
      {
        summary: 'Whether a plan can be deleted (not while delivered to devices)',
        querystring: z.object({ id: z.string().trim() }),
        response: deleteCheckResponse,
      },
      async (request) => deleteCheck(ctx, request.user, request.query.id),
    );

    route.delete(
      '/api/Publishes/:id',
      {
        summary: "Cancel one device's publish record",
        params: idParams,
        querystring: z.object({
          reason: z.string({ message: 'CANCEL_REASON_REQUIRED' }).trim().min(1, 'CANCEL_REASON_REQUIRED').max(500),
        }),
        response: cancelOutcome,
        config: operators,
      },
      async (request) => cancelRecord(ctx, request.user, request.params.id, request.query.reason),
    );

    route.page(
      '/api/Publishes/queryAccountsByCondition',
      {
        summary: 'Property accounts to deliver to, with their device counts',
        querystring: accountsByConditionQuery,
        response: accountOptionPage,
        config: operators,
      },
      async (request) => accountOptions(ctx, request.query),
    );

    route.get(
      '/api/Publishes/queryNumberOfRobotWithAccounts',
      {
        summary: 'How many devices the accounts hold',
        querystring: accountsQuery,
        response: countResponse,
        config: operators,
      },
      async (request) => robotCountOfAccounts(ctx, request.query.accounts),
    );

    route.page(
      '/api/Publishes/failedReport',
      {
        summary: 'Devices plans could not be delivered to, with the reason',
        querystring: failedReportQuery,
        response: failedReportPage,
      },
      async (request) => failedReport(ctx, request.user, request.query, request.lang),
    );

    route.page(
      '/api/Publishes/queryBycondition',
      {
        summary: 'Delivery info: publish records across plans (plan × device), paged and filtered',
        querystring: publishInfoQuery,
        response: publishInfoPage,
        config: operators,
      },
      async (request) => queryRecords(ctx, request.user, request.query, request.lang),
    );

    route.post(
      '/api/Publishes/queryPublishByImport',
      {
        summary: 'Check an imported device list (file or robotIds) against a plan: rows a cancellation touches',
        consumes: ['multipart/form-data', 'application/json'],
        response: importPublishCheck,
        config: operators,
      },
      async (request) => {
        const { entries, fields } = await importEntries(request);
        const playListId = String(fields.playListId ?? fields.playlistId ?? '');
        if (!playListId) throw new AppError('PLAYLIST_ID_NOT_EXIST', {}, 'playListId');
        if (entries.length === 0) throw new AppError('DEVICE_LIST_EMPTY', {}, 'robotIds');
        return checkImportForCancel(ctx, request.user, playListId, entries, request.lang);
      },
    );

    route.post(
      '/api/Publishes/cancelPublishByImport',
      {
        summary: 'Cancel a plan on an imported device list (file or robotIds), with a reason',
        consumes: ['multipart/form-data', 'application/json'],
        response: cancelOutcome,
        config: operators,
      },
      async (request) => {
        const { entries, fields } = await importEntries(request);
        const parsed = cancelByImportBody.safeParse({ ...fields, robotIds: entries.map((e) => e.robotId) });
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          const code = issue?.message;
          if (code === 'CANCEL_REASON_REQUIRED' || code === 'DEVICE_LIST_EMPTY' || code === 'PLAYLIST_ID_NOT_EXIST') {
            throw new AppError(code, {}, String(issue?.path?.[0] ?? ''));
          }
          throw new AppError('BAD_REQUEST', { field: String(issue?.path?.[0] ?? 'body') });
        }
        return cancelDirect(
          ctx,
          request.user,
          parsed.data.playListId,
          { kind: 'robots', robotIds: parsed.data.robotIds },
          parsed.data.reason,
        );
      },
    );

    route.get(
      '/api/Publishes/exportDetailByPlaylistId',
      {
        summary: "Export a plan's publish details (.xlsx) in the background; poll queryExportState",
        querystring: exportDetailQuery,
        response: exportStarted,
      },
      async (request) =>
        startPublishExport(ctx, request.user, {
          playListId: request.query.playListId,
          state: request.query.state,
          language: request.query.language ?? request.lang,
        }),
    );

    route.get(
      '/api/Publishes/queryExportState',
      {
        summary: 'Progress of a publish-details export',
        querystring: exportKeyQuery,
        response: okEnvelope(exportStateSchema),
      },
      async (request) => publishExportState(ctx, request.user, request.query.key),
    );

    app.get(
      '/api/Publishes/exportFile',
      { schema: { tags, summary: 'Download a finished publish-details export (.xlsx)', querystring: exportKeyQuery } },
      async (request, reply) => {
        const file = await publishExportFile(ctx, request.user, request.query.key);
        return sendWorkbook(reply, file.fileName, file.stream);
      },
    );

    route.get(
      '/api/Controls/adPublishByPlaylistId',
      {
        summary: 'Issue an approved plan to its devices again',
        querystring: planQuery,
        response: reissueOutcome,
        config: operators,
      },
      async (request) => reissue(ctx, request.user, request.query.playListId),
    );
  };
}
