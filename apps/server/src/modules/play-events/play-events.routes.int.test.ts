import { newId } from '@robot-ads/contracts/common/ids';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createAd, createPlan, deliveryWorld } from '../../../test/delivery';
import { createRobot } from '../../../test/devices';
import { followExport } from '../../../test/exports';
import { deviceTokenFor, sendEvents } from '../../../test/play-events';
import { ManualClock } from '../../platform/clock';
import { deviceTokens } from '../devices/devices.table';
import { playEvents, playRollups } from './play-events.table';

const clock = new ManualClock(new Date('2026-11-22T07:00:00Z'));
let t: TestApp;
let w: Awaited<ReturnType<typeof deliveryWorld>>;
let adId: string;
let planId: string;
const EN = { 'accept-language': 'en' };
const now = () => Math.floor(clock.now().getTime() / 1000);

const tokenFor = (robotRef: string) => deviceTokenFor(t, robotRef);

beforeAll(async () => {
  t = await buildTestApp({ clock, startJobs: true, env: { EVENT_AUDIT: 'off' } });
  w = await deliveryWorld(t, 2);
  adId = (await createAd(t, w.adv.token, 1, 'Coffee')).id;
  planId = (await createPlan(t, w.adv.token, [adId])).id;
});
afterAll(() => t?.close());

const send = (token: string, events: object[]) => sendEvents(t, token, events);
const get = (url: string, token = w.operator.token) =>
  t.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...EN } });
const play = (over: Record<string, unknown> = {}) => ({
  id: newId(),
  type: 'play',
  playlistId: planId,
  adId,
  startedAt: now() - 60,
  watchDuration: 15_000,
  ...over,
});
const rollups = () => t.app.ctx.db.select().from(playRollups);

describe('POST /api/device/v1/events', () => {
  it('accepts a batch, counts a re-sent batch as duplicates and leaves the rollups unchanged', async () => {
    const robot = w.robots[0];
    if (!robot) throw new Error('no robot');
    const token = await tokenFor(robot.id);
    const batch = [
      play({ audience: { age: { adult: 2, child: 1 }, male: 1, female: 2 } }),
      play({ startedAt: now() - 30, watchDuration: 10_000 }),
      { id: newId(), type: 'scan', playlistId: planId, adId, startedAt: now() - 20 },
    ];
    const first = await send(token, batch);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ accepted: 3, duplicates: 0, ignored: 0, flagged: 0, flaggedEvents: [] });
    const before = await rollups();
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({
      plays: 2,
      scans: 1,
      watchMs: 25_000,
      ageAdult: 2,
      ageChild: 1,
      male: 1,
      female: 2,
    });

    // The stored event is the one sent: its audience an object, its start the second it was sent.
    const stored = await t.app.ctx.db.select().from(playEvents);
    const first0 = stored.find((e) => e.id === (batch[0] as { id: string }).id);
    expect(first0).toMatchObject({
      type: 'play',
      robotRef: robot.id,
      watchMs: 15_000,
      audience: { age: { adult: 2, child: 1 }, male: 1, female: 2 },
      startedAt: new Date((now() - 60) * 1000),
      resourceId: null,
    });
    expect(stored.find((e) => e.type === 'scan')).toMatchObject({ watchMs: 0, audience: null });

    const again = await send(token, batch);
    expect(again.json().data).toEqual({ accepted: 0, duplicates: 3, ignored: 0, flagged: 0, flaggedEvents: [] });
    expect(await rollups()).toEqual(before);
    expect(await t.app.ctx.db.select().from(playEvents)).toHaveLength(3);

    // A batch mixing one old and one new event adds only the new one.
    const mixed = await send(token, [batch[0] as object, play({ watchDuration: 5_000 })]);
    expect(mixed.json().data).toEqual({ accepted: 1, duplicates: 1, ignored: 0, flagged: 0, flaggedEvents: [] });
    expect((await rollups())[0]).toMatchObject({ plays: 3, watchMs: 30_000 });
  });

  it('ignores events of unknown plans and refuses bad batches', async () => {
    const robot = w.robots[1];
    if (!robot) throw new Error('no robot');
    const token = await tokenFor(robot.id);
    const unknown = await send(token, [play({ playlistId: newId() })]);
    expect(unknown.json().data).toEqual({ accepted: 0, duplicates: 0, ignored: 1, flagged: 0, flaggedEvents: [] });
    const empty = await send(token, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().code).toBe('VALIDATION_FAILED');
    expect((await send(token, [play({ id: 'not-an-id' })])).statusCode).toBe(400);
    expect((await send(token, [play({ watchDuration: -1 })])).statusCode).toBe(400);
    const tooMany = Array.from({ length: 501 }, () => play());
    expect((await send(token, tooMany)).statusCode).toBe(400);
  });

  it('refuses a wrong, a revoked or a user token', async () => {
    const forged = await send('dt_forged', [play()]);
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('DEVICE_TOKEN_INVALID');
    expect((await send(w.operator.token, [play()])).statusCode).toBe(401);
    const robot = await createRobot(t, { projectId: w.property.id });
    const token = await tokenFor(robot.id);
    await t.app.ctx.db.update(deviceTokens).set({ revokedAt: clock.now() });
    expect((await send(token, [play()])).statusCode).toBe(401);
  });
});

