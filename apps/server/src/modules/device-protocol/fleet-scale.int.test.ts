import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { newId } from '@robot-ads/contracts/common/ids';
import { ONLINE_WINDOW_MS } from '@robot-ads/contracts/devices/devices.rules';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, freshDatabase, type TestApp } from '../../../test/build-app';
import { createRobot } from '../../../test/devices';
import { createMaterial, picture } from '../../../test/media-files';
import { buildApp } from '../../app';
import { type Database, openPglite, openPostgres } from '../../db/client';
import { ManualClock } from '../../platform/clock';
import { loadConfig } from '../../platform/config';
import { issueActivationSecret } from '../devices/devices.service';
import { playlistAds, playlists } from '../playlists/playlists.table';
import { publishPlan, SYSTEM_SCOPE } from '../publishing/publishing.service';
import { publishRecords } from '../publishing/publishing.table';

const DAY = 86_400_000;
const en = { 'accept-language': 'en' };

async function activate(t: TestApp, robotId: string) {
  const { secret } = await issueActivationSecret(t.app.ctx, robotId);
  const res = await t.app.inject({ method: 'POST', url: '/api/device/v1/activate', payload: { robotId, secret } });
  expect(res.statusCode).toBe(200);
  return res.json().data.token as string;
}

const beat = (t: TestApp, token: string, body: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/device/v1/heartbeat',
    headers: bearer(token),
    payload: { status: 'playing', ...body },
  });

