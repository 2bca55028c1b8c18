// Fleet simulator: `npm run simulate -- --robots N` activates N demo robots against a running server
// and runs them headless (heartbeat, schedule pull with ETag, media download, acknowledgement), for demos
// and load. Options: --url http://localhost:8080, --username root, --password Robot@2026, --prefix SIM,
// --minutes M (default: until Ctrl-C), --no-download (skip media downloads), --push (hold a socket.io
// connection per robot and pull on "collect"), --concurrency 20 (activations at a time).
// Each robot plays its schedule with the shared playback engine and reports proof of play (play events
// with audience counts, batched, kept until the server acknowledged them) every 30 s.
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import { newId } from '@robot-ads/contracts/common/ids';
import type { DeviceSchedule } from '@robot-ads/contracts/device-protocol/schedule.schemas';
import { initialPlaybackState, nextPlay, type PlaybackState } from '@robot-ads/contracts/playback/play-order.rules';
import { io, type Socket } from 'socket.io-client';
import { type BatchAck, Outbox, type OutboxStorage } from '../apps/player/src/outbox';

const { values } = parseArgs({
  options: {
    robots: { type: 'string', default: '10' },
    url: { type: 'string', default: process.env.SIM_URL ?? 'http://localhost:8080' },
    username: { type: 'string', default: process.env.SIM_USERNAME ?? 'root' },
    password: { type: 'string', default: process.env.SIM_PASSWORD ?? 'Robot@2026' },
    prefix: { type: 'string', default: 'SIM' },
    minutes: { type: 'string' },
    'no-download': { type: 'boolean', default: false },
    push: { type: 'boolean', default: false },
    concurrency: { type: 'string', default: '20' },
    help: { type: 'boolean', default: false },
  },
  allowPositionals: false,
});

if (values.help) {
  console.log(
    'npm run simulate -- --robots N [--url http://localhost:8080] [--username root --password Robot@2026]\n' +
      '  [--prefix SIM] [--minutes M] [--no-download] [--push] [--concurrency 20]',
  );
  process.exit(0);
}

const robotsWanted = Number(values.robots);
if (!Number.isInteger(robotsWanted) || robotsWanted < 1 || robotsWanted > 100_000) {
  console.error('--robots must be a whole number from 1 to 100000');
  process.exit(2);
}
if (!/^[A-Za-z0-9_-]{1,20}$/.test(values.prefix)) {
  console.error('--prefix: letters, digits, - and _ only (at most 20)');
  process.exit(2);
}
const base = values.url.replace(/\/+$/, '');
const concurrency = Math.max(1, Number(values.concurrency) || 20);

interface Envelope<T> {
  success: boolean;
  data: T;
  code?: string;
  msg?: string;
}

async function api<T>(
  path: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { 'accept-language': 'en', ...init.headers };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (res.status === 304) return { status: 304, body: null as Envelope<T> | null, headers: res.headers };
  const body = (await res.json().catch(() => null)) as Envelope<T> | null;
  return { status: res.status, body, headers: res.headers };
}

function fail(what: string, r: { status: number; body: Envelope<unknown> | null }): never {
  throw new Error(`${what}: HTTP ${r.status} ${r.body?.code ?? ''} ${r.body?.msg ?? ''}`.trim());
}

const stats = {
  activated: 0,
  heartbeats: 0,
  pulls: 0,
  full: 0,
  notModified: 0,
  downloads: 0,
  downloadedBytes: 0,
  acks: 0,
  pushes: 0,
  plays: 0,
  eventsSent: 0,
  errors: 0,
  latencies: [] as number[],
};

/** Runs `work` over `items`, `limit` at a time. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

interface SimEvent {
  id: string;
  type: 'play';
  playlistId: string;
  adId: string;
  startedAt: number;
  watchDuration: number;
  audience: { age: Record<string, number>; male: number; female: number };
}

/** The simulator's outbox storage: in memory (a real robot keeps it on disk, as the player does). */
class MemoryEvents implements OutboxStorage<SimEvent> {
  private items: SimEvent[] = [];
  async add(events: SimEvent[]) {
    this.items.push(...events);
  }
  async oldest(limit: number) {
    return this.items.slice(0, limit);
  }
  async remove(ids: string[]) {
    const gone = new Set(ids);
    this.items = this.items.filter((e) => !gone.has(e.id));
  }
  async count() {
    return this.items.length;
  }
}

const rnd = (n: number) => Math.floor(Math.random() * n);

