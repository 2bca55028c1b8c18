import type { AdminMenu, MenuSubmit, MenuTreeNode } from '@robot-ads/contracts/admin/admin.schemas';
import type { Role } from '@robot-ads/contracts/auth/roles';
import type { Language } from '@robot-ads/contracts/common/language';
import {
  BUTTON_CATALOGUE,
  type ButtonEntry,
  MENU_CATALOGUE,
  type MenuEntry,
} from '@robot-ads/contracts/menus/menus.catalogue';
import { eq } from 'drizzle-orm';
import { AppError } from '../../platform/app-error';
import type { PlatformContext } from '../../platform/context';
import { type Actor, writeAudit } from './admin.audit';
import { bumpRevision, RevisionedCache } from './admin.cache';
import { adminMenus } from './admin.table';

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

interface Node {
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

export const MENUS_CACHE = 'menus';
const ROOT = '0';
const buttonId = (code: string) => `button:${code}`;

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

/** Menu management (blade-system menu calls) over the catalogue; the merged tree feeds the routes call. */
export class MenusAdminService {
  private readonly cache: RevisionedCache<MergedMenus>;

  constructor(private readonly ctx: PlatformContext) {
    this.cache = new RevisionedCache(ctx.db, MENUS_CACHE, async () =>
      mergeMenus(await ctx.db.select().from(adminMenus)),
    );
  }

  merged(): Promise<MergedMenus> {
    return this.cache.get();
  }

  async list(lang: Language, q: { name?: string; category?: 1 | 2 }): Promise<AdminMenu[]> {
    const merged = await this.cache.get();
    const tree = this.adminTree(merged, lang);
    if (!q.name && !q.category) return tree;
    const flat: AdminMenu[] = [];
    const needle = q.name?.toLowerCase();
    const walk = (items: AdminMenu[]) => {
      for (const item of items) {
        const nameOk =
          !needle || item.nameZh.toLowerCase().includes(needle) || item.nameEn.toLowerCase().includes(needle);
        if (nameOk && (!q.category || item.category === q.category)) flat.push({ ...item, children: [] });
        walk(item.children);
      }
    };
    walk(tree);
    return flat;
  }

  async detail(lang: Language, id: string): Promise<AdminMenu> {
    const merged = await this.cache.get();
    const node = merged.nodes.get(id);
    if (!node || node.removed) throw new AppError('MENU_NOT_FOUND', { id });
    const found = this.find(this.adminTree(merged, lang), id);
    return found ?? { ...this.toAdmin(node, lang), children: [] };
  }

  async tree(lang: Language): Promise<MenuTreeNode[]> {
    const merged = await this.cache.get();
    const convert = (items: AdminMenu[]): MenuTreeNode[] =>
      items
        .filter((i) => i.category === 1)
        .map((i) => ({
          id: i.id,
          parentId: i.parentId,
          title: i.name,
          key: i.id,
          value: i.id,
          children: convert(i.children),
        }));
    return convert(this.adminTree(merged, lang));
  }

  async submit(actor: Actor, lang: Language, body: MenuSubmit): Promise<AdminMenu> {
    const merged = await this.cache.get();
    const existing = body.id ? merged.nodes.get(body.id) : undefined;
    const category = existing?.category ?? body.category;
    let id: string;
    if (existing) {
      id = existing.id;
    } else if (category === 1) {
      if (!body.path) throw new AppError('MENU_PATH_REQUIRED', {}, 'path');
      id = body.path;
    } else {
      if (!body.code) throw new AppError('BUTTON_CODE_REQUIRED', {}, 'code');
      id = buttonId(body.code);
    }
    if (!existing && merged.nodes.has(id)) throw new AppError('MENU_EXISTS', { id }, category === 1 ? 'path' : 'code');
    if (category === 1 && (!body.nameZh || !body.nameEn)) {
      throw new AppError('MENU_NAME_REQUIRED', {}, body.nameZh ? 'nameEn' : 'nameZh');
    }
    this.checkParent(merged, id, body.parentId);
    const before = existing?.data ?? null;
    const data: MenuData = {
      parentId: body.parentId,
      // A catalogue entry keeps its path and code: the page and the code checks use them.
      path: category === 1 ? (existing?.seeded ? existing.data.path : (body.path ?? existing?.data.path ?? id)) : '',
      code: category === 1 ? id : existing?.seeded ? existing.data.code : (body.code ?? existing?.data.code ?? ''),
      nameZh: body.nameZh || before?.nameZh || id,
      nameEn: body.nameEn || before?.nameEn || id,
      query: body.query,
      icon: body.icon,
      sort: body.sort,
      roles: body.roles,
      include: body.include,
      exclude: body.exclude,
      hidden: body.hidden,
    };
    const now = this.ctx.clock.now();
    await this.ctx.db.transaction(async () => {
      const values = {
        id,
        category,
        seeded: existing?.seeded ?? false,
        removed: false,
        data,
        updatedAt: now,
        updatedBy: actor.user.id,
      };
      await this.ctx.db
        .insert(adminMenus)
        .values(values)
        .onConflictDoUpdate({
          target: adminMenus.id,
          set: { data, removed: false, updatedAt: now, updatedBy: actor.user.id },
        });
      await bumpRevision(this.ctx.db, MENUS_CACHE);
      await writeAudit(this.ctx.db, actor, now, existing ? 'menu.update' : 'menu.create', id, { before, after: data });
    });
    this.cache.invalidate();
    return this.detail(lang, id);
  }

