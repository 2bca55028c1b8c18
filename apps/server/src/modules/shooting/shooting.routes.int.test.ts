import type { AddressInfo } from 'node:net';
import { newId } from '@robot-ads/contracts/common/ids';
import type { DeviceSchedule } from '@robot-ads/contracts/device-protocol/schedule.schemas';
import type { ShootRecordDto, ShootRequirementDto, ShootTaskDto } from '@robot-ads/contracts/shooting/shooting.schemas';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createRobot, multipart } from '../../../test/devices';
import { createMaterial, picture } from '../../../test/media-files';
import { lobbyProof } from '../../../test/shooting';
import { ManualClock } from '../../platform/clock';
import { deviceCaller } from '../demo-fleet/device-robot';
import { DeviceShooter, stillOfAd } from '../demo-fleet/device-shooter';
import { issueActivationSecret } from '../devices/devices.service';
import { playlistAds, playlists } from '../playlists/playlists.table';
import { cancelPlanOnRobots, publishPlan, SYSTEM_SCOPE } from '../publishing/publishing.service';
import { PHOTO_MATCH_MAX_DISTANCE } from './photo-match';
import { expireTasks, pushPending } from './shooting.service';

const DAY = 86_400_000;
// 12:00 in Shanghai: the windows below are read in Asia/Shanghai.
const clock = new ManualClock(new Date('2026-03-10T04:00:00Z'));
let t: TestApp;
let operator: { token: string; user: { id: string } };
let adId: string;
let otherAdId: string;
const en = { 'accept-language': 'en' };

async function activatedRobot(over: Parameters<typeof createRobot>[1] = {}) {
  const robot = await createRobot(t, over);
  const { secret } = await issueActivationSecret(t.app.ctx, robot.robotId);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/device/v1/activate',
    payload: { robotId: robot.robotId, secret },
  });
  expect(res.statusCode).toBe(200);
  return { ...robot, token: res.json().data.token as string };
}

async function plan(robotIds: string[], overrides: Partial<typeof playlists.$inferInsert> = {}) {
  const now = clock.now();
  const [row] = await t.app.ctx.db
    .insert(playlists)
    .values({
      id: newId(),
      name: `Plan ${Math.random().toString(36).slice(2, 7)}`,
      clientId: 'c1',
      cycle: { type: 'daily', data: [] },
      times: [{ begin: { hour: 0, minute: 0 }, end: { hour: 24, minute: 0 } }],
      beginAt: new Date(now.getTime() - DAY),
      endAt: new Date(now.getTime() + 30 * DAY),
      timeZone: 'Asia/Shanghai',
      playingMode: 'order',
      materials: 1,
      auditState: 'post',
      createdBy: operator.user.id,
      createdAt: now,
      updatedAt: now,
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('no plan');
  await t.app.ctx.db.insert(playlistAds).values({ playlistId: row.id, position: 0, adId });
  if (robotIds.length > 0) {
    await t.app.ctx.db.transaction((tx) =>
      publishPlan(
        t.app.ctx,
        tx,
        SYSTEM_SCOPE,
        row,
        robotIds.map((robotId, i) => ({ row: i + 1, robotId })),
        { lang: 'en', by: operator.user.id },
      ),
    );
  }
  return row;
}

const body = lobbyProof;

async function create(payload: Record<string, unknown>, token = operator.token) {
  return t.app.inject({
    method: 'POST',
    url: '/api/ShootingRequirements',
    headers: { ...bearer(token), ...en },
    payload,
  });
}

async function post(url: string, payload: Record<string, unknown>, token = operator.token) {
  return t.app.inject({ method: 'POST', url, headers: { ...bearer(token), ...en }, payload });
}

async function get(url: string, token = operator.token) {
  return t.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...en } });
}

async function requirement(id: string) {
  return (await get(`/api/ShootingRequirements/${id}`)).json().data as ShootRequirementDto;
}

async function tasks(id: string) {
  return (await get(`/api/ShootingRequirements/queryTasks?id=${id}&limit=100`)).json().datas as ShootTaskDto[];
}

