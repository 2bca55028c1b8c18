// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventOutbox, Player } from './player';
import { Screen } from './screen';
import * as store from './store';
import { playEvent as play, startTestServer, type TestServer } from './test-support';

/*
 * The player's reporting loop with the real Player on a test server standing in for robot-ads: plays
 * left from an earlier session are sent soon after the start; while the server is unreachable they stay
 * and are tried again every 30 s (fake clock), and at once when the browser says it is online again.
 */

const EVENTS = '/api/device/v1/events';
let server: TestServer;
let eventsUp = false;

const posts = () => server.requests.filter((r) => r.path === EVENTS).length;
const waiting = () => store.eventStore.count();

beforeAll(async () => {
  server = await startTestServer();
  const now = () => Math.floor(Date.now() / 1000);
  server.handle('/api/device/v1/heartbeat', () => ({
    status: 200,
    body: { success: true, data: { serverTime: now(), heartbeatInterval: 30, online: true } },
  }));
  // Nothing published to this robot: the screen idles.
  server.handle('/api/device/v1/schedule', () => ({ status: 304 }));
  server.handle(EVENTS, (body) => {
    if (!eventsUp) return { status: 503, body: { success: false, data: null, code: 'UNAVAILABLE', msg: 'down' } };
    const n = (JSON.parse(body) as { events: unknown[] }).events.length;
    return { status: 200, body: { success: true, data: { accepted: n, duplicates: 0, ignored: 0 } } };
  });
  document.head.innerHTML = `<base href="${server.origin}/player/">`;
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
});

describe('the player reporting plays', () => {
  it('sends what it holds after a start, retries every 30 s while the server is away, and on coming online', async () => {
    await eventOutbox('dt_token').enqueue(play(1), play(2));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const player = new Player(new Screen(document.body), {
      token: 'dt_token',
      robotId: 'RSZ1001',
      heartbeatInterval: 30,
    });
    await player.start();
    try {
      // The first attempt, a second after the start: the server is down, the events stay.
      await vi.advanceTimersByTimeAsync(1000);
      await vi.waitFor(() => expect(posts()).toBe(1));
      await vi.waitFor(async () => expect(await waiting()).toBe(2));

      // Nothing more until the retry 30 s later; then the server is back and takes them.
      eventsUp = true;
      await vi.advanceTimersByTimeAsync(20_000);
      expect(posts()).toBe(1);
      await vi.advanceTimersByTimeAsync(10_000);
      await vi.waitFor(async () => expect(await waiting()).toBe(0));
      expect(posts()).toBe(2);

      // Down again: a play finished offline goes at once when the browser is back online.
      eventsUp = false;
      await eventOutbox('dt_token').enqueue(play(3));
      window.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(1000);
      await vi.waitFor(() => expect(posts()).toBe(3));
      expect(await waiting()).toBe(1);
      eventsUp = true;
      window.dispatchEvent(new Event('online'));
      await vi.advanceTimersByTimeAsync(30_000);
      await vi.waitFor(async () => expect(await waiting()).toBe(0));
      expect(player.status().online).toBe(true);
    } finally {
      player.stop();
    }
  });
});
