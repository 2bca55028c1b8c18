import type { Role } from '@robot-ads/contracts/auth/roles';
import {
  BUTTON_CATALOGUE,
  type ButtonEntry,
  MENU_CATALOGUE,
  type MenuEntry,
} from '@robot-ads/contracts/menus/menus.catalogue';
import type { adminMenus } from './admin.table';

/** The editable fields of a menu entry or a button (stored in admin_menus.data). */
export interface MenuData {
  parentId: string;
  path: string;
  query: string;
  code: string;
  nameZh: string;
  nameEn: string;
  icon: string;
  sort: number;
  roles: Role[] | null;
  include: string[];
  exclude: string[];
  hidden: boolean;
}

export interface Node {
  id: string;
  category: 1 | 2;
  data: MenuData;
  seeded: boolean;
  changed: boolean;
  removed: boolean;
  /** Catalogue entry (its flags that are not editable here: rootOnly, diy rules...). */
  menu?: MenuEntry;
  button?: ButtonEntry;
  /** Whether the catalogue made it a group. */
  group: boolean;
  seq: number;
}

/** A button with the account lists menu management may give it (entryVisible reads them). */
export type MergedButton = ButtonEntry & { include?: readonly string[]; exclude?: readonly string[] };

export interface MergedMenus {
  nodes: Map<string, Node>;
  menus: MenuEntry[];
  buttons: MergedButton[];
  /** Catalogue labels by path: a merged label that differs was edited. */
  seedLabels: Map<string, { zh: string; en: string }>;
}

export const ROOT = '0';
export const buttonId = (code: string) => `button:${code}`;

function seedNodes(): { nodes: Map<string, Node>; seedLabels: Map<string, { zh: string; en: string }> } {
  const nodes = new Map<string, Node>();
  const seedLabels = new Map<string, { zh: string; en: string }>();
  let seq = 0;
  const walk = (entries: readonly MenuEntry[], parentId: string) => {
    entries.forEach((entry, index) => {
      const { children, ...flat } = entry;
      seedLabels.set(entry.path, entry.label);
      nodes.set(entry.path, {
        id: entry.path,
        category: 1,
        data: {
          parentId,
          path: entry.path,
          query: entry.query ?? '',
          code: entry.path,
          nameZh: entry.label.zh,
          nameEn: entry.label.en,
          icon: entry.icon,
          sort: (index + 1) * 10,
          roles: entry.roles ? [...entry.roles] : null,
          include: [...(entry.include ?? [])],
          exclude: [...(entry.exclude ?? [])],
          hidden: entry.hidden ?? false,
        },
        seeded: true,
        changed: false,
        removed: false,
        menu: flat,
        group: Boolean(children),
        seq: seq++,
      });
      if (children) walk(children, entry.path);
    });
  };
  walk(MENU_CATALOGUE, ROOT);
  BUTTON_CATALOGUE.forEach((button, index) => {
    nodes.set(buttonId(button.code), {
      id: buttonId(button.code),
      category: 2,
      data: {
        parentId: ROOT,
        path: '',
        query: '',
        code: button.code,
        nameZh: button.code,
        nameEn: button.code,
        icon: '',
        sort: (index + 1) * 10,
        roles: button.roles ? [...button.roles] : null,
        include: [],
        exclude: [],
        hidden: false,
      },
      seeded: true,
      changed: false,
      removed: false,
      button,
      group: false,
      seq: seq++,
    });
  });
  return { nodes, seedLabels };
}

type Row = typeof adminMenus.$inferSelect;

/** The catalogue with the stored edits applied. */
export function mergeMenus(rows: readonly Row[]): MergedMenus {
  const { nodes, seedLabels } = seedNodes();
  let seq = nodes.size;
  for (const row of rows) {
    const data = row.data as MenuData;
    const seed = nodes.get(row.id);
    if (seed) {
      Object.assign(seed, { data: { ...seed.data, ...data }, changed: true, removed: row.removed });
    } else if (!row.seeded) {
      nodes.set(row.id, {
        id: row.id,
        category: row.category === 2 ? 2 : 1,
        data,
        seeded: false,
        changed: true,
        removed: row.removed,
        group: false,
        seq: seq++,
      });
    }
  }
  const childrenOf = new Map<string, Node[]>();
  for (const node of nodes.values()) {
    if (node.removed) continue;
    const list = childrenOf.get(node.data.parentId) ?? [];
    list.push(node);
    childrenOf.set(node.data.parentId, list);
  }
  for (const list of childrenOf.values()) list.sort((a, b) => a.data.sort - b.data.sort || a.seq - b.seq);

  const toEntry = (node: Node, seen: Set<string>): MenuEntry => {
    const d = node.data;
    const kids = (childrenOf.get(node.id) ?? []).filter((c) => c.category === 1 && !seen.has(c.id));
    const entry: MenuEntry = {
      ...(node.menu ?? { i18n: `menu.custom.${node.id}` }),
      path: d.path,
      query: d.query || undefined,
      icon: d.icon,
      i18n: node.menu?.i18n ?? 'menu.custom',
      label: { zh: d.nameZh, en: d.nameEn },
      ...(d.roles ? { roles: d.roles } : { roles: undefined }),
      include: d.include,
      exclude: d.exclude,
      hidden: d.hidden,
    };
    if (node.group || kids.length > 0) {
      const next = new Set(seen).add(node.id);
      return { ...entry, children: kids.map((k) => toEntry(k, next)) };
    }
    return entry;
  };
  const menus = (childrenOf.get(ROOT) ?? []).filter((n) => n.category === 1).map((n) => toEntry(n, new Set([n.id])));
  const buttons: MergedButton[] = [];
  const reachable = new Set<string>([ROOT]);
  const mark = (id: string) => {
    for (const c of childrenOf.get(id) ?? []) {
      if (reachable.has(c.id)) continue;
      reachable.add(c.id);
      mark(c.id);
    }
  };
  mark(ROOT);
  for (const node of [...nodes.values()].sort((a, b) => a.seq - b.seq)) {
    if (node.category !== 2 || node.removed || !reachable.has(node.id)) continue;
    const d = node.data;
    buttons.push({
      ...(node.button ?? {}),
      code: d.code,
      ...(d.roles ? { roles: d.roles } : { roles: undefined }),
      include: d.include,
      exclude: d.exclude,
    });
  }
  return { nodes, menus, buttons, seedLabels };
}
