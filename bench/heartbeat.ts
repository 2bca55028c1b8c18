/**
 * Heartbeats per second on one server instance against PostgreSQL, next to a bare Fastify route
 * (same body validation, no database) in the same run, with the ratio between them.
 *
 * Target (issue 5): one 2-core instance carries 100,000 robots beating every 30 s, i.e. ~3,400 beats/s,
 * at p99 under 50 ms. Phase 1 measures the ceiling (closed loop, fixed concurrency); phase 2 offers the
 * target rate (open loop) and reports the latency at that rate, or how far from it the instance is.
 *
 * PostgreSQL: BENCH_DATABASE_URL, else a throw-away cluster started with the local PostgreSQL binaries.
 * Knobs: BENCH_ROBOTS (100000), BENCH_SECONDS (10), BENCH_CONCURRENCY (64), BENCH_RATE (3400).
 * The load generator runs in this process and shares the machine's cores with the server: on a 2-core
 * box the figures are a floor for what a dedicated 2-core server does.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, startPostgres } from './lib/postgres';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROBOTS = Number(process.env.BENCH_ROBOTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const TARGET_RATE = Number(process.env.BENCH_RATE ?? Math.ceil(100_000 / 30));
const TARGET_P99_MS = 50;

interface Result {
  count: number;
  errors: number;
  seconds: number;
  latencies: number[];
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

function beat(agent: http.Agent, port: number, i: number): Promise<number> {
  const body = JSON.stringify({ status: 'playing', appVersion: '2.1.0', lng: 113.93, lat: 22.53, freeStorage: 5e9 });
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent,
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/api/device/v1/heartbeat',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          authorization: `Bearer dt_bench_${(i % ROBOTS) + 1}`,
        },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200 ? Number(process.hrtime.bigint() - started) / 1e6 : -1));
      },
    );
    req.on('error', () => resolve(-1));
    req.end(body);
  });
}

/** Closed loop: CONCURRENCY requests always in flight for SECONDS. */
async function closedLoop(port: number): Promise<Result> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const latencies: number[] = [];
  let errors = 0;
  let next = Math.floor(Math.random() * ROBOTS);
  const end = Date.now() + SECONDS * 1000;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) {
        const ms = await beat(agent, port, next++);
        if (ms < 0) errors++;
        else latencies.push(ms);
      }
    }),
  );
  agent.destroy();
  return { count: latencies.length, errors, seconds: (Date.now() - started) / 1000, latencies };
}

/** Open loop: a new beat every 1/rate s whatever the answers do (as a real fleet behaves). */
async function openLoop(port: number, rate: number): Promise<Result> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const latencies: number[] = [];
  let errors = 0;
  const pending: Promise<void>[] = [];
  const started = Date.now();
  const total = rate * SECONDS;
  let sent = 0;
  let i = Math.floor(Math.random() * ROBOTS);
  while (sent < total) {
    const due = Math.floor(((Date.now() - started) / 1000) * rate);
    while (sent < Math.min(due, total)) {
      sent++;
      pending.push(
        beat(agent, port, i++).then((ms) => {
          if (ms < 0) errors++;
          else latencies.push(ms);
        }),
      );
    }
    await new Promise((r) => setTimeout(r, 2));
  }
  await Promise.all(pending);
  agent.destroy();
  return { count: latencies.length, errors, seconds: (Date.now() - started) / 1000, latencies };
}

function summary(name: string, r: Result) {
  const sorted = [...r.latencies].sort((a, b) => a - b);
  const perSecond = r.count / r.seconds;
  return { name, perSecond, p50: pct(sorted, 0.5), p99: pct(sorted, 0.99), errors: r.errors, count: r.count };
}

function startServer(mode: 'app' | 'bare', port: number, databaseUrl = ''): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(ROOT, 'bench/lib/heartbeat-server.ts'),
      mode,
      String(port),
      databaseUrl,
      String(ROBOTS),
    ],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, NODE_ENV: 'production' } },
  );
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('READY')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`${mode} server exited with ${code}`)));
  });
}

function stopServer(child: ChildProcess) {
  child.removeAllListeners('exit');
  return new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

async function main() {
  const external = process.env.BENCH_DATABASE_URL;
  const pg = external ? null : await startPostgres('-c max_connections=100 -c synchronous_commit=off');
  const url = external ?? pg?.url ?? '';
  console.log(
    `heartbeat bench: ${ROBOTS} robots, ${SECONDS} s per phase, concurrency ${CONCURRENCY}, target ${TARGET_RATE}/s p99<${TARGET_P99_MS} ms`,
  );
  console.log(
    `PostgreSQL: ${external ? 'BENCH_DATABASE_URL' : 'local throw-away cluster (synchronous_commit=off)'}; ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} (other work on the machine skews every figure)`,
  );
  const rows: ReturnType<typeof summary>[] = [];
  try {
    const barePort = await freePort();
    const bare = await startServer('bare', barePort);
    await closedLoop(barePort); // warm-up
    rows.push(summary('bare Fastify route (ceiling)', await closedLoop(barePort)));
    await stopServer(bare);

    const appPort = await freePort();
    const app = await startServer('app', appPort, url);
    await closedLoop(appPort);
    rows.push(summary('robot-ads heartbeat on PostgreSQL', await closedLoop(appPort)));
    rows.push(summary(`robot-ads at the target rate (${TARGET_RATE}/s offered)`, await openLoop(appPort, TARGET_RATE)));
    await stopServer(app);
  } finally {
    pg?.stop();
  }
  console.table(
    rows.map((r) => ({
      run: r.name,
      'beats/s': Math.round(r.perSecond),
      'p50 ms': r.p50.toFixed(1),
      'p99 ms': r.p99.toFixed(1),
      errors: r.errors,
    })),
  );
  const [bare, app, target] = rows as [
    ReturnType<typeof summary>,
    ReturnType<typeof summary>,
    ReturnType<typeof summary>,
  ];
  console.log(
    `ratio robot-ads / bare route: ${(app.perSecond / bare.perSecond).toFixed(3)} (${((app.perSecond / bare.perSecond) * 100).toFixed(1)}%)`,
  );
  const rateOk = target.perSecond >= TARGET_RATE * 0.97 && target.errors === 0;
  const p99Ok = target.p99 < TARGET_P99_MS;
  if (rateOk && p99Ok) {
    console.log(
      `target met: ${Math.round(target.perSecond)} beats/s at p99 ${target.p99.toFixed(1)} ms (100,000 robots every 30 s)`,
    );
  } else {
    const robots = Math.floor(Math.min(app.perSecond, TARGET_RATE) * 30);
    console.log(
      `target not met: ceiling ${Math.round(app.perSecond)} beats/s = ${((app.perSecond / TARGET_RATE) * 100).toFixed(0)}% of ${TARGET_RATE}/s ` +
        `(about ${robots.toLocaleString('en')} robots at 30 s); at the offered rate p99 was ${target.p99.toFixed(1)} ms ` +
        `(target ${TARGET_P99_MS} ms) with ${target.errors} errors.`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
