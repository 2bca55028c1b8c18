import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createRobot } from '../../../test/devices';
import { picture, uploadAndRegister } from '../../../test/media-files';
import { ManualClock } from '../../platform/clock';

/*
 * The WeChat mini-program (issue 18): sign-in through a small local HTTP server standing in for WeChat's
 * code-to-session and phone-number calls, blocked users, the robot of a QR landing, banners and their
 * schedule, the operators' user list.
 */

const clock = new ManualClock(new Date('2026-11-25T08:00:00Z'));
const NOW = Math.floor(clock.now().getTime() / 1000);
const EN = { 'accept-language': 'en' };
const ZH = { 'accept-language': 'zh' };

/** Codes WeChat knows: code -> openid. */
const CODES: Record<string, string> = {
  'code-alice': 'openid-alice',
  'code-bob': 'openid-bob',
  'code-eve': 'openid-eve',
};
const wechatCalls: string[] = [];
let wechat: http.Server;
let t: TestApp;
let unconfigured: TestApp;
let ops: string;
let adv: string;
let robot: { robotId: string; name: string };

beforeAll(async () => {
  wechat = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://wechat');
    wechatCalls.push(url.pathname);
    const json = (body: object) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/sns/jscode2session') {
      if (url.searchParams.get('appid') !== 'wx-test-app' || url.searchParams.get('secret') !== 'wx-test-secret') {
        return json({ errcode: 40125, errmsg: 'invalid appsecret' });
      }
      const openid = CODES[url.searchParams.get('js_code') ?? ''];
      return json(openid ? { openid, session_key: 'k' } : { errcode: 40029, errmsg: 'invalid code' });
    }
    if (url.pathname === '/cgi-bin/token') return json({ access_token: 'wx-access', expires_in: 7200 });
    if (url.pathname === '/wxa/business/getuserphonenumber') {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        const { code } = JSON.parse(raw) as { code: string };
        if (url.searchParams.get('access_token') !== 'wx-access' || code !== 'phone-ok') {
          return json({ errcode: 40029, errmsg: 'invalid code' });
        }
        json({
          errcode: 0,
          phone_info: { phoneNumber: '13800138000', purePhoneNumber: '13800138000', countryCode: '86' },
        });
      });
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => wechat.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(wechat.address() as AddressInfo).port}`;
  t = await buildTestApp({
    clock,
    env: { WECHAT_APPID: 'wx-test-app', WECHAT_SECRET: 'wx-test-secret', WECHAT_API_BASE: base },
  });
  unconfigured = await buildTestApp({ clock });
  ({ token: ops } = await loginAs(t, 'administrator'));
  ({ token: adv } = await loginAs(t, 'advertisers', { customer: 'lucky', diy: true }));
  robot = await createRobot(t, { name: 'Lobby robot' });
});

afterAll(async () => {
  await t?.close();
  await unconfigured?.close();
  await new Promise((resolve) => wechat?.close(resolve));
});

const signIn = (code: string, headers = EN, app = t) =>
  app.app.inject({ method: 'POST', url: '/api/wechat/mp/login', headers, payload: { code, nickname: 'Alice' } });

const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = ops, headers = EN) =>
  t.app.inject({ method, url, headers: { ...bearer(token), ...headers }, ...(payload ? { payload } : {}) });

describe('mini-program sign-in', () => {
  it('exchanges the login code with WeChat and opens a session', async () => {
    const res = await signIn('code-alice');
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json().data;
    expect(session).toMatchObject({ openid: 'openid-alice', nickname: 'Alice', phone: '' });
    expect(session.token).toMatch(/.{20,}/);
    expect(wechatCalls).toContain('/sns/jscode2session');

    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/wechat/mp/profile',
      headers: { ...EN, authorization: `Bearer ${session.token}` },
      payload: { phoneCode: 'phone-ok', avatarUrl: 'https://example.com/a.png' },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().data).toMatchObject({ phone: '13800138000', avatarUrl: 'https://example.com/a.png' });

    const wrongPhone = await t.app.inject({
      method: 'PUT',
      url: '/api/wechat/mp/profile',
      headers: { ...EN, authorization: `Bearer ${session.token}` },
      payload: { phoneCode: 'phone-forged' },
    });
    expect(wrongPhone.statusCode).toBe(400);
    expect(wrongPhone.json()).toMatchObject({ code: 'WECHAT_PHONE_CODE_INVALID', field: 'phoneCode' });
  });

  it('refuses a code WeChat does not know, in the caller’s language', async () => {
    const en = await signIn('code-forged');
    expect(en.statusCode).toBe(400);
    expect(en.json()).toMatchObject({
      success: false,
      code: 'WECHAT_CODE_INVALID',
      msg: 'The WeChat login code is invalid, please sign in again',
    });
    const zh = await signIn('code-forged', ZH);
    expect(zh.json().msg).toBe('微信登录凭证无效，请重新登录');
  });

  it('refuses sign-in with a clear message when the mini-program is not configured', async () => {
    const res = await signIn('code-alice', EN, unconfigured);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'WECHAT_NOT_CONFIGURED' });
    expect(res.json().msg).toContain('WECHAT_APPID');
  });

  it('a blocked user can neither sign in nor use an open session; unblocked, signs in again', async () => {
    const first = (await signIn('code-eve')).json().data;
    const list = await inject('GET', '/api/WechatUsers/queryByPage?keyword=openid-eve');
    expect(list.json()).toMatchObject({ success: true, total: 1 });
    const eve = list.json().datas[0];

    const block = await inject('PUT', `/api/WechatUsers/${eve.id}/blocked`, { blocked: true });
    expect(block.statusCode, block.body).toBe(200);
    expect(block.json().data.blocked).toBe(true);

    const again = await signIn('code-eve');
    expect(again.statusCode).toBe(403);
    expect(again.json()).toMatchObject({ code: 'WECHAT_USER_BLOCKED', msg: 'This WeChat user has been blocked' });
    const landing = await t.app.inject({
      method: 'POST',
      url: '/api/wechat/mp/landing',
      headers: { ...EN, authorization: `Bearer ${first.token}` },
      payload: { robotId: robot.robotId },
    });
    expect(landing.statusCode).toBe(401);

    await inject('PUT', `/api/WechatUsers/${eve.id}/blocked`, { blocked: false });
    expect((await signIn('code-eve')).statusCode).toBe(200);
  });
});

describe('QR landing and the users list', () => {
  it('keeps the robot whose QR brought the user, searchable by robot and keyword', async () => {
    clock.advance(60_000);
    const bob = (await signIn('code-bob')).json().data;
    const land = (robotId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/wechat/mp/landing',
        headers: { ...EN, authorization: `Bearer ${bob.token}` },
        payload: { robotId },
      });
    clock.advance(60_000);
    const first = await land(robot.robotId);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ robotId: robot.robotId, first: true });
    const other = await createRobot(t, { name: 'Second robot' });
    expect((await land(other.robotId)).json().data.first).toBe(false);
    const unknown = await land('NO-SUCH-ROBOT');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('WECHAT_ROBOT_NOT_FOUND');

    const byRobot = await inject('GET', `/api/WechatUsers/queryByPage?robotId=${robot.robotId}`);
    expect(byRobot.json().total).toBe(1);
    expect(byRobot.json().datas[0]).toMatchObject({
      openid: 'openid-bob',
      robotId: robot.robotId,
      robotName: 'Lobby robot',
      blocked: false,
    });
    expect(byRobot.json().datas[0].lastVisit).toBeGreaterThan(byRobot.json().datas[0].firstVisit);

    const all = await inject('GET', '/api/WechatUsers/queryByPage?start=0&limit=2');
    expect(all.json().total).toBe(3);
    expect(all.json().datas.map((u: { openid: string }) => u.openid)).toEqual(['openid-bob', 'openid-eve']);
    const byPhone = await inject('GET', '/api/WechatUsers/queryByPage?keyword=1380013');
    expect(byPhone.json().datas.map((u: { openid: string }) => u.openid)).toEqual(['openid-alice']);
    const blocked = await inject('GET', '/api/WechatUsers/queryByPage?blocked=true');
    expect(blocked.json().total).toBe(0);
  });

  it('is for operators only', async () => {
    const res = await inject('GET', '/api/WechatUsers/queryByPage', undefined, adv);
    expect(res.statusCode).toBe(403);
  });
});

describe('banners', () => {
  let pictureId: string;
  const live = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/wechat/mp/banners' })).json().data as Array<{ title: string }>;

  beforeAll(async () => {
    const res = await uploadAndRegister(t, ops, 'banner.png', await picture(750, 300, 'png'), { purpose: 'qr' }, EN);
    expect(res.statusCode, res.body).toBe(200);
    pictureId = res.json().data.id;
  });

  it('checks the title, the link (http/https or a page path), the schedule and the picture', async () => {
    const base = { mediaId: pictureId, title: 'Coffee' };
    const bad = async (payload: object, field: string, msg: string, code = 'VALIDATION_FAILED') => {
      const res = await inject('POST', '/api/WechatBanners', payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code, field });
      expect(res.json().msg).toContain(msg);
    };
    const linkMsg = 'The link must be http or https, or a mini-program page path';
    await bad({ ...base, link: 'ftp://example.com/x' }, 'link', linkMsg);
    await bad({ ...base, link: 'javascript:alert(1)' }, 'link', linkMsg);
    await bad({ ...base, title: '' }, 'title', 'Please enter the banner title');
    await bad({ ...base, title: 'x'.repeat(51) }, 'title', 'The title has at most 50 characters');
    await bad(
      { ...base, beginTime: NOW + 10, endTime: NOW },
      'endTime',
      'The end time must be later than the start time',
    );
    const material = await uploadAndRegister(t, ops, 'material.png', await picture(1080, 1920), {}, EN);
    await bad(
      { ...base, mediaId: material.json().data.id },
      'mediaId',
      'Please upload a jpg/jpeg/png/bmp picture of at most 2MB',
      'WECHAT_BANNER_PICTURE_INVALID',
    );
    const zh = await inject('POST', '/api/WechatBanners', { ...base, link: 'ftp://x' }, ops, ZH);
    expect(zh.json().msg).toContain('链接必须以http或https开头，或为小程序页面路径');
  });

  it('the public list follows enabled, schedule and drag order', async () => {
    const create = async (payload: object) => {
      const res = await inject('POST', '/api/WechatBanners', { mediaId: pictureId, ...payload });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { id: string; linkKind: string; imageUrl: string; live: boolean };
    };
    const a = await create({ title: 'A', link: 'https://example.com/a' });
    const b = await create({ title: 'B', link: '/pages/shop/index?id=3', beginTime: NOW + 600, endTime: NOW + 1200 });
    const c = await create({ title: 'C', enabled: false });
    expect(a.linkKind).toBe('url');
    expect(b).toMatchObject({ linkKind: 'page', live: false });
    expect(await live()).toMatchObject([{ title: 'A', link: 'https://example.com/a', linkKind: 'url' }]);
    const image = await t.app.inject({
      method: 'GET',
      url: new URL(a.imageUrl, 'http://x').pathname + new URL(a.imageUrl, 'http://x').search,
    });
    expect(image.statusCode).toBe(200);
    // The public answer shows no internal id: no storage key (it holds the uploader's account id), no
    // media id, no account id. The picture comes from the banner's own public path.
    const publicAnswer = await t.app.inject({ method: 'GET', url: '/api/wechat/mp/banners' });
    const me = (await inject('GET', '/api/Users/current')).json().data as { id: string };
    expect(publicAnswer.body).not.toContain(pictureId);
    expect(publicAnswer.body).not.toContain(me.id);
    expect(publicAnswer.body).not.toContain('materials/');
    const shown = publicAnswer.json().data[0] as { imageUrl: string };
    expect(shown.imageUrl).toMatch(new RegExp(`^/api/wechat/mp/banners/${a.id}/image\\?v=\\d+$`));
    const served = await t.app.inject({ method: 'GET', url: shown.imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    // A banner not shown now (scheduled later) has no public picture.
    const hidden = await t.app.inject({ method: 'GET', url: `/api/wechat/mp/banners/${b.id}/image` });
    expect(hidden.statusCode).toBe(404);

    clock.advance(600_000);
    expect((await live()).map((x) => x.title)).toEqual(['A', 'B']);

    const order = await inject('PUT', '/api/WechatBanners/order', { ids: [c.id, b.id] });
    expect(order.statusCode, order.body).toBe(200);
    expect(order.json().data.ids).toEqual([c.id, b.id, a.id]);
    expect((await live()).map((x) => x.title)).toEqual(['B', 'A']);

    const enabled = await inject('PUT', `/api/WechatBanners/${c.id}`, {
      mediaId: pictureId,
      title: 'C2',
      enabled: true,
    });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect((await live()).map((x) => x.title)).toEqual(['C2', 'B', 'A']);
    // A PUT without link, times or the switch keeps them (B stays scheduled and linked).
    const renamed = await inject('PUT', `/api/WechatBanners/${b.id}`, { mediaId: pictureId, title: 'B2' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({
      title: 'B2',
      link: '/pages/shop/index?id=3',
      beginTime: NOW + 600,
      endTime: NOW + 1200,
      enabled: true,
    });
    // Only an end time before the kept begin is refused, naming the field.
    const backwards = await inject('PUT', `/api/WechatBanners/${b.id}`, {
      mediaId: pictureId,
      title: 'B2',
      endTime: NOW + 300,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({ code: 'END_BEFORE_START', field: 'endTime' });
    const back = await inject('PUT', `/api/WechatBanners/${b.id}`, { mediaId: pictureId, title: 'B' });
    expect(back.statusCode).toBe(200);

    clock.advance(600_000);
    expect((await live()).map((x) => x.title)).toEqual(['C2', 'A']);

    expect((await inject('DELETE', `/api/WechatBanners/${a.id}`)).statusCode).toBe(200);
    expect((await live()).map((x) => x.title)).toEqual(['C2']);
    const page = await inject('GET', '/api/WechatBanners');
    expect(page.json().datas.map((x: { title: string }) => x.title)).toEqual(['C2', 'B']);
    const gone = await inject('PUT', '/api/WechatBanners/order', { ids: [a.id] });
    expect(gone.statusCode).toBe(404);
  });
});
