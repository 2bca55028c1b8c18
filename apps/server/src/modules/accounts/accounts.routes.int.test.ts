import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, login, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { accountsSeeder, DEMO_PASSWORD } from './accounts.seed';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const req = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string,
  payload?: unknown,
  h: Headers = {},
) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(token), ...h },
    ...(payload ? { payload: payload as object } : {}),
  });

describe('password change (POST /api/Users/reset)', () => {
  const cases: Array<{ body: Record<string, unknown>; field: string; zh: string; en: string }> = [
    {
      body: { oldpassword: '', password: 'New@12345' },
      field: 'oldpassword',
      zh: '请输入旧密码',
      en: 'Please enter the old password',
    },
    {
      body: { oldpassword: 'Test@1234', password: 'alllower1!' },
      field: 'password',
      zh: '密码须为6-16位大小写字母、数字和特殊字符的组合',
      en: 'password must be 6-16 characters of upper and lower case letters, digits and special characters',
    },
    {
      body: { oldpassword: 'Test@1234', password: 'Ab1!' },
      field: 'password',
      zh: '密码须为6-16位大小写字母、数字和特殊字符的组合',
      en: 'password must be 6-16 characters of upper and lower case letters, digits and special characters',
    },
    {
      body: { oldpassword: 'Test@1234', password: 'Has Space1!' },
      field: 'password',
      zh: '密码须为6-16位大小写字母、数字和特殊字符的组合',
      en: 'password must be 6-16 characters of upper and lower case letters, digits and special characters',
    },
  ];
  for (const c of cases) {
    it(`refuses ${JSON.stringify(c.body)} in zh and en`, async () => {
      const { token } = await loginAs(t, 'operator');
      for (const lang of ['zh', 'en'] as const) {
        const res = await req('POST', '/api/Users/reset', token, c.body, { 'accept-language': lang });
        expect(res.statusCode).toBe(400);
        expect(res.json().field).toBe(c.field);
        expect(res.json().msg).toBe(`${c.field}${lang === 'zh' ? '：' : ': '}${c[lang]}`);
      }
    });
  }

  it('answers a distinct code for a wrong old password, in zh and en', async () => {
    const { token } = await loginAs(t, 'operator');
    const zh = await req('POST', '/api/Users/reset', token, { oldpassword: 'Wrong@123', password: 'New@12345' });
    expect(zh.statusCode).toBe(422);
    expect(zh.json()).toMatchObject({ code: 'OLD_PASSWORD_WRONG', msg: '旧密码输入错误' });
    const en = await req(
      'POST',
      '/api/Users/reset',
      token,
      { oldpassword: 'Wrong@123', password: 'New@12345' },
      { 'accept-language': 'en' },
    );
    expect(en.json().msg).toBe('old password entered incorrectly');
  });

  it('changes the password, ends the session, and the new one logs in', async () => {
    const { token, user } = await loginAs(t, 'administrator');
    const res = await req('POST', '/api/Users/reset', token, {
      id: user.id,
      oldpassword: user.password,
      password: ' New@12345 ',
    });
    expect(res.statusCode).toBe(200);
    expect((await req('GET', '/api/Users/current', token)).statusCode).toBe(401);
    await expect(login(t, user.username, user.password, 'operator')).rejects.toThrow(/4011/);
    expect(await login(t, user.username, 'New@12345')).toBeTruthy();
  });

  it("refuses to change someone else's password", async () => {
    const { token } = await loginAs(t, 'super', { principals: 'root' });
    const other = await createUser(t, { role: 'operator' });
    const res = await req('POST', '/api/Users/reset', token, {
      id: other.id,
      oldpassword: 'Test@1234',
      password: 'New@12345',
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('lock screen (POST /api/Users/authentication)', () => {
  it('verifies the current password', async () => {
    const { token } = await loginAs(t, 'project');
    expect((await req('POST', '/api/Users/authentication', token, { password: 'Test@1234' })).json().data).toBe(true);
    const bad = await req(
      'POST',
      '/api/Users/authentication',
      token,
      { password: 'nope' },
      { 'accept-language': 'en' },
    );
    expect(bad.statusCode).toBe(422);
    expect(bad.json().msg).toBe('Password verification failed');
  });
});

describe('profile (GET /api/Users/{id}, PUT /api/Users, current user)', () => {
  it('returns the session info of the current user, without secrets', async () => {
    const { token, user } = await loginAs(t, 'advertisers', { diy: true, name: 'Ad Man' });
    const res = await req('GET', '/api/Users/current', token);
    expect(res.json().data).toMatchObject({ id: user.id, user: user.username, role: 'advertisers', DIY: 'yes' });
    expect(res.body).not.toMatch(/password|argon/i);
    const own = await req('GET', `/api/Users/${user.id}`, token);
    expect(own.json().data).toMatchObject({ id: user.id, account: user.username, status: 'enabled' });
  });

  it('updates the profile with the section 5 rules', async () => {
    const { token } = await loginAs(t, 'administrator');
    const ok = await req('PUT', '/api/Users', token, {
      name: 'Zhang San',
      phone: '8613912345678',
      email: 'zs@example.com',
      sex: 'male',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ name: 'Zhang San', phone: '8613912345678', sex: 'male' });

    const bad = async (body: Record<string, unknown>, lang: string) =>
      (
        await req(
          'PUT',
          '/api/Users',
          token,
          { name: 'Zhang San', phone: '13912345679', ...body },
          { 'accept-language': lang },
        )
      ).json();
    expect((await bad({ name: '' }, 'en')).msg).toBe('name: name cannot be empty');
    expect((await bad({ name: 'a<b>' }, 'en')).msg).toBe('name: The name contains illegal characters');
    expect((await bad({ name: 'a' }, 'zh')).field).toBe('name');
    expect((await bad({ phone: '' }, 'zh')).field).toBe('phone');
    expect((await bad({ phone: '1391234567' }, 'zh')).msg).toBe('phone：手机号码应为11位数字');
    expect((await bad({ phone: '12912345678' }, 'zh')).msg).toBe('phone：请输入正确的手机号码');
    // Outside the Chinese locale: optional plus and 8-15 digits.
    expect((await bad({ phone: '+85291234567' }, 'en')).success).toBe(true);
    expect((await bad({ phone: '1234' }, 'en')).msg).toBe('phone: Please enter the correct phone number');
    expect((await bad({ email: 'not-an-email' }, 'en')).msg).toBe('email: Incorrect Email format');
    expect((await bad({ sex: 'other' }, 'en')).field).toBe('sex');
  });

  it('refuses a phone another account uses', async () => {
    await createUser(t, { role: 'operator', phone: '13700000001' });
    const { token } = await loginAs(t, 'operator');
    const res = await req(
      'PUT',
      '/api/Users',
      token,
      { name: 'Li Si', phone: '13700000001' },
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'CONTACT_PHONE_EXISTS',
      msg: 'Contact phone already exists, please re-enter',
    });
  });

  it('saves the language alone for an account whose profile lacks a phone', async () => {
    const { token } = await loginAs(t, 'advertisers', { customer: 'lucky', phone: '' });
    const full = await req('PUT', '/api/Users', token, { name: 'No Phone', lang: 'en' });
    expect(full.statusCode).toBe(400);
    const res = await req('PUT', '/api/Users', token, { lang: 'en' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.lang).toBe('en');
    expect((await req('POST', '/api/Users/authentication', token, { password: 'x' })).json().msg).toBe(
      'Password verification failed',
    );
  });

  it('saves the language and answers in it afterwards', async () => {
    const { token } = await loginAs(t, 'operator');
    await req('PUT', '/api/Users', token, { name: 'Wang Wu', phone: '13712345678', lang: 'en' });
    const res = await req('POST', '/api/Users/authentication', token, { password: 'x' });
    expect(res.json().msg).toBe('Password verification failed');
  });
});

describe('account lists and scope', () => {
  it('limits an operator to its subtree; root sees everything', async () => {
    const ops = await loginAs(t, 'super');
    const child = await createUser(t, { role: 'operator', parentId: ops.user.id, name: 'Child Op' });
    const grandchild = await createUser(t, { role: 'project', parentId: child.id, name: 'Grand Project' });
    const stranger = await createUser(t, { role: 'project', name: 'Stranger' });

    const page = await req('GET', '/api/Users/queryByPage?start=0&limit=50', ops.token);
    const ids = page.json().datas.map((a: { id: string }) => a.id);
    expect(ids).toEqual(expect.arrayContaining([ops.user.id, child.id, grandchild.id]));
    expect(ids).not.toContain(stranger.id);
    expect(page.json().total).toBe(3);

    expect((await req('GET', `/api/Users/${stranger.id}`, ops.token)).statusCode).toBe(403);
    const children = await req('GET', `/api/Users/children?id=${ops.user.id}`, ops.token);
    expect(children.json().data.map((a: { id: string }) => a.id)).toEqual([child.id]);
    const projects = await req('GET', '/api/Users/V3_childProjectAccounts?name=Grand&start=0&limit=10', ops.token);
    expect(projects.json()).toMatchObject({ total: 1, datas: [{ id: grandchild.id }] });
    const admins = await req('GET', '/api/Users/V3_childAdministratorsAccounts', ops.token);
    expect(admins.json().data.map((a: { id: string }) => a.id)).toEqual([ops.user.id]);

    const root = await loginAs(t, 'super', { principals: 'root' });
    const all = await req('GET', '/api/Users?start=0&limit=1000', root.token);
    expect(all.json().datas.map((a: { id: string }) => a.id)).toContain(stranger.id);
  });

  it('keeps account lists away from advertisers and project accounts', async () => {
    const adv = await loginAs(t, 'advertisers');
    expect((await req('GET', '/api/Users/queryByPage', adv.token)).statusCode).toBe(403);
    const other = await createUser(t, { role: 'operator' });
    expect((await req('GET', `/api/Users/${other.id}`, adv.token)).statusCode).toBe(403);
  });
});

describe('advertiser accounts and customers', () => {
  it('creates, lists, updates and deletes advertiser accounts of a customer in scope', async () => {
    const root = await loginAs(t, 'super', { principals: 'root' });
    // Only this module's demo data (the other seeders belong to their modules' tests).
    await t.app.ctx.db.transaction((tx) => accountsSeeder.run(tx, { now: new Date(), app: t.app.ctx }));
    const customers = await req('GET', '/api/Customers/findAll?name=Lucky', root.token);
    const lucky = customers.json().data[0];
    expect(lucky).toMatchObject({ name: 'Lucky Coffee', category: 'advertisers', auditStatus: 'pass' });

    const created = await req('POST', '/api/AdvertiserUsers', root.token, {
      username: 'adv_new_1',
      password: 'Adv@12345',
      name: 'New Adv',
      customer: lucky.id,
      diy: 'yes',
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject({
      role: 'advertisers',
      customer: lucky.id,
      customerName: 'Lucky Coffee',
      diy: 'yes',
    });

    const dup = await req('POST', '/api/AdvertiserUsers', root.token, {
      username: 'adv_new_1',
      password: 'Adv@12345',
      name: 'Again',
      customer: lucky.id,
    });
    expect(dup.json().code).toBe('USERNAME_EXISTS');

    const page = await req('GET', '/api/AdvertiserUsers/queryUserByPage?start=0&limit=10&account=adv_new', root.token);
    expect(page.json()).toMatchObject({ total: 1, datas: [{ id }] });

    const advToken = await login(t, 'adv_new_1', 'Adv@12345', 'advertiser');
    expect((await req('GET', `/api/AdvertiserUsers/${id}`, advToken)).statusCode).toBe(200);
    const ownCustomer = await req('GET', '/api/Customers', advToken);
    expect(ownCustomer.json()).toMatchObject({ total: 1, datas: [{ id: lucky.id }] });

    const disabled = await req('PUT', '/api/AdvertiserUsers', root.token, { id, status: 'disabled' });
    expect(disabled.json().data.status).toBe('disabled');
    expect((await req('GET', '/api/Users/current', advToken)).statusCode).toBe(401);
    const relogin = await t.app.inject({
      method: 'POST',
      url: '/api/Users/advertiser_login',
      payload: { username: 'adv_new_1', password: 'Adv@12345' },
    });
    expect(relogin.json().code).toBe('4018');

    expect((await req('DELETE', `/api/AdvertiserUsers/${id}`, root.token)).json()).toEqual({
      success: true,
      data: null,
    });
    expect((await req('GET', `/api/AdvertiserUsers/${id}`, root.token)).statusCode).toBe(404);
  });

  it('lets every demo account log in with its mode', async () => {
    const demo: Array<[string, 'operator' | 'advertiser' | 'owner']> = [
      ['root', 'operator'],
      ['admin', 'operator'],
      ['ops', 'operator'],
      ['manager', 'operator'],
      ['operator1', 'operator'],
      ['owner', 'owner'],
      ['owner_auto', 'owner'],
      ['adv', 'advertiser'],
      ['adv_nodiy', 'advertiser'],
      ['adv_special', 'advertiser'],
      ['hidden', 'operator'],
      ['east', 'operator'],
      ['east_op', 'operator'],
      ['owner_east', 'owner'],
      ['adv_draft', 'advertiser'],
      ['adv_pending', 'advertiser'],
      ['adv_rejected', 'advertiser'],
    ];
    for (const [username, mode] of demo) expect(await login(t, username, DEMO_PASSWORD, mode)).toBeTruthy();
    const opsToken = await login(t, 'ops', DEMO_PASSWORD);
    const customers = await req('GET', '/api/Customers?start=0&limit=10', opsToken);
    // ops sees its own two customers and the three of its child east, one in each review state.
    expect(customers.json().total).toBe(5);
    const eastToken = await login(t, 'east', DEMO_PASSWORD);
    const east = (await req('GET', '/api/Customers', eastToken)).json().datas;
    expect(east.map((c: { name: string; auditStatus: string }) => `${c.name}:${c.auditStatus}`).sort()).toEqual([
      'Bright Books:unsubmitted',
      'Green Gym:pending',
      'Ocean Travel:reject',
    ]);
    const eastAccounts = (await req('GET', '/api/Users/queryByPage?limit=50', eastToken)).json().datas;
    expect(eastAccounts.map((a: { account: string }) => a.account).sort()).toEqual([
      'adv_draft',
      'adv_pending',
      'adv_rejected',
      'east',
      'east_op',
      'owner_east',
    ]);
    // manager's line (manager > operator1 > adv, adv_nodiy) manages Lucky Coffee and Fresh Mart (issue 38).
    const managerToken = await login(t, 'manager', DEMO_PASSWORD);
    expect((await req('GET', '/api/Customers', managerToken)).json().total).toBe(2);
  });
});

describe('sub-accounts (POST, PUT, DELETE /api/Users)', () => {
  it('creates an account under a parent in scope, updates and deletes it', async () => {
    const admin = await loginAs(t, 'administrator');
    const created = await req('POST', '/api/Users', admin.token, {
      username: 'proj_acc_1',
      password: 'Proj@12345',
      name: 'Proj One',
      role: 'project',
      autoAudit: 'yes',
      isSoldOut: false,
      contact: { name: 'Mr Wu', phone: '13611112222' },
    });
    expect(created.statusCode).toBe(200);
    const account = created.json().data;
    expect(account).toMatchObject({ parentId: admin.user.id, role: 'project', autoAudit: 'yes', principals: '' });
    const ownerLogin = await t.app.inject({
      method: 'POST',
      url: '/api/Proprietors/login',
      payload: { username: 'proj_acc_1', password: 'Proj@12345' },
    });
    expect(ownerLogin.json().data).toMatchObject({ autoAudit: 'yes', contact: { phone: '13611112222' } });

    const updated = await req('PUT', `/api/Users/${account.id}`, admin.token, { autoAudit: 'no', status: 'disabled' });
    expect(updated.json().data).toMatchObject({ autoAudit: 'no', status: 'disabled' });
    const disabledLogin = await t.app.inject({
      method: 'POST',
      url: '/api/Proprietors/login',
      payload: { username: 'proj_acc_1', password: 'Proj@12345' },
    });
    expect(disabledLogin.json().code).toBe('4018');

    expect((await req('DELETE', `/api/Users/${account.id}`, admin.token)).statusCode).toBe(200);
    expect((await req('GET', `/api/Users/${account.id}`, admin.token)).statusCode).toBe(404);
  });

  it('refuses parents that are not super/administrator or out of scope, and changes to oneself', async () => {
    const admin = await loginAs(t, 'administrator');
    const project = await createUser(t, { role: 'project', parentId: admin.user.id });
    const stranger = await createUser(t, { role: 'administrator' });
    const body = { username: 'x_acc_2', password: 'Proj@12345', name: 'X Two', role: 'operator' };
    const underProject = await req(
      'POST',
      '/api/Users',
      admin.token,
      { ...body, parentId: project.id },
      { 'accept-language': 'en' },
    );
    expect(underProject.json()).toMatchObject({ code: 'PARENT_INVALID', field: 'parentId' });
    expect((await req('POST', '/api/Users', admin.token, { ...body, parentId: stranger.id })).statusCode).toBe(403);
    expect((await req('PUT', `/api/Users/${admin.user.id}`, admin.token, { status: 'disabled' })).statusCode).toBe(403);
    const op = await loginAs(t, 'operator');
    expect((await req('POST', '/api/Users', op.token, body)).statusCode).toBe(403);
    const child = await createUser(t, { role: 'operator', parentId: admin.user.id });
    await createUser(t, { role: 'project', parentId: child.id });
    expect((await req('DELETE', `/api/Users/${child.id}`, admin.token)).json().code).toBe('ACCOUNT_HAS_CHILDREN');
  });
});
