import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../../apps/server/src/app';
import { type Database, openPostgres } from '../../apps/server/src/db/client';
import { loadConfig } from '../../apps/server/src/platform/config';
import { startPostgres } from './postgres';

export interface BenchApp {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Database;
  /** A pool outside the application (plain statements, EXPLAIN), with as many connections as the app's. */
  plain: pg.Pool;
}

/**
 * Runs `body` with the real application on PostgreSQL (a throw-away cluster with `settings`, or
 * BENCH_DATABASE_URL), migrated, `connections` connections for the app and as many for `plain`; then
 * closes all of it. An error is printed and sets the exit code.
 */
export async function withBenchApp(settings: string, connections: number, body: (b: BenchApp) => Promise<void>) {
  const external = process.env.BENCH_DATABASE_URL;
  const server = external ? null : await startPostgres(`-c max_connections=50 ${settings}`);
  const url = external ?? server?.url ?? '';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'robot-ads-bench-'));
  const database = await openPostgres(url, connections);
  const plain = new pg.Pool({ connectionString: url, max: connections });
  try {
    await database.migrate();
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: 'false', DATABASE_URL: url });
    const app = await buildApp({ config, database });
    await app.ready();
    await body({ app, database, plain });
    await app.close();
  } catch (err) {
    console.error(err);
    process.exitCode = 1;
  } finally {
    await plain.end();
    await database.close().catch(() => undefined);
    server?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
