import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildVersion } from '../../platform/version';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ ready: false });
  const webDist = t.config.WEB_DIST;
  fs.mkdirSync(webDist, { recursive: true });
  // These routes exist only in this test, to drive the error handler.
  t.app.post(
    '/api/test/echo',
    { schema: { body: z.object({ name: z.string().min(2), age: z.number().int() }) }, config: { public: true } },
    async (request) => ({ success: true, data: request.body }),
  );
  t.app.get('/api/test/boom', { config: { public: true } }, async () => {
    throw new Error('secret internal detail');
  });
  await t.app.ready();
});
afterAll(() => t.close());

describe('platform', () => {
  it('reports health with the database, the version and the uptime', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.status).toBe('ok');
    // The release and, when built from a git checkout, the commit: 1.53.0+1a2b3c4.
    expect(body.data.version).toMatch(/^1\.53\.0(\+[0-9a-f]{7,40})?$/);
    expect(body.data.version).toBe(buildVersion());
    expect(body.data.database.status).toBe('ok');
    expect(typeof body.data.uptime).toBe('number');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f]{24}$/);
  });

  it('serves the OpenAPI document listing the routes, and its UI', async () => {
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    expect(Object.keys(json.json().paths)).toContain('/api/health');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });

  it('answers an unknown /api path with 404 in the envelope, in the caller language', async () => {
    const en = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { 'accept-language': 'en-US' } });
    expect(en.statusCode).toBe(404);
    expect(en.json()).toMatchObject({ success: false, data: null, code: 'API_NOT_FOUND' });
    expect(en.json().msg).toBe('No such API: /api/nope');
    const zh = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(zh.json().msg).toBe('接口不存在：/api/nope');
  });

  it('refuses an invalid body with 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'accept-language': 'en' },
      payload: { name: 'x', age: 3 },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ success: false, data: null, code: 'VALIDATION_FAILED', field: 'name' });
    expect(body.msg).toMatch(/^name: /);
  });

  it('gives validation messages in Chinese by default', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'ok', age: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().field).toBe('age');
    expect(res.json().msg).toMatch(/[\u4e00-\u9fff]/);
  });

  it('turns a thrown fault into a 500 with a request id and no stack', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toMatchObject({ success: false, data: null, code: 'INTERNAL' });
    expect(body.requestId).toBe(res.headers['x-request-id']);
    expect(res.body).not.toContain('secret internal detail');
    expect(res.body).not.toContain('at ');
  });

  it('refuses malformed JSON with 400 in the envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'INVALID_JSON' });
    expect(res.json().msg).toBe('请求内容不是有效的 JSON');
  });

  it('sets security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });
});

describe('web app fallback', () => {
  it('serves index.html for deep links when the web app is built', async () => {
    const dir = path.join(t.dataDir, 'web');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>robot-ads</title>');
    const other = await buildTestApp({ env: { WEB_DIST: dir } });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/ad/List' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<title>robot-ads</title>');
      const missingAsset = await other.app.inject({ method: 'GET', url: '/assets/missing.js' });
      expect(missingAsset.statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});