/** Uploads bytes with the task's signed form, as a robot does; returns the key. */
async function upload(token: string, taskId: string, data: Buffer, name = 'shot.jpg') {
  // Keys are `<dir>/picture/<uuid>.<ext>` (the storage's key rule).
  const creds = await t.app.inject({
    method: 'POST',
    url: '/api/device/v1/shootTasks/uploadCredentials',
    headers: bearer(token),
    payload: { taskId },
  });
  expect(creds.statusCode).toBe(200);
  const c = creds.json().data as { dir: string; upload: { url: string; fields: Record<string, string> } };
  const key = `${c.dir}/picture/${crypto.randomUUID()}.jpg`;
  const form = multipart([{ filename: name, content: data }], {
    ...c.upload.fields,
    key,
    'Content-Type': 'image/jpeg',
  });
  const res = await t.app.inject({ method: 'POST', url: c.upload.url, headers: form.headers, payload: form.payload });
  expect(res.statusCode).toBe(200);
  return key;
}

beforeAll(async () => {
  t = await buildTestApp({ clock });
  operator = await loginAs(t, 'super', { principals: 'root' });
  // A poster with shapes (a flat picture would match any flat part of a photo).
  const png = await sharp(
    Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1920">
      <rect width="1080" height="1920" fill="#6b3e26"/>
      <circle cx="760" cy="670" r="240" fill="#e8c39e"/>
      <rect x="110" y="1250" width="540" height="230" fill="#fff"/>
    </svg>`),
  )
    .png()
    .toBuffer();
  const ids: string[] = [];
  for (const name of ['Lucky coffee', 'Other tea']) {
    const material = await createMaterial(t, operator.token, 'coffee.png', png);
    const ad = await t.app.inject({
      method: 'POST',
      url: '/api/Advertisements',
      headers: bearer(operator.token),
      payload: {
        name,
        kind: 'picture',
        begin: Math.floor(clock.now().getTime() / 1000) - 86_400,
        end: Math.floor(clock.now().getTime() / 1000) + 60 * 86_400,
        resources: [material.id],
      },
    });
    expect(ad.statusCode).toBe(200);
    ids.push(ad.json().data.id);
  }
  [adId, otherAdId] = ids as [string, string];
});

afterAll(async () => {
  await t?.close();
});

describe('plan checks', () => {
  it('refuses an unknown, a malformed, an unapproved and a bound plan with the spec messages', async () => {
    const unknown = await get(`/api/ShootingRequirements/checkPlan?planId=${newId()}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe('The plan ID does not exist');

    const short = await get('/api/ShootingRequirements/checkPlan?planId=abc123');
    expect(short.statusCode).toBe(400);
    expect(short.json().msg).toContain('The plan ID is 12 or 24 characters');

    const draft = await plan([], { auditState: 'none' });
    const notApproved = await get(`/api/ShootingRequirements/checkPlan?planId=${draft.id}`);
    expect(notApproved.statusCode).toBe(422);
    expect(notApproved.json().msg).toBe('The plan was not approved');

    const robot = await activatedRobot();
    const p = await plan([robot.robotId]);
    // The short form: the last 12 characters of the ID.
    const byShort = await get(`/api/ShootingRequirements/checkPlan?planId=${p.id.slice(-12)}`);
    expect(byShort.statusCode).toBe(200);
    expect(byShort.json().data).toMatchObject({ id: p.id, shortId: p.id.slice(-12), robotCount: 1 });

    const created = await create(body(p.id.slice(-12), [robot.robotId]));
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({ planId: p.id, state: 'pushing', progress: { total: 1, waiting: 1 } });

    const bound = await create(body(p.id, [robot.robotId]));
    expect(bound.statusCode).toBe(409);
    expect(bound.json().msg).toBe('The plan has been bound');
  });

  it('checks the name (20 with Chinese, else 50), the window and the robots', async () => {
    const robot = await activatedRobot();
    const outsider = await activatedRobot();
    const p = await plan([robot.robotId]);
    const cjk = await create(body(p.id, [robot.robotId], { name: '拍'.repeat(21) }));
    const tooLong = 'The requirement name is at most 50 characters (20 with Chinese characters)';
    expect(cjk.json().msg).toContain(tooLong);
    const latin = await create(body(p.id, [robot.robotId], { name: 'a'.repeat(51) }));
    expect(latin.json().msg).toContain(tooLong);
    const empty = await create(body(p.id, [robot.robotId], { name: '  ' }));
    expect(empty.json().msg).toContain('Please enter the requirement name');
    const reversed = await create(body(p.id, [robot.robotId], { beginTime: '14:00', endTime: '13:00' }));
    expect(reversed.json().code).toBe('END_BEFORE_START');
    const past = await create(body(p.id, [robot.robotId], { shootDate: '2026-03-09' }));
    expect(past.json().code).toBe('SHOOT_WINDOW_PAST');
    const notPublished = await create(body(p.id, [outsider.robotId]));
    expect(notPublished.statusCode).toBe(422);
    expect(notPublished.json().msg).toBe(`The plan is not published to device ${outsider.robotId}`);
    const ok = await create(body(p.id, [robot.robotId], { name: '大堂拍摄'.repeat(5) }));
    expect(ok.statusCode).toBe(200);
  });

  it('lists the robots the plan is published to, filtered and paged, and exports them', async () => {
    const a = await activatedRobot({ name: 'Lobby A' });
    const b = await activatedRobot({ name: 'Garden B' });
    await activatedRobot({ name: 'Lobby C' });
    const p = await plan([a.robotId, b.robotId]);
    const all = await get(`/api/ShootingRequirements/filtrateDevice?planId=${p.id}&start=0&limit=1`);
    expect(all.json().total).toBe(2);
    expect(all.json().datas).toHaveLength(1);
    const lobby = await get(`/api/ShootingRequirements/filtrateDevice?planId=${p.id}&name=Lobby`);
    expect(lobby.json().datas.map((d: { robotId: string }) => d.robotId)).toEqual([a.robotId]);
    const file = await get(`/api/ShootingRequirements/exportFiltrateDevice?planId=${p.id}&language=en`);
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('Device ID');
    expect(sheet?.rowCount).toBe(3);
  });
});

