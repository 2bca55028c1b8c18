import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login, loginAs, requester } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const req = requester(() => t);
const loginCode = async (url: string, username: string, password: string) =>
  (await t.app.inject({ method: 'POST', url, payload: { username, password } })).json().code as string | undefined;
const ids = (res: { json(): { datas: Array<{ id: string }> } }) =>
  res
    .json()
    .datas.map((a) => a.id)
    .sort();

describe('the subtree rule (user management)', () => {
  it('keeps an operator inside its subtree for lists, details, edits and tree filters, by id too', async () => {
    const top = await loginAs(t, 'super');
    const mid = await createUser(t, { role: 'administrator', parentId: top.user.id, name: 'Mid Admin' });
    const leafProject = await createUser(t, { role: 'project', parentId: mid.id, name: 'Leaf Owner' });
    const leafAdmin = await createUser(t, { role: 'administrator', parentId: mid.id, name: 'Leaf Admin' });
    const midToken = await login(t, mid.username, mid.password, 'operator');
    const outside = await createUser(t, { role: 'operator', parentId: top.user.id, name: 'Sibling Op' });

    expect(ids(await req('GET', '/api/Users/queryByPage?limit=50', midToken))).toEqual(
      [mid.id, leafProject.id, leafAdmin.id].sort(),
    );
    expect(ids(await req('GET', `/api/Users/queryByPage?parentId=${mid.id}`, midToken))).toEqual(
      [leafProject.id, leafAdmin.id].sort(),
    );
    expect(ids(await req('GET', '/api/Users?status=disabled', midToken))).toEqual([]);
    expect((await req('GET', `/api/Users/queryByPage?parentId=${top.user.id}`, midToken)).statusCode).toBe(403);
    expect(
      (await req('GET', '/api/Users/V3_childProjectAccounts?name=Leaf', midToken))
        .json()
        .datas.map((a: { id: string }) => a.id),
    ).toEqual([leafProject.id]);
    expect(
      (await req('GET', '/api/Users/V3_childAdministratorsAccounts', midToken))
        .json()
        .data.map((a: { id: string }) => a.id)
        .sort(),
    ).toEqual([mid.id, leafAdmin.id].sort());

    // By id: reading, editing, disabling, resetting and deleting outside the subtree are refused.
    expect((await req('GET', `/api/Users/${outside.id}`, midToken)).statusCode).toBe(403);
    expect((await req('GET', `/api/Users/children?id=${outside.id}`, midToken)).statusCode).toBe(403);
    expect((await req('PUT', `/api/Users/${outside.id}`, midToken, { name: 'Taken Over' })).statusCode).toBe(403);
    expect((await req('POST', '/api/Users/status', midToken, { id: outside.id, status: 'disabled' })).statusCode).toBe(
      403,
    );
    expect(
      (await req('POST', '/api/Users/resetPassword', midToken, { id: outside.id, password: 'New@12345' })).statusCode,
    ).toBe(403);
    expect((await req('DELETE', `/api/Users/${outside.id}`, midToken)).statusCode).toBe(403);
    expect((await req('GET', `/api/Users/${outside.id}`, top.token)).json().data.name).toBe('Sibling Op');
  });

  it('refuses role elevation, and protects root/admin accounts and oneself', async () => {
    const admin = await loginAs(t, 'administrator');
    const body = { username: 'elev_1', password: 'Elev@12345', name: 'Elevated', role: 'super' };
    const refused = await req('POST', '/api/Users', admin.token, body, 'zh');
    expect(refused.json()).toMatchObject({
      code: 'ROLE_ELEVATION',
      field: 'role',
      msg: '不能把账号的角色设为高于自己的角色',
    });
    const child = await createUser(t, { role: 'operator', parentId: admin.user.id });
    const raise = await req('PUT', `/api/Users/${child.id}`, admin.token, { role: 'super' });
    expect(raise.json()).toMatchObject({
      code: 'ROLE_ELEVATION',
      msg: 'An account cannot be given a role above your own',
    });
    expect((await req('PUT', `/api/Users/${child.id}`, admin.token, { role: 'administrator' })).statusCode).toBe(200);
    const root = await loginAs(t, 'super', { principals: 'root' });
    expect((await req('POST', '/api/Users', root.token, { ...body, username: 'elev_2' })).statusCode).toBe(200);

    // A root/admin account cannot be disabled, edited or deleted by others (another root neither).
    const adminPrincipal = await createUser(t, { role: 'super', principals: 'admin', parentId: admin.user.id });
    for (const token of [admin.token, root.token]) {
      const off = await req('POST', '/api/Users/status', token, { id: adminPrincipal.id, status: 'disabled' });
      expect(off.json()).toMatchObject({
        code: 'ACCOUNT_PROTECTED',
        msg: 'Root and admin accounts cannot be disabled, deleted or changed by others',
      });
      expect((await req('DELETE', `/api/Users/${adminPrincipal.id}`, token)).json().code).toBe('ACCOUNT_PROTECTED');
      expect((await req('PUT', `/api/Users/${adminPrincipal.id}`, token, { status: 'disabled' })).json().code).toBe(
        'ACCOUNT_PROTECTED',
      );
    }
    expect(
      (await req('POST', '/api/Users/status', admin.token, { id: admin.user.id, status: 'disabled' })).json().code,
    ).toBe('ACCOUNT_SELF');
  });

  it('resets a child password: the new one logs in, the old one no longer', async () => {
    const admin = await loginAs(t, 'administrator');
    const child = await createUser(t, { role: 'operator', parentId: admin.user.id });
    const weak = await req('POST', '/api/Users/resetPassword', admin.token, { id: child.id, password: 'weak' });
    expect(weak.json().msg).toContain('password must be 6-16 characters');
    const done = await req('POST', '/api/Users/resetPassword', admin.token, { id: child.id, password: 'Fresh@2026' });
    expect(done.statusCode).toBe(200);
    expect(await loginCode('/api/Users/v2_2_login', child.username, child.password)).toBe('4011');
    expect(await login(t, child.username, 'Fresh@2026', 'operator')).toBeTruthy();
  });
});

