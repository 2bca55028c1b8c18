import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startPostgres } from '../../../../bench/lib/postgres';

/**
 * Real server processes for the process tests (durability, several instances, graceful shutdown): the
 * server started as `npm start` starts it (its bundle, tools/server-bundle.mjs, built first when stale), PostgreSQL and
 * Redis started in temporary directories. Nothing here is skipped: a missing binary is an error that
 * says how to install it.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The server's bundle, built when older than its sources (once a test worker). */
let bundle: Promise<string> | null = null;
function serverBundle(): Promise<string> {
  bundle ??= import(path.join(ROOT, 'tools/server-bundle.mjs')).then(async (m) => {
    await m.ensureServerBundle();
    return m.SERVER_BUNDLE as string;
  });
  return bundle;
}

const taken = new Set<number>();

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** A free port of the range kept for process tests (18200-18299). */
export async function freeTestPort(): Promise<number> {
  const offset = Math.floor(Math.random() * 100);
  for (let i = 0; i < 100; i++) {
    const port = 18200 + ((offset + i) % 100);
    if (taken.has(port)) continue;
    if (await isFree(port)) {
      taken.add(port);
      return port;
    }
  }
  throw new Error('no free port in 18200-18299');
}

export function tempDir(prefix: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `robot-ads-${prefix}-`));
}

export interface ServerProcess {
  url: string;
  port: number;
  child: ChildProcess;
  /** Every line the process wrote (stdout and stderr), for checks on its log. */
  output: string[];
  /** Resolves with the exit code (or the signal's name) once the process is gone. */
  exited: Promise<number | string>;
  kill(signal?: NodeJS.Signals): Promise<number | string>;
}

export interface ServerOptions {
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  env?: Record<string, string>;
  /** How long to wait for /api/health (default 90 s: a loaded CI machine starts slowly). */
  readyTimeoutMs?: number;
}

/** The environment a server process of these tests gets (an empty value counts as unset). */
function serverEnv(port: number, opts: ServerOptions): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? os.tmpdir(),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: opts.dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    WEB_DIST: path.join(opts.dataDir, 'no-web'),
    PLAYER_DIST: path.join(opts.dataDir, 'no-player'),
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...(opts.redisUrl ? { REDIS_URL: opts.redisUrl } : {}),
    ...opts.env,
  };
}

function collectLines(child: ChildProcess): string[] {
  const output: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      output.push(...lines);
    });
    stream?.on('end', () => {
      if (rest) output.push(rest);
      rest = '';
    });
  }
  return output;
}

/** The server as a process on a free test port, with its output collected line by line. */
async function spawnServer(opts: ServerOptions): Promise<{ port: number; child: ChildProcess; output: string[] }> {
  const main = await serverBundle();
  const port = await freeTestPort();
  const child = spawn(process.execPath, ['--enable-source-maps', main], {
    cwd: ROOT,
    env: serverEnv(port, opts),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return { port, child, output: collectLines(child) };
}

/**
 * Starts the server as a process that is expected to stop on its own (a start that is refused): resolves
 * with its exit code and everything it wrote, or rejects when it becomes ready instead.
 */
export async function runServerUntilExit(
  opts: ServerOptions & { timeoutMs?: number },
): Promise<{ code: number | string; output: string }> {
  const { port, child, output } = await spawnServer(opts);
  const closed = new Promise<number | string>((resolve) => {
    child.once('close', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 90_000);
  try {
    for (;;) {
      const done = await Promise.race([closed, new Promise<null>((r) => setTimeout(() => r(null), 200))]);
      if (done !== null) return { code: done, output: output.join('\n') };
      const ready = await fetch(`http://127.0.0.1:${port}/api/health`)
        .then((r) => r.status === 200)
        .catch(() => false);
      if (ready) {
        child.kill('SIGKILL');
        await closed;
        throw new Error(`the server started, but it was expected to refuse:\n${output.slice(-30).join('\n')}`);
      }
    }
  } finally {
    clearTimeout(timer);
    taken.delete(port);
  }
}

/**
 * Starts the server as a process and waits until it says it listens on its port and /api/health answers 200
 * there, with the demo data loaded when the start loads it (after it listens). A port another process took
 * between the check and the bind (the other test worker picks from the same range) is not taken for ours: the
 * 200 of a foreign server does not count (its database is another; our tokens would get 401), and a start that
 * fails with EADDRINUSE is retried on another port.
 */
export async function startServer(opts: ServerOptions): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(opts);
    } catch (err) {
      if (!(err instanceof PortTakenError) || attempt >= 5) throw err;
    }
  }
}

class PortTakenError extends Error {}

async function startServerOnce(opts: ServerOptions): Promise<ServerProcess> {
  const { port, child, output } = await spawnServer(opts);
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
  });
  let gone: number | string | null = null;
  void exited.then((v) => {
    gone = v;
    taken.delete(port);
  });
  const url = `http://127.0.0.1:${port}`;
  // Fastify's "Server listening at <url>" (info) and main.ts's "robot-ads is ready at http://localhost:<port>".
  const listening = () =>
    output.some((l) => (l.includes('listening at') || l.includes('ready at')) && l.includes(`:${port}`));
  const deadline = Date.now() + (opts.readyTimeoutMs ?? 90_000);
  for (;;) {
    if (gone !== null) {
      const log = output.slice(-30).join('\n');
      if (log.includes('EADDRINUSE')) throw new PortTakenError(`port ${port} taken`);
      throw new Error(`server exited (${gone}) before it was ready:\n${log}`);
    }
    const ok =
      listening() &&
      (await fetch(`${url}/api/health`)
        .then(async (r) => r.status === 200 && ((await r.json()) as { data: { demo: string } }).data.demo !== 'loading')
        .catch(() => false));
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not ready after ${opts.readyTimeoutMs ?? 90_000} ms:\n${output.slice(-30).join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    port,
    child,
    output,
    exited,
    kill: async (signal = 'SIGKILL') => {
      if (gone === null) child.kill(signal);
      return exited;
    },
  };
}

