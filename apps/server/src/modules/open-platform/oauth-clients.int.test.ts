import type { AddressInfo } from 'node:net';
import * as openid from 'openid-client';
import { ClientCredentials } from 'simple-oauth2';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, type CreatedUser, createUser, login } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { ManualClock } from '../../platform/clock';

// OAuth 2.0 client credentials as partners' own libraries speak it (RFC 6749 sections 4.4, 5.1, 5.2):
// openid-client and simple-oauth2 against a listening server, then a partner call with their token.
// docs/open-platform.md "Tokens" and "Scopes".

const PLANS = 'GET /api/Playlists/queryByPage_v3';
const DEVICES = 'GET /api/Devices/queryRobotInfo';
const TOKEN_PATH = '/api/blade-auth/oauth/token';

let t: TestApp;
let base: string;
let root: Record<string, string>;
let rootUser: CreatedUser;
let ownerId: string;
const clock = new ManualClock(new Date('2026-12-01T10:00:00Z'));

beforeAll(async () => {
  t = await buildTestApp({ clock });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  rootUser = await createUser(t, { role: 'super', principals: 'root' });
  ownerId = (await createUser(t, { role: 'administrator' })).id;
});
afterAll(() => t.close());
beforeEach(async () => {
  root = bearer(await login(t, rootUser.username, rootUser.password));
});

async function createApiUser(interfaces = [PLANS, DEVICES]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/OpenPlatform/apiUsers',
    headers: root,
    payload: { name: 'Outside agency', accountId: ownerId, interfaces },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; clientId: string; clientSecret: string };
}

const bodyOf = async (res: Response) => (await res.json()) as Record<string, unknown>;

