// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Player } from './player';
import { Screen } from './screen';
import { startTestServer, type TestServer } from './test-support';

/*
 * A push ("collect now") that comes while a pull is under way: that pull may have been answered before the
 * change the push announces, so another pull follows it within seconds, not at the next regular poll (a
 * minute later). It happened in the end-to-end tests: a plan published while the new player's first pull was
 * in flight showed only after the next poll.
 */

const SCHEDULE = '/api/device/v1/schedule';
let server: TestServer;
let release: () => void = () => undefined;

const pulls = () => server.requests.filter((r) => r.path === SCHEDULE).length;

beforeAll(async () => {
  server = await startTestServer();
  const now = () => Math.floor(Date.now() / 1000);
  server.handle('/api/device/v1/heartbeat', () => ({
    status: 200,
    body: { success: true, data: { serverTime: now(), heartbeatInterval: 30, online: true } },
  }));
  // The first pull is held open until the test lets it go; the others answer at once (nothing new).
  const first = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.handle(SCHEDULE, async () => {
    if (pulls() === 1) await first;
    return { status: 304 };
  });
  server.handle('/api/device/v1/events', () => ({
    status: 200,
    body: { success: true, data: { accepted: 0, duplicates: 0, ignored: 0 } },
  }));
  document.head.innerHTML = `<base href="${server.origin}/player/">`;
});
afterAll(() => server.close());

describe('the player told to collect', () => {
  it('pulls again within seconds when the push came during a pull', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    const player = new Player(new Screen(document.body), {
      token: 'dt_push',
      robotId: 'RPUSH01',
      heartbeatInterval: 30,
    });
    try {
      await player.start();
      await vi.advanceTimersByTimeAsync(0);
      await vi.waitFor(() => expect(pulls()).toBe(1));
      // The push arrives while the first pull waits for its answer.
      player.collectNow();
      release();
      await vi.waitFor(() => expect(player.status().lastPull).not.toBeNull());
      await vi.advanceTimersByTimeAsync(2000);
      await vi.waitFor(() => expect(pulls()).toBe(2));
      // Then the regular poll again: nothing more for the next half minute.
      await vi.advanceTimersByTimeAsync(30_000);
      expect(pulls()).toBe(2);
    } finally {
      player.stop();
      vi.useRealTimers();
    }
  });
});