function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const v of versions) if (fs.existsSync(path.join(root, v, 'bin', 'initdb'))) return path.join(root, v, 'bin');
  return null;
}

export interface PostgresForTest {
  url: string;
  stop(): Promise<void>;
}

/**
 * A new, empty database: on TEST_DATABASE_URL when set (CI), otherwise on a throw-away cluster
 * started here. Fails with an install hint when neither is possible.
 */
export async function startPostgresForTest(): Promise<PostgresForTest> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const name = `proc_${process.pid}_${Date.now().toString(36)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      stop: async () => {
        const c = new pg.Client({ connectionString: adminUrl });
        await c.connect();
        try {
          await c.query(`drop database if exists ${name} with (force)`);
        } finally {
          await c.end();
        }
      },
    };
  }
  if (!postgresBinDir()) {
    throw new Error(
      'PostgreSQL server binaries (initdb, pg_ctl) not found under /usr/lib/postgresql/<version>/bin. ' +
        'Install them (Debian/Ubuntu: `apt-get install postgresql`), or set TEST_DATABASE_URL to a PostgreSQL server.',
    );
  }
  const cluster = await startPostgres();
  return { url: cluster.url, stop: async () => cluster.stop() };
}

export interface RedisForTest {
  url: string;
  stop(): Promise<void>;
  /** Starts it again on the same port (an outage that ends), after stop(). */
  restart(): Promise<void>;
}

/**
 * A throw-away redis-server on 127.0.0.1 (no persistence), in a temporary directory; on a port another
 * process took meanwhile, again on another port.
 */
export async function startRedis(): Promise<RedisForTest> {
  for (let attempt = 1; ; attempt++) {
    try {
      const port = await freeTestPort();
      let running = await startRedisOnce(port);
      return {
        url: running.url,
        stop: () => running.stop(),
        restart: async () => {
          // The port stays reserved for it (taken) while it is down: no other test server takes it.
          taken.add(port);
          running = await startRedisOnce(port);
        },
      };
    } catch (err) {
      if (!(err instanceof PortTakenError) || attempt >= 5) throw err;
    }
  }
}

async function startRedisOnce(port: number): Promise<{ url: string; stop(): Promise<void> }> {
  const probe = spawnSync('redis-server', ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error('redis-server not found on the PATH. Install it (Debian/Ubuntu: `apt-get install redis-server`).');
  }
  const dir = tempDir('redis');
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${log}`)), 20_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      taken.delete(port);
      fs.rmSync(dir, { recursive: true, force: true });
      reject(
        log.includes('Address already in use')
          ? new PortTakenError(`port ${port} taken`)
          : new Error(`redis-server exited (${code}):\n${log}`),
      );
    });
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      taken.delete(port);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Cluster {
  databaseUrl: string;
  redisUrl: string;
  redis: RedisForTest;
  dataDir: string;
  servers: ServerProcess[];
  urls: string[];
  stop(): Promise<void>;
}

/**
 * PostgreSQL, Redis and `instances` server processes on them (sharing one DATA_DIR for files, as
 * instances share object storage). `prepare` runs on the migrated, empty database before any server
 * starts (to create accounts, robots, plans in-process).
 */
export async function startCluster<T>(opts: {
  instances: number;
  env?: Record<string, string>;
  prepare?: (target: { databaseUrl: string; dataDir: string }) => Promise<T>;
}): Promise<Cluster & { prepared: T | undefined }> {
  const postgres = await startPostgresForTest();
  const stops: Array<() => Promise<unknown>> = [postgres.stop];
  const dataDir = tempDir('cluster');
  stops.unshift(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  try {
    const redis = await startRedis();
    stops.unshift(() => redis.stop());
    const prepared = opts.prepare ? await opts.prepare({ databaseUrl: postgres.url, dataDir }) : undefined;
    const servers: ServerProcess[] = [];
    // One after the other: the first migrates and starts the job queue's schema alone.
    for (let i = 0; i < opts.instances; i++) {
      const server = await startServer({ dataDir, databaseUrl: postgres.url, redisUrl: redis.url, env: opts.env });
      servers.push(server);
      stops.unshift(() => server.kill('SIGTERM'));
    }
    return {
      databaseUrl: postgres.url,
      redisUrl: redis.url,
      redis,
      dataDir,
      servers,
      urls: servers.map((s) => s.url),
      prepared,
      stop: () => runAll(stops),
    };
  } catch (err) {
    await runAll(stops);
    throw err;
  }
}

async function runAll(stops: Array<() => Promise<unknown>>) {
  for (const stop of stops) await stop().catch(() => undefined);
}
