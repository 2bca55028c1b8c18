import { OPERATOR_ROLES } from '@robot-ads/contracts/auth/roles';
import type { Language } from '@robot-ads/contracts/common/language';
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
import type { SessionUser } from '../../platform/session-user';
import { zodRoutes } from '../../platform/zod-routes';
import type { PublishingContext } from './publishing.context';
import { cancelDirect, type DirectTarget, publishDirect, publishIntelligent } from './publishing.service';

/** The spec keeps these routes under Playlists: they are listed with the plans. */
const tags = ['playlists'];
/** What the direct publish and cancel routes read from their request. */
type DirectRequest = { user: SessionUser; lang: Language; body: { playListId: string } };

/** Operators publish a plan directly and cancel it (Playlists/publishWith*, cancelPlayListBy*). */
export function directPublishRoutes(ctx: PublishingContext): FastifyPluginAsyncZod {
  return async (app) => {
    const route = zodRoutes(app, tags);

    // ---- Operators publish directly (advertisers apply through Ad_Audits) ----
    const operators = { roles: OPERATOR_ROLES };
    const publishTo = (request: DirectRequest, target: DirectTarget) =>
      publishDirect(ctx, request.user, request.body.playListId, target, request.lang);
    const cancelOn = (request: DirectRequest & { body: { reason: string } }, target: DirectTarget) =>
      cancelDirect(ctx, request.user, request.body.playListId, target, request.body.reason);

    route.post(
      '/api/Playlists/publishWithRobots',
      { summary: 'Publish to devices', body: publishWithRobotsBody, response: publishOutcome, config: operators },
      (request) => publishTo(request, { kind: 'robots', robotIds: request.body.robotIds }),
    );

    route.post(
      '/api/Playlists/publishWithAdGroups',
      {
        summary: 'Publish to device groups',
        body: publishWithAdGroupsBody,
        response: publishOutcome,
        config: operators,
      },
      (request) => publishTo(request, { kind: 'adGroups', adGroupIds: request.body.adGroupIds }),
    );

    route.post(
      '/api/Playlists/publishWithAccount',
      {
        summary: 'Publish to every device of property accounts',
        body: publishWithAccountBody,
        response: publishOutcome,
        config: operators,
      },
      (request) => publishTo(request, { kind: 'accounts', accounts: request.body.accounts }),
    );

    route.post(
      '/api/Playlists/publishWithMode',
      {
        summary: 'Intelligent delivery: at most 10 devices, named or chosen by distance, region and type',
        body: publishWithModeBody,
        response: publishOutcome,
        config: operators,
      },
      (request) => publishIntelligent(ctx, request.user, request.body, request.lang),
    );

    route.post(
      '/api/Playlists/cancelPlayListByrobots',
      {
        summary: 'Cancel the delivery on devices',
        body: cancelByRobotsBody,
        response: cancelOutcome,
        config: operators,
      },
      (request) => cancelOn(request, { kind: 'robots', robotIds: request.body.robotIds }),
    );

    route.post(
      '/api/Playlists/cancelPlayListByAccounts',
      {
        summary: 'Cancel the delivery on every device of property accounts',
        body: cancelByAccountsBody,
        response: cancelOutcome,
        config: operators,
      },
      (request) => cancelOn(request, { kind: 'accounts', accounts: request.body.accounts }),
    );
  };
}
