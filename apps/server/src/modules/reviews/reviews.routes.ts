import { ADVERTISER_ROLES, OPERATOR_ROLES } from '@robot-ads/contracts/auth/roles';
import { okEnvelope } from '@robot-ads/contracts/common/envelope';
import { idParams } from '@robot-ads/contracts/common/ids';
import { exportKeyQuery } from '@robot-ads/contracts/devices/devices.schemas';
import {
  applyBody,
  applyCancelBody,
  applyUpdateBody,
  auditExportBody,
  auditExportProgress,
  auditExportStarted,
  auditListResponse,
  auditPage,
  auditPageQuery,
  auditResponse,
  auditRobotPage,
  auditRobotsQuery,
  createCancelAllBody,
  createCancelBody,
  createCancelByRobotBody,
  decisionBody,
  planRobotsQuery,
  reapplyBody,
} from '@robot-ads/contracts/reviews/reviews.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/app-error';
import { sendWorkbook } from '../../platform/exports';
import { zodRoutes } from '../../platform/zod-routes';
import type { PublishingContext } from '../publishing/publishing.context';
import { auditExportResult, auditExportState, startAuditExport } from './review-exports';
import {
  applyUpdate,
  createCancel,
  createCancelAll,
  deleteAudit,
  getAudit,
  liveRobotsOfPlan,
  queryAudits,
  reapply,
  review,
  robotsOfAudit,
  submit,
  withdraw,
} from './reviews.service';

const tags = ['audits'];
const APPLICANTS = { roles: [...OPERATOR_ROLES, ...ADVERTISER_ROLES] };
const REVIEWERS = { roles: [...OPERATOR_ROLES, 'project' as const] };
/** Whoever has application records or reviews (every role but hide, which neither applies nor reviews). */
const LIST_EXPORTERS = { roles: [...OPERATOR_ROLES, 'project' as const, ...ADVERTISER_ROLES] };