describe('states and cancel rules', () => {
  it('cannot cancel while pushing, nor once the push failed; repush is refused while pushing', async () => {
    const robot = await activatedRobot();
    const p = await plan([robot.robotId]);
    const created = (await create(body(p.id, [robot.robotId]))).json().data as ShootRequirementDto;
    const pushing = await post('/api/ShootingRequirements/cancel', { id: created.id });
    expect(pushing.statusCode).toBe(409);
    expect(pushing.json().msg).toBe('The requirement is being pushed, please refresh and retry');

    // The plan leaves the robot before the push: the task cannot be issued.
    await t.app.ctx.db.transaction((tx) => cancelPlanOnRobots(t.app.ctx, tx, p.id, undefined, 'test'));
    await pushPending(t.app.ctx, created.id);
    expect(await requirement(created.id)).toMatchObject({ state: 'pushFailed', progress: { failed: 1 } });
    expect((await tasks(created.id))[0]).toMatchObject({
      state: 'issueFailed',
      failReason: 'plan not published to the robot',
    });
    const failed = await post('/api/ShootingRequirements/cancel', { id: created.id });
    expect(failed.statusCode).toBe(409);
    expect(failed.json().msg).toBe('The demand fails to be pushed and cannot be cancelled');

    const repushed = await post('/api/ShootingRequirements/repush', { id: created.id });
    expect(repushed.json().data.state).toBe('pushing');
    const again = await post('/api/ShootingRequirements/repush', { id: created.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('There is an update task in progress, please try again later');
  });

  it('cancels an ongoing requirement once; a finished or cancelled one cannot be cancelled', async () => {
    const robot = await activatedRobot();
    const p = await plan([robot.robotId]);
    const created = (await create(body(p.id, [robot.robotId]))).json().data as ShootRequirementDto;
    await pushPending(t.app.ctx, created.id);
    expect((await requirement(created.id)).state).toBe('ongoing');
    expect((await tasks(created.id))[0]?.state).toBe('inProgress');
    const cancelled = await post('/api/ShootingRequirements/cancel', { id: created.id });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data).toMatchObject({ state: 'cancelled', progress: { cancelled: 1 } });
    const twice = await post('/api/ShootingRequirements/cancel', { id: created.id });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().msg).toBe('The current state of the requirement cannot be cancelled');
    // A cancelled requirement frees the plan.
    const next = (await create(body(p.id, [robot.robotId]))).json().data as ShootRequirementDto;
    await pushPending(t.app.ctx, next.id);
    const fail = await t.app.inject({
      method: 'POST',
      url: '/api/device/v1/shootTasks/fail',
      headers: bearer(robot.token),
      payload: { taskId: (await tasks(next.id))[0]?.id, reason: 'ad did not show' },
    });
    expect(fail.json().data.state).toBe('fail');
    expect(await requirement(next.id)).toMatchObject({ state: 'finished', progress: { failed: 1 } });
    const finished = await post('/api/ShootingRequirements/cancel', { id: next.id });
    expect(finished.json().msg).toBe('The current state of the requirement cannot be cancelled');
    const list = await get(`/api/ShootingRequirements/queryByPage?planId=${p.id.slice(-12)}&state=finished`);
    expect(list.json().datas.map((r: ShootRequirementDto) => r.id)).toEqual([next.id]);
    const byPlanName = await get(`/api/ShootingRequirements/queryByPage?planName=${encodeURIComponent(p.name)}`);
    expect(byPlanName.json().datas.map((r: ShootRequirementDto) => r.id)).toEqual([next.id, created.id]);
    expect(byPlanName.json().datas[0].planName).toBe(p.name);
  });

  it('ends the tasks of robots offline past the window as issued but not taken; a late photo still counts', async () => {
    const robot = await activatedRobot();
    const p = await plan([robot.robotId]);
    const created = (await create(body(p.id, [robot.robotId], { beginTime: '12:00', endTime: '12:30' }))).json()
      .data as ShootRequirementDto;
    await pushPending(t.app.ctx, created.id);
    const [task] = await tasks(created.id);
    clock.advance(31 * 60_000);
    try {
      expect(await expireTasks(t.app.ctx)).toBeGreaterThanOrEqual(1);
      expect((await tasks(created.id))[0]?.state).toBe('notTaken');
      expect((await requirement(created.id)).state).toBe('finished');
      // Back online with its outbox: the photo it took at 12:10 arrives.
      const key = await upload(robot.token, task?.id ?? '', await picture(108, 192, 'jpeg'));
      const late = await t.app.inject({
        method: 'POST',
        url: '/api/device/v1/shootTasks/photo',
        headers: bearer(robot.token),
        payload: { taskId: task?.id, key, takenAt: created.windowBegin + 600, adId },
      });
      expect(late.json().data.state).toBe('success');
    } finally {
      clock.advance(-31 * 60_000);
    }
  });
});

