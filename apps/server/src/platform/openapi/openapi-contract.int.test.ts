import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, login } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { sdkDocuments } from '../../sdk-documents';
import { operationChanges } from './breaking-changes';
import { type OpenApiDoc, operationIdList, operationsOf } from './document';

const root = path.resolve(import.meta.dirname, '../../../../..');
const snapshotOf = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(root, 'packages/sdk/openapi', `${name}.json`), 'utf8')) as OpenApiDoc;

let t: TestApp;
let full: OpenApiDoc;
let partner: OpenApiDoc;
let rootHeaders: Record<string, string>;
let rootId: string;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'robot-ads-openapi-'));

beforeAll(async () => {
  t = await buildTestApp();
  const rootUser = await createUser(t, { role: 'super', principals: 'root' });
  const headers = bearer(await login(t, rootUser.username, rootUser.password));
  rootHeaders = headers;
  rootId = rootUser.id;
  full = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  const served = await t.app.inject({ method: 'GET', url: '/api/OpenPlatform/openapi.json', headers });
  expect(served.statusCode, served.body).toBe(200);
  expect(served.headers['content-type']).toMatch(/^application\/json/);
  partner = served.json();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * The body of a call without credentials: broken JSON (a route the guard lets through answers about its
 * body instead of running), but the documented example for the routes whose handler checks a session.
 */
function brokenOrExample(op: {
  'x-access'?: string;
  requestBody?: { content?: Record<string, { example?: unknown }> };
}) {
  if (op['x-access'] !== 'wechat') return '{';
  return JSON.stringify(op.requestBody?.content?.['application/json']?.example ?? {});
}

/** A partner application's token, granted the plan list. */
async function grantedPartnerToken(): Promise<string> {
  const app = await t.app.inject({
    method: 'POST',
    url: '/api/OpenPlatform/apiUsers',
    headers: rootHeaders,
    payload: { name: 'Contract agency', accountId: rootId, interfaces: ['GET /api/Playlists/queryByPage_v3'] },
  });
  expect(app.statusCode, app.body).toBe(200);
  const token = await t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    payload: {
      grant_type: 'client_credentials',
      client_id: app.json().data.clientId,
      client_secret: app.json().data.clientSecret,
    },
  });
  expect(token.statusCode, token.body).toBe(200);
  return token.json().access_token;
}

