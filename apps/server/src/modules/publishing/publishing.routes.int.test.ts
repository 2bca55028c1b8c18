import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createAd, createPlan, deliveryWorld } from '../../../test/delivery';
import { createRobot, multipart, xlsxFile } from '../../../test/devices';
import { followExport } from '../../../test/exports';
import { ManualClock } from '../../platform/clock';
import { markPulled, plansPublishedToRobot } from './publishing.service';

const clock = new ManualClock(new Date('2026-11-22T07:00:00Z'));
let t: TestApp;
let w: Awaited<ReturnType<typeof deliveryWorld>>;
let ad1: string;
let ad5: string;
let base: string;
const sockets: Socket[] = [];
const EN = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await buildTestApp({ clock, ready: false, startJobs: true });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  w = await deliveryWorld(t, 2);
  ad1 = (await createAd(t, w.adv.token, 1, 'One')).id;
  ad5 = (await createAd(t, w.adv.token, 5, 'Five')).id;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.close();
});

const op = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, token = w.operator.token) =>
  t.app.inject({ method, url, headers: { ...bearer(token), ...EN }, ...(payload ? { payload } : {}) });
const publish = (playListId: string, robotIds: string[]) =>
  op('POST', '/api/Playlists/publishWithRobots', { playListId, robotIds });

describe('slot accounting at its boundaries', () => {
  it('fills a device to exactly 15 slots and refuses the 16th; priority 1 always fits; 9 needs an empty device', async () => {
    const robot = await createRobot(t, { projectId: w.property.id });
    const three = [];
    for (let i = 0; i < 3; i++) three.push(await createPlan(t, w.adv.token, [ad5]));
    for (const p of three) {
      const r = await publish(p.id, [robot.robotId]);
      expect(r.json().data, r.body).toMatchObject({ published: 1 });
    }
    const extra = await createPlan(t, w.adv.token, [ad1]);
    const refused = await publish(extra.id, [robot.robotId]);
    expect(refused.json().data.published).toBe(0);
    expect(refused.json().data.rows[0]).toMatchObject({
      ok: false,
      code: 'DEVICE_SLOTS_INSUFFICIENT',
      msg: 'Insufficient remaining ad slots',
    });
    const low = await createPlan(t, w.adv.token, [ad5], { priority: 1 });
    expect((await publish(low.id, [robot.robotId])).json().data.published).toBe(1);

    const empty = await createRobot(t, { projectId: w.property.id });
    const high = await createPlan(t, w.adv.token, [ad1], { priority: 9 });
    expect((await publish(high.id, [empty.robotId])).json().data.published).toBe(1);
    const one = await createPlan(t, w.adv.token, [ad1]);
    expect((await publish(one.id, [empty.robotId])).json().data.rows[0].code).toBe('DEVICE_SLOTS_INSUFFICIENT');
    const high2 = await createPlan(t, w.adv.token, [ad1], { priority: 9 });
    expect((await publish(high2.id, [robot.robotId])).json().data.rows[0].code).toBe('DEVICE_SLOTS_INSUFFICIENT');

    // The devices list shows the remaining slots from the same rule.
    const info = await op('GET', `/api/Devices/robotBaseInfo?robotId=${robot.robotId}`);
    expect(info.json().data.remainingSlots).toBe(0);

    // Cancelling frees the slots.
    const cancel = await op('POST', '/api/Playlists/cancelPlayListByrobots', {
      playListId: three[0]!.id,
      robotIds: [robot.robotId],
      reason: 'make room',
    });
    expect(cancel.json().data.cancelled).toBe(1);
    expect((await publish(extra.id, [robot.robotId])).json().data.published).toBe(1);
  });

  it('marks a plan charged beyond 1 free material on a trial device and 3 on a leased one', async () => {
    const trial = await createRobot(t, { salesType: 'trial' });
    const rental = await createRobot(t, { salesType: 'rental' });
    const p1 = await createPlan(t, w.adv.token, [ad1]);
    const r1 = await publish(p1.id, [trial.robotId, rental.robotId]);
    expect(r1.json().data).toMatchObject({ published: 2, charged: 0 });
    const p2 = await createPlan(t, w.adv.token, [ad1, ad1]);
    const r2 = await publish(p2.id, [trial.robotId, rental.robotId]);
    expect(r2.json().data).toMatchObject({ published: 2, charged: 1 });
    const details = await op('GET', `/api/Publishes/queryDetailByPlaylistId?playListId=${p2.id}&start=0&limit=10`);
    const byRobot = Object.fromEntries(
      details.json().datas.map((d: { robotId: string; charged: boolean }) => [d.robotId, d.charged]),
    );
    expect(byRobot).toEqual({ [trial.robotId]: true, [rental.robotId]: false });
  });
});

