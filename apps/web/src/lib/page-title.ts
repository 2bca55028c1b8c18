import { menuKeyForPath } from './menu-texts';
import type { PageDefinition } from './pages';

/** The full i18n key ('ns:key') of a page's title: its own, else the menu catalogue's label. */
export function pageTitleKey(page: PageDefinition): string {
  if (page.title) return `${page.namespace}:${page.title}`;
  return menuKeyForPath(page.path) ?? `${page.namespace}:title`;
}
