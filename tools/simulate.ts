// Fleet simulator: `npm run simulate -- --robots N` activates N demo robots against a running server
// and runs them headless (heartbeat, schedule pull with ETag, media download, acknowledgement), for demos
// and load. Options: --url http://localhost:8080, --username root, --password Robot@2026, --prefix SIM,
// --minutes M (default: until Ctrl-C), --no-download (skip media downloads), --push (hold a socket.io
// connection per robot and pull on "collect"), --concurrency 20 (activations at a time).
// Each robot plays its schedule with the shared playback engine and reports proof of play (play events
// with audience counts and QR scans, batched, kept until the server acknowledged them) every 30 s.
// Shooting tasks in their schedule are answered with generated pictures (docs/shooting.md).
// Each play reports what the robot's sensors counted (people in view, their age bands and sex, viewers
// and their dwell; foot traffic follows the local hour: apps/server/src/modules/demo-fleet/audience-model.ts);
// an ad with a QR target is scanned through its tracking address GET /q/:code (--scan-chance, default 0.1).
// A bounded run: --plays N makes each robot pull once, play N ads back to back just before now (no
// waiting), report them and exit, printing the totals (--json: one JSON line); --seed S makes what the
// robots play, sense and see scanned repeatable. --plays 0 only activates the robots (so that a plan can
// be published to them before a bounded run).
// The robot itself is apps/server/src/modules/demo-fleet/device-robot.ts, shared with the living demo.
import { parseArgs } from 'node:util';
import { io } from 'socket.io-client';
import {
  activateRobot,
  DeviceRobot,
  deviceApi,
  failed,
  newFleetStats,
} from '../apps/server/src/modules/demo-fleet/device-robot';

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
    plays: { type: 'string' },
    seed: { type: 'string' },
    'scan-chance': { type: 'string' },
    json: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
  allowPositionals: false,
});

if (values.help) {
  console.log(
    'npm run simulate -- --robots N [--url http://localhost:8080] [--username root --password Robot@2026]\n' +
      '  [--prefix SIM] [--minutes M] [--no-download] [--push] [--concurrency 20]\n' +
      '  [--plays N (each robot plays N ads now, reports them and the run ends)] [--seed S] [--scan-chance 0.1] [--json]',
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
const playsWanted = values.plays === undefined ? null : Number(values.plays);
if (playsWanted !== null && (!Number.isInteger(playsWanted) || playsWanted < 0 || playsWanted > 100_000)) {
  console.error('--plays must be a whole number from 0 to 100000');
  process.exit(2);
}
const seed = values.seed === undefined ? undefined : Number(values.seed);
if (seed !== undefined && !Number.isInteger(seed)) {
  console.error('--seed must be a whole number');
  process.exit(2);
}
const scanChance = values['scan-chance'] === undefined ? undefined : Number(values['scan-chance']);
if (scanChance !== undefined && !(scanChance >= 0 && scanChance <= 1)) {
  console.error('--scan-chance must be a number from 0 to 1');
  process.exit(2);
}
const log = (line: string) => {
  if (!values.json) console.log(line);
};
const base = values.url.replace(/\/+$/, '');
const concurrency = Math.max(1, Number(values.concurrency) || 20);
const stats = newFleetStats();
const api = <T>(path: string, init: Parameters<typeof deviceApi>[2] = {}) => deviceApi<T>(base, path, init);

/** Runs `work` over `items`, `limit` at a time. */
async function pool<T>(items: T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++] as T);
    }),
  );
}

