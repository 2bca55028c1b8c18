import { ADVERTISER_ROLES, OPERATOR_ROLES } from '@robot-ads/contracts/auth/roles';
import { okEnvelope } from '@robot-ads/contracts/common/envelope';
import { idParams } from '@robot-ads/contracts/common/ids';
import {
  clientAndAds,
  obtainPlaylistResponse,
  onlineAdvertisingQuery,
  PLAYING_MODES,
  playingModesResponse,
  playlistConditionQuery,
  playlistIdQuery,
  playlistInput,
  playlistPage,
  playlistPageQuery,
  playlistResponse,
  playlistUpdateInput,
} from '@robot-ads/contracts/playlists/playlists.schemas';
import {
  cancelByAccountsBody,
  cancelByRobotsBody,
  cancelOutcome,
  publishOutcome,
  publishWithAccountBody,
  publishWithAdGroupsBody,
  publishWithModeBody,
  publishWithRobotsBody,
} from '@robot-ads/contracts/publishing/publishing.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import {
  cancelDirect,
  publishDirect,
  publishIntelligent,
  registerAdLinks,
  registerSlotLookup,
} from '../publishing/publishing.service';
import {
  createPlan,
  deletePlan,
  getPlan,
  queryHistory,
  queryOnline,
  queryPlans,
  updatePlan,
} from './playlists.service';

const tags = ['playlists'];
const PLAN_EDITORS = [...OPERATOR_ROLES, ...ADVERTISER_ROLES];
const MODE_LABELS = {
  zh: { order: '顺序播放', round: '循环播放', random: '随机播放' },
  en: { order: 'Sequential', round: 'Loop', random: 'Shuffle' },
} as const;