describe('the OpenAPI documents as a contract', () => {
  it('pass Redocly lint with the recommended rules: 0 errors on the full, partner and device documents', () => {
    const files = { full, partner, device: sdkDocuments(full).device };
    const paths = Object.entries(files).map(([name, doc]) => {
      const file = path.join(dir, `${name}.json`);
      fs.writeFileSync(file, JSON.stringify(doc));
      return file;
    });
    const run = spawnSync(
      path.join(root, 'node_modules/.bin/redocly'),
      ['lint', ...paths, '--config', path.join(root, 'redocly.yaml'), '--format', 'summary'],
      { cwd: root, encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    );
    // The exit status is 1 on any error (warnings keep it 0); the summary lists the rules at fault.
    expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout + run.stderr).toMatch(/valid/);
    expect(run.stdout).not.toMatch(/^error /m);
  });

  it('names every operation once (operationId), tags it with its module, and declares its security and errors', () => {
    const ops = operationsOf(full);
    expect(ops.length).toBeGreaterThan(300);
    const ids = ops.map(({ op }) => op.operationId);
    expect(ids.filter((id) => !id || !/^[a-z][A-Za-z0-9]+$/.test(id))).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path: p, method, op } of ops) {
      const where = `${method.toUpperCase()} ${p}`;
      expect(op.tags?.[0], where).toBeTruthy();
      expect(Array.isArray(op.security), where).toBe(true);
      expect(op.responses?.['500'], where).toBeDefined();
      if (p.startsWith('/api/')) expect(op.responses?.['403'], where).toBeDefined();
    }
    expect(full.servers?.length).toBeGreaterThan(0);
    const byId = new Map(ops.map((o) => [o.op.operationId, o.op]));
    // A user's call, a partner's, a robot's and a public one.
    expect(byId.get('getUsersCurrent')?.security).toEqual([{ bearer: [] }, { accessToken: [] }]);
    expect(byId.get('listPlans')?.security).toEqual([{ bearer: [] }, { partnerOAuth: [] }]);
    expect(byId.get('getSchedule')?.security).toEqual([{ deviceToken: [] }]);
    expect(byId.get('activateDevice')?.security).toEqual([]);
    expect(byId.get('postUsersV22Login')?.security).toEqual([]);
    // Errors in the envelope, with the catalogue's codes; a partner's 429 with its headers.
    const limited = byId.get('listPlans')?.responses?.['429'] as {
      headers: Record<string, unknown>;
      content: { 'application/json': { examples: Record<string, unknown> } };
    };
    expect(Object.keys(limited.headers)).toEqual(['Retry-After', 'RateLimit', 'RateLimit-Policy']);
    expect(Object.keys(limited.content['application/json'].examples)).toEqual([
      'OPEN_RATE_LIMITED',
      'OPEN_QUOTA_EXCEEDED',
    ]);
    // Examples: the request body and the answer of a call.
    const create = byId.get('postOpenPlatformApiUsers');
    expect(create?.requestBody?.content?.['application/json']?.example).toMatchObject({ name: expect.any(String) });
    expect(create?.responses?.['200']?.content?.['application/json']?.example).toMatchObject({ success: true });
    // The wildcard download declares the parameter it uses, and no schema reference dangles.
    expect(full.paths['/api/Media/file/{path}']?.get?.parameters?.map((p) => p.name)).toContain('path');
    expect(JSON.stringify(full)).not.toContain('schema0');
  });

  it('declares no default on any field of a PUT body (a field not sent keeps its stored value)', () => {
    // docs/conventions.md: a PUT changes exactly the fields it sends. A default on one of its fields would
    // fill in a field the caller left out and overwrite the stored value. (Inside a value sent whole, a
    // plan's cycle or a branch's list of regions, a default completes that value and blanks nothing.)
    const resolve = (ref: string) => full.components?.schemas?.[ref.replace('#/components/schemas/', '')];
    /** The schema's own level: itself, what it refers to and what it combines (not its properties). */
    const levels = (schema: unknown, seen = new Set<unknown>()): Record<string, unknown>[] => {
      if (!schema || typeof schema !== 'object' || seen.has(schema)) return [];
      seen.add(schema);
      const node = schema as Record<string, unknown>;
      const out = [node];
      if (typeof node.$ref === 'string') out.push(...levels(resolve(node.$ref), seen));
      for (const key of ['anyOf', 'oneOf', 'allOf'])
        for (const sub of (node[key] ?? []) as unknown[]) out.push(...levels(sub, seen));
      return out;
    };
    const puts = operationsOf(full).filter(({ method }) => method === 'put');
    expect(puts.length).toBeGreaterThan(10);
    const withDefaults: string[] = [];
    let fields = 0;
    for (const { path: p, op } of puts)
      for (const content of Object.values(op.requestBody?.content ?? {}))
        for (const level of levels((content as { schema?: unknown }).schema))
          for (const [name, field] of Object.entries((level.properties ?? {}) as Record<string, unknown>)) {
            fields += 1;
            if (levels(field).some((f) => 'default' in f)) withDefaults.push(`PUT ${p} ${name}`);
          }
    expect(fields).toBeGreaterThan(50);
    expect(withDefaults).toEqual([]);
  });

  it('serves the partner document of the committed snapshot: no removed or changed operation', () => {
    const snapshot = snapshotOf('partner');
    const changes = operationChanges(snapshot, partner);
    // A failure here is a breaking change: restore the operation, or (on purpose, with a new major
    // version and the deprecation period of docs/open-platform.md) run `npm run sdk:generate`.
    expect({ removed: changes.removed, changed: changes.changed }).toEqual({ removed: [], changed: [] });
    // Anything else (an added call, a reworded summary): the snapshot and the SDK are regenerated.
    expect(partner, 'packages/sdk/openapi/partner.json is stale: npm run sdk:generate').toEqual(snapshot);
    expect(Object.keys(partner.webhooks ?? {}).sort()).toEqual([
      'audit.result',
      'order.state',
      'plan.pulledRatio',
      'proofOfPlay.hourly',
      'shooting.photo',
    ]);
    expect(Object.keys(partner.components?.securitySchemes ?? {})).toEqual(['partnerOAuth']);
    // Every call with the client-credentials token, but the token endpoint itself (the scheme's token URL).
    const security = Object.fromEntries(operationsOf(partner).map(({ op }) => [op.operationId, op.security]));
    expect(security.issueToken).toEqual([]);
    const scheme = partner.components?.securitySchemes?.partnerOAuth as {
      flows: { clientCredentials: { tokenUrl: string; scopes: Record<string, string> } };
    };
    expect(partner.paths[scheme.flows.clientCredentials.tokenUrl]?.post?.operationId).toBe('issueToken');
    // Scopes as tokens (no space): each call requires its own, named by its operationId, and the scheme lists them;
    // the document itself needs no scope.
    const { issueToken: _token, getPartnerOpenApi: docs, ...calls } = security;
    expect(docs).toEqual([{ partnerOAuth: [] }]);
    for (const [id, required] of Object.entries(calls)) expect(required).toEqual([{ partnerOAuth: [id] }]);
    expect(Object.keys(scheme.flows.clientCredentials.scopes).sort()).toEqual(Object.keys(calls).sort());
    expect(Object.keys(scheme.flows.clientCredentials.scopes).every((name) => /^\S+$/.test(name))).toBe(true);
  });

  it('keeps the device document of the committed snapshot, and serves it at /api/device/openapi.json', async () => {
    const device = sdkDocuments(full).device;
    const changes = operationChanges(snapshotOf('device'), device);
    expect({ removed: changes.removed, changed: changes.changed }).toEqual({ removed: [], changed: [] });
    expect(device, 'packages/sdk/openapi/device.json is stale: npm run sdk:generate').toEqual(snapshotOf('device'));
    // Served to a vendor's generator as it is, without a token.
    const served = await t.app.inject({ method: 'GET', url: '/api/device/openapi.json' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toMatch(/^application\/json/);
    expect(served.json()).toEqual(snapshotOf('device'));
  });
  it('keeps every operationId of the pinned list (operation-ids.json): a rename is made on purpose', () => {
    const pinned = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'operation-ids.json'), 'utf8')) as Record<
      string,
      string
    >;
    const current = operationIdList(full);
    const renamed = Object.keys(pinned).filter((k) => k in current && current[k] !== pinned[k]);
    expect(
      renamed.map((k) => `${k}: ${pinned[k]} -> ${current[k]}`),
      'a generated client loses these methods: restore the name, or run npm run sdk:generate on purpose',
    ).toEqual([]);
    // Added and removed operations are listed too, so that every name is pinned (npm run sdk:generate).
    expect(current, 'operation-ids.json is stale: npm run sdk:generate').toEqual(pinned);
  });

  it('gives every 2xx JSON answer an example', () => {
    const missing = operationsOf(full).flatMap(({ path: p, method, op }) =>
      Object.entries(op.responses ?? {})
        .filter(([status, r]) => {
          const media = r.content?.['application/json'];
          return status.startsWith('2') && media && media.example === undefined && media.examples === undefined;
        })
        .map(([status]) => `${method.toUpperCase()} ${p} ${status}`),
    );
    expect(missing).toEqual([]);
  });

  it('declares the security the auth guard enforces: a call without credentials is refused as its security says', async () => {
    // Every operation, called without a token: a body is sent broken, so that a route the guard lets
    // through answers about its body (400/415) rather than run; the guard answers 401 before parsing.
    const refusals: Record<string, string[]> = {};
    for (const { path: p, method, op } of operationsOf(full)) {
      const url = p.replace(/\{[^}]+\}/g, '5f9c0a7e2b1d4c3a8e6f0b12');
      const withBody = ['post', 'put', 'patch'].includes(method);
      if (op['x-access'] === 'none' && !withBody) continue;
      const res = await t.app.inject({
        method: method.toUpperCase() as 'GET',
        url,
        ...(withBody ? { headers: { 'content-type': 'application/json' }, payload: brokenOrExample(op) } : {}),
      });
      const code = res.statusCode === 401 ? String(res.json().code) : 'passed';
      const access = String(op['x-access']);
      refusals[access] = [...(refusals[access] ?? []), `${method.toUpperCase()} ${p}: ${code}`];
    }
    const unexpected = (access: string, expected: string) =>
      (refusals[access] ?? []).filter((line) => !line.endsWith(`: ${expected}`));
    expect(refusals.user?.length).toBeGreaterThan(250);
    expect(unexpected('user', 'UNAUTHORIZED')).toEqual([]);
    expect(unexpected('partner', 'UNAUTHORIZED')).toEqual([]);
    expect(unexpected('device', 'DEVICE_TOKEN_INVALID')).toEqual([]);
    expect(unexpected('none', 'passed')).toEqual([]);
    // The mini-program's own calls: public to the guard, refused by their handler without a session.
    expect(refusals.wechat?.length).toBeGreaterThan(0);
    expect(unexpected('wechat', 'WECHAT_SESSION_INVALID')).toEqual([]);
    // A partner token opens the partner calls it is granted, never a user's call.
    const partnerToken = await grantedPartnerToken();
    const asPartner = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(partnerToken) });
    expect((await asPartner('/api/Playlists/queryByPage_v3?start=0&limit=1')).statusCode).toBe(200);
    for (const url of [
      '/api/Users/current',
      '/api/Playlists/queryByCondition',
      '/api/Devices/robotBaseInfo?robotId=R1',
    ]) {
      const res = await asPartner(url);
      expect([res.statusCode, res.json().code], url).toEqual([403, 'OPEN_INTERFACE_NOT_ALLOWED']);
    }
  });
});
