import type { MenuItem } from '@robot-ads/contracts/menus/menus.schemas';
import { describe, expect, it } from 'vitest';
import { originOf } from './iframe-page';
import { toNavItems } from './use-menus';

const item = (path: string, extra: Partial<MenuItem> = {}): MenuItem => ({
  id: path,
  name: path,
  path,
  icon: 'HomeOutlined',
  query: '',
  meta: { i18n: 'menu.x', hidden: false, keepAlive: false },
  children: [],
  ...extra,
});

describe('sidebar from the server menus', () => {
  it('keeps built pages only, drops hidden items and groups left empty', () => {
    const menus: MenuItem[] = [
      item('/wel', { children: [item('/wel/smartBoard_2'), item('/wel/not-built-yet')] }),
      item('/nothing', { children: [item('/nothing/here')] }),
      item('/info/index', { meta: { i18n: 'menu.info', hidden: true, keepAlive: false } }),
      item('/info/index'),
    ];
    const nav = toNavItems(menus, (m) => m.name);
    expect(nav.map((n) => n.key)).toEqual(['/wel', '/info/index']);
    expect(nav[0]?.children.map((c) => c.path)).toEqual(['/wel/smartBoard_2']);
  });

  it('carries the query a menu link has', () => {
    const nav = toNavItems([item('/info/index', { query: 'detailId=1' })], (m) => m.name);
    expect(nav[0]?.query).toBe('?detailId=1');
  });

  it('keeps an embedded page added in menu management, with its query', () => {
    const nav = toNavItems([item('/myiframe/docs', { query: 'src=https://docs.example.com' })], (m) => m.name);
    expect(nav[0]).toMatchObject({ path: '/myiframe/docs', query: '?src=https://docs.example.com' });
  });
});

describe('embedded pages', () => {
  it('takes the origin of http(s) addresses only', () => {
    expect(originOf('https://docs.example.com/a/b?x=1')).toBe('https://docs.example.com');
    expect(originOf('http://10.0.0.1:8080/')).toBe('http://10.0.0.1:8080');
    expect(originOf('javascript:alert(1)')).toBeNull();
    expect(originOf('https://')).toBeNull();
  });
});
