import fs from 'node:fs';
import http from 'node:http';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer, tempDir } from './servers';
import { prepareWorld, type World } from './world';

const METRICS_TOKEN = 'metrics-token-for-the-test-0123456789';
let dataDir: string;
let world: World;
let server: ServerProcess;

beforeAll(async () => {
  dataDir = tempDir('operations');
  world = await prepareWorld({ dataDir });
  server = await startServer({ dataDir, env: { METRICS_TOKEN } });
});
afterAll(async () => {
  await server?.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const metrics = (token?: string) =>
  fetch(`${server.url}/metrics`, {
    headers: { 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });

/** The value of one sample of the exposition text (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.lastIndexOf('}'));
    if (want.every((w) => inside.split(',').includes(w))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return 0;
}

describe('GET /metrics', () => {
  it('needs the METRICS_TOKEN when one is set', async () => {
    const none = await metrics();
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ success: false, data: null, code: 'METRICS_TOKEN_WRONG' });
    expect((await metrics('wrong-token-of-the-same-length-01234')).status).toBe(401);
  });

  it('counts requests by route pattern, event ingest, job queues, database and process', async () => {
    const before = await (await metrics(METRICS_TOKEN)).text();
    // Two reads of one route with different ids: one route pattern, not two URLs.
    for (const id of ['000000000000000000000001', '000000000000000000000002']) {
      const res = await fetch(`${server.url}/api/Playlists/${id}`, {
        headers: { authorization: `Bearer ${world.operator.token}` },
      });
      expect(res.status).toBe(404);
    }
    const events = await fetch(`${server.url}/api/device/v1/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${world.robot.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        events: [
          {
            id: '0193a1b2c3d4e5f6a7b8c9d0',
            type: 'play',
            playlistId: world.planId,
            adId: world.adId,
            startedAt: Math.floor(Date.now() / 1000) - 30,
            watchDuration: 10_000,
          },
        ],
      }),
    });
    expect(events.status).toBe(200);

    const res = await metrics(METRICS_TOKEN);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    const route = { method: 'GET', route: '/api/Playlists/:id', status: '404' };
    expect(sample(text, 'http_requests_total', route) - sample(before, 'http_requests_total', route)).toBe(2);
    expect(text).not.toContain('/api/Playlists/000000000000000000000001');
    expect(text).toContain('http_request_duration_seconds_bucket{');
    expect(
      sample(text, 'play_events_ingested_total', { result: 'accepted' }) -
        sample(before, 'play_events_ingested_total', { result: 'accepted' }),
    ).toBe(1);
    expect(text).toMatch(/job_queue_jobs\{queue="devices\.export",state="ready"\} \d+/);
    expect(sample(text, 'db_pool_connections', { state: 'total' })).toBe(1);
    expect(text).toMatch(/db_ping_seconds \d/);
    expect(text).toContain('process_resident_memory_bytes');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    // What stalls the server since the previous scrape: the event loop's delay and the longest statement.
    expect(text).toMatch(/^robot_ads_event_loop_delay_max_seconds \d/m);
    expect(text).toMatch(/^robot_ads_event_loop_delay_p99_seconds \d/m);
    expect(text).toMatch(/^robot_ads_db_statement_max_seconds \d/m);
    // The requests above ran statements since the previous scrape.
    expect(Number(/^robot_ads_db_statement_max_seconds (\S+)/m.exec(text)?.[1])).toBeGreaterThan(0);
  });
});

describe('graceful shutdown', () => {
  it('on SIGTERM closes the sockets, refuses new connections, answers the request in flight and exits 0', async () => {
    const browser: Socket = io(server.url, {
      path: '/websocket/socket.io',
      query: { token: world.operator.token },
      transports: ['websocket'],
      reconnection: false,
    });
    const device: Socket = io(`${server.url}/device`, {
      path: '/websocket/socket.io',
      auth: { token: world.robot.token },
      transports: ['websocket'],
      reconnection: false,
    });
    await Promise.all([
      new Promise<void>((resolve) => browser.once('ready', () => resolve())),
      new Promise<void>((resolve) => device.once('connect', () => resolve())),
    ]);
    const disconnected = Promise.all([
      new Promise((resolve) => browser.once('disconnect', resolve)),
      new Promise((resolve) => device.once('disconnect', resolve)),
    ]);

    // A slow client: the headers and half of the body now, the rest after the signal.
    const now = Math.floor(Date.now() / 1000);
    const body = Buffer.from(
      JSON.stringify({
        name: 'Plan during shutdown',
        advertisements: [world.adId],
        begin: now + 3600,
        end: now + 30 * 86_400,
        timeZone: 'Asia/Shanghai',
        cycle: { type: 'daily', data: [] },
        times: [{ begin: { hour: 9, minute: 0 }, end: { hour: 18, minute: 0 } }],
        playingMode: 'order',
      }),
    );
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        `${server.url}/api/Playlists`,
        {
          method: 'POST',
          headers: {
            authorization: `Bearer ${world.operator.token}`,
            'content-type': 'application/json',
            'content-length': body.length,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => {
            text += c;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on('error', reject);
      req.write(body.subarray(0, 40));
      // The rest once the server has begun the request and received the signal.
      void (async () => {
        while (!server.output.some((l) => l.includes('incoming request') && l.includes('/api/Playlists"')))
          await new Promise((r) => setTimeout(r, 20));
        server.child.kill('SIGTERM');
        while (!server.output.some((l) => l.includes('shutting down'))) await new Promise((r) => setTimeout(r, 20));
        // Stopped listening: a new connection is refused while the request in flight goes on.
        const refused = await fetch(`${server.url}/api/health`).then(
          () => false,
          () => true,
        );
        expect(refused).toBe(true);
        req.end(body.subarray(40));
      })().catch(reject);
    });

    const done = await answer;
    expect(done.status).toBe(200);
    expect(JSON.parse(done.body)).toMatchObject({ success: true, data: { name: 'Plan during shutdown' } });
    await disconnected;
    expect(await server.exited).toBe(0);
  });
});