describe('publishing with device checks', () => {
  it('checks every device with the section 8 reasons, a record per device', async () => {
    const p = await createPlan(t, w.adv.token, [ad1]);
    const off = await createRobot(t, { activated: false });
    const expired = await createRobot(t, { expireAt: new Date('2026-01-01T00:00:00Z') });
    const unused = await createRobot(t, { inUse: false });
    const black = await createRobot(t, { listType: 'blacklist' });
    const noAds = await createRobot(t, { postAds: false });
    const ok = await createRobot(t);
    const r = await publish(p.id, [
      ok.robotId,
      off.robotId,
      expired.robotId,
      unused.robotId,
      black.robotId,
      noAds.robotId,
      'NOPE',
    ]);
    const rows = r.json().data.rows.map((x: { robotId: string; code: string | null }) => [x.robotId, x.code]);
    expect(rows).toEqual([
      [ok.robotId, null],
      [off.robotId, 'DEVICE_NOT_ACTIVATED'],
      [expired.robotId, 'DEVICE_EXPIRED'],
      [unused.robotId, 'DEVICE_UNUSED'],
      [black.robotId, 'DEVICE_BLACKLISTED'],
      [noAds.robotId, 'DEVICE_COMMERCIAL_NOT_ALLOWED'],
      ['NOPE', 'DEVICE_NOT_EXIST'],
    ]);
    expect(r.json().data.published).toBe(1);
    const again = await publish(p.id, [ok.robotId]);
    expect(again.json().data.rows[0].code).toBe('PUBLISH_ALREADY_ON_DEVICE');

    const details = await op('GET', `/api/Publishes/queryDetailByPlaylistId?playListId=${p.id}&start=0&limit=20`);
    const states = Object.fromEntries(
      details.json().datas.map((d: { robotId: string; state: string }) => [d.robotId, d.state]),
    );
    expect(states[ok.robotId]).toBe('issued');
    expect(states[off.robotId]).toBe('failed');
    const issued = details.json().datas.find((d: { robotId: string }) => d.robotId === ok.robotId);
    expect(issued).toMatchObject({ pullState: 'notPulled', pullTime: null, resourceNumber: 14 });
    expect(issued.pubTime).toBe(Math.floor(clock.now().getTime() / 1000));
    const failed = await op('GET', `/api/Publishes/failedReport?playListId=${p.id}&start=0&limit=20`);
    expect(failed.json().total).toBe(5);
    expect(failed.json().datas.map((d: { failMsg: string }) => d.failMsg)).toContain('Device is blacklisted');
  });

  it('refuses empty plans and ended plans; advertisers cannot publish directly', async () => {
    const p = await createPlan(t, w.adv.token, [ad1]);
    const robot = await createRobot(t);
    expect((await publish(p.id, [robot.robotId])).statusCode).toBe(200);
    const adv = await op(
      'POST',
      '/api/Playlists/publishWithRobots',
      { playListId: p.id, robotIds: [robot.robotId] },
      w.adv.token,
    );
    expect(adv.statusCode).toBe(403);
    const none = await op('POST', '/api/Playlists/publishWithRobots', { playListId: p.id, robotIds: [] });
    expect(none.json().msg).toContain('The device list needs at least one device');
    // An id of no plan says so; a deleted plan's "the plan has been cancelled" is in the playlists tests.
    const unknown = await publish('0123456789abcdef01234567', [robot.robotId]);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'PLAYLIST_ID_NOT_EXIST', msg: 'The plan ID does not exist' });
  });

  it('publishes to device groups, to every device of property accounts, and intelligently to at most 10', async () => {
    const p = await createPlan(t, w.adv.token, [ad1]);
    const group = await op('POST', '/api/AdvertGroups', { name: 'Lobby set', robotIds: [w.robots[0]!.robotId] });
    expect(group.statusCode, group.body).toBe(200);
    const byGroup = await op('POST', '/api/Playlists/publishWithAdGroups', {
      playListId: p.id,
      adGroupIds: [group.json().data.id],
    });
    expect(byGroup.json().data.published).toBe(1);

    const count = await op('GET', `/api/Publishes/queryNumberOfRobotWithAccounts?accounts=${w.ownerAuto.user.id}`);
    expect(count.json().data.total).toBe(2);
    const byAccount = await op('POST', '/api/Playlists/publishWithAccount', {
      playListId: p.id,
      accounts: [w.ownerAuto.user.id],
    });
    expect(byAccount.json().data.published).toBe(2);
    const cancel = await op('POST', '/api/Playlists/cancelPlayListByAccounts', {
      playListId: p.id,
      accounts: [w.ownerAuto.user.id],
      reason: 'Wrong mall',
    });
    expect(cancel.json().data.cancelled).toBe(2);

    const eleven = Array.from({ length: 11 }, (_, i) => `R${i}`);
    const tooMany = await op('POST', '/api/Playlists/publishWithMode', { playListId: p.id, robotIds: eleven });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().msg).toContain('At most 10 devices for intelligent delivery');
    const near = await createRobot(t, { lng: 114.06, lat: 22.54, city: 'Shenzhen' });
    const far = await createRobot(t, { lng: 116.4, lat: 39.9, city: 'Beijing' });
    const smart = await op('POST', '/api/Playlists/publishWithMode', {
      playListId: p.id,
      distance: 5,
      lng: 114.06,
      lat: 22.55,
    });
    expect(smart.statusCode, smart.body).toBe(200);
    const chosen = smart.json().data.rows.map((r: { robotId: string }) => r.robotId);
    expect(chosen).toContain(near.robotId);
    expect(chosen).not.toContain(far.robotId);
    expect(chosen.length).toBeLessThanOrEqual(10);
  });

  it('cancels in batch by an imported file, after checking it', async () => {
    const p = await createPlan(t, w.adv.token, [ad1]);
    const a = await createRobot(t);
    const b = await createRobot(t);
    await publish(p.id, [a.robotId, b.robotId]);
    const file = await xlsxFile([a.robotId, 'GHOST', b.robotId]);
    const check = multipart([{ filename: 'cancel.xlsx', content: file }], { playListId: p.id });
    const q = await t.app.inject({
      method: 'POST',
      url: '/api/Publishes/queryPublishByImport',
      headers: { ...bearer(w.operator.token), ...EN, ...check.headers },
      payload: check.payload,
    });
    expect(q.statusCode, q.body).toBe(200);
    expect(q.json().data).toMatchObject({ total: 3, validCount: 2 });
    expect(q.json().data.rows[1]).toMatchObject({ row: 3, robotId: 'GHOST', code: 'DEVICE_NOT_EXIST' });
    const noReason = multipart([{ filename: 'cancel.xlsx', content: file }], { playListId: p.id });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/Publishes/cancelPublishByImport',
      headers: { ...bearer(w.operator.token), ...EN, ...noReason.headers },
      payload: noReason.payload,
    });
    expect(refused.json().msg).toBe('The cancellation reason is required');
    const body = multipart([{ filename: 'cancel.xlsx', content: await xlsxFile([a.robotId, b.robotId]) }], {
      playListId: p.id,
      reason: 'Batch stop',
    });
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/Publishes/cancelPublishByImport',
      headers: { ...bearer(w.operator.token), ...EN, ...body.headers },
      payload: body.payload,
    });
    expect(done.json().data.cancelled).toBe(2);
    const summary = await op('GET', `/api/Publishes/query?playListId=${p.id}`);
    expect(summary.json().data).toMatchObject({ cancelled: 2, planPullNumber: 0, deliveryStatus: 'cancelled' });
  });
});

