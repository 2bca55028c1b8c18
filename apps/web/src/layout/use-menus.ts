import type { MenuItem, menuRoutesResponse } from '@robot-ads/contracts/menus/menus.schemas';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { findPage } from '../app/registry';
import { api } from '../lib/api-client';
import { sessionStore } from '../lib/session';

export const MENUS_PATH = '/api/blade-system/menu/routes';

/** A sidebar entry: a server menu item whose page (or one of whose children's pages) is built. */
export interface NavItem {
  key: string;
  path: string | null;
  query?: string;
  label: string;
  icon: string | null;
  children: NavItem[];
}

export function useServerMenus() {
  const token = sessionStore.use((s) => s.token);
  const userId = sessionStore.use((s) => s.user?.id);
  return useQuery({
    queryKey: ['menus', userId],
    queryFn: () => api.get<z.infer<typeof menuRoutesResponse>>(MENUS_PATH),
    enabled: Boolean(token),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

function withQuery(query: string): { query?: string } {
  if (!query) return {};
  return { query: query.startsWith('?') ? query : `?${query}` };
}

/**
 * The sidebar tree: items hidden by their meta (detail pages) and items whose page is not built are left
 * out; a group left without children disappears, so no link leads to a 404.
 */
export function toNavItems(menus: readonly MenuItem[], label: (menu: MenuItem) => string): NavItem[] {
  const result: NavItem[] = [];
  for (const menu of menus) {
    if (menu.meta.hidden) continue;
    if (menu.children.length > 0) {
      const children = toNavItems(menu.children, label);
      if (children.length > 0) result.push({ key: menu.id, path: null, label: label(menu), icon: menu.icon, children });
    } else if (findPage(menu.path) || menu.path.startsWith('/myiframe/')) {
      result.push({
        key: menu.id,
        path: menu.path,
        ...withQuery(menu.query),
        label: label(menu),
        icon: menu.icon,
        children: [],
      });
    }
  }
  return result;
}

function collectPaths(menus: readonly MenuItem[], into: Set<string>): Set<string> {
  for (const menu of menus) {
    into.add(menu.path);
    collectPaths(menu.children, into);
  }
  return into;
}

/** Every path in the user's server menus, hidden detail pages included (null while they load). */
export function useMenuPaths(): ReadonlySet<string> | null {
  const { data, isError } = useServerMenus();
  return useMemo(() => (data ? collectPaths(data, new Set()) : isError ? new Set<string>() : null), [data, isError]);
}

export function useNavItems() {
  const { t, i18n } = useTranslation();
  const { data, isLoading } = useServerMenus();
  return useMemo(() => {
    // A label edited in menu management comes with the item; otherwise the catalogue's i18n key gives the
    // label in the page's language (the server's name is a fallback).
    const label = (menu: MenuItem) =>
      menu.meta.label
        ? menu.meta.label[i18n.language === 'en' ? 'en' : 'zh']
        : t(`menu:${menu.meta.i18n}`, { defaultValue: menu.name });
    const items = toNavItems(data ?? [], label);
    const byKey = new Map<string, NavItem>();
    const walk = (nodes: NavItem[]) => {
      for (const node of nodes) {
        byKey.set(node.key, node);
        walk(node.children);
      }
    };
    walk(items);
    return { items, byKey, loading: isLoading };
  }, [data, isLoading, t, i18n.language]);
}