  async remove(actor: Actor, ids: string[]): Promise<number> {
    const merged = await this.cache.get();
    for (const id of ids) {
      const node = merged.nodes.get(id);
      if (!node || node.removed) throw new AppError('MENU_NOT_FOUND', { id });
    }
    const now = this.ctx.clock.now();
    await this.ctx.db.transaction(async () => {
      for (const id of ids) {
        const node = merged.nodes.get(id) as Node;
        if (node.seeded) {
          await this.ctx.db
            .insert(adminMenus)
            .values({
              id,
              category: node.category,
              seeded: true,
              removed: true,
              data: node.data,
              updatedAt: now,
              updatedBy: actor.user.id,
            })
            .onConflictDoUpdate({
              target: adminMenus.id,
              set: { removed: true, updatedAt: now, updatedBy: actor.user.id },
            });
        } else {
          await this.ctx.db.delete(adminMenus).where(eq(adminMenus.id, id));
        }
        await writeAudit(this.ctx.db, actor, now, 'menu.remove', id, { before: node.data });
      }
      await bumpRevision(this.ctx.db, MENUS_CACHE);
    });
    this.cache.invalidate();
    return ids.length;
  }

  private checkParent(merged: MergedMenus, id: string, parentId: string): void {
    if (parentId === ROOT) return;
    const parent = merged.nodes.get(parentId);
    if (!parent || parent.removed || parent.category !== 1) throw new AppError('MENU_PARENT_INVALID', {}, 'parentId');
    // Walk up from the parent: meeting the entry itself would make a cycle.
    let cursor: Node | undefined = parent;
    const seen = new Set<string>();
    while (cursor && cursor.data.parentId !== ROOT && !seen.has(cursor.id)) {
      if (cursor.id === id) break;
      seen.add(cursor.id);
      cursor = merged.nodes.get(cursor.data.parentId);
    }
    if (cursor?.id === id || parentId === id) throw new AppError('MENU_PARENT_INVALID', {}, 'parentId');
  }

  private toAdmin(node: Node, lang: Language): Omit<AdminMenu, 'children'> {
    const d = node.data;
    return {
      id: node.id,
      parentId: d.parentId,
      category: node.category,
      code: d.code,
      name: lang === 'en' ? d.nameEn : d.nameZh,
      nameZh: d.nameZh,
      nameEn: d.nameEn,
      path: d.path,
      query: d.query ?? '',
      icon: d.icon,
      sort: d.sort,
      roles: d.roles,
      include: d.include,
      exclude: d.exclude,
      hidden: d.hidden,
      seeded: node.seeded,
      changed: node.changed,
    };
  }

  private adminTree(merged: MergedMenus, lang: Language): AdminMenu[] {
    const childrenOf = new Map<string, Node[]>();
    for (const node of merged.nodes.values()) {
      if (node.removed) continue;
      const list = childrenOf.get(node.data.parentId) ?? [];
      list.push(node);
      childrenOf.set(node.data.parentId, list);
    }
    const build = (parentId: string, seen: Set<string>): AdminMenu[] =>
      (childrenOf.get(parentId) ?? [])
        .filter((n) => !seen.has(n.id))
        .sort((a, b) => a.category - b.category || a.data.sort - b.data.sort || a.seq - b.seq)
        .map((n) => ({ ...this.toAdmin(n, lang), children: build(n.id, new Set(seen).add(n.id)) }));
    return build(ROOT, new Set());
  }

  private find(items: AdminMenu[], id: string): AdminMenu | undefined {
    for (const item of items) {
      if (item.id === id) return item;
      const found = this.find(item.children, id);
      if (found) return found;
    }
    return undefined;
  }
}
