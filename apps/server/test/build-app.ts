import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { type Database, openPglite, openPostgres } from '../src/db/client';
import type { Clock } from '../src/platform/clock';
import { type Config, loadConfig } from '../src/platform/config';
import type { HostResolver } from '../src/platform/outbound/address-policy';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * A fresh database per call: an in-memory PGlite, or, when TEST_DATABASE_URL is set (CI's second
 * pass), a new database created on that PostgreSQL server and dropped again at close.
 */
export async function freshDatabase(): Promise<{ database: Database; url?: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const database = await openPglite();
    return { database, drop: async () => undefined };
  }
  const name = `t_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), 5);
  return {
    database,
    url: url.toString(),
    drop: async () => {
      // The pool's end() resolves before its clients' sockets have closed; a forced drop would kill
      // those backends mid-goodbye (an uncaught FATAL on the client). Wait for them to leave instead.
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        for (let attempt = 0; ; attempt++) {
          try {
            await c.query(`drop database if exists ${name}`);
            break;
          } catch (err) {
            if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      } finally {
        await c.end();
      }
    },
  };
}

/** Tests never ask the network's DNS: a name resolves only when a test says how (`resolveHost`). */
const offlineResolver: HostResolver = async (name) => {
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${name} (tests resolve no names)`), { code: 'ENOTFOUND' });
};

export async function buildTestApp(
  opts: {
    env?: Record<string, string>;
    clock?: Clock;
    startJobs?: boolean;
    /** The day partitions and the job queue start after ready, as `npm start` has them (AppDeps.startLater). */
    startLater?: boolean;
    ready?: boolean;
    /** Where the app's log lines go (with env LOG_LEVEL set): a test that reads them. */
    logDestination?: NodeJS.WritableStream;
    /** How outbound calls (webhooks) resolve host names: a test's own DNS. */
    resolveHost?: HostResolver;
  } = {},
): Promise<TestApp> {
  const { database, url, drop } = await freshDatabase();
  await database.migrate();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'robot-ads-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web'),
    PLAYER_DIST: path.join(dataDir, 'no-player'),
    ...(url ? { DATABASE_URL: url } : {}),
    ...opts.env,
  });
  const app = await buildApp({
    config,
    database,
    clock: opts.clock,
    startJobs: opts.startJobs,
    startLater: opts.startLater,
    logDestination: opts.logDestination,
    resolveHost: opts.resolveHost ?? offlineResolver,
  });
  if (opts.ready !== false) await app.ready();
  return {
    app,
    database,
    config,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