class SimRobot {
  version: string | null = null;
  schedule: DeviceSchedule | null = null;
  private playback: PlaybackState = initialPlaybackState(rnd(2 ** 31));
  private playTimer: ReturnType<typeof setTimeout> | undefined;
  private flushTimer: ReturnType<typeof setInterval> | undefined;
  private readonly outbox = new Outbox<SimEvent>(new MemoryEvents(), (events) => this.sendEvents(events));
  held = new Set<string>();
  socket: Socket | null = null;
  private beatTimer: ReturnType<typeof setTimeout> | undefined;
  private pullTimer: ReturnType<typeof setTimeout> | undefined;
  private pulling = false;

  constructor(
    readonly robotId: string,
    readonly token: string,
    readonly heartbeatInterval: number,
  ) {}

  start() {
    // Spread the first beats and pulls over a whole interval so the fleet never moves in step.
    this.beatTimer = setTimeout(() => void this.beat(), Math.random() * this.heartbeatInterval * 1000);
    this.schedulePull(Math.random() * 60_000);
    this.playTimer = setTimeout(() => this.play(), 5000 + Math.random() * 10_000);
    this.flushTimer = setInterval(() => void this.flush(), 30_000 * (0.9 + Math.random() * 0.2));
    if (values.push) {
      this.socket = io(`${base}/device`, {
        path: '/websocket/socket.io',
        auth: { token: this.token },
        transports: ['websocket'],
      });
      this.socket.on('collect', () => {
        stats.pushes++;
        this.schedulePull(Math.random() * 2000);
      });
    }
  }

  stop() {
    clearTimeout(this.beatTimer);
    clearTimeout(this.pullTimer);
    clearTimeout(this.playTimer);
    clearInterval(this.flushTimer);
    this.socket?.disconnect();
  }

  /** Plays the next ad as the engine chooses it; its event is queued when the play ends. */
  private play() {
    const now = Date.now() / 1000;
    const r = this.schedule ? nextPlay(this.schedule.plans, this.playback, now) : { play: null };
    if (!r.play) {
      this.playTimer = setTimeout(() => this.play(), 30_000);
      return;
    }
    this.playback = r.state;
    const seconds = r.play.seconds > 0 ? r.play.seconds : 10;
    const event: SimEvent = {
      id: newId(),
      type: 'play',
      playlistId: r.play.plan.id,
      adId: r.play.ad.id,
      startedAt: Math.floor(now),
      watchDuration: Math.round(seconds * 1000 * (0.5 + Math.random() * 0.5)),
      audience: { age: { youth: rnd(2), adult: rnd(4), senior: rnd(2) }, male: rnd(3), female: rnd(3) },
    };
    this.playTimer = setTimeout(() => {
      stats.plays++;
      void this.outbox.enqueue(event);
      this.play();
    }, seconds * 1000);
  }

  private async sendEvents(events: SimEvent[]): Promise<BatchAck> {
    const r = await api<BatchAck>('/api/device/v1/events', { method: 'POST', token: this.token, body: { events } });
    if (r.status !== 200 || !r.body) fail('events', r);
    stats.eventsSent += events.length;
    return r.body.data;
  }

  async flush() {
    const r = await this.outbox.flush().catch((error: unknown) => ({ error }));
    if (r.error) stats.errors++;
  }

  private schedulePull(ms: number) {
    clearTimeout(this.pullTimer);
    this.pullTimer = setTimeout(() => void this.pull(), ms);
  }

  private async beat() {
    try {
      const r = await api('/api/device/v1/heartbeat', {
        method: 'POST',
        token: this.token,
        body: { status: 'playing', appVersion: 'simulator' },
      });
      if (r.status !== 200) fail('heartbeat', r);
      stats.heartbeats++;
    } catch {
      stats.errors++;
    }
    this.beatTimer = setTimeout(() => void this.beat(), this.heartbeatInterval * 1000 * (0.9 + Math.random() * 0.2));
  }

  async pull() {
    if (this.pulling) return;
    this.pulling = true;
    let interval = 60;
    let jitter = 0.2;
    try {
      const t0 = performance.now();
      const r = await api<DeviceSchedule>('/api/device/v1/schedule', {
        token: this.token,
        headers: this.version ? { 'if-none-match': `"${this.version}"` } : {},
      });
      stats.latencies.push(performance.now() - t0);
      stats.pulls++;
      if (r.status === 304) stats.notModified++;
      else if (r.status === 200 && r.body) {
        stats.full++;
        const schedule = r.body.data;
        interval = schedule.pollInterval;
        jitter = schedule.pollJitter;
        if (!values['no-download']) await this.download(schedule);
        const ack = await api('/api/device/v1/schedule/ack', {
          method: 'POST',
          token: this.token,
          body: { version: schedule.version },
        });
        if (ack.status !== 200) fail('ack', ack);
        stats.acks++;
        this.version = schedule.version;
        this.schedule = schedule;
      } else fail('schedule', r);
    } catch {
      stats.errors++;
    } finally {
      this.pulling = false;
    }
    this.schedulePull(interval * 1000 * (1 - jitter + Math.random() * 2 * jitter));
  }

