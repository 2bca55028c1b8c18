import { describe, expect, it } from 'vitest';
import { MENU_CATALOGUE, type MenuEntry } from './menus.catalogue';
import { type MenuViewer, menuPaths, visibleMenus } from './menus.rules';

const viewer = (over: Partial<MenuViewer> = {}): MenuViewer => ({
  id: 'a1',
  username: 'alice',
  role: 'operator',
  principals: '',
  diy: false,
  autoAudit: false,
  region: 'CN',
  ...over,
});

const leaf = (path: string, over: Partial<MenuEntry> = {}): MenuEntry => ({
  path,
  icon: 'HomeOutlined',
  i18n: `menu.${path}`,
  label: { zh: path, en: path },
  ...over,
});

describe('menu visibility rules', () => {
  it('admits by role, or by the include list whatever the role', () => {
    const catalogue = [leaf('/a', { roles: ['project'] }), leaf('/b', { roles: ['project'], include: ['alice'] })];
    expect(menuPaths(visibleMenus(catalogue, viewer()))).toEqual(['/b']);
    expect(menuPaths(visibleMenus(catalogue, viewer({ role: 'project' })))).toEqual(['/a', '/b']);
  });

  it('drops entries whose exclude list names the account (by id or username)', () => {
    const catalogue = [leaf('/a', { exclude: ['a1'] }), leaf('/b', { exclude: ['bob'] })];
    expect(menuPaths(visibleMenus(catalogue, viewer()))).toEqual(['/b']);
  });

  it('drops a group whose children are all hidden', () => {
    const catalogue = [leaf('/g', { children: [leaf('/g/x', { roles: ['project'] })] })];
    expect(visibleMenus(catalogue, viewer())).toEqual([]);
  });

  it('lists every route of the catalogue once', () => {
    const all = menuPaths(visibleMenus(MENU_CATALOGUE, viewer({ role: 'super', principals: 'root', diy: true })));
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(
      expect.arrayContaining(['/wel/smartBoard_2', '/ad/List', '/bill/index', '/openPlatform/blacklist']),
    );
  });
});
