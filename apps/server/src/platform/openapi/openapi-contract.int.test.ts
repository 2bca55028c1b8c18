import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, login } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { sdkDocuments } from '../../sdk-documents';
import { operationChanges } from './breaking-changes';
import { type OpenApiDoc, operationsOf } from './document';

const root = path.resolve(import.meta.dirname, '../../../../..');
const snapshotOf = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(root, 'packages/sdk/openapi', `${name}.json`), 'utf8')) as OpenApiDoc;

let t: TestApp;
let full: OpenApiDoc;
let partner: OpenApiDoc;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'robot-ads-openapi-'));

beforeAll(async () => {
  t = await buildTestApp();
  const rootUser = await createUser(t, { role: 'super', principals: 'root' });
  const headers = bearer(await login(t, rootUser.username, rootUser.password));
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
      'plan.pulledRatio',
      'proofOfPlay.hourly',
      'shooting.photo',
    ]);
    expect(Object.keys(partner.components?.securitySchemes ?? {})).toEqual(['partnerOAuth']);
    // Every call with the client-credentials token, but the token endpoint itself (the scheme's token URL).
    const security = Object.fromEntries(operationsOf(partner).map(({ op }) => [op.operationId, op.security]));
    expect(security.issueToken).toEqual([]);
    const scheme = partner.components?.securitySchemes?.partnerOAuth as {
      flows: { clientCredentials: { tokenUrl: string } };
    };
    expect(partner.paths[scheme.flows.clientCredentials.tokenUrl]?.post?.operationId).toBe('issueToken');
    const { issueToken: _token, ...calls } = security;
    expect(Object.values(calls).every((s) => JSON.stringify(s) === '[{"partnerOAuth":[]}]')).toBe(true);
  });

  it('keeps the device document of the committed snapshot', () => {
    const device = sdkDocuments(full).device;
    const changes = operationChanges(snapshotOf('device'), device);
    expect({ removed: changes.removed, changed: changes.changed }).toEqual({ removed: [], changed: [] });
    expect(device, 'packages/sdk/openapi/device.json is stale: npm run sdk:generate').toEqual(snapshotOf('device'));
  });
});
