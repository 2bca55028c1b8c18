import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { newId } from '@robot-ads/contracts/common/ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { solvedCaptcha } from '../../../test/captcha';
import { ManualClock } from '../../platform/clock';
import { customers } from '../customers/customers.table';

/** A real HTTP server standing in for the deployment's SMS/e-mail gateway. */
interface Gateway {
  url: string;
  received: Array<{ channel: string; to: string; text: string }>;
  /** Resolves with the next message the gateway receives (or one already received and not taken). */
  next(): Promise<{ channel: string; to: string; text: string }>;
  close(): Promise<void>;
}

async function startGateway(): Promise<Gateway> {
  const received: Gateway['received'] = [];
  let taken = 0;
  const waiters: Array<() => void> = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push(JSON.parse(body));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      for (const w of waiters.splice(0)) w();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/send`,
    received,
    async next() {
      while (received.length <= taken) await new Promise<void>((resolve) => waiters.push(resolve));
      const message = received[taken];
      taken += 1;
      if (!message) throw new Error('no message');
      return message;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const clock = new ManualClock(new Date('2026-05-04T02:00:00Z'));
let gateway: Gateway;
let t: TestApp;
let bare: TestApp;
let customerId: string;

beforeAll(async () => {
  gateway = await startGateway();
  t = await buildTestApp({ clock, env: { MESSAGE_WEBHOOK_URL: gateway.url } });
  bare = await buildTestApp();
  customerId = newId();
  await t.app.ctx.db.insert(customers).values({ id: customerId, name: 'Two-factor customer', ownerId: null });
});
afterAll(async () => {
  await t.close();
  await bare.close();
  await gateway.close();
});

const get = (app: TestApp, url: string, token?: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers: { ...(token ? bearer(token) : {}), ...headers } });
const advertiserLogin = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/Users/advertiser_login', payload, headers });
const sendCode = (username: string, headers: Record<string, string> = {}) =>
  get(t, `/api/AdvertiserUsers/advertiserSendCode?username=${encodeURIComponent(username)}`, undefined, headers);
const codeOf = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';

/** An advertiser under `parentId` with two-factor turned on by root over the API. */
async function twoFactorAdvertiser(
  rootToken: string,
  opts: { phone?: string; email?: string; channel?: 'sms' | 'email'; lang?: 'zh' | 'en' } = {},
) {
  const user = await createUser(t, {
    role: 'advertisers',
    customer: customerId,
    phone: opts.phone ?? '13800138000',
    email: opts.email ?? '',
    lang: opts.lang ?? null,
  });
  const res = await get(
    t,
    `/api/AdvertiserUsers/2AFConfigUpsert?userId=${user.id}&enabled=true&channel=${opts.channel ?? 'sms'}`,
    rootToken,
  );
  expect(res.statusCode, res.body).toBe(200);
  return user;
}

describe('two-factor settings (2AFConfig, 2AFConfigByPage, 2AFConfigUpsert)', () => {
  it('operators read, list and change advertisers in their scope only; advertisers read their own', async () => {
    const op = await loginAs(t, 'super');
    const other = await loginAs(t, 'super');
    const adv = await createUser(t, {
      role: 'advertisers',
      parentId: op.user.id,
      customer: customerId,
      name: 'Scoped advertiser',
      phone: '13900139000',
      email: 'ads@example.com',
    });

    const initial = await get(t, `/api/AdvertiserUsers/2AFConfig?userId=${adv.id}`, op.token);
    expect(initial.statusCode).toBe(200);
    expect(initial.json().data).toMatchObject({ userId: adv.id, enabled: false, channel: 'sms', updatetime: null });

    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/AdvertiserUsers/2AFConfigUpsert',
      headers: bearer(op.token),
      payload: { userId: adv.id, enabled: true, channel: 'email' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ enabled: true, channel: 'email', email: 'ads@example.com' });

    const page = await get(t, '/api/AdvertiserUsers/2AFConfigByPage?start=0&limit=10&name=Scoped', op.token);
    expect(page.json()).toMatchObject({ success: true, total: 1 });
    expect(page.json().datas[0]).toMatchObject({
      userId: adv.id,
      account: adv.username,
      customerName: 'Two-factor customer',
      enabled: true,
      channel: 'email',
    });
    const byAccount = await get(
      t,
      `/api/AdvertiserUsers/2AFConfigByPage?account=${encodeURIComponent(adv.username)}`,
      op.token,
    );
    expect(byAccount.json().total).toBe(1);

    // Another operator's subtree does not contain it.
    expect((await get(t, '/api/AdvertiserUsers/2AFConfigByPage?name=Scoped', other.token)).json().total).toBe(0);
    expect((await get(t, `/api/AdvertiserUsers/2AFConfig?userId=${adv.id}`, other.token)).statusCode).toBe(403);
    const foreign = await get(t, `/api/AdvertiserUsers/2AFConfigUpsert?userId=${adv.id}&enabled=false`, other.token);
    expect(foreign.statusCode).toBe(403);

    // The advertiser reads its own without userId, but may neither list nor change.
    const advToken = (await loginAs(t, 'advertisers', { customer: customerId })).token;
    const own = await get(t, '/api/AdvertiserUsers/2AFConfig', advToken);
    expect(own.statusCode).toBe(200);
    expect(own.json().data.enabled).toBe(false);
    expect((await get(t, `/api/AdvertiserUsers/2AFConfig?userId=${adv.id}`, advToken)).statusCode).toBe(403);
    const listed = await get(t, '/api/AdvertiserUsers/2AFConfigByPage', advToken);
    expect(listed.statusCode).toBe(403);
    expect(listed.json().code).toBe('FORBIDDEN');
    const changed = await get(t, `/api/AdvertiserUsers/2AFConfigUpsert?userId=${adv.id}&enabled=false`, advToken);
    expect(changed.statusCode).toBe(403);
    expect((await get(t, '/api/AdvertiserUsers/2AFConfigByPage')).statusCode).toBe(401);
    expect((await get(t, `/api/AdvertiserUsers/2AFConfig?userId=${adv.id}`)).statusCode).toBe(401);

    // Turning it off always works.
    const off = await get(t, `/api/AdvertiserUsers/2AFConfigUpsert?userId=${adv.id}&enabled=false`, op.token);
    expect(off.json().data).toMatchObject({ enabled: false, channel: 'email' });
  });

  it('refuses turning it on without a phone, an e-mail address or a message channel', async () => {
    const root = await loginAs(t, 'super', { principals: 'root' });
    const noContact = await createUser(t, { role: 'advertisers', customer: customerId, phone: '', email: '' });
    const sms = await get(
      t,
      `/api/AdvertiserUsers/2AFConfigUpsert?userId=${noContact.id}&enabled=true&channel=sms`,
      root.token,
      { 'accept-language': 'en' },
    );
    expect(sms.statusCode).toBe(422);
    expect(sms.json()).toMatchObject({
      code: 'TWO_FACTOR_NO_PHONE',
      msg: 'The account has no phone number, so SMS verification cannot be turned on',
    });
    const email = await get(
      t,
      `/api/AdvertiserUsers/2AFConfigUpsert?userId=${noContact.id}&enabled=true&channel=email`,
      root.token,
    );
    expect(email.json()).toMatchObject({ code: 'TWO_FACTOR_NO_EMAIL', msg: '该账号没有邮箱，不能开启邮件验证' });
    const state = await get(t, `/api/AdvertiserUsers/2AFConfig?userId=${noContact.id}`, root.token);
    expect(state.json().data.enabled).toBe(false);

    // A deployment without MESSAGE_WEBHOOK_URL cannot turn it on at all.
    const bareRoot = await loginAs(bare, 'super', { principals: 'root' });
    const bareAdv = await createUser(bare, { role: 'advertisers', phone: '13700137000' });
    const noChannel = await get(
      bare,
      `/api/AdvertiserUsers/2AFConfigUpsert?userId=${bareAdv.id}&enabled=true&channel=sms`,
      bareRoot.token,
    );
    expect(noChannel.statusCode).toBe(422);
    expect(noChannel.json()).toMatchObject({
      code: 'TWO_FACTOR_NO_CHANNEL',
      msg: '系统未配置短信/邮件发送通道，不能开启二次验证',
    });
    // And its advertisers log in with the password alone.
    const plain = await bare.app.inject({
      method: 'POST',
      url: '/api/Users/advertiser_login',
      payload: { username: bareAdv.username, password: bareAdv.password },
    });
    expect(plain.statusCode).toBe(200);
  });
});

describe('two-factor login', () => {
  let rootToken: string;
  beforeAll(async () => {
    rootToken = (await loginAs(t, 'super', { principals: 'root' })).token;
  });

  it('asks for the code after the right password, sends it, accepts it once', async () => {
    const adv = await twoFactorAdvertiser(rootToken, { phone: '13812345678', lang: 'en' });
    const wrongPassword = await advertiserLogin({ username: adv.username, password: 'Wrong@123' });
    expect(wrongPassword.json().code).toBe('4016');

    const first = await advertiserLogin(
      { username: adv.username, password: adv.password },
      { 'accept-language': 'zh' },
    );
    expect(first.statusCode).toBe(401);
    expect(first.json()).toMatchObject({
      code: 'TWO_FACTOR_REQUIRED',
      field: 'verifyCode',
      msg: '该账号已开启登录二次验证，请获取发送至 138****5678 的验证码并输入',
    });

    const sent = await sendCode(adv.username);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().data).toEqual({ expiresIn: 300, resendIn: 60 });
    const message = await gateway.next();
    expect(message.channel).toBe('sms');
    expect(message.to).toBe('13812345678');
    // In the account's language, whatever the asking browser's.
    expect(message.text).toMatch(/^Your login code is \d{6}\. It is valid for 5 minutes\./);
    const code = codeOf(message.text);

    const ok = await advertiserLogin({ username: adv.username, password: adv.password, verifyCode: code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.token).toBeTruthy();
    const me = await get(t, '/api/Users/current', ok.json().data.token);
    expect(me.json().data.user).toBe(adv.username);

    const reused = await advertiserLogin({ username: adv.username, password: adv.password, verifyCode: code });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe('TWO_FACTOR_CODE_EXPIRED');

    // The code never stands in for the password.
    clock.advance(61_000);
    await sendCode(adv.username);
    const second = codeOf((await gateway.next()).text);
    const noPassword = await advertiserLogin({ username: adv.username, password: 'Wrong@123', verifyCode: second });
    expect(noPassword.json().code).toBe('4016');
  });

  it('e-mails the code in Chinese to an e-mail account', async () => {
    const adv = await twoFactorAdvertiser(rootToken, { channel: 'email', email: 'buyer@example.com', lang: 'zh' });
    await sendCode(adv.username, { 'accept-language': 'en' });
    const message = await gateway.next();
    expect(message).toMatchObject({ channel: 'email', to: 'buyer@example.com' });
    expect(message.text).toMatch(/^您的登录验证码为 \d{6}，5 分钟内有效。/);
    const required = await advertiserLogin(
      { username: adv.username, password: adv.password },
      { 'accept-language': 'en' },
    );
    expect(required.json().msg).toBe(
      'Two-factor login is on for this account: send a code to b***@example.com and enter it',
    );
  });

  it('voids a code after five wrong tries', async () => {
    const adv = await twoFactorAdvertiser(rootToken);
    await sendCode(adv.username);
    const code = codeOf((await gateway.next()).text);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const res = await advertiserLogin(
        { username: adv.username, password: adv.password, verifyCode: wrong },
        { 'accept-language': 'en' },
      );
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'TWO_FACTOR_CODE_WRONG', msg: `Wrong code, ${5 - i} tries left` });
    }
    const fifth = await advertiserLogin({ username: adv.username, password: adv.password, verifyCode: wrong });
    expect(fifth.json().code).toBe('TWO_FACTOR_CODE_EXPIRED');
    const right = await advertiserLogin({ username: adv.username, password: adv.password, verifyCode: code });
    expect(right.statusCode).toBe(401);
    expect(right.json().code).toBe('TWO_FACTOR_CODE_EXPIRED');
  });

  it('lets a code expire after five minutes and sends at most once a minute', async () => {
    const adv = await twoFactorAdvertiser(rootToken);
    await sendCode(adv.username);
    const code = codeOf((await gateway.next()).text);

    const again = await sendCode(adv.username, { 'accept-language': 'en' });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({
      code: 'TWO_FACTOR_SEND_WAIT',
      msg: 'A code was sent just now, please try again in 60 s',
    });
    clock.advance(5 * 60_000 + 1000);
    const late = await advertiserLogin({ username: adv.username, password: adv.password, verifyCode: code });
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('TWO_FACTOR_CODE_EXPIRED');

    expect((await sendCode(adv.username)).statusCode).toBe(200);
    const fresh = codeOf((await gateway.next()).text);
    const ok = await advertiserLogin({ username: adv.username, password: adv.password, verifyCode: fresh });
    expect(ok.statusCode).toBe(200);
  });

  it('answers an unknown name like a known one and sends nothing for it', async () => {
    const adv = await twoFactorAdvertiser(rootToken, { phone: '13611112222' });
    const plain = await createUser(t, { role: 'advertisers', customer: customerId, phone: '13633334444' });
    const before = gateway.received.length;
    const unknown = await sendCode('nobody-at-all');
    const withoutTwoFactor = await sendCode(plain.username);
    const known = await sendCode(adv.username);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(withoutTwoFactor.json()).toEqual(known.json());
    const message = await gateway.next();
    expect(message.to).toBe('13611112222');
    expect(gateway.received.length).toBe(before + 1);
    // The same pause for an unknown name, too.
    const unknownAgain = await sendCode('nobody-at-all');
    expect(unknownAgain.statusCode).toBe(429);
    expect(unknownAgain.json().code).toBe('TWO_FACTOR_SEND_WAIT');
    // An account without two-factor logs in as before.
    const ok = await advertiserLogin({ username: plain.username, password: plain.password });
    expect(ok.statusCode).toBe(200);
  });

  it('keeps the captcha and lockout rules: after three failures the captcha comes first', async () => {
    const adv = await twoFactorAdvertiser(rootToken);
    for (let i = 0; i < 3; i++) await advertiserLogin({ username: adv.username, password: 'Wrong@123' });
    const noCaptcha = await advertiserLogin({ username: adv.username, password: adv.password });
    expect(noCaptcha.json().code).toBe('VERIFY_CODE_REQUIRED');
    const captcha = await solvedCaptcha(t, adv.username);
    // The captcha answered in verifyCode is not taken for a wrong login code.
    const withCaptcha = await advertiserLogin({ username: adv.username, password: adv.password, verifyCode: captcha });
    expect(withCaptcha.json().code).toBe('TWO_FACTOR_REQUIRED');
    clock.advance(61_000);
    await sendCode(adv.username);
    const code = codeOf((await gateway.next()).text);
    const ok = await advertiserLogin({ username: adv.username, password: adv.password, verifyCode: code });
    expect(ok.statusCode).toBe(200);
  });
});