describe('login codes of section 8, reached through user management', () => {
  it('4013 disabled operator, 4018 disabled advertiser, 4014 expired, 4019 unused, 4017 unauthorized owner', async () => {
    const root = await loginAs(t, 'super', { principals: 'root' });
    const op = await createUser(t, { role: 'operator', parentId: root.user.id });
    await req('POST', '/api/Users/status', root.token, { id: op.id, status: 'disabled' });
    expect(await loginCode('/api/Users/v2_2_login', op.username, op.password)).toBe('4013');
    await req('POST', '/api/Users/status', root.token, { id: op.id, status: 'enabled' });
    expect(await loginCode('/api/Users/v2_2_login', op.username, op.password)).toBeUndefined();

    const adv = await createUser(t, { role: 'advertisers', parentId: root.user.id });
    await req('POST', '/api/Users/status', root.token, { id: adv.id, status: 'disabled' });
    expect(await loginCode('/api/Users/advertiser_login', adv.username, adv.password)).toBe('4018');

    const now = Math.floor(t.app.ctx.clock.now().getTime() / 1000);
    const expiring = await createUser(t, { role: 'operator', parentId: root.user.id });
    const expired = await req('PUT', `/api/Users/${expiring.id}`, root.token, {
      begin: now - 10 * 86400,
      end: now - 86400,
    });
    expect(expired.json().data.end).toBe(now - 86400);
    expect(await loginCode('/api/Users/v2_2_login', expiring.username, expiring.password)).toBe('4014');

    const unused = await createUser(t, { role: 'operator', parentId: root.user.id });
    await req('PUT', `/api/Users/${unused.id}`, root.token, { used: false });
    expect(await loginCode('/api/Users/v2_2_login', unused.username, unused.password)).toBe('4019');

    const owner = await createUser(t, { role: 'project', parentId: root.user.id });
    await req('POST', '/api/Proprietors/authorization/remove', root.token, { accountId: owner.id });
    expect(await loginCode('/api/Proprietors/login', owner.username, owner.password)).toBe('4017');
  });
});

