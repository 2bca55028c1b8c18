import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, login, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { accounts } from '../accounts/accounts.table';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('login codes', () => {
  it('logs an operator in and returns the session info with a token', async () => {
    const u = await createUser(t, { role: 'super', principals: 'root', name: 'Alice' });
    const res = await post('/api/Users/v2_2_login', { username: u.username, password: u.password, verifyCode: '' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ id: u.id, user: u.username, name: 'Alice', role: 'super', principals: 'root' });
    expect(data.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(data.expires_in).toBe(3000);
    expect(res.body).not.toContain('argon2');
    const cookie = res.cookies.find((c) => c.name === 'refresh_token');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Strict');
  });

  it('answers 4011 for a wrong password and for an unknown account alike', async () => {
    const u = await createUser(t, { role: 'operator' });
    const wrong = await post('/api/Users/v2_2_login', { username: u.username, password: 'Nope@1234' });
    const unknown = await post('/api/Users/v2_2_login', { username: 'nobody_here', password: 'Nope@1234' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ success: false, data: null, code: '4011' });
    expect(unknown.json().code).toBe('4011');
    expect(unknown.json().msg).toBe(wrong.json().msg);
  });

  it('answers 4016 on the advertiser login', async () => {
    const u = await createUser(t, { role: 'advertisers' });
    const res = await post('/api/Users/advertiser_login', { username: u.username, password: 'Wrong@123' });
    expect(res.json().code).toBe('4016');
    const ok = await post('/api/Users/advertiser_login', { username: u.username, password: u.password });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a disabled account with 4013 (operators) and 4018 (advertisers)', async () => {
    const op = await createUser(t, { role: 'administrator', enabled: false });
    const res = await post('/api/Users/v2_2_login', { username: op.username, password: op.password });
    expect(res.json().code).toBe('4013');
    const adv = await createUser(t, { role: 'advertisers', enabled: false });
    const res2 = await post('/api/Users/advertiser_login', { username: adv.username, password: adv.password });
    expect(res2.json().code).toBe('4018');
  });

  it('refuses outside the validity period (4014), unused (4019) and unauthorized owners (4017)', async () => {
    const past = await createUser(t, { role: 'operator', end: new Date(Date.now() - 86_400_000) });
    expect(
      (await post('/api/Users/v2_2_login', { username: past.username, password: past.password })).json().code,
    ).toBe('4014');
    const future = await createUser(t, { role: 'operator', begin: new Date(Date.now() + 86_400_000) });
    expect(
      (await post('/api/Users/v2_2_login', { username: future.username, password: future.password })).json().code,
    ).toBe('4014');
    const unused = await createUser(t, { role: 'operator', used: false });
    expect(
      (await post('/api/Users/v2_2_login', { username: unused.username, password: unused.password })).json().code,
    ).toBe('4019');
    const owner = await createUser(t, { role: 'project', authorized: false });
    expect(
      (await post('/api/Proprietors/login', { username: owner.username, password: owner.password })).json().code,
    ).toBe('4017');
  });

  it('returns autoAudit and isSoldOut on the project login', async () => {
    const owner = await createUser(t, { role: 'project', autoAudit: true, isSoldOut: true, projectId: 'p1' });
    const res = await post('/api/Proprietors/login', { username: owner.username, password: owner.password });
    expect(res.json().data).toMatchObject({ role: 'project', autoAudit: 'yes', isSoldOut: true, projectId: 'p1' });
    const viaOperatorForm = await post('/api/Users/v2_2_login', { username: owner.username, password: owner.password });
    expect(viaOperatorForm.json().data.autoAudit).toBe('yes');
  });
});

describe('database fault', () => {
  it('answers 4015 when the database fails during login', async () => {
    const broken = await buildTestApp();
    const u = await createUser(broken, { role: 'operator' });
    // A real fault: the table the login reads first is gone.
    await broken.database.db.execute(sql`drop table auth_login_attempts`);
    try {
      const res = await broken.app.inject({
        method: 'POST',
        url: '/api/Users/v2_2_login',
        payload: { username: u.username, password: u.password },
        headers: { 'accept-language': 'en' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toMatchObject({ success: false, code: '4015', msg: 'Database exception' });
    } finally {
      await broken.close();
    }
  });
});

describe('the guard', () => {
  it('requires a token, accepts header and access_token, and refuses a bad one', async () => {
    const { token } = await loginAs(t, 'operator');
    const none = await post('/api/Users/authentication', { password: 'x' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe('UNAUTHORIZED');
    const bad = await post('/api/Users/authentication', { password: 'x' }, bearer(`${token}x`));
    expect(bad.statusCode).toBe(401);
    const viaHeader = await post('/api/Users/authentication', { password: 'Test@1234' }, bearer(token));
    expect(viaHeader.json()).toEqual({ success: true, data: true });
    const viaQuery = await post(`/api/Users/authentication?access_token=${token}`, { password: 'Test@1234' });
    expect(viaQuery.statusCode).toBe(200);
  });

  it('ends the access of an owner whose authorization is removed mid-session', async () => {
    const { token, user } = await loginAs(t, 'project');
    expect((await post('/api/Users/authentication', { password: user.password }, bearer(token))).statusCode).toBe(200);
    await t.app.ctx.db.update(accounts).set({ authorized: false }).where(eq(accounts.id, user.id));
    expect((await post('/api/Users/authentication', { password: user.password }, bearer(token))).statusCode).toBe(401);
  });

  it('keeps health and unknown paths as they were', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/nope' })).statusCode).toBe(404);
  });

  it('login helper works for every mode', async () => {
    const adv = await createUser(t, { role: 'advertisers_special' });
    expect(await login(t, adv.username, adv.password)).toMatch(/\./);
  });
});