describe('pull tracking', () => {
  it('counts pulls, notifies playlist.pulled.ratio live and flags plans below 80 %', async () => {
    const p = await createPlan(t, w.adv.token, [ad1]);
    const robots = [];
    for (let i = 0; i < 5; i++) robots.push(await createRobot(t));
    await publish(
      p.id,
      robots.map((r) => r.robotId),
    );
    const socket = connect(base, {
      path: '/websocket/socket.io',
      query: { token: w.adv.token },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.once('ready', () => resolve()));
    const got = new Promise<{ name: string; data: { id: string; ratio: number } }>((resolve) =>
      socket.on('message', (m) => {
        if (m.name === 'playlist.pulled.ratio') resolve(m);
      }),
    );
    const published = await plansPublishedToRobot(t.app.ctx, t.app.ctx.db, robots[0]!.id);
    expect(published.map((x) => x.playlistId)).toEqual([p.id]);
    const at = new Date(clock.now().getTime() + 60_000);
    expect(await markPulled(t.app.ctx, robots[0]!.id, [p.id], at)).toEqual([p.id]);
    const live = await got;
    expect(live.data).toMatchObject({ id: p.id, ratio: 0.2 });

    let summary = (await op('GET', `/api/Publishes/query?playListId=${p.id}`)).json().data;
    expect(summary).toMatchObject({ planPullNumber: 5, alreadyPullNumber: 1, ratio: 0.2, lowPullRate: true });
    for (const r of robots.slice(1, 4)) await markPulled(t.app.ctx, r.id, [p.id], at);
    summary = (await op('GET', `/api/Publishes/query?playListId=${p.id}`)).json().data;
    expect(summary).toMatchObject({ alreadyPullNumber: 4, ratio: 0.8, lowPullRate: false });
    const details = await op(
      'GET',
      `/api/Publishes/queryDetailByPlaylistId?playListId=${p.id}&state=pulled&start=0&limit=10`,
    );
    expect(details.json().total).toBe(4);
    expect(details.json().datas[0]).toMatchObject({ pullState: 'pulled', pullTime: Math.floor(at.getTime() / 1000) });

    // Issuing again (Controls) needs an approved plan and resets the pull state.
    const again = await op('GET', `/api/Controls/adPublishByPlaylistId?playListId=${p.id}`);
    expect(again.json().data.issued).toBe(5);
    expect((await op('GET', `/api/Publishes/query?playListId=${p.id}`)).json().data.alreadyPullNumber).toBe(0);
    const unapproved = await createPlan(t, w.adv.token, [ad1]);
    expect((await op('GET', `/api/Controls/adPublishByPlaylistId?playListId=${unapproved.id}`)).json().msg).toBe(
      'The plan was not approved',
    );
  });
});

describe('export of publish details', () => {
  it('exports in the background with progress, then serves the workbook', async () => {
    const p = await createPlan(t, w.adv.token, [ad1]);
    const a = await createRobot(t);
    const b = await createRobot(t);
    await publish(p.id, [a.robotId, b.robotId]);
    const started = await op('GET', `/api/Publishes/exportDetailByPlaylistId?playListId=${p.id}&language=en`);
    expect(started.statusCode, started.body).toBe(200);
    const key = started.json().data.key;
    const { state } = await followExport(
      async () => (await op('GET', `/api/Publishes/queryExportState?key=${key}`)).json().data,
    );
    expect(state).toMatchObject({ state: 'done', progress: 100, total: 2, done: 2 });
    const file = await op('GET', state.url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // Publish times in the platform's zone, said in the column title, the same figures in zh and en.
    const details = await op('GET', `/api/Publishes/queryDetailByPlaylistId?playListId=${p.id}&start=0&limit=10`);
    const pubTimes = (details.json().datas as { pubTime: number | null }[])
      .map((d) =>
        d.pubTime ? new Date((d.pubTime + 8 * 3600) * 1000).toISOString().slice(0, 19).replace('T', ' ') : '',
      )
      .sort();
    for (const [language, title] of [
      ['en', 'Published (Asia/Shanghai, UTC+8)'],
      ['zh', '发布时间（Asia/Shanghai，UTC+8）'],
    ] as const) {
      const again = await op('GET', `/api/Publishes/exportDetailByPlaylistId?playListId=${p.id}&language=${language}`);
      let done = (await op('GET', `/api/Publishes/queryExportState?key=${again.json().data.key}`)).json().data;
      for (let i = 0; i < 200 && done.state !== 'done' && done.state !== 'failed'; i++) {
        await new Promise((r) => setTimeout(r, 100));
        done = (await op('GET', `/api/Publishes/queryExportState?key=${again.json().data.key}`)).json().data;
      }
      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await op('GET', done.url)).rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0];
      expect(sheet?.getRow(1).getCell(7).value, language).toBe(title);
      expect([2, 3].map((r) => String(sheet?.getRow(r).getCell(7).value ?? '')).sort(), language).toEqual(pubTimes);
    }
    const other = await op('GET', `/api/Publishes/queryExportState?key=${key}`, undefined, w.otherAdv.token);
    expect(other.statusCode).toBe(404);
    const empty = await createPlan(t, w.adv.token, [ad1]);
    expect((await op('GET', `/api/Publishes/exportDetailByPlaylistId?playListId=${empty.id}`)).json().msg).toBe(
      'Export data is empty and cannot be exported',
    );
  });
});
