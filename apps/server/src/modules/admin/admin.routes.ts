import {
  auditListQuery,
  auditPage,
  clientDetailQuery,
  clientDetailResponse,
  clientListQuery,
  clientPage,
  clientSubmitBody,
  clientSubmitResponse,
  iframeAllowListResponse,
  menuDetailQuery,
  menuDetailResponse,
  menuListQuery,
  menuListResponse,
  menuSubmitBody,
  menuSubmitResponse,
  menuTreeResponse,
  paramDetailQuery,
  paramDetailResponse,
  paramListQuery,
  paramPage,
  paramSubmitBody,
  paramSubmitResponse,
  removeQuery,
  removeResponse,
} from '@robot-ads/contracts/admin/admin.schemas';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { zodRoutes } from '../../platform/zod-routes';
import { type Actor, auditPage as readAuditPage } from './admin.audit-log';
import type { ClientsService } from './clients.service';
import type { MenusAdminService } from './menus-admin.service';
import type { ParamsService } from './params.service';

const superuser = { rootOnly: true } as const;

function actor(request: FastifyRequest): Actor {
  return { user: request.user, ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') };
}

/** Blade remove: ids comma separated (duplicates and blanks dropped). */
export function splitIds(ids: string): string[] {
  return [
    ...new Set(
      ids
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ].slice(0, 200);
}

/** System administration: the blade-system menu, client and param calls (super and admin only). */
export function adminRoutes(
  ctx: AppContext,
  services: { menus: MenusAdminService; clients: ClientsService; params: ParamsService },
): FastifyPluginAsyncZod {
  const { menus, clients, params } = services;
  return async (app) => {
    const route = zodRoutes(app, ['admin']);
    // ---- menus ----
    route.get(
      '/api/blade-system/menu/list',
      {
        summary:
          'Menu management: the whole tree (catalogue with its edits; buttons are category 2), or the matches of a filter',
        querystring: menuListQuery,
        response: menuListResponse,
        config: superuser,
      },
      async (request) => menus.list(request.lang, request.query),
    );
    route.get(
      '/api/blade-system/menu/detail',
      {
        summary: 'One menu entry or button',
        querystring: menuDetailQuery,
        response: menuDetailResponse,
        config: superuser,
      },
      async (request) => menus.detail(request.lang, request.query.id),
    );
    route.get(
      '/api/blade-system/menu/tree',
      { summary: 'The menu tree for a parent selector', response: menuTreeResponse, config: superuser },
      async (request) => menus.tree(request.lang),
    );
    route.post(
      '/api/blade-system/menu/submit',
      {
        summary:
          'Create or update a menu entry or a button (an existing id updates it); every instance sees it within a second',
        body: menuSubmitBody,
        response: menuSubmitResponse,
        config: superuser,
      },
      async (request) => menus.submit(actor(request), request.lang, request.body),
    );
    route.post(
      '/api/blade-system/menu/remove',
      {
        summary: 'Remove menu entries or buttons (ids comma separated)',
        querystring: removeQuery,
        response: removeResponse,
        config: superuser,
      },
      async (request) => ({ removed: await menus.remove(actor(request), splitIds(request.query.ids)) }),
    );
    // ---- clients ----
    route.page(
      '/api/blade-system/client/list',
      {
        summary: 'OAuth clients (secrets are never returned)',
        querystring: clientListQuery,
        response: clientPage,
        config: superuser,
      },
      async (request) => clients.page(request.query),
    );
    route.get(
      '/api/blade-system/client/detail',
      {
        summary: 'One OAuth client',
        querystring: clientDetailQuery,
        response: clientDetailResponse,
        config: superuser,
      },
      async (request) => clients.detail(request.query.id),
    );
    route.post(
      '/api/blade-system/client/submit',
      {
        summary:
          'Create or update an OAuth client; clientSecret is in the answer only when issued (creation or resetSecret)',
        body: clientSubmitBody,
        response: clientSubmitResponse,
        config: superuser,
      },
      async (request) => clients.submit(actor(request), request.body),
    );
    route.post(
      '/api/blade-system/client/remove',
      {
        summary: 'Remove OAuth clients (ids comma separated)',
        querystring: removeQuery,
        response: removeResponse,
        config: superuser,
      },
      async (request) => ({ removed: await clients.remove(actor(request), splitIds(request.query.ids)) }),
    );
    // ---- parameters ----
    route.page(
      '/api/blade-system/param/list',
      {
        summary: 'System parameters (the built-in ones included)',
        querystring: paramListQuery,
        response: paramPage,
        config: superuser,
      },
      async (request) => params.page(request.lang, request.query),
    );
    route.get(
      '/api/blade-system/param/detail',
      {
        summary: 'One system parameter',
        querystring: paramDetailQuery,
        response: paramDetailResponse,
        config: superuser,
      },
      async (request) => params.detail(request.query.id, request.lang),
    );
    route.post(
      '/api/blade-system/param/submit',
      {
        summary: 'Create or update a system parameter (a built-in key has its value checked); takes effect at once',
        body: paramSubmitBody,
        response: paramSubmitResponse,
        config: superuser,
      },
      async (request) => params.submit(actor(request), request.lang, request.body),
    );
    route.post(
      '/api/blade-system/param/remove',
      {
        summary: 'Remove system parameters (ids comma separated; built-in ones cannot be removed)',
        querystring: removeQuery,
        response: removeResponse,
        config: superuser,
      },
      async (request) => ({ removed: await params.remove(actor(request), splitIds(request.query.ids)) }),
    );
    route.get(
      '/api/blade-system/param/iframeAllowList',
      {
        summary: 'The origins /myiframe may embed (parameter iframe_allow_list); any logged-in user',
        response: iframeAllowListResponse,
      },
      async () => {
        await params.warm();
        return params.iframeOrigins();
      },
    );
    // ---- audit log of these pages ----
    route.page(
      '/api/blade-system/audit/list',
      {
        summary: 'Changes made in system administration: who, when, what, from where',
        querystring: auditListQuery,
        response: auditPage,
        config: superuser,
      },
      async (request) => readAuditPage(ctx.db, request.query),
    );
  };
}