  private async download(schedule: DeviceSchedule) {
    for (const m of schedule.media) {
      if (this.held.has(`${m.id}:${m.checksum}`)) continue;
      const res = await fetch(m.url.startsWith('http') ? m.url : `${base}${m.url}`);
      if (!res.ok) throw new Error(`download ${m.id}: HTTP ${res.status}`);
      const bytes = Buffer.from(await res.arrayBuffer());
      if (m.size !== null && bytes.length !== m.size) throw new Error(`download ${m.id}: wrong size`);
      if (m.checksum && createHash('sha256').update(bytes).digest('hex') !== m.checksum)
        throw new Error(`download ${m.id}: bad checksum`);
      stats.downloads++;
      stats.downloadedBytes += bytes.length;
      this.held.add(`${m.id}:${m.checksum}`);
    }
  }
}

async function main() {
  const login = await api<{ token: string }>('/api/Users/v2_2_login', {
    method: 'POST',
    body: { username: values.username, password: values.password },
  });
  if (login.status !== 200 || !login.body) fail(`login as ${values.username}`, login);
  const opsToken = login.body.data.token;

  const ids = Array.from({ length: robotsWanted }, (_, i) => `${values.prefix}${String(i + 1).padStart(6, '0')}`);
  const robots: SimRobot[] = [];
  console.log(`Activating ${ids.length} robots on ${base} ...`);
  await pool(ids, concurrency, async (robotId) => {
    const created = await api('/api/Devices', {
      method: 'POST',
      token: opsToken,
      body: { robotId, name: `Sim ${robotId.slice(-6)}`, type: 'service', province: '广东省', city: '深圳市' },
    });
    // An existing robot of an earlier run is reused.
    if (created.status !== 200 && created.status !== 409) fail(`create ${robotId}`, created);
    const secret = await api<{ secret: string }>('/api/Devices/activationSecret', {
      method: 'POST',
      token: opsToken,
      body: { robotId },
    });
    if (secret.status !== 200 || !secret.body) fail(`secret for ${robotId}`, secret);
    const act = await api<{ token: string; heartbeatInterval: number }>('/api/device/v1/activate', {
      method: 'POST',
      body: { robotId, secret: secret.body.data.secret, appVersion: 'simulator' },
    });
    if (act.status !== 200 || !act.body) fail(`activate ${robotId}`, act);
    robots.push(new SimRobot(robotId, act.body.data.token, act.body.data.heartbeatInterval));
    stats.activated++;
    if (stats.activated % 100 === 0 || stats.activated === ids.length) {
      process.stdout.write(`\r  activated ${stats.activated}/${ids.length}`);
    }
  });
  process.stdout.write('\n');
  for (const r of robots) r.start();

  const started = Date.now();
  const report = () => {
    const lat = [...stats.latencies].sort((a, b) => a - b);
    const p = (q: number) =>
      lat.length ? (lat[Math.min(lat.length - 1, Math.floor(q * lat.length))] ?? 0).toFixed(1) : '-';
    const s = Math.round((Date.now() - started) / 1000);
    console.log(
      `[${s}s] robots ${robots.length}  heartbeats ${stats.heartbeats}  pulls ${stats.pulls} (200: ${stats.full}, 304: ${stats.notModified})  ` +
        `acks ${stats.acks}  downloads ${stats.downloads} (${(stats.downloadedBytes / 1e6).toFixed(1)} MB)  pushes ${stats.pushes}  ` +
        `plays ${stats.plays} (reported ${stats.eventsSent})  ` +
        `errors ${stats.errors}  pull p50 ${p(0.5)} ms p95 ${p(0.95)} ms`,
    );
    stats.latencies = lat.slice(-5000);
  };
  const ticker = setInterval(report, 10_000);
  const stop = async () => {
    clearInterval(ticker);
    for (const r of robots) r.stop();
    // Plays finished before the stop are still reported.
    await Promise.all(robots.map((r) => r.flush()));
    report();
    process.exit(stats.errors > 0 && stats.pulls === 0 ? 1 : 0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  if (values.minutes) setTimeout(() => void stop(), Number(values.minutes) * 60_000);
  console.log('Running (Ctrl-C to stop); a line of figures every 10 s.');
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