describe('GET /api/Publishes/consume', () => {
  let planB: string;
  beforeAll(async () => {
    planB = (await createPlan(t, w.adv.token, [adId])).id;
    const all = [...w.robots, ...w.autoRobots];
    const published = await t.app.inject({
      method: 'POST',
      url: '/api/Playlists/publishWithRobots',
      headers: { ...bearer(w.operator.token), ...EN },
      payload: { playListId: planB, robotIds: all.map((r) => r.robotId) },
    });
    expect(published.statusCode, published.body).toBe(200);
    for (const [i, robot] of all.entries()) {
      const token = await tokenFor(robot.id);
      const events = Array.from({ length: i + 1 }, (_, k) =>
        play({ playlistId: planB, startedAt: now() - 7200 + k * 600, watchDuration: 1000 * (k + 1) }),
      );
      expect((await send(token, events)).json().data.accepted).toBe(i + 1);
    }
  });

  it('returns one row per robot matching the events, paged', async () => {
    const res = await get(`/api/Publishes/consume?playListId=${planB}&start=0&limit=2`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.total).toBe(4);
    expect(body.datas).toHaveLength(2);
    const all = [...w.robots, ...w.autoRobots];
    const first = all.map((r) => r.robotId).sort()[0];
    const idx = all.findIndex((r) => r.robotId === first);
    const n = idx + 1;
    expect(body.datas[0]).toEqual({
      robotId: first,
      name: all[idx]?.name,
      propertyname: idx < 2 ? w.property.name : w.autoProperty.name,
      plays: n,
      scans: 0,
      watchDuration: (1000 * n * (n + 1)) / 2,
      lastPlayTime: now() - 7200 + (n - 1) * 600,
    });
    const page2 = (await get(`/api/Publishes/consume?playListId=${planB}&start=2&limit=2`)).json();
    expect(page2.datas.map((r: { robotId: string }) => r.robotId)).toEqual(
      all
        .map((r) => r.robotId)
        .sort()
        .slice(2),
    );
  });

  it('returns every row with limit -1', async () => {
    const res = (await get(`/api/Publishes/consume?playListId=${planB}&start=0&limit=-1`)).json();
    expect(res.total).toBe(4);
    expect(res.datas).toHaveLength(4);
    expect(res.datas.reduce((s: number, r: { plays: number }) => s + r.plays, 0)).toBe(1 + 2 + 3 + 4);
  });

  it('is scoped: the plan owner reads it, another customer cannot, a property sees only its robots', async () => {
    expect((await get(`/api/Publishes/consume?playListId=${planB}&limit=-1`, w.adv.token)).json().total).toBe(4);
    const other = await get(`/api/Publishes/consume?playListId=${planB}&limit=-1`, w.otherAdv.token);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe('PLAYLIST_ID_NOT_EXIST');
    const owner = (await get(`/api/Publishes/consume?playListId=${planB}&limit=-1`, w.owner.token)).json();
    expect(owner.total).toBe(2);
    expect(owner.datas.map((r: { propertyname: string }) => r.propertyname)).toEqual([
      w.property.name,
      w.property.name,
    ]);
    const exp = await get(`/api/Publishes/consumeExportAndProgress?playListId=${planB}`, w.otherAdv.token);
    expect(exp.statusCode).toBe(404);
  });

  it('exports the consumption in the background with progress', async () => {
    const started = await get(`/api/Publishes/consumeExportAndProgress?playListId=${planB}&language=en`);
    expect(started.statusCode, started.body).toBe(200);
    const key = started.json().data.key as string;
    const { state } = await followExport(
      async () => (await get(`/api/Publishes/consumeExportAndProgress?key=${key}`)).json().data,
      { first: started.json().data },
    );
    expect(state).toMatchObject({ state: 'done', progress: 100, total: 4, done: 4 });
    const file = await get(state.url);
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).values).toContain('Watch duration (s)');
    expect(sheet?.rowCount).toBe(5);
    const empty = await createPlan(t, w.adv.token, [adId]);
    const none = await get(`/api/Publishes/consumeExportAndProgress?playListId=${empty.id}`);
    expect(none.json().msg).toBe('Export data is empty and cannot be exported');
  });
});
