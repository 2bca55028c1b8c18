// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, OfflineError, type PlayEventOut } from './api';
import { eventOutbox } from './player';
import * as store from './store';
import { playEvent as play, startTestServer, type TestServer } from './test-support';

/*
 * The player's outbox as the player builds it: events in IndexedDB (an in-memory IndexedDB here), sent
 * with the device token to /api/device/v1/events of the server the page came from (a test server on a
 * loopback port), removed only once the server answered for their batch.
 */

const TOKEN = 'dt_test-token';
const EVENTS = '/api/device/v1/events';
let server: TestServer;
/** What the events endpoint answers next (default: every event accepted). */
let answer: (ids: string[]) => { status: number; body?: unknown };

/** The player page is served by `origin` (its API calls go there). */
function servedBy(origin: string) {
  document.head.innerHTML = `<base href="${origin}/player/">`;
}

const sentBatches = () =>
  server.requests
    .filter((r) => r.path === EVENTS)
    .map((r) => (JSON.parse(r.body) as { events: PlayEventOut[] }).events.map((e) => e.id));

async function stored(): Promise<string[]> {
  return (await store.eventStore.oldest<PlayEventOut>(1000)).map((e) => e.id);
}

beforeAll(async () => {
  server = await startTestServer();
  server.handle(EVENTS, (body) => answer((JSON.parse(body) as { events: PlayEventOut[] }).events.map((e) => e.id)));
});
afterAll(() => server.close());

beforeEach(async () => {
  servedBy(server.origin);
  server.requests.length = 0;
  answer = (ids) => ({
    status: 200,
    body: { success: true, data: { accepted: ids.length, duplicates: 0, ignored: 0 } },
  });
  await store.eventStore.remove(await stored());
});

describe('the player outbox', () => {
  it('keeps finished plays in IndexedDB, oldest first, across a reload of the page', async () => {
    const events = [play(1), play(2), play(3)];
    await eventOutbox(TOKEN).enqueue(...events);
    // A reload: the modules start over and open the database again.
    vi.resetModules();
    const reloaded = await import('./store');
    expect((await reloaded.eventStore.oldest<PlayEventOut>(10)).map((e) => e.id)).toEqual(events.map((e) => e.id));
    expect(await reloaded.eventStore.count()).toBe(3);
    expect(server.requests).toHaveLength(0);
  });

  it('sends them with the device token and deletes them once the server answered', async () => {
    const events = [play(1), play(2)];
    const outbox = eventOutbox(TOKEN);
    await outbox.enqueue(...events);
    const r = await outbox.flush();
    expect(r).toMatchObject({ sent: 2, dropped: 0, left: 0, error: null });
    expect(sentBatches()).toEqual([events.map((e) => e.id)]);
    expect(server.requests[0]?.authorization).toBe(`Bearer ${TOKEN}`);
    expect(await stored()).toEqual([]);
  });

  it('keeps every event while the server cannot be reached and sends them when it can', async () => {
    const events = [play(1), play(2), play(3)];
    const outbox = eventOutbox(TOKEN);
    await outbox.enqueue(...events);
    servedBy('http://127.0.0.1:9');
    const offline = await outbox.flush();
    expect(offline.error).toBeInstanceOf(OfflineError);
    expect(offline).toMatchObject({ sent: 0, left: 3 });
    expect(await stored()).toEqual(events.map((e) => e.id));

    // A gateway that cannot reach the server (503) is offline too.
    servedBy(server.origin);
    answer = () => ({ status: 503, body: { success: false, data: null, code: 'UNAVAILABLE', msg: 'busy' } });
    expect((await outbox.flush()).error).toBeInstanceOf(OfflineError);
    expect(await stored()).toHaveLength(3);

    answer = (ids) => ({
      status: 200,
      body: { success: true, data: { accepted: ids.length, duplicates: 0, ignored: 0 } },
    });
    expect(await outbox.flush()).toMatchObject({ sent: 3, left: 0, error: null });
    expect(sentBatches().at(-1)).toEqual(events.map((e) => e.id));
    expect(await stored()).toEqual([]);
  });

  it('sends a batch whose answer was lost again, with the same ids', async () => {
    const events = [play(1), play(2)];
    const outbox = eventOutbox(TOKEN);
    await outbox.enqueue(...events);
    answer = () => ({ status: 500, body: { success: false, data: null, code: 'INTERNAL', msg: 'lost' } });
    const failed = await outbox.flush();
    expect(failed.error).toBeInstanceOf(ApiError);
    expect(failed.left).toBe(2);
    answer = (ids) => ({
      status: 200,
      body: { success: true, data: { accepted: 0, duplicates: ids.length, ignored: 0 } },
    });
    expect(await outbox.flush()).toMatchObject({ sent: 2, left: 0 });
    const [first, second] = sentBatches();
    expect(second).toEqual(first);
  });

  it('drops a batch the server refuses as malformed, and keeps events a revoked device could not send', async () => {
    const outbox = eventOutbox(TOKEN);
    await outbox.enqueue(play(1));
    answer = () => ({ status: 400, body: { success: false, data: null, code: 'VALIDATION_FAILED', msg: 'bad' } });
    expect(await outbox.flush()).toMatchObject({ sent: 0, dropped: 1, left: 0, error: null });

    await outbox.enqueue(play(2));
    answer = () => ({
      status: 401,
      body: { success: false, data: null, code: 'DEVICE_TOKEN_INVALID', msg: 'revoked' },
    });
    const refused = await outbox.flush();
    expect(refused.error).toMatchObject({ status: 401, code: 'DEVICE_TOKEN_INVALID' });
    expect(refused.left).toBe(1);
    expect(await stored()).toHaveLength(1);
  });

  it('sends at most 500 events a request', async () => {
    const events = Array.from({ length: 501 }, (_, i) => play(i));
    const outbox = eventOutbox(TOKEN);
    await outbox.enqueue(...events);
    expect(await outbox.flush()).toMatchObject({ sent: 501, left: 0 });
    expect(sentBatches().map((b) => b.length)).toEqual([500, 1]);
    expect(sentBatches().flat()).toEqual(events.map((e) => e.id));
  });
});
