import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, type CreatedUser, createUser, login, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { ManualClock } from '../../platform/clock';

const PLANS = 'GET /api/Playlists/queryByPage_v3';
const DEVICES = 'GET /api/Devices/queryRobotInfo';

let t: TestApp;
let root: Record<string, string>;
let rootUser: CreatedUser;
let ownerId: string;
const clock = new ManualClock(new Date('2026-11-25T10:00:00Z'));

beforeAll(async () => {
  t = await buildTestApp({ clock });
  rootUser = await createUser(t, { role: 'super', principals: 'root' });
  ownerId = (await createUser(t, { role: 'administrator' })).id;
});
afterAll(() => t.close());

/** Tests move the clock past token lifetimes: root logs in again at the current time. */
async function refreshRoot() {
  root = bearer(await login(t, rootUser.username, rootUser.password));
}
beforeEach(refreshRoot);

type Json = Record<string, unknown>;

async function createApiUser(overrides: Json = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/OpenPlatform/apiUsers',
    headers: root,
    payload: { name: 'Agency', accountId: ownerId, contact: 'ops@agency.example', interfaces: [PLANS], ...overrides },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; clientId: string; clientSecret: string };
}

function tokenRequest(clientId: string, clientSecret: string, remoteAddress = '127.0.0.1', lang = 'en') {
  return t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    remoteAddress,
    headers: { 'accept-language': lang },
    payload: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
  });
}

async function partnerToken(app: { clientId: string; clientSecret: string }, remoteAddress?: string) {
  const res = await tokenRequest(app.clientId, app.clientSecret, remoteAddress);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}

function call(token: string, url = '/api/Playlists/queryByPage_v3?start=0&limit=10', remoteAddress = '127.0.0.1') {
  return t.app.inject({ method: 'GET', url, remoteAddress, headers: { ...bearer(token), 'accept-language': 'en' } });
}