describe('the device task and the photo', () => {
  it('reaches a connected robot (collect, feed), takes the photo with its checks, and shows in the records', async () => {
    const robot = await activatedRobot({ name: 'Lobby robot', province: 'Guangdong', city: 'Shenzhen' });
    const other = await activatedRobot();
    const p = await plan([robot.robotId, other.robotId]);
    await t.app.schedules.feed.tick();
    clock.advance(1000);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    const socket: Socket = connect(`http://127.0.0.1:${port}/device`, {
      path: '/websocket/socket.io',
      auth: { token: robot.token },
      transports: ['websocket'],
      reconnectionDelay: 200,
      timeout: 60_000,
    });
    // The back-office's socket (its own connection: sockets of one origin would share the device's handshake).
    const user: Socket = connect(`http://127.0.0.1:${port}`, {
      path: '/websocket/socket.io',
      query: { token: operator.token },
      transports: ['websocket'],
      forceNew: true,
    });
    const userReady = new Promise<void>((resolve) => user.once('ready', () => resolve()));
    try {
      await new Promise<void>((resolve) => (socket.connected ? resolve() : socket.once('connect', () => resolve())));
      await userReady;
      // Listening before the requirement exists: the feed looks every 2 s and after each write, so the
      // requirement's own change can be pushed before the call that made it has returned (on a busy machine),
      // and a change is pushed once.
      const collected = new Promise<unknown>((resolve) => socket.once('collect', resolve));
      const progressOf = new Map<string, { id: string; state: string; progress: { waiting: number } }>();
      const progressSeen: Array<() => void> = [];
      user.on('shooting.progress', (m: { id: string; state: string; progress: { waiting: number } }) => {
        if (!progressOf.has(m.id)) progressOf.set(m.id, m);
        for (const seen of progressSeen) seen();
      });
      const created = (await create(body(p.id, [robot.robotId, other.robotId]))).json().data as ShootRequirementDto;
      const progress = new Promise<{ id: string; state: string; progress: { waiting: number } }>((resolve) => {
        const check = () => {
          const m = progressOf.get(created.id);
          if (m) resolve(m);
        };
        progressSeen.push(check);
        check();
      });
      await pushPending(t.app.ctx, created.id);
      await t.app.schedules.feed.tick();
      await expect(collected).resolves.toHaveProperty('at');
      // Live progress to the requirement's creator.
      expect(await progress).toMatchObject({ state: 'ongoing', progress: { waiting: 2 } });

      const pulled = await t.app.inject({
        method: 'GET',
        url: '/api/device/v1/schedule',
        headers: bearer(robot.token),
      });
      const schedule = pulled.json().data as DeviceSchedule;
      const task = schedule.shootTasks[0];
      expect(schedule.shootTasks).toHaveLength(1);
      expect(task).toMatchObject({ requirementId: created.id, planId: p.id, adIds: [adId], state: 'inProgress' });
      clock.advance(1000);
      const ack = await t.app.inject({
        method: 'POST',
        url: '/api/device/v1/shootTasks/ack',
        headers: bearer(robot.token),
        payload: { ids: [task?.id] },
      });
      expect(ack.json().data.confirmed).toEqual([task?.id]);
      await t.app.schedules.feed.tick();
      const repulled = await t.app.inject({
        method: 'GET',
        url: '/api/device/v1/schedule',
        headers: { ...bearer(robot.token), 'if-none-match': `"${schedule.version}"` },
      });
      expect(repulled.json().data.shootTasks[0].state).toBe('ongoing');

      const taskId = task?.id ?? '';
      const photo = (payload: Record<string, unknown>, token = robot.token) =>
        t.app.inject({
          method: 'POST',
          url: '/api/device/v1/shootTasks/photo',
          headers: { ...bearer(token), ...en },
          payload: { taskId, takenAt: clock.now().getTime() / 1000, adId, ...payload },
        });
      const text = await upload(robot.token, taskId, Buffer.from('not a picture at all'), 'fake.jpg');
      expect((await photo({ key: text })).json().code).toBe('SHOOT_PHOTO_TYPE');
      const jpeg = await upload(robot.token, taskId, await picture(108, 192, 'jpeg'));
      expect((await photo({ key: `shooting/${newId()}/x.jpg` })).statusCode).toBe(403);
      expect((await photo({ key: jpeg, takenAt: created.windowEnd + 10 })).json().code).toBe(
        'SHOOT_TAKEN_OUTSIDE_WINDOW',
      );
      expect((await photo({ key: jpeg, adId: otherAdId })).json().code).toBe('SHOOT_AD_NOT_IN_PLAN');
      expect((await photo({ key: jpeg }, other.token)).statusCode).toBe(404);
      const ok = await photo({ key: jpeg });
      expect(ok.json().data).toEqual({ taskId, state: 'success' });
      expect((await photo({ key: jpeg })).json().data.state).toBe('success');

      const records = await get(`/api/ShootingRecords/queryByPage?requirementId=${created.id}`);
      const [record] = records.json().datas as ShootRecordDto[];
      expect(records.json().total).toBe(1);
      // A flat blue picture does not show the ad's poster: flagged for review with its distance.
      expect(record?.needsReview).toBe(true);
      expect(record?.matchDistance).toBeGreaterThan(PHOTO_MATCH_MAX_DISTANCE);
      expect(record).toMatchObject({
        robotId: robot.robotId,
        robotName: 'Lobby robot',
        adId,
        adName: 'Lucky coffee',
        contentType: 'image/jpeg',
        width: 108,
        height: 192,
        planId: p.id,
      });
      expect(record?.place).toContain('Shenzhen');
      const one = await get(`/api/ShootingRecords/download?id=${record?.id}`);
      expect(one.headers['content-type']).toBe('image/jpeg');
      expect(one.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      const zip = await get(`/api/ShootingRecords/downloadAll?requirementId=${created.id}`);
      expect(zip.headers['content-type']).toBe('application/zip');
      expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
      const xlsx = await get(`/api/ShootingRecords/export?requirementId=${created.id}&language=en`);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      expect(book.worksheets[0]?.getRow(2).getCell(7).value).toBe('Lucky coffee');
      // The time a person reads: the same in zh and en, in a zone the column title states.
      const taken = record?.takenAt ?? 0;
      const shanghai = new Date((taken + 8 * 3600) * 1000).toISOString().slice(0, 19).replace('T', ' ');
      const tokyo = new Date((taken + 9 * 3600) * 1000).toISOString().slice(0, 19).replace('T', ' ');
      for (const [query, title, time] of [
        ['language=en', 'Taken at (Asia/Shanghai, UTC+8)', shanghai],
        ['language=zh', '拍摄时间（Asia/Shanghai，UTC+8）', shanghai],
        ['language=en&timeZone=Asia/Tokyo', 'Taken at (Asia/Tokyo, UTC+9)', tokyo],
        ['language=zh&timeZone=Asia/Tokyo', '拍摄时间（Asia/Tokyo，UTC+9）', tokyo],
      ] as const) {
        const res = await get(`/api/ShootingRecords/export?requirementId=${created.id}&${query}`);
        const sheet = new ExcelJS.Workbook();
        await sheet.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
        expect(sheet.worksheets[0]?.getRow(1).getCell(6).value, query).toBe(title);
        expect(sheet.worksheets[0]?.getRow(2).getCell(6).value, query).toBe(time);
      }
      const badZone = await get(`/api/ShootingRecords/export?requirementId=${created.id}&timeZone=Mars/Base`);
      expect(badZone.statusCode).toBe(400);
      expect(badZone.json().code).toBe('VALIDATION_FAILED');
      expect(badZone.json().msg).toMatch(/time zone|时区/i);
      expect(await requirement(created.id)).toMatchObject({ state: 'ongoing', progress: { taken: 1, waiting: 1 } });
      const missing = await get(`/api/ShootingRecords/download?id=${newId()}`);
      expect(missing.json().msg).toBe('Download fail');
    } finally {
      socket.disconnect();
      user.disconnect();
    }
  });

  it('is answered by the simulated robots with a photo of the screen showing the ad', async () => {
    const robot = await activatedRobot();
    const p = await plan([robot.robotId]);
    const created = (await create(body(p.id, [robot.robotId]))).json().data as ShootRequirementDto;
    await pushPending(t.app.ctx, created.id);
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    // Pulled as the robot pulls it, from the listening server: media links are absolute, on the host it called.
    const pulled = await t.app.inject({
      method: 'GET',
      url: '/api/device/v1/schedule',
      headers: { ...bearer(robot.token), host: new URL(base).host },
    });
    const schedule = pulled.json().data as DeviceSchedule;
    const shooter = new DeviceShooter(robot.robotId, deviceCaller(base, robot.token), base, {
      place: 'Guangdong Shenzhen',
      timeZone: 'Asia/Shanghai',
      stillOf: (id) =>
        stillOfAd(schedule, id, async (url) =>
          Buffer.from(await (await fetch(url.startsWith('http') ? url : `${base}${url}`)).arrayBuffer()),
        ),
    });
    await shooter.setTasks((pulled.json().data as DeviceSchedule).shootTasks);
    expect((await tasks(created.id))[0]?.state).toBe('ongoing');
    const now = clock.now().getTime() / 1000;
    expect(await shooter.onPlay(otherAdId, now)).toBe(false);
    expect(await shooter.onPlay(adId, now)).toBe(true);
    const records = await get(`/api/ShootingRecords/queryByPage?requirementId=${created.id}`);
    expect(records.json().datas[0]).toMatchObject({
      robotId: robot.robotId,
      adName: 'Lucky coffee',
      width: 720,
      height: 1280,
      needsReview: false,
    });
    expect(records.json().datas[0].matchDistance).toBeLessThanOrEqual(PHOTO_MATCH_MAX_DISTANCE);
  });

  it('keeps requirements within the caller scope', async () => {
    const robot = await activatedRobot();
    const p = await plan([robot.robotId]);
    const created = (await create(body(p.id, [robot.robotId]))).json().data as ShootRequirementDto;
    const stranger = await loginAs(t, 'advertisers', { customer: newId() });
    const seen = await get(`/api/ShootingRequirements/${created.id}`, stranger.token);
    expect(seen.statusCode).toBe(404);
    const list = await get('/api/ShootingRequirements/queryByPage', stranger.token);
    expect(list.json().total).toBe(0);
    const check = await get(`/api/ShootingRequirements/checkPlan?planId=${p.id}`, stranger.token);
    expect(check.json().msg).toBe('The plan ID does not exist');
    const project = await loginAs(t, 'project', { projectId: newId() });
    expect((await get('/api/ShootingRequirements/queryByPage', project.token)).statusCode).toBe(403);
  });
});
