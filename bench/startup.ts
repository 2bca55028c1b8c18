/**
 * How long a start takes, measured from outside as an operator sees it (issue 37): `npm start` (the
 * build check, then the server) until GET /api/health answers 200 and GET / serves the login page.
 *
 * - first start of a fresh clone with the living demo (an empty DATA_DIR, the embedded database, the
 *   demo seeded): target < 5 s; the time until the demo data is loaded is printed beside it;
 * - warm start (the same DATA_DIR again): target < 3 s;
 * - production start on an empty embedded database, and on an empty PostgreSQL (a throw-away cluster),
 *   with the first administrator from ADMIN_USERNAME/ADMIN_PASSWORD: target < 5 s.
 *
 * The web build and the database template are made first (as `npm install` does), so the figures are
 * those of a start, not of a build. Knobs: BENCH_STARTS (first,warm,production,postgres).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadAverage, machineLine } from './lib/fleet';
import { freePort, startPostgres } from './lib/postgres';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WANTED = (process.env.BENCH_STARTS ?? 'first,warm,production,postgres').split(',');
const TIMEOUT_MS = 120_000;

interface Start {
  /** Until /api/health answered 200 and / served the login page (ms). */
  readyMs: number;
  /** Until the demo data was loaded, when the start loads it (ms). */
  demoMs?: number;
}

async function get(url: string): Promise<{ status: number; text: string } | null> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    return { status: res.status, text: await res.text() };
  } catch {
    return null;
  }
}

/** `npm start` with `env` until healthy and serving the login page (and, with `demo`, the demo loaded), then stopped. */
async function timeStart(env: Record<string, string>, demo: boolean): Promise<Start> {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn('npm', ['start', '--silent'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let gone: number | null | undefined;
  void exited.then((code) => {
    gone = code;
  });
  const base = `http://127.0.0.1:${port}`;
  const result: Start = { readyMs: Number.NaN };
  try {
    while (performance.now() - started < TIMEOUT_MS) {
      if (gone !== undefined) throw new Error(`the server exited (${gone}):\n${stderr.slice(-2000)}`);
      if (Number.isNaN(result.readyMs)) {
        const health = await get(`${base}/api/health`);
        const page = health?.status === 200 ? await get(`${base}/`) : null;
        if (page?.status === 200 && page.text.includes('<html')) result.readyMs = performance.now() - started;
      }
      if (!Number.isNaN(result.readyMs)) {
        if (!demo) return result;
        const health = await get(`${base}/api/health`);
        const data = health ? (JSON.parse(health.text) as { data?: { demo?: string } }).data : undefined;
        // A server that answers before its demo is loaded says so (data.demo: "loading", then "ready").
        if (data && (data.demo === undefined || data.demo === 'ready')) {
          result.demoMs = performance.now() - started;
          return result;
        }
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`not ready after ${TIMEOUT_MS} ms:\n${stderr.slice(-2000)}`);
  } finally {
    if (gone === undefined && child.pid) {
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))]);
      if (gone === undefined) process.kill(-child.pid, 'SIGKILL');
    }
  }
}

const line = (name: string, start: Start, targetMs: number) =>
  `${name}: ready (healthy, login page served) in ${(start.readyMs / 1000).toFixed(2)} s` +
  (start.demoMs === undefined ? '' : `, demo data loaded at ${(start.demoMs / 1000).toFixed(2)} s`) +
  ` - target < ${targetMs / 1000} s: ${start.readyMs < targetMs ? 'met' : 'NOT met'} (${loadAverage()})`;

async function main() {
  console.log('startup bench: `npm start` until /api/health answers 200 and / serves the login page');
  console.log(machineLine());
  // What `npm install` has made already: the web build and the database template.
  spawnSync(process.execPath, ['tools/ensure-build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  const admin = { ADMIN_USERNAME: 'startadmin', ADMIN_PASSWORD: 'Start@Bench2026' };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'robot-ads-bench-start-'));
  try {
    if (WANTED.includes('first') || WANTED.includes('warm')) {
      const first = await timeStart({ DATA_DIR: dataDir }, true);
      if (WANTED.includes('first')) console.log(line('first start of a fresh clone, living demo', first, 5000));
      if (WANTED.includes('warm'))
        console.log(line('warm start (same data)', await timeStart({ DATA_DIR: dataDir }, true), 3000));
    }
    if (WANTED.includes('production')) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'robot-ads-bench-start-'));
      try {
        const start = await timeStart({ NODE_ENV: 'production', DATA_DIR: dir, ...admin }, false);
        console.log(line('production start, empty embedded database', start, 5000));
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
    if (WANTED.includes('postgres')) {
      const pg = await startPostgres();
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'robot-ads-bench-start-'));
      try {
        const env = { NODE_ENV: 'production', DATA_DIR: dir, DATABASE_URL: pg.url, ...admin };
        console.log(line('production start, empty PostgreSQL', await timeStart(env, false), 5000));
      } finally {
        pg.stop();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