/** A partner call over the network, as the partner's program makes it. */
async function partnerCall(token: string, path = '/api/Playlists/queryByPage_v3?start=0&limit=5') {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}`, 'accept-language': 'en' } });
  return { status: res.status, body: await bodyOf(res) };
}

function tokenPost(body: string | Record<string, string>, headers: Record<string, string> = {}) {
  const form = typeof body === 'string';
  return fetch(`${base}${TOKEN_PATH}`, {
    method: 'POST',
    headers: {
      'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
      'accept-language': 'en',
      ...headers,
    },
    body: form ? body : JSON.stringify(body),
  });
}

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

function openidConfig(clientId: string, auth: openid.ClientAuth) {
  const config = new openid.Configuration({ issuer: base, token_endpoint: `${base}${TOKEN_PATH}` }, clientId, {}, auth);
  openid.allowInsecureRequests(config);
  return config;
}

describe('outside OAuth 2.0 libraries get a token and call with it', () => {
  it('openid-client with client_secret_basic', async () => {
    const app = await createApiUser();
    const tokens = await openid.clientCredentialsGrant(
      openidConfig(app.clientId, openid.ClientSecretBasic(app.clientSecret)),
    );
    expect(tokens.token_type).toBe('bearer');
    expect(tokens.expires_in).toBe(1800);
    expect(tokens.scope?.split(' ').sort()).toEqual(['listPlans', 'listRobots']);
    const plans = await partnerCall(tokens.access_token);
    expect(plans.status, JSON.stringify(plans.body)).toBe(200);
    expect(plans.body).toMatchObject({ success: true, total: 0, datas: [] });
  });

  it('openid-client with client_secret_post, asking for one scope', async () => {
    const app = await createApiUser();
    const config = openidConfig(app.clientId, openid.ClientSecretPost(app.clientSecret));
    const tokens = await openid.clientCredentialsGrant(config, { scope: 'listRobots' });
    expect(tokens.scope).toBe('listRobots');
    expect((await partnerCall(tokens.access_token, '/api/Devices/queryRobotInfo?start=0&limit=5')).status).toBe(200);
    // The narrower token may not call what it did not ask for, though the application may.
    const plans = await partnerCall(tokens.access_token);
    expect(plans.status).toBe(403);
    expect(plans.body).toMatchObject({ code: 'OPEN_INTERFACE_NOT_ALLOWED' });
  });

  it('openid-client reads a wrong secret as the RFC error (and the Basic challenge)', async () => {
    const app = await createApiUser();
    const viaBasic = await openid
      .clientCredentialsGrant(openidConfig(app.clientId, openid.ClientSecretBasic('not-the-secret')))
      .catch((err: unknown) => err);
    expect(viaBasic).toBeInstanceOf(openid.WWWAuthenticateChallengeError);
    expect(viaBasic).toMatchObject({ status: 401, cause: [{ scheme: 'basic' }] });
    const viaPost = await openid
      .clientCredentialsGrant(openidConfig(app.clientId, openid.ClientSecretPost('not-the-secret')))
      .catch((err: unknown) => err);
    expect(viaPost).toBeInstanceOf(openid.ResponseBodyError);
    expect(viaPost).toMatchObject({ status: 401, error: 'invalid_client' });
  });

  it('simple-oauth2 (HTTP Basic and a form body by default; and in the body)', async () => {
    const app = await createApiUser();
    for (const authorizationMethod of ['header', 'body'] as const) {
      const client = new ClientCredentials({
        client: { id: app.clientId, secret: app.clientSecret },
        auth: { tokenHost: base, tokenPath: TOKEN_PATH },
        options: { authorizationMethod },
      });
      const token = await client.getToken({ scope: ['listPlans'] });
      expect(token.token.access_token).toEqual(expect.any(String));
      expect(token.token.scope).toBe('listPlans');
      expect(token.expired()).toBe(false);
      const plans = await partnerCall(token.token.access_token as string);
      expect(plans.status, JSON.stringify(plans.body)).toBe(200);
    }
  });
});

describe('the token answer and its refusals (RFC 6749 sections 5.1 and 5.2)', () => {
  it('answers the token at the top level, not to be stored', async () => {
    const app = await createApiUser([PLANS]);
    const res = await tokenPost(
      `grant_type=client_credentials&client_id=${app.clientId}&client_secret=${app.clientSecret}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('pragma')).toBe('no-cache');
    const body = await bodyOf(res);
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in', 'scope', 'token_type']);
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: 1800, scope: 'listPlans' });
  });

  it('invalid_client: 401, with WWW-Authenticate when HTTP Basic was used, in the caller language', async () => {
    const app = await createApiUser();
    const viaBasic = await tokenPost('grant_type=client_credentials', { authorization: basic(app.clientId, 'wrong') });
    expect(viaBasic.status).toBe(401);
    expect(viaBasic.headers.get('www-authenticate')).toMatch(/^Basic realm="robot-ads partner API"/);
    expect(viaBasic.headers.get('cache-control')).toBe('no-store');
    expect(await bodyOf(viaBasic)).toEqual({
      error: 'invalid_client',
      error_description: 'Wrong client id or client secret',
      code: 'OPEN_CLIENT_INVALID',
    });
    const viaBody = await tokenPost(
      { grant_type: 'client_credentials', client_id: 'opnobody', client_secret: 'x' },
      { 'accept-language': 'zh' },
    );
    expect(viaBody.status).toBe(401);
    expect(viaBody.headers.get('www-authenticate')).toBeNull();
    expect(await bodyOf(viaBody)).toMatchObject({ error: 'invalid_client', error_description: '客户端 ID 或密钥错误' });
    const none = await tokenPost({ grant_type: 'client_credentials' });
    expect(none.status).toBe(401);
    expect((await bodyOf(none)).error).toBe('invalid_client');
  });

  it('unsupported_grant_type: a password grant from a partner is 400, not a login failure', async () => {
    const app = await createApiUser();
    const res = await tokenPost(`grant_type=password&username=a&password=b`, {
      authorization: basic(app.clientId, app.clientSecret),
    });
    expect(res.status).toBe(400);
    expect(await bodyOf(res)).toEqual({
      error: 'unsupported_grant_type',
      error_description: 'Unsupported grant type: password (partners use client_credentials)',
      code: 'OPEN_GRANT_UNSUPPORTED',
    });
    const zh = await tokenPost({ grant_type: 'authorization_code', code: 'x' }, { 'accept-language': 'zh' });
    expect(zh.status).toBe(400);
    expect(await bodyOf(zh)).toMatchObject({
      error: 'unsupported_grant_type',
      error_description: expect.stringMatching(/不支持/),
    });
  });

  it('invalid_request: two ways of client authentication, a missing grant type, a malformed field', async () => {
    const app = await createApiUser();
    const both = await tokenPost(`grant_type=client_credentials&client_secret=${app.clientSecret}`, {
      authorization: basic(app.clientId, app.clientSecret),
    });
    expect(both.status).toBe(400);
    expect(await bodyOf(both)).toMatchObject({ error: 'invalid_request', code: 'OPEN_TOKEN_REQUEST_INVALID' });
    const noGrant = await tokenPost(`client_id=${app.clientId}&client_secret=${app.clientSecret}`);
    expect(noGrant.status).toBe(400);
    expect(await bodyOf(noGrant)).toMatchObject({
      error: 'invalid_request',
      error_description: 'Invalid token request: grant_type is missing',
    });
    const tooLong = await tokenPost({
      grant_type: 'client_credentials',
      client_id: app.clientId,
      client_secret: 'x'.repeat(500),
    });
    expect(tooLong.status).toBe(400);
    expect(await bodyOf(tooLong)).toMatchObject({ error: 'invalid_request', error_description: /client_secret/ });
  });

  it('invalid_scope: a scope the application was not granted, or that does not exist', async () => {
    const app = await createApiUser([PLANS]);
    const credentials = { grant_type: 'client_credentials', client_id: app.clientId, client_secret: app.clientSecret };
    const more = await tokenPost({ ...credentials, scope: 'listPlans listRobots' });
    expect(more.status).toBe(400);
    expect(await bodyOf(more)).toEqual({
      error: 'invalid_scope',
      error_description: 'The requested scope is not granted to the application or does not exist: listRobots',
      code: 'OPEN_SCOPE_INVALID',
    });
    // The interface key of before (with its space) is no scope.
    const oldStyle = await tokenPost({ ...credentials, scope: PLANS });
    expect(oldStyle.status).toBe(400);
    expect((await bodyOf(oldStyle)).error).toBe('invalid_scope');
    const exact = await tokenPost({ ...credentials, scope: 'listPlans' });
    expect(exact.status).toBe(200);
    expect((await bodyOf(exact)).scope).toBe('listPlans');
  });

  it("keeps the web app's refresh answer in the envelope", async () => {
    const refused = await tokenPost({});
    expect(refused.status).toBe(401);
    expect(await bodyOf(refused)).toMatchObject({ success: false, data: null, code: 'UNAUTHORIZED' });
    const loggedIn = await t.app.inject({
      method: 'POST',
      url: '/api/Users/v2_2_login',
      payload: { username: rootUser.username, password: rootUser.password },
    });
    const cookie = String(loggedIn.headers['set-cookie']).split(';')[0] as string;
    const refreshed = await fetch(`${base}${TOKEN_PATH}?tenant=000000`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refreshed.status).toBe(200);
    expect(await bodyOf(refreshed)).toMatchObject({ success: true, data: { access_token: expect.any(String) } });
  });
});

