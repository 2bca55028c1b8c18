import {
  applyBody,
  applyCancelBody,
  applyUpdateBody,
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
} from '@robot-ads/contracts/audits/audits.schemas';
import { ADVERTISER_ROLES, OPERATOR_ROLES } from '@robot-ads/contracts/auth/roles';
import { okEnvelope } from '@robot-ads/contracts/common/envelope';
import { idParams } from '@robot-ads/contracts/common/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
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
} from './audits.service';

const tags = ['audits'];
const APPLICANTS = { roles: [...OPERATOR_ROLES, ...ADVERTISER_ROLES] };
const REVIEWERS = { roles: [...OPERATOR_ROLES, 'project' as const] };

/** Ad_Audits (spec section 7): applications and their review (docs/review-state-machine.md). */
export function auditsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/api/Ad_Audits',
      {
        schema: {
          tags,
          summary:
            'Apply: delivery (apply), cancellation (cancel), add devices (add) or pause, to robots, groups or accounts',
          body: applyBody,
          response: { 200: auditResponse },
        },
        config: APPLICANTS,
      },
      async (request) => ({
        success: true as const,
        data: await submit(ctx, request.user, request.body, request.lang),
      }),
    );

    app.get(
      '/api/Ad_Audits/queryByPage',
      {
        schema: {
          tags,
          summary: 'Applications, paged: view apply (application records) or review (what the caller reviews)',
          querystring: auditPageQuery,
          response: { 200: auditPage },
        },
      },
      async (request) => ({ success: true as const, ...(await queryAudits(ctx, request.user, request.query)) }),
    );

    app.get(
      '/api/Ad_Audits/:id',
      { schema: { tags, summary: 'One application', params: idParams, response: { 200: auditResponse } } },
      async (request) => ({ success: true as const, data: await getAudit(ctx, request.user, request.params.id) }),
    );

    app.post(
      '/api/Ad_Audits/confirm',
      {
        schema: {
          tags,
          summary: "Approve (the caller's review step)",
          body: decisionBody,
          response: { 200: auditResponse },
        },
        config: REVIEWERS,
      },
      async (request) => ({
        success: true as const,
        data: await review(ctx, request.user, request.body, 'post', request.lang),
      }),
    );

    app.post(
      '/api/Ad_Audits/reject',
      {
        schema: { tags, summary: 'Reject with a reason (note)', body: decisionBody, response: { 200: auditResponse } },
        config: REVIEWERS,
      },
      async (request) => ({
        success: true as const,
        data: await review(ctx, request.user, request.body, 'reject', request.lang),
      }),
    );

    app.post(
      '/api/Ad_Audits/reapply',
      {
        schema: {
          tags,
          summary: 'Reapply after a rejection (targets may change)',
          body: reapplyBody,
          response: { 200: auditResponse },
        },
        config: APPLICANTS,
      },
      async (request) => ({
        success: true as const,
        data: await reapply(ctx, request.user, request.body, request.lang),
      }),
    );

    app.post(
      '/api/Ad_Audits/applyUpdate',
      {
        schema: {
          tags,
          summary: 'Edit a pending application before any review decision',
          body: applyUpdateBody,
          response: { 200: auditResponse },
        },
        config: APPLICANTS,
      },
      async (request) => ({
        success: true as const,
        data: await applyUpdate(ctx, request.user, request.body, request.lang),
      }),
    );

    app.post(
      '/api/Ad_Audits/applyCancel',
      {
        schema: {
          tags,
          summary: 'Withdraw an own application before approval',
          body: applyCancelBody,
          response: { 200: auditResponse },
        },
        config: APPLICANTS,
      },
      async (request) => ({ success: true as const, data: await withdraw(ctx, request.user, request.body) }),
    );

    app.delete(
      '/api/Ad_Audits/:id',
      {
        schema: {
          tags,
          summary: 'Delete an own application record (not an approved one)',
          params: idParams,
          response: { 200: okEnvelope(z.object({ id: z.string() })) },
        },
      },
      async (request) => ({ success: true as const, data: await deleteAudit(ctx, request.user, request.params.id) }),
    );

    app.post(
      '/api/Ad_Audits/createCancel',
      {
        schema: {
          tags,
          summary: "Apply to cancel a plan's whole delivery (reason required)",
          body: createCancelBody,
          response: { 200: auditResponse },
        },
        config: APPLICANTS,
      },
      async (request) => ({
        success: true as const,
        data: await createCancel(ctx, request.user, request.body, request.lang),
      }),
    );

    app.post(
      '/api/Ad_Audits/createCancelByRobotId',
      {
        schema: {
          tags,
          summary: 'Apply to cancel a plan on some devices (reason required)',
          body: createCancelByRobotBody,
          response: { 200: auditResponse },
        },
        config: APPLICANTS,
      },
      async (request) => ({
        success: true as const,
        data: await createCancel(ctx, request.user, request.body, request.lang),
      }),
    );

    app.post(
      '/api/Ad_Audits/createCancelAll',
      {
        schema: {
          tags,
          summary: 'Apply to cancel the delivery of several plans (reason required)',
          body: createCancelAllBody,
          response: { 200: auditListResponse },
        },
        config: APPLICANTS,
      },
      async (request) => ({
        success: true as const,
        data: await createCancelAll(ctx, request.user, request.body, request.lang),
      }),
    );

    app.get(
      '/api/Ad_Audits/getRobotsByAd_auditId',
      {
        schema: {
          tags,
          summary: 'The devices of an application, paged',
          querystring: auditRobotsQuery,
          response: { 200: auditRobotPage },
        },
      },
      async (request) => ({ success: true as const, ...(await robotsOfAudit(ctx, request.user, request.query)) }),
    );

    const planRobots = async (q: z.infer<typeof planRobotsQuery>, user: Parameters<typeof liveRobotsOfPlan>[1]) => {
      const playListId = q.playListId ?? q.id;
      if (!playListId) throw new AppError('PLAYLIST_ID_NOT_EXIST', {}, 'playListId');
      return liveRobotsOfPlan(ctx, user, { ...q, playListId });
    };

    app.get(
      '/api/Ad_Audits/obtailRobotExist',
      {
        schema: {
          tags,
          summary: 'Devices a plan is live on (id = plan id), paged and filtered',
          querystring: planRobotsQuery,
          response: { 200: auditRobotPage },
        },
      },
      async (request) => ({ success: true as const, ...(await planRobots(request.query, request.user)) }),
    );

    app.get(
      '/api/Ad_Audits/obtailRobot_ByPlaylistId',
      {
        schema: {
          tags,
          summary: 'Devices a plan is live on (playListId), paged',
          querystring: planRobotsQuery,
          response: { 200: auditRobotPage },
        },
      },
      async (request) => ({ success: true as const, ...(await planRobots(request.query, request.user)) }),
    );
  };
}
