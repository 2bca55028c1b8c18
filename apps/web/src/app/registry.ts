import type { PageDefinition } from '../lib/pages';

/**
 * The pages the web has built. Every `features/<domain>/routes.ts` exports `pages: PageDefinition[]`
 * and is collected here; a server menu item whose path is not registered is not shown, so no link
 * leads to a 404. To add a page: add one entry to your feature's routes.ts (see docs/conventions.md).
 */
const routeModules = import.meta.glob<{ pages: PageDefinition[] }>('../features/*/routes.ts', { eager: true });

export const pageRegistry: ReadonlyMap<string, PageDefinition> = new Map(
  Object.values(routeModules)
    .flatMap((m) => m.pages ?? [])
    .map((page) => [page.path, page] as const),
);

export function findPage(path: string): PageDefinition | undefined {
  return pageRegistry.get(path) ?? pageRegistry.get(path.replace(/\/+$/, ''));
}