async function details(t: TestApp, op: Record<string, string>, robotId: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/Devices/robotBaseInfo?robotId=${robotId}`, headers: op });
  expect(res.statusCode).toBe(200);
  return res.json().data as {
    state: string;
    lastHeartbeat: number | null;
    lng: number | null;
    transitions: { kind: string; time: number }[];
  };
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * One database opened by several app instances in turn (a restart): a PGlite folder, or a PostgreSQL
 * database when TEST_DATABASE_URL is set.
 */
async function durableDatabase() {
  if (process.env.TEST_DATABASE_URL) {
    const fresh = await freshDatabase();
    await fresh.database.migrate();
    await fresh.database.close();
    const url = fresh.url as string;
    return { url, open: () => openPostgres(url, 5), drop: fresh.drop };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'robot-ads-presence-'));
  return {
    url: undefined,
    open: () => openPglite(path.join(dir, 'pgdata')),
    drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

async function instanceOn(
  store: Awaited<ReturnType<typeof durableDatabase>>,
  dataDir: string,
  clock: ManualClock,
): Promise<TestApp & { database: Database }> {
  const database = await store.open();
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    PLAYER_DIST: path.join(dataDir, 'no-player'),
    ...(store.url ? { DATABASE_URL: store.url } : {}),
  });
  const app: FastifyInstance = await buildApp({ config, database, clock });
  await app.ready();
  return {
    app,
    database,
    config,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

describe('presence across a restart', () => {
  it('keeps every reported transition and the last beats through a graceful restart, and all transitions through a crash', async () => {
    const clock = new ManualClock(new Date('2026-03-01T08:00:00Z'));
    const store = await durableDatabase();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'robot-ads-presence-files-'));
    try {
      // First instance: A beats twice (the second only in memory), B once.
      const first = await instanceOn(store, dataDir, clock);
      const op = bearer((await loginAs(first, 'super', { principals: 'root', username: 'presence_root' })).token);
      const a = await createRobot(first, { robotId: 'PRS00001', activated: false });
      const b = await createRobot(first, { robotId: 'PRS00002', activated: false });
      const tokenA = await activate(first, a.robotId);
      const tokenB = await activate(first, b.robotId);
      const t0 = clock.now();
      expect((await beat(first, tokenA)).statusCode).toBe(200);
      expect((await beat(first, tokenB)).statusCode).toBe(200);
      clock.advance(20_000);
      const lastBeforeClose = clock.now();
      expect((await beat(first, tokenA, { lng: 113.5 })).statusCode).toBe(200);
      // A graceful close writes what was only in memory.
      await first.close();

      // Second instance on the same database: A is online at its last beat, with one transition.
      clock.advance(5_000);
      const second = await instanceOn(store, dataDir, clock);
      let robotA = await details(second, op, a.robotId);
      expect(robotA).toMatchObject({ state: 'online', lastHeartbeat: seconds(lastBeforeClose), lng: 113.5 });
      expect(robotA.transitions).toEqual([{ kind: 'online', time: seconds(t0) }]);
      // Its next beat (unknown to this instance's memory) changes nothing in the history.
      clock.advance(25_000);
      const keptBeat = clock.now();
      expect((await beat(second, tokenA)).statusCode).toBe(200);
      // B missed its beats: offline at its last beat + the window.
      const sweep = await second.app.inject({
        method: 'POST',
        url: `/api/Devices/cacheUpdate?id=${b.robotId}`,
        headers: op,
      });
      expect(sweep.json().data).toMatchObject({ wentOffline: 1 });
      clock.advance(10_000);
      expect((await beat(second, tokenA, { lng: 114.5 })).statusCode).toBe(200);
      // A crash: the memory of this instance is lost without a flush (the database stays).
      await second.database.close();
      await second.app.close().catch(() => undefined);

      const third = await instanceOn(store, dataDir, clock);
      robotA = await details(third, op, a.robotId);
      // At most the beats taken since the last flush are lost; A never went offline.
      expect(robotA.state).toBe('online');
      expect(robotA.lastHeartbeat).toBeGreaterThanOrEqual(seconds(keptBeat));
      expect(robotA.transitions).toEqual([{ kind: 'online', time: seconds(t0) }]);
      const robotB = await details(third, op, b.robotId);
      expect(robotB.state).toBe('offline');
      expect(robotB.transitions).toEqual([
        { kind: 'offline', time: Math.floor((t0.getTime() + ONLINE_WINDOW_MS) / 1000) },
        { kind: 'online', time: seconds(t0) },
      ]);

      // B comes back.
      clock.advance(60_000);
      const back = clock.now();
      expect((await beat(third, tokenB)).statusCode).toBe(200);
      const again = await details(third, op, b.robotId);
      expect(again.state).toBe('online');
      expect(again.transitions[0]).toEqual({ kind: 'online', time: seconds(back) });
      const board = (
        await third.app.inject({ method: 'GET', url: '/api/StatisDevices/queryRobotInfo', headers: op })
      ).json().data;
      // A has been silent for longer than the window by now; B is the one online.
      expect(board.byState).toMatchObject({ online: 1, offline: 1 });
      expect(board.recentTransitions[0]).toMatchObject({ robotId: b.robotId, kind: 'online' });
      await third.close();
    } finally {
      await store.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('presence and schedules on one instance', () => {
  const clock = new ManualClock(new Date('2026-03-10T04:00:00Z'));
  let t: TestApp;
  let op: Record<string, string>;
  let operatorId: string;
  let adId: string;

  beforeAll(async () => {
    t = await buildTestApp({ clock, env: { EVENT_AUDIT: 'off' } });
    const operator = await loginAs(t, 'super', { principals: 'root' });
    op = bearer(operator.token);
    operatorId = operator.user.id;
    const material = await createMaterial(t, operator.token, 'coffee.png', await picture(1080, 1920));
    const ad = await t.app.inject({
      method: 'POST',
      url: '/api/Advertisements',
      headers: op,
      payload: {
        name: 'Fleet coffee',
        kind: 'picture',
        begin: seconds(clock.now()) - 86_400,
        end: seconds(clock.now()) + 60 * 86_400,
        resources: [material.id],
      },
    });
    expect(ad.statusCode).toBe(200);
    adId = ad.json().data.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  async function publishedPlan(robotIds: string[]) {
    const now = clock.now();
    const [plan] = await t.app.ctx.db
      .insert(playlists)
      .values({
        id: newId(),
        name: `Fleet plan ${newId().slice(-5)}`,
        clientId: 'c1',
        cycle: { type: 'daily', data: [] },
        times: [{ begin: { hour: 0, minute: 0 }, end: { hour: 24, minute: 0 } }],
        beginAt: new Date(now.getTime() - DAY),
        endAt: new Date(now.getTime() + 30 * DAY),
        timeZone: 'Asia/Shanghai',
        playingMode: 'order',
        materials: 1,
        auditState: 'post',
        createdBy: operatorId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!plan) throw new Error('no plan');
    await t.app.ctx.db.insert(playlistAds).values({ playlistId: plan.id, position: 0, adId });
    await t.app.ctx.db.transaction((tx) =>
      publishPlan(
        t.app.ctx,
        tx,
        SYSTEM_SCOPE,
        plan,
        robotIds.map((robotId, i) => ({ row: i + 1, robotId })),
        {
          lang: 'en',
          by: operatorId,
        },
      ),
    );
    return plan;
  }

  const pull = (token: string, version?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/device/v1/schedule',
      headers: { ...bearer(token), ...(version ? { 'if-none-match': `"${version}"` } : {}) },
    });

  it('counts a connected device socket as presence: online without HTTP beats, offline a window after it leaves', async () => {
    const robot = await createRobot(t, { activated: false });
    const token = await activate(t, robot.robotId);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const socket = connect(`http://127.0.0.1:${port}/device`, {
      path: '/websocket/socket.io',
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    const connectedAt = clock.now();
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    await expect.poll(async () => (await details(t, op, robot.robotId)).state, { timeout: 10_000 }).toBe('online');
    socket.disconnect();
    clock.advance(ONLINE_WINDOW_MS + 5_000);
    expect((await details(t, op, robot.robotId)).state).toBe('offline');
    await t.app.inject({ method: 'POST', url: `/api/Devices/cacheUpdate?id=${robot.robotId}`, headers: op });
    expect((await details(t, op, robot.robotId)).transitions).toEqual([
      { kind: 'offline', time: Math.floor((connectedAt.getTime() + ONLINE_WINDOW_MS) / 1000) },
      { kind: 'online', time: seconds(connectedAt) },
    ]);
  });

  it('shows beats held only in memory on the map and the board, offline after the missed beats, and back with one new transition', async () => {
    const robot = await createRobot(t, { activated: false, province: '浙江省', city: '杭州市' });
    const token = await activate(t, robot.robotId);
    const mapPoint = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/StatisDevices/queryRobotInfoSimple?province=${encodeURIComponent('浙江省')}`,
        headers: op,
      });
      expect(res.statusCode).toBe(200);
      return (res.json().data as { robotId: string; state: string; lng: number; lat: number }[]).find(
        (p) => p.robotId === robot.robotId,
      );
    };
    const first = clock.now();
    expect((await beat(t, token, { lng: 120.1, lat: 30.2 })).statusCode).toBe(200);
    // The next beats of an online robot are kept in memory; readers see them at once.
    clock.advance(30_000);
    expect((await beat(t, token, { lng: 120.2, lat: 30.3 })).statusCode).toBe(200);
    expect(await mapPoint()).toMatchObject({ state: 'online', lng: 120.2, lat: 30.3 });
    const lastBeat = clock.now();

    // Two beats missed: offline on the map and the board, the transition at last beat + window.
    clock.advance(ONLINE_WINDOW_MS + 30_000);
    expect(await mapPoint()).toMatchObject({ state: 'offline', lng: 120.2 });
    const sweep = await t.app.inject({
      method: 'POST',
      url: `/api/Devices/cacheUpdate?id=${robot.robotId}`,
      headers: op,
    });
    expect(sweep.json().data).toMatchObject({ wentOffline: 1 });
    const board = (await t.app.inject({ method: 'GET', url: '/api/StatisDevices/queryRobotInfo', headers: op })).json()
      .data;
    expect(board.recentTransitions[0]).toMatchObject({ robotId: robot.robotId, kind: 'offline' });

    // It comes back: online at once, one new transition, its position updated.
    const back = clock.now();
    expect((await beat(t, token, { lng: 120.3, lat: 30.4 })).statusCode).toBe(200);
    expect(await mapPoint()).toMatchObject({ state: 'online', lng: 120.3, lat: 30.4 });
    expect((await details(t, op, robot.robotId)).transitions).toEqual([
      { kind: 'online', time: seconds(back) },
      { kind: 'offline', time: Math.floor((lastBeat.getTime() + ONLINE_WINDOW_MS) / 1000) },
      { kind: 'online', time: seconds(first) },
    ]);
  });

  it('drops an unchanged schedule from the 304 index as soon as a change to the device or its plans is answered', async () => {
    const robot = await createRobot(t);
    const token = await activate(t, robot.robotId);
    const plan = await publishedPlan([robot.robotId]);
    await t.app.schedules.feed.tick();
    const first = await pull(token);
    expect(first.statusCode).toBe(200);
    const v1 = first.json().data.version as string;
    expect((await pull(token, v1)).statusCode).toBe(304);

    // A change of the device's screen through the back-office: the next poll gets the new schedule.
    clock.advance(1000);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/Devices/setInfo',
      headers: op,
      payload: { robotId: robot.robotId, template: 2 },
    });
    expect(changed.statusCode).toBe(200);
    await expect.poll(async () => (await pull(token, v1)).statusCode, { timeout: 10_000 }).toBe(200);
    const second = await pull(token, v1);
    const v2 = second.json().data.version as string;
    expect(second.json().data.template).toBe(2);
    expect(v2).not.toBe(v1);
    expect((await pull(token, v2)).statusCode).toBe(304);

    // The plan withdrawn from the robot: gone from its schedule at the next poll.
    const [record] = await t.app.ctx.db
      .select({ id: publishRecords.id })
      .from(publishRecords)
      .where(eq(publishRecords.playlistId, plan.id));
    clock.advance(1000);
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/Publishes/${record?.id}?reason=${encodeURIComponent('Shop closed')}`,
      headers: op,
    });
    expect(cancelled.statusCode).toBe(200);
    await expect.poll(async () => (await pull(token, v2)).statusCode, { timeout: 10_000 }).toBe(200);
    const third = await pull(token, v2);
    expect(third.json().data.plans.map((p: { id: string }) => p.id)).not.toContain(plan.id);
  });

  it('accepts gzip heartbeats and event batches, and refuses a body that is not gzip', async () => {
    const robot = await createRobot(t, { activated: false });
    const token = await activate(t, robot.robotId);
    const plan = await publishedPlan([robot.robotId]);
    const gzipPost = (url: string, body: Buffer) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(token), ...en, 'content-type': 'application/json', 'content-encoding': 'gzip' },
        payload: body,
      });

    const beatRes = await gzipPost(
      '/api/device/v1/heartbeat',
      gzipSync(JSON.stringify({ status: 'charging', lng: 121.5, lat: 31.2 })),
    );
    expect(beatRes.statusCode).toBe(200);
    expect(await details(t, op, robot.robotId)).toMatchObject({ state: 'online', lng: 121.5 });

    const events = Array.from({ length: 200 }, () => ({
      id: newId(),
      type: 'play',
      playlistId: plan.id,
      adId,
      startedAt: seconds(clock.now()) - 60,
      watchDuration: 10_000,
    }));
    const eventsRes = await gzipPost('/api/device/v1/events', gzipSync(JSON.stringify({ events })));
    expect(eventsRes.statusCode).toBe(200);
    expect(eventsRes.json().data).toEqual({ accepted: 200, duplicates: 0, ignored: 0, flagged: 0, flaggedEvents: [] });

    const broken = await gzipPost('/api/device/v1/events', Buffer.from('certainly not gzip'));
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({ success: false, data: null, code: 'BAD_REQUEST', field: 'Content-Encoding' });
    expect(broken.json().msg).toBe('Invalid request: Content-Encoding');

    // A small compressed body may not expand past the route's limit.
    const bomb = gzipSync(JSON.stringify({ status: 'idle', appVersion: 'x'.repeat(64 * 1024) }));
    const tooLarge = await gzipPost('/api/device/v1/heartbeat', bomb);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().code).toBe('PAYLOAD_TOO_LARGE');
  });
});