/** Ad_Audits (spec section 7): applications and their review (docs/review-state-machine.md). */
export function reviewsRoutes(ctx: PublishingContext): FastifyPluginAsyncZod {
  return async (app) => {
    const route = zodRoutes(app, tags);

    route.post(
      '/api/Ad_Audits',
      {
        summary:
          'Apply: delivery (apply), cancellation (cancel), add devices (add) or pause, to robots, groups or accounts',
        body: applyBody,
        response: auditResponse,
        config: APPLICANTS,
      },
      (request) => submit(ctx, request.user, request.body, request.lang),
    );

    route.page(
      '/api/Ad_Audits/queryByPage',
      {
        summary: 'Applications, paged: view apply (application records) or review (what the caller reviews)',
        querystring: auditPageQuery,
        response: auditPage,
      },
      (request) => queryAudits(ctx, request.user, request.query),
    );

    route.postPage(
      '/api/Ad_Audits/queryByPage',
      {
        summary: "Applications, paged (the spec's verb): the same filters as the GET, in the JSON body",
        body: auditPageQuery.optional(),
        response: auditPage,
      },
      (request) => queryAudits(ctx, request.user, request.body ?? auditPageQuery.parse({})),
    );

    route.post(
      '/api/Ad_Audits/exportAd_audit',
      {
        summary:
          'Export the applications queryByPage lists with these filters (.xlsx) in the background; poll queryExportAd_audit',
        body: auditExportBody,
        response: auditExportStarted,
        config: LIST_EXPORTERS,
      },
      (request) => startAuditExport(ctx, request.user, request.body, request.lang),
    );

    route.get(
      '/api/Ad_Audits/queryExportAd_audit',
      {
        summary: 'Progress of an application export; once done, url is its queryCheckResult',
        querystring: exportKeyQuery,
        response: auditExportProgress,
        config: LIST_EXPORTERS,
      },
      (request) => auditExportState(ctx, request.user, request.query.key),
    );

    app.get(
      '/api/Ad_Audits/queryCheckResult',
      {
        schema: { tags, summary: 'The workbook (.xlsx) of a finished application export', querystring: exportKeyQuery },
        config: LIST_EXPORTERS,
      },
      async (request, reply) => {
        const file = await auditExportResult(ctx, request.user, request.query.key);
        return sendWorkbook(reply, file.fileName, file.stream);
      },
    );

    route.get(
      '/api/Ad_Audits/:id',
      { summary: 'One application', params: idParams, response: auditResponse },
      (request) => getAudit(ctx, request.user, request.params.id),
    );

    route.post(
      '/api/Ad_Audits/confirm',
      { summary: "Approve (the caller's review step)", body: decisionBody, response: auditResponse, config: REVIEWERS },
      (request) => review(ctx, request.user, request.body, 'post', request.lang),
    );

    route.post(
      '/api/Ad_Audits/reject',
      { summary: 'Reject with a reason (note)', body: decisionBody, response: auditResponse, config: REVIEWERS },
      (request) => review(ctx, request.user, request.body, 'reject', request.lang),
    );

    route.post(
      '/api/Ad_Audits/reapply',
      {
        summary: 'Reapply after a rejection (targets may change)',
        body: reapplyBody,
        response: auditResponse,
        config: APPLICANTS,
      },
      (request) => reapply(ctx, request.user, request.body, request.lang),
    );

    route.post(
      '/api/Ad_Audits/applyUpdate',
      {
        summary: 'Edit a pending application before any review decision',
        body: applyUpdateBody,
        response: auditResponse,
        config: APPLICANTS,
      },
      (request) => applyUpdate(ctx, request.user, request.body, request.lang),
    );

    route.post(
      '/api/Ad_Audits/applyCancel',
      {
        summary: 'Withdraw an own application before approval',
        body: applyCancelBody,
        response: auditResponse,
        config: APPLICANTS,
      },
      (request) => withdraw(ctx, request.user, request.body),
    );

    route.delete(
      '/api/Ad_Audits/:id',
      {
        summary: 'Delete an own application record (not an approved one)',
        params: idParams,
        response: okEnvelope(z.object({ id: z.string() })),
      },
      (request) => deleteAudit(ctx, request.user, request.params.id),
    );

    route.post(
      '/api/Ad_Audits/createCancel',
      {
        summary: "Apply to cancel a plan's whole delivery (reason required)",
        body: createCancelBody,
        response: auditResponse,
        config: APPLICANTS,
      },
      (request) => createCancel(ctx, request.user, request.body, request.lang),
    );

    route.post(
      '/api/Ad_Audits/createCancelByRobotId',
      {
        summary: 'Apply to cancel a plan on some devices (reason required)',
        body: createCancelByRobotBody,
        response: auditResponse,
        config: APPLICANTS,
      },
      (request) => createCancel(ctx, request.user, request.body, request.lang),
    );

    route.post(
      '/api/Ad_Audits/createCancelAll',
      {
        summary: 'Apply to cancel the delivery of several plans (reason required)',
        body: createCancelAllBody,
        response: auditListResponse,
        config: APPLICANTS,
      },
      (request) => createCancelAll(ctx, request.user, request.body, request.lang),
    );

    route.page(
      '/api/Ad_Audits/getRobotsByAd_auditId',
      { summary: 'The devices of an application, paged', querystring: auditRobotsQuery, response: auditRobotPage },
      (request) => robotsOfAudit(ctx, request.user, request.query),
    );

    const planRobots = async (q: z.infer<typeof planRobotsQuery>, user: Parameters<typeof liveRobotsOfPlan>[1]) => {
      const playListId = q.playListId ?? q.id;
      if (!playListId) throw new AppError('PLAYLIST_ID_NOT_EXIST', {}, 'playListId');
      return liveRobotsOfPlan(ctx, user, { ...q, playListId });
    };

    route.page(
      '/api/Ad_Audits/obtailRobotExist',
      {
        summary: 'Devices a plan is live on (id = plan id), paged and filtered',
        querystring: planRobotsQuery,
        response: auditRobotPage,
      },
      (request) => planRobots(request.query, request.user),
    );

    route.page(
      '/api/Ad_Audits/obtailRobot_ByPlaylistId',
      {
        summary: 'Devices a plan is live on (playListId), paged',
        querystring: planRobotsQuery,
        response: auditRobotPage,
      },
      (request) => planRobots(request.query, request.user),
    );
  };
}
