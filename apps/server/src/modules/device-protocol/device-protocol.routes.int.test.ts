import { ONLINE_WINDOW_MS } from '@robot-ads/contracts/devices/devices.rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createRobot } from '../../../test/devices';
import { ManualClock } from '../../platform/clock';

let t: TestApp;
let op: Record<string, string>;
const clock = new ManualClock(new Date('2026-03-01T08:00:00Z'));
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await buildTestApp({ clock });
  op = bearer((await loginAs(t, 'super', { principals: 'root' })).token);
  await createRobot(t, { robotId: 'DEV00001', activated: false });
  await createRobot(t, { robotId: 'DEV00002', activated: false });
});
afterAll(() => t.close());

const post = (url: string, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object });
const details = async (robotId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/Devices/robotBaseInfo?robotId=${robotId}`, headers: op })).json()
    .data;
const beat = (token: string, body: Record<string, unknown> = {}) =>
  post('/api/device/v1/heartbeat', bearer(token), { status: 'playing', appVersion: '2.1.0', ...body });

async function activate(robotId: string) {
  const secret = (await post('/api/Devices/activationSecret', op, { robotId })).json().data.secret as string;
  const res = await post('/api/device/v1/activate', {}, { robotId, secret });
  expect(res.statusCode).toBe(200);
  return res.json().data.token as string;
}

describe('device activation', () => {
  it('activates a robot with the secret an operator issued and returns a device token', async () => {
    const issued = await post('/api/Devices/activationSecret', op, { robotId: 'DEV00001' });
    expect(issued.statusCode).toBe(200);
    const { secret } = issued.json().data;
    expect(secret.length).toBeGreaterThanOrEqual(20);
    expect((await details('DEV00001')).state).toBe('notActivated');
    const res = await post('/api/device/v1/activate', {}, { robotId: 'DEV00001', secret, appVersion: '2.0.0' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ robotId: 'DEV00001', heartbeatInterval: 30 });
    expect(res.json().data.token).toMatch(/^dt_/);
    const robot = await details('DEV00001');
    expect(robot).toMatchObject({ actTag: true, hasToken: true, appVersion: '2.0.0' });
    expect(JSON.stringify(robot)).not.toContain(secret);
    // The secret is single-use.
    const again = await post('/api/device/v1/activate', {}, { robotId: 'DEV00001', secret });
    expect(again.statusCode).toBe(401);
  });

  it('refuses a wrong secret and an unknown robot alike', async () => {
    await post('/api/Devices/activationSecret', op, { robotId: 'DEV00002' });
    const wrong = await post('/api/device/v1/activate', en, { robotId: 'DEV00002', secret: 'not-the-secret' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'DEVICE_SECRET_WRONG', msg: 'Wrong device ID or activation secret' });
    const unknown = await post('/api/device/v1/activate', en, { robotId: 'NOPE0001', secret: 'not-the-secret' });
    expect(unknown.json().code).toBe('DEVICE_SECRET_WRONG');
    expect((await details('DEV00002')).actTag).toBe(false);
  });

  it('lets only operators issue secrets and revoke tokens', async () => {
    const owner = bearer((await loginAs(t, 'project', {})).token);
    expect((await post('/api/Devices/activationSecret', owner, { robotId: 'DEV00002' })).statusCode).toBe(403);
    expect((await post('/api/Devices/revokeToken', owner, { robotId: 'DEV00002' })).statusCode).toBe(403);
  });
});

describe('heartbeats and connection state', () => {
  it('refuses heartbeats without a valid device token (a user token is not one)', async () => {
    expect((await post('/api/device/v1/heartbeat', {}, { status: 'idle' })).statusCode).toBe(401);
    expect((await post('/api/device/v1/heartbeat', bearer('dt_forged'), { status: 'idle' })).statusCode).toBe(401);
    expect((await post('/api/device/v1/heartbeat', op, { status: 'idle' })).statusCode).toBe(401);
  });

  it('moves a robot online with a heartbeat and offline when beats stop, recording both transitions', async () => {
    const token = await activate('DEV00002');
    expect((await details('DEV00002')).state).toBe('offline');
    const start = clock.now();
    const res = await beat(token, { lng: 121.47, lat: 31.23, freeStorage: 5_000_000_000 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ online: true, heartbeatInterval: 30 });
    let robot = await details('DEV00002');
    expect(robot).toMatchObject({
      state: 'online',
      online: true,
      lng: 121.47,
      lat: 31.23,
      freeStorage: 5_000_000_000,
      appVersion: '2.1.0',
    });

    // Robots move: the next beat carries a new position; still online after 30 s.
    clock.advance(30_000);
    await beat(token, { lng: 121.48, lat: 31.24 });
    robot = await details('DEV00002');
    expect(robot).toMatchObject({ state: 'online', lng: 121.48 });
    expect(robot.transitions).toEqual([{ kind: 'online', time: Math.floor(start.getTime() / 1000) }]);

    // Silence past 1.1 x 30 s + grace: offline, at last beat + window.
    const lastBeat = clock.now();
    clock.advance(ONLINE_WINDOW_MS + 1000);
    expect((await details('DEV00002')).state).toBe('offline');
    const sweep = await t.app.inject({ method: 'POST', url: '/api/Devices/cacheUpdate?id=DEV00002', headers: op });
    expect(sweep.json().data).toMatchObject({ wentOffline: 1 });
    robot = await details('DEV00002');
    expect(robot.transitions[0]).toEqual({
      kind: 'offline',
      time: Math.floor((lastBeat.getTime() + ONLINE_WINDOW_MS) / 1000),
    });

    // Beating again comes back online.
    clock.advance(60_000);
    await beat(token);
    robot = await details('DEV00002');
    expect(robot.state).toBe('online');
    expect(robot.transitions.map((x: { kind: string }) => x.kind)).toEqual(['online', 'offline', 'online']);
    const board = (await t.app.inject({ method: 'GET', url: '/api/StatisDevices/queryRobotInfo', headers: op })).json()
      .data;
    expect(board.byState.online).toBe(1);
    expect(board.recentTransitions[0]).toMatchObject({ robotId: 'DEV00002', kind: 'online' });
  });

  it('records the offline gap even when no sweep ran before the robot came back', async () => {
    const token = await activate('DEV00001');
    await beat(token);
    clock.advance(10 * 60_000);
    await beat(token);
    const robot = await details('DEV00001');
    expect(robot.transitions.map((x: { kind: string }) => x.kind)).toEqual(['online', 'offline', 'online']);
  });

  it('refuses a revoked token until the robot activates again', async () => {
    const token = await activate('DEV00001');
    expect((await beat(token)).statusCode).toBe(200);
    const revoked = await post('/api/Devices/revokeToken', op, { robotId: 'DEV00001' });
    expect(revoked.json().data.revoked).toBe(1);
    const refused = await post('/api/device/v1/heartbeat', { ...bearer(token), ...en }, { status: 'idle' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json().msg).toBe('The device token is invalid or has been revoked');
    expect((await details('DEV00001')).hasToken).toBe(false);
    const fresh = await activate('DEV00001');
    expect((await beat(fresh)).statusCode).toBe(200);
  });

  it('validates the heartbeat body', async () => {
    const token = await activate('DEV00001');
    const bad = await post('/api/device/v1/heartbeat', bearer(token), { status: 'dancing' });
    expect(bad.statusCode).toBe(400);
    const badLat = await post('/api/device/v1/heartbeat', bearer(token), { status: 'idle', lat: 123 });
    expect(badLat.json().field).toBe('lat');
  });

  it('authenticates every beat of a batch on its own', async () => {
    await createRobot(t, { robotId: 'BAT00001', activated: false });
    await createRobot(t, { robotId: 'BAT00002', activated: false });
    const a = await activate('BAT00001');
    const b = await activate('BAT00002');
    const results = await Promise.all([beat(a), beat(b), beat('dt_not-a-token'), beat(a)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 401, 200]);
    expect((await details('BAT00001')).state).toBe('online');
    expect((await details('BAT00002')).state).toBe('online');
  });
});
