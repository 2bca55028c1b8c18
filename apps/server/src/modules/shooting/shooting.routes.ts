/// <reference path="./archiver.d.ts" />
import type { Language } from '@robot-ads/contracts/common/language';
import { formatDateTime } from '@robot-ads/contracts/playback/zoned-time';
import { withRegionNames } from '@robot-ads/contracts/regions/regions';
import {
  createShootBody,
  deviceShootAckBody,
  deviceShootAckResponse,
  deviceShootFailBody,
  deviceShootPhotoBody,
  deviceShootResultResponse,
  deviceShootTasksResponse,
  deviceShootUploadBody,
  deviceShootUploadResponse,
  filtrateDeviceFilters,
  filtrateDevicePage,
  filtrateDeviceQuery,
  planRefQuery,
  shootIdBody,
  shootIdParams,
  shootPlanResponse,
  shootQuery,
  shootRecordFilters,
  shootRecordIdQuery,
  shootRecordPage,
  shootRecordQuery,
  shootRequirementPage,
  shootRequirementResponse,
  shootTaskPage,
  shootTaskQuery,
} from '@robot-ads/contracts/shooting/shooting.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/app-error';
import { attachment, sendWorkbook } from '../../platform/exports';
import { texts, tr, withZone } from '../../platform/i18n/i18n';
import { loadExcel, loadZipArchive } from '../../platform/on-first-use';
import { zodRoutes } from '../../platform/zod-routes';
import { deviceAuth } from '../device-protocol/device-auth';
import type { PublishingContext } from '../publishing/publishing.context';
import { cancelRequirement } from './cancel-requirement';
import { checkPlan } from './check-plan';
import { createRequirement } from './create-requirement';
import { filtrateDevices } from './filtrate-devices';
import { getRequirement, queryRequirements, queryTasks } from './query-requirements';
import { repushRequirement } from './repush-requirement';
import { confirmTasks, photoUploadCredentials, registerPhoto, reportFailure } from './shooting.device-side';
import { openTasksOfRobots } from './shooting.queries';
import { queryRecordRows, queryRecords, toRecordDtos, visibleRecord } from './shooting.records';

/** Operators and advertisers ask for photo proof (each within its data scope). */
const SHOOT_ROLES = ['super', 'administrator', 'operator', 'advertisers', 'advertisers_special'] as const;
const shooters = { roles: [...SHOOT_ROLES] };
/** A zip or an export holds at most this many photos or rows. */
const MAX_BULK = 10_000;

type Column =
  | 'robotId'
  | 'name'
  | 'type'
  | 'province'
  | 'city'
  | 'district'
  | 'address'
  | 'sceneName'
  | 'propertyname'
  | 'online'
  | 'requirement'
  | 'plan'
  | 'place'
  | 'takenAt'
  | 'ad'
  | 'file';

/** A photo's file name: robot, the UTC time it was taken (ISO basic, `Z` says UTC) and the record id. */
const photoTime = (seconds: number) => `${formatDateTime(seconds, 'UTC').replace(' ', 'T').replace(/[-:]/g, '')}Z`;