describe('client credentials', () => {
  it('issues a short-lived token whose scope is the allowed interfaces, and the partner calls as the owner', async () => {
    const app = await createApiUser();
    const res = await tokenRequest(app.clientId, app.clientSecret);
    expect(res.statusCode).toBe(200);
    const data = res.json();
    expect(data).toMatchObject({ token_type: 'bearer', expires_in: 1800, scope: 'listPlans' });
    const plans = await call(data.access_token);
    expect(plans.statusCode, plans.body).toBe(200);
    expect(plans.json()).toMatchObject({ success: true, total: 0, datas: [] });
  });

  it('accepts a form body with HTTP Basic credentials (RFC 6749)', async () => {
    const app = await createApiUser();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${app.clientId}:${app.clientSecret}`).toString('base64')}`,
      },
      payload: 'grant_type=client_credentials',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().access_token).toEqual(expect.any(String));
  });

  it('refuses a wrong secret and an unknown client in the caller language', async () => {
    const app = await createApiUser();
    const wrong = await tokenRequest(app.clientId, 'not-the-secret');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      error: 'invalid_client',
      error_description: 'Wrong client id or client secret',
      code: 'OPEN_CLIENT_INVALID',
    });
    const unknown = await tokenRequest('opnobody', 'x', '127.0.0.1', 'zh');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error_description).toBe('客户端 ID 或密钥错误');
  });

  it('never returns the secret after creation', async () => {
    const app = await createApiUser();
    const one = await t.app.inject({ method: 'GET', url: `/api/OpenPlatform/apiUsers/${app.id}`, headers: root });
    const list = await t.app.inject({ method: 'GET', url: '/api/OpenPlatform/apiUsers?limit=100', headers: root });
    const updated = await t.app.inject({
      method: 'PUT',
      url: `/api/OpenPlatform/apiUsers/${app.id}`,
      headers: root,
      payload: { name: 'Agency renamed', accountId: ownerId, interfaces: [PLANS] },
    });
    for (const res of [one, list, updated]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.body).not.toContain(app.clientSecret);
      expect(res.body).not.toContain('clientSecret');
      expect(res.body).not.toContain('$argon2');
    }
    expect(list.json().datas.map((u: { clientId: string }) => u.clientId)).toContain(app.clientId);
  });

  it('keeps the interfaces, limits and contact a PUT does not send', async () => {
    const app = await createApiUser({ rateLimit: 5, dailyQuota: 77, ipRanges: ['203.0.113.0/24'] });
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/OpenPlatform/apiUsers/${app.id}`,
      headers: root,
      payload: { name: 'Agency only renamed', accountId: ownerId },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({
      name: 'Agency only renamed',
      contact: 'ops@agency.example',
      interfaces: [PLANS],
      ipRanges: ['203.0.113.0/24'],
      rateLimit: 5,
      dailyQuota: 77,
      enabled: true,
    });
    const cleared = await t.app.inject({
      method: 'PUT',
      url: `/api/OpenPlatform/apiUsers/${app.id}`,
      headers: root,
      payload: { name: 'Agency only renamed', accountId: ownerId, ipRanges: [] },
    });
    expect(cleared.json().data).toMatchObject({ ipRanges: [], interfaces: [PLANS], rateLimit: 5 });
  });

  it('keeps the old secret valid during the rotation overlap, not after', async () => {
    const app = await createApiUser();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/OpenPlatform/apiUsers/${app.id}/rotateSecret`,
      headers: root,
      payload: { overlapSeconds: 600 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rotated = res.json().data;
    expect(rotated.clientSecret).not.toBe(app.clientSecret);
    expect(rotated.previousSecretUntil).toBe(Math.floor(clock.now().getTime() / 1000) + 600);
    expect((await tokenRequest(app.clientId, app.clientSecret)).statusCode).toBe(200);
    expect((await tokenRequest(app.clientId, rotated.clientSecret)).statusCode).toBe(200);
    clock.advance(601_000);
    expect((await tokenRequest(app.clientId, app.clientSecret)).statusCode).toBe(401);
    expect((await tokenRequest(app.clientId, rotated.clientSecret)).statusCode).toBe(200);
  });

  it('refuses an expired token, and an application out of its validity or disabled', async () => {
    const now = Math.floor(clock.now().getTime() / 1000);
    const app = await createApiUser({ validUntil: now + 3600 });
    const token = await partnerToken(app);
    clock.advance(1801_000);
    const expired = await call(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('TOKEN_EXPIRED');
    const fresh = await partnerToken(app);
    expect((await call(fresh)).statusCode).toBe(200);
    clock.advance(1800_000);
    const outside = await tokenRequest(app.clientId, app.clientSecret);
    expect(outside.statusCode).toBe(401);
    expect(outside.json().code).toBe('OPEN_CLIENT_EXPIRED');

    await refreshRoot();
    const other = await createApiUser();
    const otherToken = await partnerToken(other);
    await t.app.inject({
      method: 'PUT',
      url: `/api/OpenPlatform/apiUsers/${other.id}`,
      headers: root,
      payload: { name: 'Agency', accountId: ownerId, interfaces: [PLANS], enabled: false },
    });
    const disabled = await call(otherToken);
    expect(disabled.statusCode).toBe(401);
    expect(disabled.json().code).toBe('OPEN_CLIENT_EXPIRED');
  });

  it('refuses interfaces not allowed to the client, untagged calls, and interfaces switched off', async () => {
    const app = await createApiUser();
    const token = await partnerToken(app);
    const devices = await call(token, '/api/Devices/queryRobotInfo?start=0&limit=10');
    expect(devices.statusCode).toBe(403);
    expect(devices.json()).toMatchObject({
      code: 'OPEN_INTERFACE_NOT_ALLOWED',
      msg: `The application may not call this interface: ${DEVICES}`,
    });
    const management = await call(token, '/api/OpenPlatform/apiUsers');
    expect(management.statusCode).toBe(403);
    expect(management.json().code).toBe('OPEN_INTERFACE_NOT_ALLOWED');

    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/OpenPlatform/interfaces',
      headers: root,
      payload: { key: PLANS, enabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await call(token)).statusCode).toBe(403);
    await t.app.inject({
      method: 'PUT',
      url: '/api/OpenPlatform/interfaces',
      headers: root,
      payload: { key: PLANS, enabled: true },
    });
    expect((await call(token)).statusCode).toBe(200);
  });

  it('refuses calls from outside the allowed IP ranges', async () => {
    const app = await createApiUser({ ipRanges: ['10.1.0.0/16'] });
    const outside = await tokenRequest(app.clientId, app.clientSecret, '192.168.1.5');
    // A token request is answered as RFC 6749 section 5.2: 400 unauthorized_client.
    expect(outside.statusCode).toBe(400);
    expect(outside.json()).toMatchObject({ error: 'unauthorized_client', code: 'OPEN_IP_NOT_ALLOWED' });
    const token = await partnerToken(app, '10.1.2.3');
    expect((await call(token, undefined, '10.1.9.9')).statusCode).toBe(200);
    const moved = await call(token, undefined, '10.2.0.1');
    expect(moved.statusCode).toBe(403);
    expect(moved.json().msg).toBe('The application may not call from this address: 10.2.0.1');
  });

  it('answers 429 with Retry-After past the rate limit, and past the daily quota', async () => {
    const limited = await createApiUser({ rateLimit: 2 });
    const token = await partnerToken(limited);
    expect((await call(token)).statusCode).toBe(200);
    expect((await call(token)).statusCode).toBe(200);
    const refused = await call(token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'OPEN_RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);

    const quota = await createApiUser({ dailyQuota: 2 });
    const quotaToken = await partnerToken(quota);
    expect((await call(quotaToken)).statusCode).toBe(200);
    expect((await call(quotaToken)).statusCode).toBe(200);
    const over = await call(quotaToken);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('OPEN_QUOTA_EXCEEDED');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(60);
  });
});

