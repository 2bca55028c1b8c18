import type { Language } from '@robot-ads/contracts/common/language';
import type { ButtonEntry, MenuEntry } from '@robot-ads/contracts/menus/menus.catalogue';
import { BUTTON_CATALOGUE, MENU_CATALOGUE } from '@robot-ads/contracts/menus/menus.catalogue';
import { type MenuViewer, visibleButtons, visibleMenus } from '@robot-ads/contracts/menus/menus.rules';
import { type MenuItem, menuButtonsResponse, menuRoutesResponse } from '@robot-ads/contracts/menus/menus.schemas';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import type { SessionUser } from '../../platform/session-user';
import { zodRoutes } from '../../platform/zod-routes';

/**
 * Where the menus come from: the catalogue, or (menu management, the admin module) the catalogue with the
 * edits stored in the database, cached and kept current on every instance.
 */
export interface MenuSource {
  current(): Promise<{ menus: readonly MenuEntry[]; buttons: readonly ButtonEntry[] }>;
}

export const catalogueMenus: MenuSource = {
  current: async () => ({ menus: MENU_CATALOGUE, buttons: BUTTON_CATALOGUE }),
};

const catalogueLabels = new Map<string, { zh: string; en: string }>();
const collectLabels = (entries: readonly MenuEntry[]) => {
  for (const e of entries) {
    catalogueLabels.set(e.path, e.label);
    if (e.children) collectLabels(e.children);
  }
};
collectLabels(MENU_CATALOGUE);

function toItem(entry: MenuEntry, lang: Language): MenuItem {
  const seed = catalogueLabels.get(entry.path);
  // A label edited in menu management travels with the item (the web's i18n key holds the catalogue's).
  const edited = !seed || seed.zh !== entry.label.zh || seed.en !== entry.label.en;
  return {
    id: entry.path,
    name: entry.label[lang],
    path: entry.path,
    icon: entry.icon,
    query: entry.query ?? '',
    meta: {
      i18n: entry.i18n,
      hidden: entry.hidden ?? false,
      keepAlive: entry.keepAlive ?? false,
      ...(edited ? { label: { zh: entry.label.zh, en: entry.label.en } } : {}),
    },
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

/** The user's menus and button permission codes, from the catalogue with menu management's edits. */
export function menusRoutes(ctx: AppContext, source: MenuSource = catalogueMenus): FastifyPluginAsyncZod {
  return async (app) => {
    const route = zodRoutes(app, ['auth']);
    route.get(
      '/api/blade-system/menu/routes',
      {
        summary: "The caller's menu tree (spec section 2 visibility rules; hidden items are detail pages)",
        response: menuRoutesResponse,
      },
      async (request) => {
        const { menus: all } = await source.current();
        const menus = visibleMenus(all, menuViewer(request.user, ctx.config.REGION));
        return menus.map((m) => toItem(m, request.lang));
      },
    );
    route.get(
      '/api/blade-system/menu/buttons',
      { summary: "The caller's button permission codes", response: menuButtonsResponse },
      async (request) => visibleButtons((await source.current()).buttons, menuViewer(request.user, ctx.config.REGION)),
    );
  };
}