async function main() {
  const login = await api<{ token: string }>('/api/Users/v2_2_login', {
    method: 'POST',
    body: { username: values.username, password: values.password },
  });
  if (login.status !== 200 || !login.body) failed(`login as ${values.username}`, login);
  const opsToken = login.body.data.token;

  const ids = Array.from({ length: robotsWanted }, (_, i) => `${values.prefix}${String(i + 1).padStart(6, '0')}`);
  const robots: DeviceRobot[] = [];
  const sockets: ReturnType<typeof io>[] = [];
  log(`Activating ${ids.length} robots on ${base} ...`);
  await pool(ids, concurrency, async (robotId) => {
    const index = ids.indexOf(robotId);
    const created = await api('/api/Devices', {
      method: 'POST',
      token: opsToken,
      body: { robotId, name: `Sim ${robotId.slice(-6)}`, type: 'service', province: '广东省', city: '深圳市' },
    });
    // An existing robot of an earlier run is reused.
    if (created.status !== 200 && created.status !== 409) failed(`create ${robotId}`, created);
    const secret = await api<{ secret: string }>('/api/Devices/activationSecret', {
      method: 'POST',
      token: opsToken,
      body: { robotId },
    });
    if (secret.status !== 200 || !secret.body) failed(`secret for ${robotId}`, secret);
    const act = await activateRobot(base, robotId, secret.body.data.secret, 'simulator');
    robots.push(
      new DeviceRobot({
        base,
        robotId,
        token: act.token,
        heartbeatInterval: act.heartbeatInterval,
        stats,
        appVersion: 'simulator',
        download: !values['no-download'],
        scanChance,
        seed: seed === undefined ? undefined : seed + index,
      }),
    );
    stats.activated++;
    if (!values.json && (stats.activated % 100 === 0 || stats.activated === ids.length)) {
      process.stdout.write(`\r  activated ${stats.activated}/${ids.length}`);
    }
  });
  log('');
  if (playsWanted !== null) return bounded(robots, playsWanted);
  for (const r of robots) {
    r.start();
    if (values.push) {
      const socket = io(`${base}/device`, {
        path: '/websocket/socket.io',
        auth: { token: r.token },
        transports: ['websocket'],
      });
      socket.on('collect', () => r.requestPull(Math.random() * 2000));
      sockets.push(socket);
    }
  }

  const started = Date.now();
  const report = () => {
    const lat = [...stats.latencies].sort((a, b) => a - b);
    const p = (q: number) =>
      lat.length ? (lat[Math.min(lat.length - 1, Math.floor(q * lat.length))] ?? 0).toFixed(1) : '-';
    const s = Math.round((Date.now() - started) / 1000);
    console.log(
      `[${s}s] robots ${robots.length}  heartbeats ${stats.heartbeats}  pulls ${stats.pulls} (200: ${stats.full}, 304: ${stats.notModified})  ` +
        `acks ${stats.acks}  downloads ${stats.downloads} (${(stats.downloadedBytes / 1e6).toFixed(1)} MB)  pushes ${stats.pushes}  ` +
        `plays ${stats.plays} exposure ${stats.exposure} viewers ${stats.viewers} scans ${stats.scans} (limited ${stats.scansLimited}) (reported ${stats.eventsSent}) photos ${stats.photos}  ` +
        `errors ${stats.errors}  pull p50 ${p(0.5)} ms p95 ${p(0.95)} ms`,
    );
    stats.latencies = lat.slice(-5000);
  };
  const ticker = setInterval(report, 10_000);
  const stop = async () => {
    clearInterval(ticker);
    for (const r of robots) r.stop();
    for (const s of sockets) s.disconnect();
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

/** --plays N: each robot pulls its schedule once, plays N ads just before now and reports them; then the totals. */
async function bounded(robots: DeviceRobot[], plays: number) {
  robots.sort((a, b) => a.robotId.localeCompare(b.robotId));
  const perRobot: Record<string, number> = {};
  await pool(robots, concurrency, async (r) => {
    if (plays === 0) return;
    await r.pull();
    perRobot[r.robotId] = await r.playRun(plays);
  });
  const totals = {
    robots: robots.length,
    plays: stats.plays,
    exposure: stats.exposure,
    viewers: stats.viewers,
    watchMs: stats.watchMs,
    scans: stats.scans,
    scansLimited: stats.scansLimited,
    eventsSent: stats.eventsSent,
    errors: stats.errors,
    perRobot,
  };
  if (values.json) console.log(JSON.stringify(totals));
  else
    console.log(
      `robots ${totals.robots}  plays ${totals.plays}  exposure ${totals.exposure}  viewers ${totals.viewers}  ` +
        `watched ${totals.watchMs / 1000} s  scans ${totals.scans} (limited ${totals.scansLimited})  events reported ${totals.eventsSent}  errors ${totals.errors}`,
    );
  process.exit(stats.errors > 0 ? 1 : 0);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
