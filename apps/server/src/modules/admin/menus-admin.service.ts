import type { AdminMenu, MenuSubmit, MenuTreeNode } from '@robot-ads/contracts/admin/admin.schemas';
import type { Language } from '@robot-ads/contracts/common/language';
import { AppError } from '../../platform/app-error';
import type { PlatformContext } from '../../platform/context';
import { type Actor, writeAudit } from './admin.audit-log';
import { RevisionedCache } from './admin.cache';
import { allMenuRows, bumpRevision, deleteMenuRow, upsertMenuRow } from './admin.repository';
import { buttonId, type MenuData, type MergedMenus, mergeMenus, type Node, ROOT } from './menus-merge';

export const MENUS_CACHE = 'menus';

/** Menu management (blade-system menu calls) over the catalogue; the merged tree feeds the routes call. */
export class MenusAdminService {
  private readonly cache: RevisionedCache<MergedMenus>;

  constructor(private readonly ctx: PlatformContext) {
    this.cache = new RevisionedCache(ctx.db, MENUS_CACHE, async () => mergeMenus(await allMenuRows(ctx.db)));
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
      await upsertMenuRow(this.ctx.db, values, { data, removed: false, updatedAt: now, updatedBy: actor.user.id });
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
          await upsertMenuRow(
            this.ctx.db,
            {
              id,
              category: node.category,
              seeded: true,
              removed: true,
              data: node.data,
              updatedAt: now,
              updatedBy: actor.user.id,
            },
            { removed: true, updatedAt: now, updatedBy: actor.user.id },
          );
        } else {
          await deleteMenuRow(this.ctx.db, id);
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