async function workbook(sheet: string, header: string[], rows: (string | number)[][]) {
  const book = new (await loadExcel()).Workbook();
  const ws = book.addWorksheet(sheet);
  ws.addRow(header);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const photoName = (r: { robotId: string; takenAt: number; id: string; contentType: string }) =>
  `${r.robotId}-${photoTime(r.takenAt)}-${r.id}.${r.contentType === 'image/png' ? 'png' : 'jpg'}`;

export function shootingRoutes(ctx: PublishingContext): FastifyPluginAsyncZod {
  return async (app) => {
    const route = zodRoutes(app, ['shooting']);
    const device = zodRoutes(app, ['device']);

    route.page(
      '/api/ShootingRequirements/queryByPage',
      {
        summary: 'Shooting requirements, paged and filtered',
        querystring: shootQuery,
        response: shootRequirementPage,
        config: shooters,
      },
      async (request) => queryRequirements(ctx, request.user, request.query),
    );
    route.get(
      '/api/ShootingRequirements/checkPlan',
      {
        summary: 'The plan a requirement may name (12 or 24 character ID; approved; not bound)',
        querystring: planRefQuery,
        response: shootPlanResponse,
        config: shooters,
      },
      async (request) => checkPlan(ctx, request.user, request.query.planId),
    );
    route.page(
      '/api/ShootingRequirements/filtrateDevice',
      {
        summary: 'The robots the plan is published to, to choose from (paged, filtered)',
        querystring: filtrateDeviceQuery,
        response: filtrateDevicePage,
        config: shooters,
      },
      async (request) => filtrateDevices(ctx, request.user, request.query),
    );
    app.get(
      '/api/ShootingRequirements/exportFiltrateDevice',
      {
        schema: {
          tags: ['shooting'],
          summary: 'The filtered robots of the plan as xlsx',
          querystring: filtrateDeviceFilters,
        },
        config: shooters,
      },
      async (request, reply) => {
        const lang: Language = request.query.language ?? request.lang;
        const { datas } = await filtrateDevices(ctx, request.user, { ...request.query, start: 0, limit: 0 }, true);
        if (datas.length === 0) throw new AppError('EXPORT_EMPTY');
        const c = texts<Column>(lang, 'shooting:columns');
        const keys = [
          'robotId',
          'name',
          'type',
          'province',
          'city',
          'district',
          'address',
          'sceneName',
          'propertyname',
        ] as const;
        const book = await workbook(
          'devices',
          [...keys.map((k) => c[k]), c.online],
          datas
            .map((row) => withRegionNames(row, lang))
            .map((d) => [...keys.map((k) => d[k] ?? ''), tr(lang, d.online ? 'common:yes' : 'common:no')]),
        );
        return sendWorkbook(reply, `devices-${request.query.planId}.xlsx`, book);
      },
    );
    route.post(
      '/api/ShootingRequirements',
      {
        summary: 'Create a shooting requirement (pushed to its robots)',
        body: createShootBody,
        response: shootRequirementResponse,
        config: shooters,
      },
      async (request) => createRequirement(ctx, request.user, request.body),
    );
    route.post(
      '/api/ShootingRequirements/cancel',
      {
        summary: 'Cancel an ongoing requirement',
        body: shootIdBody,
        response: shootRequirementResponse,
        config: shooters,
      },
      async (request) => cancelRequirement(ctx, request.user, request.body.id),
    );
    route.post(
      '/api/ShootingRequirements/repush',
      {
        summary: 'Push the tasks whose push failed again',
        body: shootIdBody,
        response: shootRequirementResponse,
        config: shooters,
      },
      async (request) => repushRequirement(ctx, request.user, request.body.id),
    );
    route.page(
      '/api/ShootingRequirements/queryTasks',
      {
        summary: "A requirement's tasks, one per robot",
        querystring: shootTaskQuery,
        response: shootTaskPage,
        config: shooters,
      },
      async (request) => queryTasks(ctx, request.user, request.query),
    );
    route.get(
      '/api/ShootingRequirements/:id',
      {
        summary: 'One requirement with its progress',
        params: shootIdParams,
        response: shootRequirementResponse,
        config: shooters,
      },
      async (request) => getRequirement(ctx, request.user, request.params.id),
    );

    // ---- records ----
    route.page(
      '/api/ShootingRecords/queryByPage',
      {
        summary: 'Shooting records (photos), paged and filtered',
        querystring: shootRecordQuery,
        response: shootRecordPage,
        config: shooters,
      },
      async (request) => queryRecords(ctx, request.user, request.query),
    );
    app.get(
      '/api/ShootingRecords/download',
      { schema: { tags: ['shooting'], summary: 'One photo', querystring: shootRecordIdQuery }, config: shooters },
      async (request, reply) => {
        const row = await visibleRecord(ctx, request.user, request.query.id);
        const head = await ctx.storage.head(row.record.objectKey);
        if (!head) throw new AppError('DOWNLOAD_FAIL', {}, 'id');
        const [dto] = await toRecordDtos(ctx, [row]);
        const name = dto ? photoName(dto) : `${row.record.id}.jpg`;
        return reply
          .header('content-type', row.record.contentType)
          .header('content-disposition', attachment(name))
          .header('x-content-type-options', 'nosniff')
          .send(await ctx.storage.get(row.record.objectKey));
      },
    );
    app.get(
      '/api/ShootingRecords/downloadAll',
      {
        schema: { tags: ['shooting'], summary: 'The filtered photos as a zip', querystring: shootRecordFilters },
        config: shooters,
      },
      async (request, reply) => {
        const { total, rows } = await queryRecordRows(ctx, request.user, {
          ...request.query,
          start: 0,
          limit: MAX_BULK,
        });
        if (total === 0) throw new AppError('DOWNLOAD_FAIL');
        const dtos = await toRecordDtos(ctx, rows);
        const present = [];
        for (const [i, row] of rows.entries()) {
          if (await ctx.storage.head(row.record.objectKey)) present.push({ row, dto: dtos[i] });
        }
        if (present.length === 0) throw new AppError('DOWNLOAD_FAIL');
        const zip = new (await loadZipArchive())({ zlib: { level: 0 } });
        for (const { row, dto } of present) {
          zip.append(await ctx.storage.get(row.record.objectKey), {
            name: dto ? photoName(dto) : `${row.record.id}.jpg`,
          });
        }
        void zip.finalize();
        return reply
          .header('content-type', 'application/zip')
          .header(
            'content-disposition',
            attachment(`shooting-records-${Math.floor(ctx.clock.now().getTime() / 1000)}.zip`),
          )
          .send(zip);
      },
    );
    app.get(
      '/api/ShootingRecords/export',
      {
        schema: { tags: ['shooting'], summary: 'The filtered records as xlsx', querystring: shootRecordFilters },
        config: shooters,
      },
      async (request, reply) => {
        const lang: Language = request.query.language ?? request.lang;
        const { total, rows } = await queryRecordRows(ctx, request.user, {
          ...request.query,
          start: 0,
          limit: MAX_BULK,
        });
        if (total === 0) throw new AppError('EXPORT_EMPTY');
        const dtos = await toRecordDtos(ctx, rows);
        const c = texts<Column>(lang, 'shooting:columns');
        // Times in the reader's zone (or the platform's), the same in both languages; the column says which.
        const zone = request.query.timeZone ?? ctx.config.TIME_ZONE;
        const takenAt = withZone(lang, c.takenAt, zone, Math.floor(ctx.clock.now().getTime() / 1000));
        const book = await workbook(
          'records',
          [c.requirement, c.plan, c.robotId, c.name, c.place, takenAt, c.ad, c.file],
          dtos.map((d) => [
            d.requirementName,
            d.planName,
            d.robotId,
            d.robotName,
            d.place,
            formatDateTime(d.takenAt, zone),
            d.adName ?? '',
            photoName(d),
          ]),
        );
        return sendWorkbook(reply, 'shooting-records.xlsx', book);
      },
    );

    // ---- device side ----
    const deviceOpts = { onRequest: deviceAuth(ctx.deviceTokens) };
    device.get(
      '/api/device/v1/shootTasks',
      {
        summary: "The robot's open shooting tasks",
        response: deviceShootTasksResponse,
        config: { device: true },
        options: deviceOpts,
      },
      async (request) => ({
        tasks: (await openTasksOfRobots(ctx.db, [request.device.robotRef])).get(request.device.robotRef) ?? [],
      }),
    );
    device.post(
      '/api/device/v1/shootTasks/ack',
      {
        summary: 'The robot holds these tasks (in progress -> ongoing)',
        body: deviceShootAckBody,
        response: deviceShootAckResponse,
        config: { device: true },
        options: deviceOpts,
      },
      async (request) => ({ confirmed: await confirmTasks(ctx, request.device.robotRef, request.body.ids) }),
    );
    device.post(
      '/api/device/v1/shootTasks/uploadCredentials',
      {
        summary: 'A signed form to upload the photo of a task',
        body: deviceShootUploadBody,
        response: deviceShootUploadResponse,
        config: { device: true },
        errors: ['SHOOT_TASK_NOT_FOUND', 'SHOOT_TASK_CLOSED'],
        options: deviceOpts,
      },
      async (request) => photoUploadCredentials(ctx, request.device.robotRef, request.body.taskId),
    );
    device.post(
      '/api/device/v1/shootTasks/photo',
      {
        summary: 'Register the uploaded photo of a task (checked from its bytes: JPEG or PNG)',
        body: deviceShootPhotoBody,
        response: deviceShootResultResponse,
        config: { device: true },
        errors: [
          'SHOOT_TASK_NOT_FOUND',
          'SHOOT_TASK_CLOSED',
          'UPLOAD_KEY_OUTSIDE_DIR',
          'UPLOAD_OBJECT_MISSING',
          'SHOOT_PHOTO_TOO_LARGE',
          'SHOOT_PHOTO_TYPE',
          'SHOOT_TAKEN_OUTSIDE_WINDOW',
          'SHOOT_AD_NOT_IN_PLAN',
        ],
        options: deviceOpts,
      },
      async (request) => registerPhoto(ctx, request.device.robotRef, request.body),
    );
    device.post(
      '/api/device/v1/shootTasks/fail',
      {
        summary: 'The robot could not take the photo of a task',
        body: deviceShootFailBody,
        response: deviceShootResultResponse,
        config: { device: true },
        errors: ['SHOOT_TASK_NOT_FOUND', 'SHOOT_TASK_CLOSED'],
        options: deviceOpts,
      },
      async (request) => reportFailure(ctx, request.device.robotRef, request.body),
    );
  };
}
