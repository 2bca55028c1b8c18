import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { solvedCaptcha } from '../../../test/captcha';
import { ManualClock } from '../../platform/clock';

let t: TestApp;
const clock = new ManualClock(new Date('2026-03-01T08:00:00Z'));
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const post = (url: string, payload: unknown = {}, headers: Headers = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const cookieOf = (res: { cookies: Array<{ name: string; value: string }> }) =>
  res.cookies.find((c) => c.name === 'refresh_token')?.value ?? '';
const check = (token: string) => post('/api/Users/authentication', { password: 'Test@1234' }, bearer(token));

async function loginFull(username: string, password: string, extra: Record<string, unknown> = {}) {
  const res = await post('/api/Users/v2_2_login', { username, password, ...extra });
  return { res, token: res.json().data?.token as string, refresh: cookieOf(res) };
}

/** A captcha the server accepts (see test/captcha.ts). */
const captchaCode = (username: string, lang = 'en') => solvedCaptcha(t, username, lang);

describe('token expiry and refresh rotation', () => {
  it('expires the access token after the token time and refreshes it with the cookie', async () => {
    const u = await createUser(t, { role: 'operator' });
    const { token, refresh } = await loginFull(u.username, u.password);
    expect((await check(token)).statusCode).toBe(200);
    clock.advance(3001 * 1000);
    const expired = await check(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('TOKEN_EXPIRED');

    const refreshed = await post('/api/blade-auth/oauth/token', {}, { cookie: `refresh_token=${refresh}` });
    expect(refreshed.statusCode).toBe(200);
    const next = refreshed.json().data.access_token;
    expect((await check(next)).statusCode).toBe(200);
    const rotated = cookieOf(refreshed);
    expect(rotated).not.toBe('');
    expect(rotated).not.toBe(refresh);
    expect(refreshed.json().data.refresh_token).toBeUndefined();
  });

  it('revokes the whole family when an old refresh token is used again', async () => {
    const u = await createUser(t, { role: 'operator' });
    const first = await loginFull(u.username, u.password);
    const r1 = await post('/api/blade-auth/oauth/token', { refresh_token: first.refresh });
    expect(r1.statusCode).toBe(200);
    const second = r1.json().data.refresh_token as string;
    const access2 = r1.json().data.access_token as string;
    expect((await check(access2)).statusCode).toBe(200);

    const replay = await post('/api/blade-auth/oauth/token', { refresh_token: first.refresh });
    expect(replay.statusCode).toBe(401);
    // Every token of the family is dead now: the newest refresh token and the access tokens.
    expect((await post('/api/blade-auth/oauth/token', { refresh_token: second })).statusCode).toBe(401);
    expect((await check(access2)).statusCode).toBe(401);
    expect((await check(first.token)).statusCode).toBe(401);
    // Another login of the same account is not affected.
    const other = await loginFull(u.username, u.password);
    expect((await check(other.token)).statusCode).toBe(200);
  });

  it('accepts the refresh token as a query parameter, and refuses a missing or unknown one', async () => {
    const u = await createUser(t, { role: 'operator' });
    const { refresh } = await loginFull(u.username, u.password);
    const res = await post(`/api/blade-auth/oauth/token?refresh_token=${refresh}&tenant=000000`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.refresh_token).toBeTruthy();
    expect((await post('/api/blade-auth/oauth/token')).statusCode).toBe(401);
    expect((await post('/api/blade-auth/oauth/token', { refresh_token: 'nonsense' })).statusCode).toBe(401);
  });

  it('makes a longer-lived cookie when remember is set', async () => {
    const u = await createUser(t, { role: 'operator' });
    const plain = await post('/api/Users/v2_2_login', { username: u.username, password: u.password });
    const remembered = await post('/api/Users/v2_2_login', {
      username: u.username,
      password: u.password,
      remember: true,
    });
    expect(plain.cookies.find((c) => c.name === 'refresh_token')?.maxAge).toBeUndefined();
    expect(remembered.cookies.find((c) => c.name === 'refresh_token')?.maxAge).toBe(30 * 24 * 3600);
  });
});

describe('logout', () => {
  for (const url of ['/api/Users/logout', '/api/Users/advertiser_logout', '/api/blade-auth/oauth/logout']) {
    it(`revokes the access and refresh tokens: ${url}`, async () => {
      const u = await createUser(t, { role: 'administrator' });
      const { token, refresh } = await loginFull(u.username, u.password);
      const out = await post(url, {}, { ...bearer(token), cookie: `refresh_token=${refresh}` });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ success: true, data: null });
      expect((await check(token)).statusCode).toBe(401);
      expect((await post('/api/blade-auth/oauth/token', { refresh_token: refresh })).statusCode).toBe(401);
    });
  }
});

