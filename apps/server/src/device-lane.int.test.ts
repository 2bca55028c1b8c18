import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../test/auth';
import { buildTestApp, type TestApp } from '../test/build-app';
import { activatedDevice } from '../test/devices';

/**
 * The device lane (device-lane.ts) answers heartbeats and schedule polls over the application's own port,
 * with the same answers as the application: these calls go over a real socket (app.inject would not reach
 * the lane).
 */
describe('device lane', () => {
  let t: TestApp;
  let base: string;
  let operator: Record<string, string>;

  beforeAll(async () => {
    t = await buildTestApp();
    operator = bearer((await loginAs(t, 'super', { principals: 'root' })).token);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => t.close());

  const beat = (headers: Record<string, string>, body: unknown = { status: 'playing' }) =>
    fetch(`${base}/api/device/v1/heartbeat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('takes a beat over HTTP: the robot is online for the back-office at once', async () => {
    const { token } = await activatedDevice(t, operator);
    const res = await beat(bearer(token), { status: 'playing', appVersion: '2.1.0', lng: 113.93, lat: 22.53 });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ success: true });
    const robots = await fetch(`${base}/api/Devices/queryRobotInfo?start=0&limit=50`, { headers: operator });
    const listed = ((await robots.json()) as { datas: { state: string }[] }).datas;
    expect(listed.some((r) => r.state === 'online')).toBe(true);
  });

  it('refuses a caller without a device token, and a bad body, in the envelope and the caller language', async () => {
    const anonymous = await beat({ 'accept-language': 'en' });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ success: false, data: null, code: 'DEVICE_TOKEN_INVALID' });

    const { token } = await activatedDevice(t, operator);
    const bad = await beat({ ...bearer(token), 'accept-language': 'en' }, { status: 'playing', lat: 'north' });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { code: string; field: string; msg: string; requestId: string };
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED', field: 'lat' });
    expect(body.msg).toMatch(/lat/);
    expect(body.requestId).toMatch(/^[\w-]{8,64}$/);

    const zh = await beat({ 'accept-language': 'zh-CN' });
    const en = await beat({ 'accept-language': 'en' });
    expect(((await zh.json()) as { msg: string }).msg).not.toBe(((await en.json()) as { msg: string }).msg);
  });

  it('answers a schedule poll, and 304 when the robot already holds that version', async () => {
    const { token } = await activatedDevice(t, operator);
    const first = await fetch(`${base}/api/device/v1/schedule`, { headers: bearer(token) });
    expect(first.status).toBe(200);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);
    expect(await first.json()).toMatchObject({ success: true });
    const again = await fetch(`${base}/api/device/v1/schedule`, {
      headers: { ...bearer(token), 'if-none-match': etag as string },
    });
    expect(again.status).toBe(304);
    const stranger = await fetch(`${base}/api/device/v1/schedule`, { headers: bearer('dt_unknown') });
    expect(stranger.status).toBe(401);
  });

  it('leaves every other call to the application, and its calls are counted in the metrics', async () => {
    const wrongVerb = await fetch(`${base}/api/device/v1/heartbeat`);
    expect(wrongVerb.status).toBe(404);
    expect(await wrongVerb.json()).toMatchObject({ success: false });
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    const metrics = await (await fetch(`${base}/metrics`)).text();
    expect(metrics).toMatch(
      /http_requests_total\{method="POST",route="\/api\/device\/v1\/heartbeat",status="200"\} [1-9]/,
    );
    expect(metrics).toMatch(
      /http_requests_total\{method="GET",route="\/api\/device\/v1\/schedule",status="304"\} [1-9]/,
    );
  });

  it('refuses a device call from a blacklisted address, exact or in a range, as the application does', async () => {
    const { token } = await activatedDevice(t, operator);
    const blacklist = t.app.services.openPlatform;
    const actor = { username: 'root', ip: '203.0.113.1' };
    const poll = () =>
      fetch(`${base}/api/device/v1/schedule`, { headers: { ...bearer(token), 'accept-language': 'en' } });
    for (const value of ['127.0.0.1', '127.0.0.0/24']) {
      const entry = await blacklist.addBlacklist(
        { kind: 'ip', value, reason: 'stolen robot', expiresTime: null },
        actor,
      );
      const refused = await beat({ ...bearer(token), 'accept-language': 'en' });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({
        success: false,
        code: 'OPEN_BLACKLISTED',
        msg: 'Blacklisted: stolen robot',
      });
      const polled = await poll();
      expect(polled.status).toBe(403);
      expect(await polled.json()).toMatchObject({ code: 'OPEN_BLACKLISTED' });
      await blacklist.removeBlacklist(entry.id, actor);
    }
    const another = await blacklist.addBlacklist(
      { kind: 'ip', value: '198.51.100.7', reason: 'other', expiresTime: null },
      actor,
    );
    expect((await beat(bearer(token))).status).toBe(200);
    expect((await poll()).status).toBe(200);
    await blacklist.removeBlacklist(another.id, actor);
  });
});