describe('names and phones of accounts', () => {
  it('refuses a phone or contact phone another account uses, and wrong names and phones', async () => {
    const admin = await loginAs(t, 'administrator');
    await createUser(t, { role: 'operator', phone: '13900001111' });
    const base = { password: 'Acc@12345', name: 'Phone User', role: 'project' };
    const taken = await req('POST', '/api/Users', admin.token, { ...base, username: 'ph_1', phone: '13900001111' });
    expect(taken.json()).toMatchObject({
      code: 'CONTACT_PHONE_EXISTS',
      field: 'phone',
      msg: 'Contact phone already exists, please re-enter',
    });
    const takenContact = await req(
      'POST',
      '/api/Users',
      admin.token,
      { ...base, username: 'ph_2', contact: { name: 'Boss', phone: '13900001111' } },
      'zh',
    );
    expect(takenContact.json()).toMatchObject({ code: 'CONTACT_PHONE_EXISTS', msg: '联系电话已存在，请重新输入' });
    const badPhone = await req(
      'POST',
      '/api/Users',
      admin.token,
      { ...base, username: 'ph_3', phone: '12900001111' },
      'zh',
    );
    expect(badPhone.json()).toMatchObject({ code: 'PHONE_FORMAT', msg: '请输入正确的手机号码' });
    const badName = await req('POST', '/api/Users', admin.token, { ...base, username: 'ph_4', name: 'Bad<Name>' });
    expect(badName.json()).toMatchObject({ code: 'NAME_ILLEGAL', field: 'name' });
    const ok = await req('POST', '/api/Users', admin.token, { ...base, username: 'ph_5', phone: '13900002222' });
    expect(ok.statusCode, ok.body).toBe(200);
    // Keeping one's own phone on an edit is no duplicate.
    expect(
      (await req('PUT', `/api/Users/${ok.json().data.id}`, admin.token, { phone: '13900002222' })).statusCode,
    ).toBe(200);

    const customer = (await req('POST', '/api/Customers', admin.token, { name: 'Phone Shop' })).json().data;
    const adv = await req('POST', '/api/AdvertiserUsers', admin.token, {
      username: 'ph_adv',
      password: 'Adv@12345',
      name: 'Phone Adv',
      customer: customer.id,
      phone: '13900002222',
    });
    expect(adv.json().code).toBe('CONTACT_PHONE_EXISTS');
  });
});

describe('AdvertiserUsers', () => {
  it('pages by managing user, account and name; findByUserId; edits and deletes in scope', async () => {
    const admin = await loginAs(t, 'administrator');
    const sub = await createUser(t, { role: 'administrator', parentId: admin.user.id });
    const customer = (await req('POST', '/api/Customers', admin.token, { name: 'Adv Users Shop' })).json().data;
    const make = async (username: string, name: string, parentId?: string) => {
      const res = await req('POST', '/api/AdvertiserUsers', admin.token, {
        username,
        password: 'Adv@12345',
        name,
        customer: customer.id,
        diy: 'yes',
        ...(parentId ? { parentId } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { id: string; diy: string; customerName: string };
    };
    const a = await make('alpha_adv', 'Alpha Person');
    const b = await make('beta_adv', 'Beta Person', sub.id);
    expect(a).toMatchObject({ diy: 'yes', customerName: 'Adv Users Shop' });

    const page = (q: string) => req('GET', `/api/AdvertiserUsers/queryUserByPage?${q}`, admin.token);
    expect(ids(await page('account=alpha'))).toEqual([a.id]);
    expect(ids(await page('name=Beta'))).toEqual([b.id]);
    expect(ids(await page(`user=${sub.id}`))).toEqual([b.id]);
    expect(ids(await page('start=0&limit=10')).sort()).toEqual([a.id, b.id].sort());
    const found = (await req('GET', `/api/AdvertiserUsers/findByUserId?userId=${sub.id}`, admin.token)).json().data;
    expect(found.map((x: { id: string }) => x.id)).toEqual([b.id]);

    const stranger = await loginAs(t, 'administrator');
    expect((await req('GET', `/api/AdvertiserUsers/${a.id}`, stranger.token)).statusCode).toBe(403);
    expect((await req('PUT', '/api/AdvertiserUsers', stranger.token, { id: a.id, name: 'Hijack' })).statusCode).toBe(
      403,
    );
    expect((await req('DELETE', `/api/AdvertiserUsers/${a.id}`, stranger.token)).statusCode).toBe(403);
    expect((await req('GET', `/api/AdvertiserUsers/queryUserByPage?user=${sub.id}`, stranger.token)).statusCode).toBe(
      403,
    );
    expect(ids(await req('GET', '/api/AdvertiserUsers/queryUserByPage', stranger.token))).toEqual([]);

    const edited = await req('PUT', '/api/AdvertiserUsers', admin.token, {
      id: a.id,
      name: 'Alpha Renamed',
      diy: 'no',
    });
    expect(edited.json().data).toMatchObject({ name: 'Alpha Renamed', diy: 'no' });
    expect((await req('DELETE', `/api/AdvertiserUsers/${a.id}`, admin.token)).statusCode).toBe(200);
    expect((await req('GET', `/api/AdvertiserUsers/${a.id}`, admin.token)).statusCode).toBe(404);
  });
});
