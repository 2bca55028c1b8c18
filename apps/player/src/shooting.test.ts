// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import type { DeviceShootTask } from '@robot-ads/contracts/shooting/shooting.schemas';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { containRect, overlayBox } from './capture';
import { dueTask, indexedDbShots, ShootingAgent } from './shooting';
import { startTestServer, type TestServer } from './test-support';

/*
 * The player's shooting tasks: which task is due for the ad on screen, the confirmation, and the photo
 * outbox in IndexedDB (in memory here) sent to a real HTTP server on a loopback port with the signed form.
 */

const TOKEN = 'dt_test-token';
const AD = '6740a1b2c3d4e5f6a7b8c9d1';
const OTHER_AD = '6740a1b2c3d4e5f6a7b8c9d2';
const DIR = 'shooting/r1/6741a1b2c3d4e5f6a7b8c9d0';
let server: TestServer;
let photoAnswer: () => { status: number; body?: unknown };

const task = (over: Partial<DeviceShootTask> = {}): DeviceShootTask => ({
  id: '6741a1b2c3d4e5f6a7b8c9d0',
  requirementId: '6741a1b2c3d4e5f6a7b8c9e0',
  planId: '6740a1b2c3d4e5f6a7b8c9d0',
  adIds: [AD],
  windowBegin: 1_000,
  windowEnd: 2_000,
  state: 'inProgress',
  ...over,
});

function servedBy(origin: string) {
  document.head.innerHTML = `<base href="${origin}/player/">`;
}

const jpeg = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], { type: 'image/jpeg' });
const paths = () => server.requests.map((r) => r.path);

beforeAll(async () => {
  server = await startTestServer();
  server.handle('/api/device/v1/shootTasks/ack', (body) => ({
    status: 200,
    body: { success: true, data: { confirmed: (JSON.parse(body) as { ids: string[] }).ids } },
  }));
  server.handle('/api/device/v1/shootTasks/uploadCredentials', () => ({
    status: 200,
    body: {
      success: true,
      data: {
        dir: DIR,
        expiresAt: 9_999_999_999,
        maxBytes: 10_485_760,
        upload: { method: 'POST', url: '/api/Media/upload', fields: { policy: 'p', signature: 's' } },
      },
    },
  }));
  server.handle('/api/Media/upload', () => ({ status: 200, body: { success: true, data: { key: 'k', size: 7 } } }));
  server.handle('/api/device/v1/shootTasks/photo', () => photoAnswer());
});
afterAll(() => server.close());

beforeEach(async () => {
  servedBy(server.origin);
  server.requests.length = 0;
  photoAnswer = () => ({ status: 200, body: { success: true, data: { taskId: task().id, state: 'success' } } });
  for (const s of await indexedDbShots.all()) await indexedDbShots.remove(s.taskId);
});

