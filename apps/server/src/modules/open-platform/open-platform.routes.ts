import { emptyOk } from '@robot-ads/contracts/auth/auth.schemas';
import { idParams } from '@robot-ads/contracts/common/ids';
import {
  apiUserInput,
  apiUserPage,
  apiUserPageQuery,
  apiUserResponse,
  apiUserSecretResponse,
  apiUserUpdateInput,
  auditPage,
  auditPageQuery,
  blacklistInput,
  blacklistPage,
  blacklistPageQuery,
  blacklistResponse,
  deliveryPage,
  deliveryPageQuery,
  deliveryResponse,
  interfaceListResponse,
  interfaceToggleBody,
  interfaceToggleResponse,
  rotateSecretBody,
  sessionPage,
  sessionPageQuery,
  webhookCreatedResponse,
  webhookInput,
  webhookPage,
  webhookPageQuery,
  webhookResponse,
  webhookRotateBody,
  webhookUpdateBody,
} from '@robot-ads/contracts/open-platform/open-platform.schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zodRoutes } from '../../platform/zod-routes';
import { PUBLIC_PARTNER_DOCS_PATH } from './open-platform.model';
import type { Actor, OpenPlatformService } from './open-platform.service';
import type { PartnerWebhooks } from './partner-webhooks';

const rootOnly = { rootOnly: true };
const actorOf = (request: FastifyRequest): Actor => ({ username: request.user.username, ip: request.ip });

