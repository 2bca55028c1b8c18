import type { Language } from '@robot-ads/contracts/common/language';
import type { MenuEntry } from '@robot-ads/contracts/menus/menus.catalogue';
import { BUTTON_CATALOGUE, MENU_CATALOGUE } from '@robot-ads/contracts/menus/menus.catalogue';
import { type MenuViewer, visibleButtons, visibleMenus } from '@robot-ads/contracts/menus/menus.rules';
import { type MenuItem, menuButtonsResponse, menuRoutesResponse } from '@robot-ads/contracts/menus/menus.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import type { SessionUser } from '../../platform/session-user';
import { zodRoutes } from '../../platform/zod-routes';

function toItem(entry: MenuEntry, lang: Language): MenuItem {
  return {
    id: entry.path,
    name: entry.label[lang],
    path: entry.path,
    icon: entry.icon,
    query: entry.query ?? '',
    meta: { i18n: entry.i18n, hidden: entry.hidden ?? false, keepAlive: entry.keepAlive ?? false },
    children: (entry.children ?? []).map((c) => toItem(c, lang)),
  };
}

export function menuViewer(user: SessionUser, region: 'CN' | 'HK'): MenuViewer {
  return {
    id: user.id,
    username: user.username,
    role: user.role,
    principals: user.principals,
    diy: user.diy,
    autoAudit: user.autoAudit,
    region,
  };
}

/** The user's menus and button permission codes, from the one catalogue in the contracts. */
export function menusRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const route = zodRoutes(app, ['auth']);
    route.get(
      '/api/blade-system/menu/routes',
      {
        summary: "The caller's menu tree (spec section 2 visibility rules; hidden items are detail pages)",
        response: menuRoutesResponse,
      },
      async (request) => {
        const menus = visibleMenus(MENU_CATALOGUE, menuViewer(request.user, ctx.config.REGION));
        return menus.map((m) => toItem(m, request.lang));
      },
    );
    route.get(
      '/api/blade-system/menu/buttons',
      { summary: "The caller's button permission codes", response: menuButtonsResponse },
      async (request) => visibleButtons(BUTTON_CATALOGUE, menuViewer(request.user, ctx.config.REGION)),
    );
  };
}