describe('a secret rotation ends the tokens of the old secret', () => {
  async function rotate(id: string, overlapSeconds: number) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/OpenPlatform/apiUsers/${id}/rotateSecret`,
      headers: root,
      payload: { overlapSeconds },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.clientSecret as string;
  }
  async function token(clientId: string, clientSecret: string) {
    const res = await tokenPost({ grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret });
    expect(res.status).toBe(200);
    return (await bodyOf(res)).access_token as string;
  }

  it('at once with overlap 0', async () => {
    const app = await createApiUser();
    const before = await token(app.clientId, app.clientSecret);
    expect((await partnerCall(before)).status).toBe(200);
    const secret = await rotate(app.id, 0);
    const refused = await partnerCall(before);
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ code: 'OPEN_SECRET_ROTATED' });
    expect((await partnerCall(await token(app.clientId, secret))).status).toBe(200);
  });

  it('when the overlap ends: tokens of the old secret (issued before or during it) stop, the new one goes on', async () => {
    const app = await createApiUser();
    const before = await token(app.clientId, app.clientSecret);
    const secret = await rotate(app.id, 600);
    const during = await token(app.clientId, app.clientSecret);
    const fresh = await token(app.clientId, secret);
    for (const each of [before, during, fresh]) expect((await partnerCall(each)).status).toBe(200);
    clock.advance(601_000);
    root = bearer(await login(t, rootUser.username, rootUser.password));
    expect((await partnerCall(before)).body).toMatchObject({ code: 'OPEN_SECRET_ROTATED' });
    expect((await partnerCall(during)).status).toBe(401);
    expect((await partnerCall(fresh)).status).toBe(200);
  });
});

describe('the partner document for generators', () => {
  it('is served without a token at its public URL, with every open call and its scope', async () => {
    const res = await fetch(`${base}/api/OpenPlatform/public/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as {
      openapi: string;
      paths: Record<string, Record<string, { operationId: string }>>;
      components: { securitySchemes: { partnerOAuth: { flows: { clientCredentials: { scopes: object } } } } };
    };
    expect(doc.openapi).toMatch(/^3\./);
    const ids = Object.values(doc.paths).flatMap((item) => Object.values(item).map((op) => op.operationId));
    expect(ids).toEqual(expect.arrayContaining(['issueToken', 'listPlans', 'listRobots', 'getPlanStatisticsByDay']));
    expect(Object.keys(doc.components.securitySchemes.partnerOAuth.flows.clientCredentials.scopes)).toContain(
      'listPlans',
    );
  });

  it("answers the granted document's 401 without a token in the caller's language", async () => {
    for (const [lang, text] of [
      ['en', /log in|Not logged in|expired/i],
      ['zh', /登录/],
    ] as const) {
      const res = await fetch(`${base}/api/OpenPlatform/openapi.json`, { headers: { 'accept-language': lang } });
      expect(res.status).toBe(401);
      expect(String((await bodyOf(res)).msg)).toMatch(text);
    }
  });

  it('lists every partner operation in the "Interfaces" table of docs/open-platform.md', async () => {
    const { readFile } = await import('node:fs/promises');
    const markdown = await readFile(new URL('../../../../../docs/open-platform.md', import.meta.url), 'utf8');
    const section = markdown.slice(markdown.indexOf('## Interfaces'), markdown.indexOf('## Sessions'));
    const rows = [...section.matchAll(/^\| `([A-Z]+ \/[^`]+)` \| `(\w+)` \|$/gm)].map((m) => [m[1], m[2]]);
    const doc = (await (await fetch(`${base}/api/OpenPlatform/public/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const served = Object.entries(doc.paths)
      .flatMap(([path, item]) =>
        Object.entries(item).map(([method, op]) => [`${method.toUpperCase()} ${path}`, op.operationId]),
      )
      .filter(([, id]) => id !== 'issueToken' && id !== 'getPartnerOpenApi');
    expect(rows.sort()).toEqual(served.sort());
  });
});