/** The open platform's management calls (root only) and a partner's own documentation. */
export function openPlatformRoutes(service: OpenPlatformService, webhooks: PartnerWebhooks): FastifyPluginAsyncZod {
  return async (app) => {
    const route = zodRoutes(app, ['open-platform']);
    /** A root command on one record answering nothing (remove, revoke). */
    const idCommand = (
      method: 'POST' | 'DELETE',
      url: string,
      summary: string,
      run: (id: string, actor: Actor) => Promise<void>,
    ) =>
      (method === 'POST' ? route.post : route.delete)(
        url,
        { summary, params: idParams, response: emptyOk, config: rootOnly },
        async (request) => {
          await run(request.params.id, actorOf(request));
          return null;
        },
      );

    // ---- API users
    route.page(
      '/api/OpenPlatform/apiUsers',
      {
        summary: 'Partner applications, paged; filter name',
        querystring: apiUserPageQuery,
        response: apiUserPage,
        config: rootOnly,
      },
      (request) => service.pageApiUsers(request.query),
    );
    route.get(
      '/api/OpenPlatform/apiUsers/:id',
      {
        summary: 'One partner application (never its secret)',
        params: idParams,
        response: apiUserResponse,
        config: rootOnly,
      },
      (request) => service.getApiUser(request.params.id),
    );
    route.post(
      '/api/OpenPlatform/apiUsers',
      {
        summary: 'Create a partner application: the answer holds the client secret, shown this once',
        body: apiUserInput,
        response: apiUserSecretResponse,
        config: rootOnly,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return service.createApiUser(request.body, actorOf(request));
      },
    );
    route.put(
      '/api/OpenPlatform/apiUsers/:id',
      {
        summary: 'Change a partner application (not its secret); fields not sent are kept',
        params: idParams,
        body: apiUserUpdateInput,
        response: apiUserResponse,
        config: rootOnly,
      },
      (request) => service.updateApiUser(request.params.id, request.body, actorOf(request)),
    );
    route.delete(
      '/api/OpenPlatform/apiUsers/:id',
      {
        summary: 'Remove a partner application, its sessions and webhooks',
        params: idParams,
        response: emptyOk,
        config: rootOnly,
      },
      async (request) => {
        await service.removeApiUser(request.params.id, actorOf(request));
        return null;
      },
    );
    route.post(
      '/api/OpenPlatform/apiUsers/:id/rotateSecret',
      {
        summary: 'A new client secret (shown this once); the old one stays valid for overlapSeconds',
        params: idParams,
        body: rotateSecretBody,
        response: apiUserSecretResponse,
        config: rootOnly,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return service.rotateSecret(request.params.id, request.body.overlapSeconds, actorOf(request));
      },
    );

    // ---- sessions
    route.page(
      '/api/OpenPlatform/sessions',
      {
        summary: 'Partner sessions (live by default), paged',
        querystring: sessionPageQuery,
        response: sessionPage,
        config: rootOnly,
      },
      (request) => service.pageSessions(request.query),
    );
    route.post(
      '/api/OpenPlatform/sessions/:id/revoke',
      {
        summary: 'Revoke a partner session: its next call fails on every instance',
        params: idParams,
        response: emptyOk,
        config: rootOnly,
      },
      async (request) => {
        await service.revokeSession(request.params.id, actorOf(request));
        return null;
      },
    );

    // ---- interfaces
    route.get(
      '/api/OpenPlatform/interfaces',
      {
        summary: "The calls open to partners (routes tagged 'open' in the OpenAPI document)",
        response: interfaceListResponse,
        config: rootOnly,
      },
      () => service.interfaces(),
    );
    route.put(
      '/api/OpenPlatform/interfaces',
      {
        summary: 'Switch an open interface on or off for every partner',
        body: interfaceToggleBody,
        response: interfaceToggleResponse,
        config: rootOnly,
      },
      (request) => service.toggleInterface(request.body.key, request.body.enabled, actorOf(request)),
    );
    // The document itself, not wrapped in the envelope (like /api/docs/json), so that a partner's generator
    // takes the URL as is; its refusals (token, grants, limits) still answer in the error envelope.
    app.get(
      '/api/OpenPlatform/openapi.json',
      {
        schema: {
          tags: ['open-platform'],
          summary:
            'The OpenAPI document of the calls a partner token may make (for a logged-in user: every open call); the document itself, not in the envelope',
          response: { 200: z.record(z.string(), z.unknown()).describe('An OpenAPI 3 document') },
        },
      },
      (request) => service.partnerDocument(request.partner),
    );

    // The same document for every caller without a token (what root offers: every open call switched on), so
    // that a generator takes this URL as it is; a partner's granted part stays at /api/OpenPlatform/openapi.json.
    app.get(
      PUBLIC_PARTNER_DOCS_PATH,
      {
        schema: {
          tags: ['open-platform'],
          summary:
            'The partner API as an OpenAPI document, without a token (every open call that is switched on): the URL to give a generator',
          response: { 200: z.record(z.string(), z.unknown()).describe('An OpenAPI 3 document') },
        },
        config: { public: true },
      },
      () => service.partnerDocument(null),
    );

    // ---- blacklist
    route.page(
      '/api/OpenPlatform/blacklist',
      {
        summary: 'Blacklisted IPs/CIDR, clients and accounts, paged',
        querystring: blacklistPageQuery,
        response: blacklistPage,
        config: rootOnly,
      },
      (request) => service.pageBlacklist(request.query),
    );
    route.post(
      '/api/OpenPlatform/blacklist',
      {
        summary: 'Blacklist an IP or CIDR range, a client id or an account id',
        body: blacklistInput,
        response: blacklistResponse,
        config: rootOnly,
      },
      (request) => service.addBlacklist(request.body, actorOf(request)),
    );
    idCommand('DELETE', '/api/OpenPlatform/blacklist/:id', 'Remove a blacklist entry', (id, actor) =>
      service.removeBlacklist(id, actor),
    );

    // ---- webhooks
    route.page(
      '/api/OpenPlatform/webhooks',
      {
        summary: 'Webhook endpoints (URL, events, enabled), paged; filter apiUserId',
        querystring: webhookPageQuery,
        response: webhookPage,
        config: rootOnly,
      },
      (request) => webhooks.page(request.query),
    );
    route.post(
      '/api/OpenPlatform/webhooks',
      {
        summary:
          'An endpoint of an application: a URL, its event types; the answer holds the signing secret, shown this once',
        body: webhookInput,
        response: webhookCreatedResponse,
        config: rootOnly,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return webhooks.create(request.body, actorOf(request));
      },
    );
    route.put(
      '/api/OpenPlatform/webhooks/:id',
      {
        summary: 'Switch a webhook endpoint on or off, or set its event types',
        params: idParams,
        body: webhookUpdateBody,
        response: webhookResponse,
        config: rootOnly,
      },
      (request) => webhooks.update(request.params.id, request.body, actorOf(request)),
    );
    route.post(
      '/api/OpenPlatform/webhooks/:id/rotateSecret',
      {
        summary: 'A new signing secret (shown this once); the previous one also signs during the overlap',
        params: idParams,
        body: webhookRotateBody,
        response: webhookCreatedResponse,
        config: rootOnly,
      },
      async (request, reply) => {
        reply.header('cache-control', 'no-store');
        return webhooks.rotateSecret(request.params.id, request.body.overlapSeconds, actorOf(request));
      },
    );
    idCommand('DELETE', '/api/OpenPlatform/webhooks/:id', 'Remove a webhook endpoint', (id, actor) =>
      webhooks.remove(id, actor),
    );
    route.page(
      '/api/OpenPlatform/webhookDeliveries',
      {
        summary: 'The delivery log, newest first; filters webhookId, state',
        querystring: deliveryPageQuery,
        response: deliveryPage,
        config: rootOnly,
      },
      (request) => webhooks.deliveries(request.query),
    );
    route.post(
      '/api/OpenPlatform/webhookDeliveries/:id/resend',
      {
        summary: 'Send a delivery again (a new round of attempts)',
        params: idParams,
        response: deliveryResponse,
        config: rootOnly,
      },
      (request) => webhooks.resend(request.params.id, actorOf(request)),
    );

    // ---- audit log
    route.page(
      '/api/OpenPlatform/auditLog',
      {
        summary: 'Every partner call and every change on the open platform pages, newest first',
        querystring: auditPageQuery,
        response: auditPage,
        config: rootOnly,
      },
      (request) => service.pageAudit(request.query),
    );
  };
}