/** Playlists (spec section 7): delivery plans and the operators' direct publishing. */
export function playlistsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  registerSlotLookup(ctx);
  registerAdLinks(ctx);
  return async (app) => {
    app.get(
      '/api/Playlists/queryByPage_v3',
      {
        schema: {
          tags,
          summary: 'Plans in scope, paged; filters name, clientId, playListId, status (delivery status)',
          querystring: playlistPageQuery,
          response: { 200: playlistPage },
        },
      },
      async (request) => ({ success: true as const, ...(await queryPlans(ctx, request.user, request.query)) }),
    );

    app.get(
      '/api/Playlists/queryByCondition',
      {
        schema: {
          tags,
          summary: 'Plans for selectors (at most 100; search by name)',
          querystring: playlistConditionQuery,
          response: { 200: playlistPage },
        },
      },
      async (request) => ({ success: true as const, ...(await queryPlans(ctx, request.user, request.query)) }),
    );

    app.get(
      '/api/Playlists/queryOnlineAdvertising',
      {
        schema: {
          tags,
          summary: 'Plans delivered to devices and not ended (online delivery list)',
          querystring: onlineAdvertisingQuery,
          response: { 200: playlistPage },
        },
      },
      async (request) => ({ success: true as const, ...(await queryOnline(ctx, request.user, request.query)) }),
    );

    app.get(
      '/api/Playlists/queryHistoryPublish',
      {
        schema: {
          tags,
          summary: 'Plans that were ever published (history delivery list)',
          querystring: playlistPageQuery,
          response: { 200: playlistPage },
        },
      },
      async (request) => ({ success: true as const, ...(await queryHistory(ctx, request.user, request.query)) }),
    );

    app.get(
      '/api/Playlists/getPlayingModes',
      { schema: { tags, summary: 'Play modes: order, round, random', response: { 200: playingModesResponse } } },
      async (request) => ({
        success: true as const,
        data: PLAYING_MODES.map((value) => ({ value, label: MODE_LABELS[request.lang][value] })),
      }),
    );

    app.get(
      '/api/Playlists/queryClientAndAdByPlaylistId',
      {
        schema: {
          tags,
          summary: "A plan's customer and ads",
          querystring: playlistIdQuery,
          response: { 200: clientAndAds },
        },
      },
      async (request) => {
        const plan = await getPlan(ctx, request.user, request.query.playListId);
        return {
          success: true as const,
          data: { clientId: plan.clientId, clientName: plan.clientName, advertisements: plan.advertisements },
        };
      },
    );

    app.get(
      '/api/Playlists/:id',
      {
        schema: { tags, summary: 'One plan (details page)', params: idParams, response: { 200: playlistResponse } },
      },
      async (request) => ({ success: true as const, data: await getPlan(ctx, request.user, request.params.id) }),
    );

    app.get(
      '/api/Publishes/obtainPlaylistByplayId',
      {
        schema: {
          tags,
          summary: "A plan's schedule: begin, end, createtime, priority, cycle, times, clientId",
          querystring: playlistIdQuery,
          response: { 200: obtainPlaylistResponse },
        },
      },
      async (request) => {
        const p = await getPlan(ctx, request.user, request.query.playListId);
        return {
          success: true as const,
          data: {
            id: p.id,
            name: p.name,
            begin: p.begin,
            end: p.end,
            createtime: p.createtime,
            priority: p.priority,
            cycle: p.cycle,
            times: p.times,
            clientId: p.clientId,
            timeZone: p.timeZone,
          },
        };
      },
    );

    app.post(
      '/api/Playlists',
      {
        schema: { tags, summary: 'Create a plan', body: playlistInput, response: { 200: playlistResponse } },
        config: { roles: PLAN_EDITORS },
      },
      async (request) => ({ success: true as const, data: await createPlan(ctx, request.user, request.body) }),
    );

    app.put(
      '/api/Playlists',
      {
        schema: {
          tags,
          summary: 'Edit a plan (not while delivered or under review)',
          body: playlistUpdateInput,
          response: { 200: playlistResponse },
        },
        config: { roles: PLAN_EDITORS },
      },
      async (request) => ({ success: true as const, data: await updatePlan(ctx, request.user, request.body) }),
    );

    app.delete(
      '/api/Playlists/:id',
      {
        schema: {
          tags,
          summary: 'Delete a plan (refused while it is delivered to devices)',
          params: idParams,
          response: { 200: okEnvelope(z.object({ id: z.string() })) },
        },
        config: { roles: PLAN_EDITORS },
      },
      async (request) => ({ success: true as const, data: await deletePlan(ctx, request.user, request.params.id) }),
    );

    // ---- Operators publish directly (advertisers apply through Ad_Audits) ----
    const operators = { roles: OPERATOR_ROLES };

    app.post(
      '/api/Playlists/publishWithRobots',
      {
        schema: { tags, summary: 'Publish to devices', body: publishWithRobotsBody, response: { 200: publishOutcome } },
        config: operators,
      },
      async (request) => ({
        success: true as const,
        data: await publishDirect(
          ctx,
          request.user,
          request.body.playListId,
          { kind: 'robots', robotIds: request.body.robotIds },
          request.lang,
        ),
      }),
    );

    app.post(
      '/api/Playlists/publishWithAdGroups',
      {
        schema: {
          tags,
          summary: 'Publish to device groups',
          body: publishWithAdGroupsBody,
          response: { 200: publishOutcome },
        },
        config: operators,
      },
      async (request) => ({
        success: true as const,
        data: await publishDirect(
          ctx,
          request.user,
          request.body.playListId,
          { kind: 'adGroups', adGroupIds: request.body.adGroupIds },
          request.lang,
        ),
      }),
    );

    app.post(
      '/api/Playlists/publishWithAccount',
      {
        schema: {
          tags,
          summary: 'Publish to every device of property accounts',
          body: publishWithAccountBody,
          response: { 200: publishOutcome },
        },
        config: operators,
      },
      async (request) => ({
        success: true as const,
        data: await publishDirect(
          ctx,
          request.user,
          request.body.playListId,
          { kind: 'accounts', accounts: request.body.accounts },
          request.lang,
        ),
      }),
    );

    app.post(
      '/api/Playlists/publishWithMode',
      {
        schema: {
          tags,
          summary: 'Intelligent delivery: at most 10 devices, named or chosen by distance, region and type',
          body: publishWithModeBody,
          response: { 200: publishOutcome },
        },
        config: operators,
      },
      async (request) => ({
        success: true as const,
        data: await publishIntelligent(ctx, request.user, request.body, request.lang),
      }),
    );

    app.post(
      '/api/Playlists/cancelPlayListByrobots',
      {
        schema: {
          tags,
          summary: 'Cancel the delivery on devices',
          body: cancelByRobotsBody,
          response: { 200: cancelOutcome },
        },
        config: operators,
      },
      async (request) => ({
        success: true as const,
        data: await cancelDirect(
          ctx,
          request.user,
          request.body.playListId,
          { kind: 'robots', robotIds: request.body.robotIds },
          request.body.reason,
        ),
      }),
    );

    app.post(
      '/api/Playlists/cancelPlayListByAccounts',
      {
        schema: {
          tags,
          summary: 'Cancel the delivery on every device of property accounts',
          body: cancelByAccountsBody,
          response: { 200: cancelOutcome },
        },
        config: operators,
      },
      async (request) => ({
        success: true as const,
        data: await cancelDirect(
          ctx,
          request.user,
          request.body.playListId,
          { kind: 'accounts', accounts: request.body.accounts },
          request.body.reason,
        ),
      }),
    );
  };
}
