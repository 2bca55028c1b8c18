import type { Principal, Role } from '../auth/roles';
import type { ButtonEntry, MenuEntry } from './menus.catalogue';

export type Region = 'CN' | 'HK';

/** What menu visibility depends on (spec section 2). */
export interface MenuViewer {
  id: string;
  username: string;
  role: Role;
  principals: Principal;
  diy: boolean;
  autoAudit: boolean;
  region: Region;
}

const isAdvertiser = (role: Role) => role === 'advertisers' || role === 'advertisers_special';
const isSuper = (v: MenuViewer) => v.principals === 'root' || v.principals === 'admin';
const listed = (list: readonly string[] | undefined, v: MenuViewer) =>
  Boolean(list?.some((x) => x === v.id || x === v.username));

/** Every visibility rule of section 2, for one catalogue entry (children are judged separately). */
export function entryVisible(entry: MenuEntry | ButtonEntry, v: MenuViewer, region?: Region): boolean {
  const menu = entry as MenuEntry;
  if (listed(menu.exclude, v)) return false;
  if (region === 'HK' && menu.international) return false;
  if (entry.rootOnly && v.principals !== 'root') return false;
  if (entry.superuserOnly && !isSuper(v)) return false;
  if (menu.exceptSuperuser && isSuper(v)) return false;
  const button = entry as ButtonEntry;
  if (button.notRoles?.includes(v.role)) return false;
  if (entry.hideForAutoAudit && v.role === 'project' && v.autoAudit) return false;
  if (entry.advertiserDiy && isAdvertiser(v.role) && !v.diy) return false;
  if (menu.requiresDiy && !v.diy) return false;
  if (entry.roles && !entry.roles.includes(v.role) && !listed(menu.include, v)) {
    // root/admin see every operator entry whatever their own role.
    const operatorEntry = entry.roles.includes('super') || entry.roles.includes('administrator');
    if (!(isSuper(v) && operatorEntry)) return false;
  }
  return true;
}

/** The user's menu tree: entries that pass, groups that keep at least one child. Role hide sees none. */
export function visibleMenus(catalogue: readonly MenuEntry[], v: MenuViewer): MenuEntry[] {
  if (v.role === 'hide') return [];
  const out: MenuEntry[] = [];
  for (const entry of catalogue) {
    if (!entryVisible(entry, v, v.region)) continue;
    if (entry.children) {
      const children = visibleMenus(entry.children, v);
      if (children.length > 0) out.push({ ...entry, children });
    } else {
      out.push(entry);
    }
  }
  return out;
}

export function visibleButtons(catalogue: readonly ButtonEntry[], v: MenuViewer): string[] {
  if (v.role === 'hide') return [];
  return catalogue.filter((b) => entryVisible(b, v, v.region)).map((b) => b.code);
}

/** Every path in a menu tree (the pages a user may open). */
export function menuPaths(entries: readonly MenuEntry[], into: string[] = []): string[] {
  for (const e of entries) {
    if (!e.children) into.push(e.path);
    else menuPaths(e.children, into);
  }
  return into;
}
