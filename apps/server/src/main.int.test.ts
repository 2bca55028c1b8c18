import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './db/client';
import { systemSettings } from './modules/system/system.table';

const root = path.resolve(import.meta.dirname, '../../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'robot-ads-main-'));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const START_MS = 150_000;

/** Starts the server and waits until it is healthy and, unless `demo` is 'any', its demo data is loaded. */
async function startServer(
  port: number,
  demo: 'ready' | 'any' = 'ready',
): Promise<{ child: ChildProcess; output: () => string }> {
  let out = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      JOBS: 'false',
      DEMO_FLEET: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  // The first start seeds the demo data and makes its media (ffmpeg): from 6 s on a quiet machine to over a
  // minute on a loaded one.
  for (const deadline = Date.now() + START_MS; Date.now() < deadline; ) {
    // Healthy, with the demo data loaded (a first start loads it once it listens).
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      async (r) => r.ok && (demo === 'any' || ((await r.json()) as { data: { demo: string } }).data.demo === 'ready'),
      () => false,
    );
    if (ok) return { child, output: () => out };
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy:\n${out}`);
}

function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  return new Promise((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.kill(signal);
  });
}

async function readSeededAt() {
  const database = await openPglite(path.join(dataDir, 'pgdata'));
  try {
    const rows = await database.db.select().from(systemSettings).where(eq(systemSettings.key, 'demo.seededAt'));
    return rows[0]?.value;
  } finally {
    await database.close();
  }
}

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('the server process', () => {
  it('creates its database on first start, shuts down cleanly on SIGTERM and keeps its data', {
    timeout: 3 * START_MS + 60_000,
  }, async () => {
    const port = await freePort();
    // Stopped as soon as it answers, while it loads the demo data (or just after): a clean stop either way,
    // and nothing half-loaded (the load stops between two steps and its transaction rolls back).
    const first = await startServer(port, 'any');
    const health = (await (await fetch(`http://127.0.0.1:${port}/api/health`)).json()) as {
      data: { database: unknown };
    };
    expect(health.data.database).toEqual({ status: 'ok', kind: 'pglite' });
    expect(fs.existsSync(path.join(dataDir, 'pgdata'))).toBe(true);
    expect(await stop(first.child, 'SIGTERM'), first.output()).toBe(0);
    expect(first.output()).toContain('shutting down');

    const second = await startServer(port);
    expect(await stop(second.child, 'SIGTERM'), second.output()).toBe(0);
    const seededAt = await readSeededAt();
    expect(seededAt).toBeTruthy();

    const third = await startServer(port);
    expect(await stop(third.child, 'SIGINT'), third.output()).toBe(0);
    // The demo data was loaded once, and the next start kept it.
    expect(await readSeededAt()).toEqual(seededAt);
  });

  it('refuses a bad configuration with a readable message', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: root,
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr?.on('data', (d) => {
      err += d;
    });
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(err).toContain('Invalid configuration');
    expect(err).toContain('PORT');
  });
});
