import { newId } from '@robot-ads/contracts/common/ids';
import { type BatchAck, MemoryOutboxStorage, Outbox, toBatches } from '@robot-ads/contracts/play-events/outbox';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createAd, createPlan, deliveryWorld } from '../../../test/delivery';
import { ManualClock } from '../../platform/clock';
import { newDeviceToken } from '../device-protocol/device-auth';
import { sha256 } from '../devices/devices.service';
import { deviceTokens } from '../devices/devices.table';
import { playRollups } from './play-events.table';

/*
 * The player's outbox (packages/contracts/src/play-events/outbox.ts, shared with the fleet simulator)
 * against the real events route: batches of at most
 * 500, nothing removed before the server acknowledged, a batch whose answer was lost counted once.
 * Storage here is an ordered list standing in for the player's IndexedDB object store.
 */

interface Ev {
  id: string;
  type: 'play';
  playlistId: string;
  adId: string;
  startedAt: number;
  watchDuration: number;
}

class HttpError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

const clock = new ManualClock(new Date('2026-11-22T07:00:00Z'));
let t: TestApp;
let token: string;
let planId: string;
let adId: string;

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { EVENT_AUDIT: 'off' } });
  const w = await deliveryWorld(t, 1);
  adId = (await createAd(t, w.adv.token, 1)).id;
  planId = (await createPlan(t, w.adv.token, [adId])).id;
  token = newDeviceToken();
  const robot = w.robots[0];
  if (!robot) throw new Error('no robot');
  await t.app.ctx.db.insert(deviceTokens).values({ id: newId(), robotRef: robot.id, tokenHash: sha256(token) });
});
afterAll(() => t?.close());

const batches: number[] = [];
let network: 'up' | 'down' | 'answer-lost' = 'up';

async function send(events: Ev[]): Promise<BatchAck> {
  if (network === 'down') throw new Error('Failed to fetch');
  batches.push(events.length);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/device/v1/events',
    headers: bearer(token),
    payload: { events },
  });
  if (network === 'answer-lost') throw new Error('connection reset');
  if (res.statusCode !== 200) throw new HttpError(res.statusCode);
  return res.json().data;
}

const play = (): Ev => ({
  id: newId(),
  type: 'play',
  playlistId: planId,
  adId,
  startedAt: Math.floor(clock.now().getTime() / 1000) - 60,
  watchDuration: 10_000,
});
const plays = async () => {
  const [r] = await t.app.ctx.db
    .select({ n: sql<number>`coalesce(sum(${playRollups.plays}), 0)::int` })
    .from(playRollups);
  return Number(r?.n ?? 0);
};

describe('player outbox', () => {
  const storage = new MemoryOutboxStorage<Ev>();
  const outbox = new Outbox<Ev>(storage, send, (e) => e instanceof HttpError && e.status === 400);

  it('splits into batches of at most 500', () => {
    expect(toBatches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(toBatches(Array.from({ length: 1001 }, (_, i) => i)).map((b) => b.length)).toEqual([500, 500, 1]);
  });

  it('keeps every event while offline and sends them in batches of 500 once online', async () => {
    await outbox.enqueue(...Array.from({ length: 1200 }, play));
    network = 'down';
    const offline = await outbox.flush();
    expect(offline).toMatchObject({ sent: 0, left: 1200 });
    expect(await plays()).toBe(0);

    network = 'up';
    const online = await outbox.flush();
    expect(online).toMatchObject({ sent: 1200, left: 0, error: null });
    expect(batches).toEqual([500, 500, 200]);
    expect(await plays()).toBe(1200);
  });

  it('sends a batch whose answer was lost again, and the server counts it once', async () => {
    await outbox.enqueue(...Array.from({ length: 10 }, play));
    network = 'answer-lost';
    expect(await outbox.flush()).toMatchObject({ sent: 0, left: 10 });
    expect(await plays()).toBe(1210);
    network = 'up';
    expect(await outbox.flush()).toMatchObject({ sent: 10, left: 0 });
    expect(await plays()).toBe(1210);
  });

  it('drops a batch the server refuses as malformed instead of blocking the queue', async () => {
    await outbox.enqueue({ ...play(), watchDuration: -5 });
    const r = await outbox.flush();
    expect(r).toMatchObject({ sent: 0, dropped: 1, left: 0 });
  });
});