describe('sessions', () => {
  it('lists live sessions with their calls, and a revoked session fails at its next call', async () => {
    const app = await createApiUser();
    const token = await partnerToken(app);
    expect((await call(token)).statusCode).toBe(200);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/OpenPlatform/sessions?apiUserId=${app.id}`,
      headers: root,
    });
    expect(list.statusCode, list.body).toBe(200);
    const [session] = list.json().datas;
    expect(session).toMatchObject({
      apiUserId: app.id,
      clientId: app.clientId,
      ip: '127.0.0.1',
      calls: 1,
      revoked: false,
    });
    const revoke = await t.app.inject({
      method: 'POST',
      url: `/api/OpenPlatform/sessions/${session.id}/revoke`,
      headers: root,
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    const after = await call(token);
    expect(after.statusCode).toBe(401);
    expect(after.json().code).toBe('OPEN_SESSION_REVOKED');
    const live = await t.app.inject({
      method: 'GET',
      url: `/api/OpenPlatform/sessions?apiUserId=${app.id}`,
      headers: root,
    });
    expect(live.json().total).toBe(0);
  });
});

describe('blacklist', () => {
  it('refuses a blacklisted address before authentication, and a blacklisted client or account', async () => {
    const app = await createApiUser();
    const token = await partnerToken(app, '203.0.113.7');
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/OpenPlatform/blacklist',
      headers: root,
      payload: { kind: 'ip', value: '203.0.113.0/24', reason: 'scraping' },
    });
    expect(added.statusCode, added.body).toBe(200);
    const byIp = await call(token, undefined, '203.0.113.7');
    expect(byIp.statusCode).toBe(403);
    expect(byIp.json()).toMatchObject({ code: 'OPEN_BLACKLISTED', msg: 'Blacklisted: scraping' });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: '203.0.113.9' });
    expect(anonymous.statusCode).toBe(403);
    await t.app.inject({ method: 'DELETE', url: `/api/OpenPlatform/blacklist/${added.json().data.id}`, headers: root });
    expect((await call(token, undefined, '203.0.113.7')).statusCode).toBe(200);

    const client = await t.app.inject({
      method: 'POST',
      url: '/api/OpenPlatform/blacklist',
      headers: root,
      payload: { kind: 'client', value: app.clientId, reason: 'unpaid' },
    });
    expect(client.statusCode).toBe(200);
    expect((await call(token)).json().code).toBe('OPEN_BLACKLISTED');
    const refusedToken = await tokenRequest(app.clientId, app.clientSecret);
    expect(refusedToken.statusCode).toBe(400);
    expect(refusedToken.json()).toMatchObject({
      error: 'unauthorized_client',
      error_description: 'Blacklisted: unpaid',
    });

    const closedOwner = (await createUser(t, { role: 'administrator' })).id;
    const other = await createApiUser({ accountId: closedOwner });
    const otherToken = await partnerToken(other);
    await t.app.inject({
      method: 'POST',
      url: '/api/OpenPlatform/blacklist',
      headers: root,
      payload: {
        kind: 'account',
        value: closedOwner,
        reason: 'account closed',
        expiresTime: Math.floor(clock.now().getTime() / 1000) + 60,
      },
    });
    expect((await call(otherToken)).json().code).toBe('OPEN_BLACKLISTED');
    const page = await t.app.inject({ method: 'GET', url: '/api/OpenPlatform/blacklist?kind=account', headers: root });
    expect(page.json().datas[0]).toMatchObject({ kind: 'account', value: closedOwner, reason: 'account closed' });
  });

  it('refuses a malformed address and a range holding the caller own address', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/OpenPlatform/blacklist',
      headers: { ...root, 'accept-language': 'en' },
      payload: { kind: 'ip', value: '300.1.1.1/40' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('value');
    const self = await t.app.inject({
      method: 'POST',
      url: '/api/OpenPlatform/blacklist',
      headers: { ...root, 'accept-language': 'en' },
      payload: { kind: 'ip', value: '0.0.0.0/0' },
    });
    expect(self.statusCode).toBe(422);
    expect(self.json().msg).toBe('You cannot blacklist your own address: 127.0.0.1');
  });
});

describe('interfaces and the audit log', () => {
  it('lists the tagged calls from the OpenAPI document and gives a partner its own document', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/OpenPlatform/interfaces', headers: root });
    const keys = list.json().data.map((i: { key: string }) => i.key);
    expect(keys).toEqual(
      expect.arrayContaining([PLANS, DEVICES, 'GET /api/Advertisements/statisticsDaysByPlaylistId']),
    );
    expect(keys).not.toContain('GET /api/OpenPlatform/apiUsers');
    const app = await createApiUser({ interfaces: [DEVICES] });
    const doc = await call(await partnerToken(app), '/api/OpenPlatform/openapi.json');
    expect(doc.statusCode, doc.body).toBe(200);
    // The document itself, as /api/docs/json: a generator takes the URL as is.
    expect(doc.headers['content-type']).toMatch(/^application\/json/);
    expect(doc.json()).toMatchObject({ openapi: expect.stringMatching(/^3\./), info: expect.any(Object) });
    expect(doc.json()).not.toHaveProperty('success');
    // Its refusals stay in the error envelope.
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/OpenPlatform/openapi.json' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    // Its granted calls, the token endpoint it gets its token from, and the document itself (every partner
    // token may read it).
    expect(Object.keys(doc.json().paths)).toEqual([
      '/api/Devices/queryRobotInfo',
      '/api/blade-auth/oauth/token',
      '/api/OpenPlatform/openapi.json',
    ]);
    const asUser = await t.app.inject({ method: 'GET', url: '/api/OpenPlatform/openapi.json', headers: root });
    expect(Object.keys(asUser.json().paths)).toEqual(
      expect.arrayContaining(['/api/Devices/queryRobotInfo', '/api/Playlists/queryByPage_v3']),
    );
  });

  it('records partner calls and changes: who, what, from where', async () => {
    const app = await createApiUser({ name: 'Audited' });
    const token = await partnerToken(app);
    await call(token, undefined, '127.0.0.1');
    await call(token, '/api/Devices/queryRobotInfo');
    const partner = await t.app.inject({
      method: 'GET',
      url: `/api/OpenPlatform/auditLog?actorKind=partner&actor=${app.clientId}`,
      headers: root,
    });
    expect(partner.statusCode, partner.body).toBe(200);
    const rows = partner.json().datas as { action: string; status: number; ip: string }[];
    expect(rows.map((r) => [r.action, r.status]).sort()).toEqual([
      [DEVICES, 403],
      [PLANS, 200],
    ]);
    const changes = await t.app.inject({
      method: 'GET',
      url: '/api/OpenPlatform/auditLog?actorKind=user',
      headers: root,
    });
    expect(changes.json().datas.map((r: { action: string }) => r.action)).toContain('apiUser.create');
    expect(changes.json().datas.find((r: { target: string }) => r.target.includes('Audited'))).toMatchObject({
      action: 'apiUser.create',
      ip: '127.0.0.1',
    });
  });

  it('refuses the management calls to non-root accounts', async () => {
    const admin = bearer((await loginAs(t, 'administrator')).token);
    const res = await t.app.inject({ method: 'GET', url: '/api/OpenPlatform/apiUsers', headers: admin });
    expect(res.statusCode).toBe(403);
  });
});
