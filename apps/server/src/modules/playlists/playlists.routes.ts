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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tr } from '../../platform/i18n/i18n';
import { zodRoutes } from '../../platform/zod-routes';
import { createPlan, deletePlan, updatePlan } from './edit-plans';
import type { PlaylistsContext } from './playlists.context';
import { getPlan, queryHistory, queryOnline, queryPlans } from './playlists.service';

const tags = ['playlists'];
const PLAN_EDITORS = [...OPERATOR_ROLES, ...ADVERTISER_ROLES];

/** Playlists (spec section 7): delivery plans and the operators' direct publishing. */
export function playlistsRoutes(ctx: PlaylistsContext): FastifyPluginAsyncZod {
  return async (app) => {
    const route = zodRoutes(app, tags);

    route.page(
      '/api/Playlists/queryByPage_v3',
      {
        summary: 'Plans in scope, paged; filters name, clientId, playListId, status (delivery status)',
        tags: ['open'],
        querystring: playlistPageQuery,
        response: playlistPage,
      },
      (request) => queryPlans(ctx, request.user, request.query),
    );

    route.page(
      '/api/Playlists/queryByCondition',
      {
        summary: 'Plans for selectors (at most 100; search by name)',
        querystring: playlistConditionQuery,
        response: playlistPage,
      },
      (request) => queryPlans(ctx, request.user, request.query),
    );

    route.page(
      '/api/Playlists/queryOnlineAdvertising',
      {
        summary: 'Plans delivered to devices and not ended (online delivery list)',
        querystring: onlineAdvertisingQuery,
        response: playlistPage,
      },
      (request) => queryOnline(ctx, request.user, request.query),
    );

    route.page(
      '/api/Playlists/queryHistoryPublish',
      {
        summary: 'Plans that were ever published (history delivery list)',
        querystring: playlistPageQuery,
        response: playlistPage,
      },
      (request) => queryHistory(ctx, request.user, request.query),
    );

    route.get(
      '/api/Playlists/getPlayingModes',
      { summary: 'Play modes: order, round, random', response: playingModesResponse },
      async (request) =>
        PLAYING_MODES.map((value) => ({ value, label: tr(request.lang, `playlists:playingMode.${value}`) })),
    );

    route.get(
      '/api/Playlists/queryClientAndAdByPlaylistId',
      { summary: "A plan's customer and ads", querystring: playlistIdQuery, response: clientAndAds },
      async (request) => {
        const plan = await getPlan(ctx, request.user, request.query.playListId);
        return { clientId: plan.clientId, clientName: plan.clientName, advertisements: plan.advertisements };
      },
    );

    route.get(
      '/api/Playlists/:id',
      { summary: 'One plan (details page)', params: idParams, response: playlistResponse },
      (request) => getPlan(ctx, request.user, request.params.id),
    );

    route.get(
      '/api/Publishes/obtainPlaylistByplayId',
      {
        summary: "A plan's schedule: begin, end, createtime, priority, cycle, times, clientId",
        querystring: playlistIdQuery,
        response: obtainPlaylistResponse,
      },
      async (request) => {
        const p = await getPlan(ctx, request.user, request.query.playListId);
        return {
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
        };
      },
    );

    route.post(
      '/api/Playlists',
      { summary: 'Create a plan', body: playlistInput, response: playlistResponse, config: { roles: PLAN_EDITORS } },
      (request) => createPlan(ctx, request.user, request.body),
    );

    route.put(
      '/api/Playlists',
      {
        summary: 'Edit a plan (not while delivered or under review)',
        body: playlistUpdateInput,
        response: playlistResponse,
        config: { roles: PLAN_EDITORS },
      },
      (request) => updatePlan(ctx, request.user, request.body),
    );

    route.delete(
      '/api/Playlists/:id',
      {
        summary: 'Delete a plan (refused while it is delivered to devices)',
        params: idParams,
        response: okEnvelope(z.object({ id: z.string() })),
        config: { roles: PLAN_EDITORS },
      },
      (request) => deletePlan(ctx, request.user, request.params.id),
    );
  };
}
