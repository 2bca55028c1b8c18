import type { MenuItem } from '@robot-ads/contracts/menus/menus.schemas';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createAd, createPlan, deliveryWorld } from '../../../test/delivery';
import { createRobot } from '../../../test/devices';
import { buildApp } from '../../app';
import { ManualClock } from '../../platform/clock';
import { markPulled } from '../publishing/publishing.service';

const clock = new ManualClock(new Date('2026-11-22T07:00:00Z'));
let t: TestApp;
let root: string;
let operator: string;
beforeAll(async () => {
  t = await buildTestApp({ clock });
  root = (await loginAs(t, 'super', { principals: 'root' })).token;
  operator = (await loginAs(t, 'operator')).token;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST';
const call = (method: Method, url: string, token = root, payload?: object, lang = 'en') =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(token), 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });

function find(items: MenuItem[], path: string): MenuItem | undefined {
  for (const i of items) {
    if (i.path === path) return i;
    const hit = find(i.children, path);
    if (hit) return hit;
  }
  return undefined;
}

async function routesOf(token: string, lang = 'en'): Promise<MenuItem[]> {
  const res = await call('GET', '/api/blade-system/menu/routes', token, undefined, lang);
  expect(res.statusCode).toBe(200);
  return res.json().data;
}

describe('menu management', () => {
  it('renames, re-roles, hides and removes catalogue entries: the routes and buttons calls follow', async () => {
    const before = find(await routesOf(operator), '/ad/groups');
    expect(before?.name).toBe('Device groups');
    expect(before?.meta.label).toBeUndefined();

    const detail = await call('GET', '/api/blade-system/menu/detail?id=/ad/groups');
    expect(detail.json().data).toMatchObject({ id: '/ad/groups', parentId: '/ad', seeded: true, changed: false });
    const { id, parentId, icon, sort, roles, include, exclude, hidden } = detail.json().data;
    const edited = await call('POST', '/api/blade-system/menu/submit', root, {
      ...{ id, parentId, icon, sort, roles, include, exclude, hidden },
      nameZh: '机器人分组',
      nameEn: 'Robot groups',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ name: 'Robot groups', changed: true });

    const renamed = find(await routesOf(operator), '/ad/groups');
    expect(renamed).toMatchObject({ name: 'Robot groups', meta: { label: { zh: '机器人分组', en: 'Robot groups' } } });
    expect(find(await routesOf(operator, 'zh'), '/ad/groups')?.name).toBe('机器人分组');

    // Roles: the operator loses the entry, the super keeps it.
    await call('POST', '/api/blade-system/menu/submit', root, {
      id: '/ad/groups',
      parentId: '/ad',
      nameZh: '机器人分组',
      nameEn: 'Robot groups',
      icon: 'ClusterOutlined',
      sort: 5,
      roles: ['super', 'administrator'],
    });
    expect(find(await routesOf(operator), '/ad/groups')).toBeUndefined();
    const superUser = await loginAs(t, 'super');
    expect(find(await routesOf(superUser.token), '/ad/groups')?.icon).toBe('ClusterOutlined');

    // Account include list: this one operator sees it again.
    const named = await loginAs(t, 'operator');
    await call('POST', '/api/blade-system/menu/submit', root, {
      id: '/ad/groups',
      parentId: '/ad',
      nameZh: '机器人分组',
      nameEn: 'Robot groups',
      roles: ['super', 'administrator'],
      include: [named.user.username],
    });
    expect(find(await routesOf(named.token), '/ad/groups')).toBeDefined();
    expect(find(await routesOf(operator), '/ad/groups')).toBeUndefined();

    // A button permission code: removed, then the buttons call no longer gives it.
    const buttons = async (token: string) =>
      (await call('GET', '/api/blade-system/menu/buttons', token)).json().data as string[];
    expect(await buttons(operator)).toContain('device_edit');
    const removed = await call('POST', '/api/blade-system/menu/remove?ids=button:device_edit,/wel/googleMap');
    expect(removed.json().data).toEqual({ removed: 2 });
    expect(await buttons(operator)).not.toContain('device_edit');
    expect(find(await routesOf(root), '/wel/googleMap')).toBeUndefined();
    // Restored by a submit of the same id.
    await call('POST', '/api/blade-system/menu/submit', root, {
      id: 'button:device_edit',
      category: 2,
      roles: ['operator'],
    });
    expect(await buttons(operator)).toContain('device_edit');
  });

  it('adds an entry under a group, moves it, refuses cycles and unknown ids, and lists the tree', async () => {
    const created = await call('POST', '/api/blade-system/menu/submit', root, {
      path: '/myiframe/docs',
      parentId: '/publish',
      nameZh: '帮助文档',
      nameEn: 'Help docs',
      icon: 'BookOutlined',
      sort: 1,
    });
    expect(created.json().data).toMatchObject({ id: '/myiframe/docs', seeded: false, parentId: '/publish' });
    const publish = find(await routesOf(root), '/publish');
    expect(publish?.children[0]).toMatchObject({ path: '/myiframe/docs', name: 'Help docs' });

    const cycle = await call('POST', '/api/blade-system/menu/submit', root, {
      id: '/publish',
      parentId: '/myiframe/docs',
      nameZh: '投放',
      nameEn: 'Delivery',
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json()).toMatchObject({ code: 'MENU_PARENT_INVALID', field: 'parentId' });
    const duplicate = await call('POST', '/api/blade-system/menu/submit', root, {
      path: '/ad/List',
      nameZh: '重复',
      nameEn: 'Duplicate',
    });
    expect(duplicate.json()).toMatchObject({ code: 'MENU_EXISTS', field: 'path' });
    const missing = await call('POST', '/api/blade-system/menu/remove?ids=/nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe('No such menu: /nope');

    const tree = (await call('GET', '/api/blade-system/menu/tree')).json().data;
    expect(tree.map((n: { key: string }) => n.key)).toContain('/wel');
    const list = (await call('GET', '/api/blade-system/menu/list?name=help')).json().data;
    expect(list.map((m: { id: string }) => m.id)).toEqual(['/myiframe/docs']);

    expect((await call('POST', '/api/blade-system/menu/remove?ids=/myiframe/docs')).statusCode).toBe(200);
    expect(find(await routesOf(root), '/myiframe/docs')).toBeUndefined();
  });

  it('an edit made on one instance reaches another instance on the same database', async () => {
    const other = await buildApp({ config: t.config, database: t.database, clock });
    await other.ready();
    try {
      const viaOther = async () => {
        const res = await other.inject({
          method: 'GET',
          url: '/api/blade-system/menu/routes',
          headers: { ...bearer(root), 'accept-language': 'en' },
        });
        return find(res.json().data, '/customer/customer')?.name;
      };
      expect(await viaOther()).toBe('Customer list');
      await call('POST', '/api/blade-system/menu/submit', root, {
        id: '/customer/customer',
        parentId: '/customer',
        nameZh: '客户名录',
        nameEn: 'Customer directory',
        roles: ['super', 'administrator', 'operator'],
      });
      await vi.waitFor(async () => expect(await viaOther()).toBe('Customer directory'), { timeout: 10_000 });
    } finally {
      await other.close();
    }
  });

  it('is for super and admin only, and every change is in the audit log', async () => {
    expect((await call('GET', '/api/blade-system/menu/list', operator)).statusCode).toBe(403);
    expect(
      (
        await call('POST', '/api/blade-system/param/submit', operator, {
          paramName: 'x',
          paramKey: 'x',
          paramValue: '1',
        })
      ).statusCode,
    ).toBe(403);
    const audit = await call('GET', '/api/blade-system/audit/list?action=menu.update&start=0&limit=50');
    expect(audit.json().total).toBeGreaterThan(0);
    expect(audit.json().datas[0]).toMatchObject({ action: 'menu.update', ip: '127.0.0.1' });
  });

  it('keeps its change log apart from the open platform log, though both are the one audit log', async () => {
    const blacklisted = await call('POST', '/api/OpenPlatform/blacklist', root, {
      kind: 'client',
      value: 'op-audit-test',
      reason: 'audit test',
    });
    expect(blacklisted.statusCode, blacklisted.body).toBe(200);
    const system = await call('GET', '/api/blade-system/audit/list?start=0&limit=200');
    const systemActions = system.json().datas.map((r: { action: string }) => r.action);
    expect(systemActions).toContain('menu.update');
    expect(systemActions).not.toContain('blacklist.add');
    const open = await call('GET', '/api/OpenPlatform/auditLog?start=0&limit=200');
    const openActions = open.json().datas.map((r: { action: string }) => r.action);
    expect(openActions).toContain('blacklist.add');
    expect(openActions).not.toContain('menu.update');
    const username = system.json().datas[0].username as string;
    const byUser = await call('GET', `/api/blade-system/audit/list?username=${username}&start=0&limit=200`);
    expect(byUser.json().total).toBe(system.json().total);
    expect(byUser.json().datas[0]).toMatchObject({
      username,
      userAgent: expect.any(String),
      detail: expect.any(String),
    });
  });
});

describe('OAuth clients', () => {
  it('shows the secret once, stores it hashed, resets it on demand', async () => {
    const created = await call('POST', '/api/blade-system/client/submit', root, {
      clientId: 'partner-one',
      grantTypes: ['client_credentials'],
      accessTokenValidity: 1800,
    });
    expect(created.statusCode, created.body).toBe(200);
    const secret = created.json().data.clientSecret as string;
    expect(secret.length).toBeGreaterThan(20);
    const id = created.json().data.id as string;
    const detail = await call('GET', `/api/blade-system/client/detail?id=${id}`);
    expect(detail.json().data).toMatchObject({ clientId: 'partner-one', accessTokenValidity: 1800 });
    expect(detail.body).not.toContain(secret);
    const list = await call('GET', '/api/blade-system/client/list?start=0&limit=10');
    expect(list.json().total).toBe(1);
    expect(list.body).not.toContain(secret);
    const { adminClients } = await import('./admin.table');
    const [row] = await t.app.ctx.db.select().from(adminClients);
    expect(row?.secretHash).not.toContain(secret);
    expect(row?.secretHash.startsWith('$argon2')).toBe(true);

    const updated = await call('POST', '/api/blade-system/client/submit', root, {
      id,
      clientId: 'partner-one',
      grantTypes: ['client_credentials', 'refresh_token'],
    });
    expect(updated.json().data.clientSecret).toBeUndefined();
    const reset = await call('POST', '/api/blade-system/client/submit', root, {
      id,
      clientId: 'partner-one',
      grantTypes: ['client_credentials'],
      resetSecret: true,
    });
    expect(reset.json().data.clientSecret).not.toBe(secret);

    const dup = await call('POST', '/api/blade-system/client/submit', root, {
      clientId: 'partner-one',
      grantTypes: ['client_credentials'],
    });
    expect(dup.json()).toMatchObject({ code: 'CLIENT_ID_EXISTS', msg: 'The client id already exists' });
    expect((await call('POST', `/api/blade-system/client/remove?ids=${id}`)).json().data).toEqual({ removed: 1 });
    expect((await call('GET', `/api/blade-system/client/detail?id=${id}`)).statusCode).toBe(404);
  });
});

describe('system parameters', () => {
  const paramId = async (key: string) => {
    const list = await call('GET', `/api/blade-system/param/list?paramKey=${key}&start=0&limit=10`);
    return list.json().datas[0] as { id: string; paramKey: string; paramName: string; paramValue: string };
  };
  const setParam = async (key: string, value: string) => {
    const p = await paramId(key);
    const { id, paramName, paramKey } = p;
    return call('POST', '/api/blade-system/param/submit', root, { id, paramName, paramKey, paramValue: value });
  };

  it('lists the built-in tunables, checks their values, refuses their removal', async () => {
    const list = await call('GET', '/api/blade-system/param/list?start=0&limit=50');
    expect(list.json().datas.map((p: { paramKey: string }) => p.paramKey)).toEqual(
      expect.arrayContaining(['low_pull_rate', 'free_materials_trial', 'iframe_allow_list']),
    );
    const zh = await call('GET', '/api/blade-system/param/list?paramKey=low_pull_rate', root, undefined, 'zh');
    expect(zh.json().datas[0].paramName).toBe('拉取率预警阈值');
    expect((await paramId('low_pull_rate')).paramName).toBe('Pull-rate warning threshold');
    const bad = await setParam('low_pull_rate', '1.5');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'PARAM_VALUE_INVALID', field: 'paramValue' });
    const p = await paramId('low_pull_rate');
    const refused = await call('POST', `/api/blade-system/param/remove?ids=${p.id}`);
    expect(refused.json().code).toBe('PARAM_BUILTIN');

    const own = await call('POST', '/api/blade-system/param/submit', root, {
      paramName: 'Support phone',
      paramKey: 'support.phone',
      paramValue: '400-800',
    });
    expect(own.json().data).toMatchObject({ paramKey: 'support.phone', builtin: false });
    expect((await call('POST', `/api/blade-system/param/remove?ids=${own.json().data.id}`)).json().data).toEqual({
      removed: 1,
    });
  });

  it('the pull-rate warning threshold and the free materials follow their parameters', async () => {
    const w = await deliveryWorld(t, 1);
    const ad1 = (await createAd(t, w.adv.token, 1, 'One')).id;
    const plan = await createPlan(t, w.adv.token, [ad1]);
    const robots = [];
    for (let i = 0; i < 5; i++) robots.push(await createRobot(t, { salesType: 'trial' }));
    const published = await call('POST', '/api/Playlists/publishWithRobots', w.operator.token, {
      playListId: plan.id,
      robotIds: robots.map((r) => r.robotId),
    });
    expect(published.json().data).toMatchObject({ published: 5, charged: 0 });
    const at = new Date(clock.now().getTime() + 60_000);
    for (const r of robots.slice(0, 4)) await markPulled(t.app.ctx, r.id, [plan.id], at);
    const summary = async () =>
      (await call('GET', `/api/Publishes/query?playListId=${plan.id}`, w.operator.token)).json().data;
    expect(await summary()).toMatchObject({ ratio: 0.8, lowPullRate: false });
    expect((await setParam('low_pull_rate', '0.9')).statusCode).toBe(200);
    expect(await summary()).toMatchObject({ ratio: 0.8, lowPullRate: true });

    // One free material on a trial device by default: a second plan is charged; with 5 free it is not.
    const plan2 = await createPlan(t, w.adv.token, [ad1]);
    const trial = [await createRobot(t, { salesType: 'trial' }), await createRobot(t, { salesType: 'trial' })];
    await call('POST', '/api/Playlists/publishWithRobots', w.operator.token, {
      playListId: plan.id,
      robotIds: [trial[0]!.robotId],
    });
    expect((await setParam('free_materials_trial', '5')).statusCode).toBe(200);
    const r = await call('POST', '/api/Playlists/publishWithRobots', w.operator.token, {
      playListId: plan2.id,
      robotIds: [trial[0]!.robotId],
    });
    expect(r.json().data).toMatchObject({ published: 1, charged: 0 });
    await setParam('free_materials_trial', '1');
    const plan3 = await createPlan(t, w.adv.token, [ad1]);
    const r3 = await call('POST', '/api/Playlists/publishWithRobots', w.operator.token, {
      playListId: plan3.id,
      robotIds: [trial[0]!.robotId],
    });
    expect(r3.json().data).toMatchObject({ published: 1, charged: 1 });
  });

  it('the default weekly price and the material upload limit follow their parameters', async () => {
    const register = (robotId: string) =>
      call('POST', '/api/Devices', root, { robotId, name: 'Priced', type: 'voca' }).then((r) => {
        expect(r.statusCode, r.body).toBe(200);
        return call('GET', `/api/Devices/robotBaseInfo?robotId=${robotId}`);
      });
    expect((await register('PRICE0001')).json().data.price).toBeNull();
    expect((await setParam('default_weekly_price', '88.5')).statusCode).toBe(200);
    expect((await register('PRICE0002')).json().data.price).toBe(88.5);

    const oss = async () => (await call('GET', '/api/Media/oss')).json().data.maxBytes as number;
    expect(await oss()).toBe(100 * 1024 * 1024);
    expect((await setParam('upload_material_max_mb', '150')).statusCode).toBe(400);
    expect((await setParam('upload_material_max_mb', '5')).statusCode).toBe(200);
    expect(await oss()).toBe(5 * 1024 * 1024);
  });

  it('the iframe allow-list sets the pages’ frame-src', async () => {
    expect((await setParam('iframe_allow_list', 'ftp://x')).statusCode).toBe(400);
    expect((await setParam('iframe_allow_list', 'https://docs.example.com')).statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: '/login' });
    expect(page.headers['content-security-policy']).toContain("frame-src 'self' https://docs.example.com");
    const allowed = await call('GET', '/api/blade-system/param/iframeAllowList', operator);
    expect(allowed.json().data).toEqual(['https://docs.example.com']);
  });
});