describe('shooting tasks in the player', () => {
  it('is due only inside its window, for one of its ads, until it was taken', () => {
    const tasks = [task()];
    expect(dueTask(tasks, AD, 1_500, new Set())?.id).toBe(task().id);
    expect(dueTask(tasks, AD, 999, new Set())).toBeNull();
    expect(dueTask(tasks, AD, 2_000, new Set())).toBeNull();
    expect(dueTask(tasks, OTHER_AD, 1_500, new Set())).toBeNull();
    expect(dueTask(tasks, AD, 1_500, new Set([task().id]))).toBeNull();
  });

  it('confirms new tasks once, with the device token', async () => {
    const agent = new ShootingAgent(TOKEN);
    await agent.setTasks([task(), task({ id: '6741a1b2c3d4e5f6a7b8c9d9', state: 'ongoing' })]);
    await agent.setTasks([task()]);
    const acks = server.requests.filter((r) => r.path === '/api/device/v1/shootTasks/ack');
    expect(acks.map((r) => JSON.parse(r.body))).toEqual([{ ids: [task().id] }]);
    expect(acks[0]?.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('keeps the photo taken offline in IndexedDB and uploads it with the signed form once back online', async () => {
    const agent = new ShootingAgent(TOKEN);
    await agent.setTasks([task({ state: 'ongoing' })]);
    servedBy('http://127.0.0.1:9');
    expect(await agent.onShow(OTHER_AD, 1_500, async () => jpeg())).toBe(false);
    expect(await agent.onShow(AD, 1_500, async () => jpeg())).toBe(true);
    // Taken once: the next showing of the ad does not shoot again.
    expect(await agent.onShow(AD, 1_510, async () => jpeg())).toBe(false);
    const offline = await agent.flush();
    expect(offline).toMatchObject({ sent: 0, left: 1 });
    expect(await indexedDbShots.all()).toMatchObject([
      { taskId: task().id, adId: AD, takenAt: 1_500, type: 'image/jpeg' },
    ]);

    servedBy(server.origin);
    // A reload: a new agent finds the photo waiting and does not take it again.
    const reloaded = new ShootingAgent(TOKEN);
    await reloaded.setTasks([task({ state: 'ongoing' })]);
    expect(await reloaded.onShow(AD, 1_520, async () => jpeg())).toBe(false);
    expect(await reloaded.flush()).toMatchObject({ sent: 1, left: 0, error: null });
    expect(paths()).toEqual([
      '/api/device/v1/shootTasks/uploadCredentials',
      '/api/Media/upload',
      '/api/device/v1/shootTasks/photo',
    ]);
    const upload = server.requests.find((r) => r.path === '/api/Media/upload');
    expect(upload?.body).toContain('name="policy"');
    expect(upload?.body).toMatch(new RegExp(`${DIR}/picture/[0-9a-f-]{36}\\.jpg`));
    const photo = JSON.parse(server.requests.at(-1)?.body ?? '{}');
    expect(photo).toMatchObject({ taskId: task().id, takenAt: 1_500, adId: AD });
    expect(photo.key.startsWith(`${DIR}/picture/`)).toBe(true);
    expect(await indexedDbShots.all()).toEqual([]);
  });

  it('drops a photo the server refuses for good (task over) and keeps one a revoked device could not send', async () => {
    const agent = new ShootingAgent(TOKEN);
    await agent.setTasks([task({ state: 'ongoing' })]);
    photoAnswer = () => ({ status: 409, body: { success: false, data: null, code: 'SHOOT_TASK_CLOSED', msg: 'over' } });
    await agent.onShow(AD, 1_500, async () => jpeg());
    expect(await agent.flush()).toMatchObject({ sent: 0, dropped: 1, left: 0 });
    expect(await indexedDbShots.all()).toEqual([]);

    const again = new ShootingAgent(TOKEN);
    await again.setTasks([task({ id: '6741a1b2c3d4e5f6a7b8c9d5', state: 'ongoing' })]);
    photoAnswer = () => ({ status: 401, body: { success: false, data: null, code: 'DEVICE_TOKEN_INVALID', msg: 'x' } });
    await again.onShow(AD, 1_500, async () => jpeg());
    const refused = await again.flush();
    expect(refused.left).toBe(1);
    expect(await indexedDbShots.all()).toHaveLength(1);
  });
});

describe('the captured frame', () => {
  it('letterboxes a source into its slot as object-fit: contain does', () => {
    expect(containRect(1080, 1920, { x: 0, y: 0, width: 1080, height: 1920 })).toEqual({
      x: 0,
      y: 0,
      width: 1080,
      height: 1920,
    });
    expect(containRect(1920, 1080, { x: 0, y: 600, width: 1080, height: 1320 })).toMatchObject({
      x: 0,
      width: 1080,
      height: 607.5,
      y: 600 + (1320 - 607.5) / 2,
    });
  });

  it('places the QR code and the watermark where the screen shows them', () => {
    expect(overlayBox('qr', 'lowerRight', { width: 500, height: 500 }, 1080, 1920)).toEqual({
      x: 1080 - 40 - 236,
      y: 1920 - 40 - 236,
      width: 236,
      height: 236,
    });
    expect(overlayBox('watermark', 'topCenter', { width: 480, height: 120 }, 1080, 1920)).toEqual({
      x: (1080 - 240) / 2,
      y: 40,
      width: 240,
      height: 60,
    });
  });
});
