import type { MenuItem } from '@robot-ads/contracts/menus/menus.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type CreateUserOverrides, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';

let t: TestApp;
let hk: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  hk = await buildTestApp({ env: { REGION: 'HK' } });
});
afterAll(async () => {
  await t.close();
  await hk.close();
});

function paths(items: MenuItem[], into: string[] = []): string[] {
  for (const i of items) {
    if (i.children.length === 0) into.push(i.path);
    paths(i.children, into);
  }
  return into;
}

async function menusOf(
  role: Parameters<typeof loginAs>[1],
  overrides: CreateUserOverrides = {},
  app: TestApp = t,
  lang = 'en',
): Promise<{ items: MenuItem[]; paths: string[]; buttons: string[] }> {
  const { token } = await loginAs(app, role, overrides);
  const res = await app.app.inject({
    method: 'GET',
    url: '/api/blade-system/menu/routes',
    headers: { ...bearer(token), 'accept-language': lang },
  });
  expect(res.statusCode).toBe(200);
  const buttons = await app.app.inject({
    method: 'GET',
    url: '/api/blade-system/menu/buttons',
    headers: bearer(token),
  });
  return { items: res.json().data, paths: paths(res.json().data), buttons: buttons.json().data };
}

describe('menus per role', () => {
  it('gives root everything, audit records, customer audit and the open platform', async () => {
    const m = await menusOf('super', { principals: 'root' });
    expect(m.paths).toEqual(
      expect.arrayContaining([
        '/wel/smartBoard_2',
        '/check/checkRecord',
        '/customer/audit/auditManage',
        '/openPlatform/user/user',
        '/accountInformation/index',
        '/wel/onlineAmap',
      ]),
    );
    expect(m.paths).not.toContain('/check/applyRecord');
    expect(m.buttons).toEqual(expect.arrayContaining(['notification', 'open_platform', 'change_password']));
    const home = m.items.find((i) => i.path === '/wel');
    expect(home?.name).toBe('Home');
    expect(home?.meta.i18n).toBe('menu.home');
  });

  it('gives admin the superuser entries but not the open platform', async () => {
    const m = await menusOf('administrator', { principals: 'admin' });
    expect(m.paths).toContain('/check/checkRecord');
    expect(m.paths).not.toContain('/openPlatform/user/user');
    expect(m.paths).not.toContain('/check/applyRecord');
  });

  it('gives an administrator the application records, no audit records', async () => {
    const m = await menusOf('administrator');
    expect(m.paths).toContain('/check/applyRecord');
    expect(m.paths).not.toContain('/check/checkRecord');
    expect(m.paths).not.toContain('/customer/audit/auditManage');
    expect(m.paths).toContain('/ad/List');
    expect(m.buttons).toContain('notification');
  });

  it('shows application records to a project account unless its autoAudit is yes', async () => {
    const manual = await menusOf('project', { autoAudit: false });
    expect(manual.paths).toEqual(expect.arrayContaining(['/check/applyRecord', '/projectScreenManage/index']));
    expect(manual.paths).not.toContain('/screenManagement/index');
    expect(manual.buttons).not.toContain('change_password');
    const auto = await menusOf('project', { autoAudit: true });
    expect(auto.paths).not.toContain('/check/applyRecord');
    expect(auto.paths).toContain('/projectScreenManage/index');
  });

  it('follows the diy flag for advertisers (materials, plans, application records, bill)', async () => {
    const diy = await menusOf('advertisers', { diy: true });
    expect(diy.paths).toEqual(
      expect.arrayContaining([
        '/ad/Resource',
        '/ad/List',
        '/check/applyRecord',
        '/bill/index',
        '/wel/advertisersBoard',
      ]),
    );
    expect(diy.buttons).toContain('playlist_add');
    const plain = await menusOf('advertisers', { diy: false });
    for (const p of ['/ad/Resource', '/ad/List', '/check/applyRecord', '/bill/index'])
      expect(plain.paths).not.toContain(p);
    expect(plain.paths).toContain('/wel/advertisersBoard');
    expect(plain.buttons).not.toContain('playlist_add');
    expect(plain.buttons).not.toContain('notification');
  });

  it('gives advertisers_special its board without change-password or user info', async () => {
    const m = await menusOf('advertisers_special');
    expect(m.paths).toContain('/wel/advertisersBoard');
    expect(m.paths).not.toContain('/info/index');
    expect(m.buttons).not.toContain('change_password');
    expect(m.buttons).not.toContain('user_info');
  });

  it('hides everything from role hide', async () => {
    const m = await menusOf('hide');
    expect(m.items).toEqual([]);
  });

  it('hides international-only entries in the Hong Kong variant', async () => {
    const cn = await menusOf('super', { principals: 'root' });
    const hkMenus = await menusOf('super', { principals: 'root' }, hk);
    expect(cn.paths).toEqual(expect.arrayContaining(['/wel/onlineAmap', '/wechat/userManage/index', '/LubanBranches']));
    for (const p of ['/wel/onlineAmap', '/wechat/userManage/index', '/LubanBranches'])
      expect(hkMenus.paths).not.toContain(p);
    expect(hkMenus.paths).toContain('/wel/googleMap');
  });

  it('names entries in the caller language', async () => {
    const m = await menusOf('operator', {}, t, 'zh');
    expect(m.items.find((i) => i.path === '/ad')?.name).toBe('广告管理');
  });
});