describe('verification code and lockout', () => {
  it('asks for a code after 3 failures and locks the account for 15 minutes after 5', async () => {
    const u = await createUser(t, { role: 'operator' });
    const wrong = (extra: Record<string, unknown> = {}) =>
      post(
        '/api/Users/v2_2_login',
        { username: u.username, password: 'Wrong@1234', ...extra },
        { 'accept-language': 'en' },
      );
    for (let i = 0; i < 3; i++) expect((await wrong()).json().code).toBe('4011');

    const needCode = await wrong();
    expect(needCode.statusCode).toBe(401);
    expect(needCode.json()).toMatchObject({
      code: 'VERIFY_CODE_REQUIRED',
      msg: 'Login restricted,Verification code cannot be empty',
    });
    // Even the right password needs the code now.
    const rightNoCode = await post('/api/Users/v2_2_login', { username: u.username, password: u.password });
    expect(rightNoCode.json().code).toBe('VERIFY_CODE_REQUIRED');

    const badCode = await wrong({ verifyCode: '0000' });
    expect(badCode.json().code).toBe('VERIFY_CODE_WRONG');

    expect((await wrong({ verifyCode: await captchaCode(u.username) })).json().code).toBe('4011');
    const locking = await wrong({ verifyCode: await captchaCode(u.username) });
    expect(locking.json()).toMatchObject({ code: 'LOGIN_FAILED', msg: 'Login restricted' });

    const lockedRight = await post('/api/Users/v2_2_login', { username: u.username, password: u.password });
    expect(lockedRight.statusCode).toBe(401);
    expect(lockedRight.json().code).toBe('LOGIN_FAILED');

    clock.advance(14 * 60_000);
    expect((await post('/api/Users/v2_2_login', { username: u.username, password: u.password })).json().code).toBe(
      'LOGIN_FAILED',
    );
    clock.advance(61_000);
    const after = await post('/api/Users/v2_2_login', { username: u.username, password: u.password });
    expect(after.statusCode).toBe(200);
  });

  it('accepts the right password with a correct code, and the code only once', async () => {
    const u = await createUser(t, { role: 'operator' });
    for (let i = 0; i < 3; i++) await post('/api/Users/v2_2_login', { username: u.username, password: 'Bad@12345' });
    const code = await captchaCode(u.username);
    expect(code).toMatch(/^[A-Z0-9]{4}$/);
    const ok = await post('/api/Users/v2_2_login', { username: u.username, password: u.password, verifyCode: code });
    expect(ok.statusCode).toBe(200);
    // The count was reset by the success: no code needed for the next login.
    const again = await post('/api/Users/v2_2_login', { username: u.username, password: u.password });
    expect(again.statusCode).toBe(200);
  });

  it('counts failures for names that do not exist, so the answers never tell', async () => {
    for (let i = 0; i < 3; i++) {
      expect((await post('/api/Users/v2_2_login', { username: 'ghost', password: 'Bad@12345' })).json().code).toBe(
        '4011',
      );
    }
    expect((await post('/api/Users/v2_2_login', { username: 'ghost', password: 'Bad@12345' })).json().code).toBe(
      'VERIFY_CODE_REQUIRED',
    );
  });
});

describe('rate limit', () => {
  it('limits login attempts per IP and login name, so colleagues on one address are not blocked', async () => {
    const limited = await buildTestApp({ env: { LOGIN_RATE_LIMIT: '3' } });
    try {
      const attempt = async (username: string, remoteAddress = '10.0.0.1') =>
        (
          await limited.app.inject({
            method: 'POST',
            url: '/api/Users/advertiser_login',
            payload: { username, password: 'x' },
            remoteAddress,
          })
        ).statusCode;
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push(await attempt('guesser'));
      expect(codes.slice(0, 3)).toEqual([401, 401, 401]);
      expect(codes[3]).toBe(429);
      const limitedBody = await limited.app.inject({
        method: 'POST',
        url: '/api/Users/advertiser_login',
        payload: { username: 'GUESSER', password: 'x' },
        remoteAddress: '10.0.0.1',
        headers: { 'accept-language': 'en' },
      });
      expect(limitedBody.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
      // Another account from the same office address, and the same account from elsewhere, still get in.
      expect(await attempt('colleague')).toBe(401);
      expect(await attempt('guesser', '10.0.0.2')).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe('nightly clean-up', () => {
  it('removes expired refresh tokens and sessions through the nightly job', async () => {
    const u = await createUser(t, { role: 'operator' });
    const { refresh } = await loginFull(u.username, u.password);
    clock.advance(13 * 3600_000 + 25 * 3600_000);
    const removed = await t.app.ctx.jobs.runCleanups();
    expect(removed['auth.expired-sessions']).toBeGreaterThan(0);
    expect((await post('/api/blade-auth/oauth/token', { refresh_token: refresh })).statusCode).toBe(401);
  });
});
