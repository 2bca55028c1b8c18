import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../test/auth';
import { buildTestApp, freshDatabase, type TestApp } from '../../test/build-app';
import { migrationsBefore } from '../../test/migrations';
import { buildApp } from '../app';
import { DEMO_PASSWORD } from '../modules/accounts/accounts.seed';
import { loadConfig } from '../platform/config';
import type { Database, Db } from './client';
import { openPglite } from './client';
import { seedDemo } from './seed/seed';

/**
 * Upgrades keep data (issue 27, docs/operations.md "Upgrading"). A database made by an earlier release:
 * migrated only to the migrations that release had (all before `calendar_rollups`, the newest four came
 * later), holding the whole demo data set written into that older schema (every table, every row the
 * tables of then can hold). Upgraded by this release's start (`database.migrate()`), on the engine the
 * tests run on: the embedded PGlite in a data folder, or PostgreSQL when TEST_DATABASE_URL is set (CI's
 * second pass). Every row of every old table is there after the upgrade, unchanged, and the reports
 * (weekly and monthly QR scans, plays per ad: the newer calendar rollups are backfilled by the upgrade)
 * answer as they do on a database made by this release.
 */

const OLD_RELEASE_CUT = 'calendar_rollups';
/**
 * Columns a later migration removes on purpose, its data moved elsewhere: `open_webhooks.event` (one
 * subscription per event) became `events` (one endpoint, many events: 0026_webhook_endpoints, tested by
 * webhook-endpoints.migration.int.test.ts).
 */
const DROPPED_COLUMNS: Record<string, string[]> = { open_webhooks: ['event'] };
const before = migrationsBefore(OLD_RELEASE_CUT);
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'robot-ads-upgrade-'));

let reference: TestApp;
let upgraded: { app: Awaited<ReturnType<typeof buildApp>>; database: Database; drop(): Promise<void> };
/** The old schema's tables and their columns, read from the old database before the upgrade. */
let oldTables: Map<string, string[]>;

async function tablesOf(db: Db): Promise<Map<string, string[]>> {
  const res = await db.execute(sql`select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE' order by c.table_name, c.ordinal_position`);
  const tables = new Map<string, string[]>();
  for (const row of (res as unknown as { rows: { table_name: string; column_name: string }[] }).rows) {
    tables.set(row.table_name, [...(tables.get(row.table_name) ?? []), row.column_name]);
  }
  return tables;
}

/** A table's rows (these columns only) as sorted JSON texts: the same set compares equal on any engine. */
async function rowsOf(db: Db, table: string, columns: string[]): Promise<string[]> {
  const cols = sql.join(
    columns.map((c) => sql.identifier(c)),
    sql`, `,
  );
  const res = await db.execute(
    sql`select coalesce(json_agg(row_to_json(x)), '[]'::json)::text as rows from (select ${cols} from ${sql.identifier(table)}) x`,
  );
  const text = (res as unknown as { rows: { rows: string }[] }).rows[0]?.rows ?? '[]';
  return (JSON.parse(text) as unknown[]).map((r) => JSON.stringify(r)).sort();
}

/** Writes the reference's rows into the old schema, table by table, as the old release held them. */
async function writeOldRows(target: Db, source: Db, tables: Map<string, string[]>) {
  const data = new Map<string, string>();
  for (const table of tables.keys()) {
    const res = await source.execute(
      sql`select coalesce(json_agg(row_to_json(t)), '[]'::json)::text as rows from ${sql.identifier(table)} t`,
    );
    data.set(table, (res as unknown as { rows: { rows: string }[] }).rows[0]?.rows ?? '[]');
  }
  await target.transaction(async (tx) => {
    // Rows in any order: foreign keys are checked by the data's own consistency (it was consistent).
    await tx.execute(sql`set local session_replication_role = replica`);
    for (const [table, json] of data) {
      await tx.execute(
        sql`insert into ${sql.identifier(table)} select * from json_populate_recordset(null::${sql.identifier(table)}, ${json}::json)`,
      );
    }
  });
}

/** The old release's database, upgraded by this release's start. */
async function oldDatabaseUpgraded(source: Db) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: tmp,
    WEB_DIST: path.join(tmp, 'no-web'),
    PLAYER_DIST: path.join(tmp, 'no-player'),
  });
  if (!process.env.TEST_DATABASE_URL) {
    const dir = path.join(tmp, 'pgdata');
    const client = new PGlite(dir);
    const old = drizzlePglite(client) as unknown as Db;
    await migratePglite(old as never, { migrationsFolder: before.dir });
    oldTables = await tablesOf(old);
    await writeOldRows(old, source, oldTables);
    await client.close();
    const database = await openPglite(dir); // as a start opens the existing folder
    await database.migrate();
    const app = await buildApp({ config, database });
    return { app, database, drop: async () => undefined };
  }
  const fresh = await freshDatabase();
  await migratePg(fresh.database.db as never, { migrationsFolder: before.dir });
  oldTables = await tablesOf(fresh.database.db);
  await writeOldRows(fresh.database.db, source, oldTables);
  await fresh.database.migrate();
  const app = await buildApp({ config: { ...config, DATABASE_URL: fresh.url }, database: fresh.database });
  return { app, database: fresh.database, drop: fresh.drop };
}

/** A positive count somewhere in a report's data (plays, scans, ...), ids and times aside. */
function hasFigure(value: unknown, key = ''): boolean {
  if (typeof value === 'number') return value > 0 && !/id|time|date|begin|end|start|year|month|week|hour/i.test(key);
  if (Array.isArray(value)) return value.some((v) => hasFigure(v, key));
  if (value && typeof value === 'object') return Object.entries(value).some(([k, v]) => hasFigure(v, k));
  return false;
}

beforeAll(async () => {
  reference = await buildTestApp();
  await seedDemo(reference.app.ctx);
  upgraded = await oldDatabaseUpgraded(reference.app.ctx.db);
  await upgraded.app.ready();
}, 600_000);

afterAll(async () => {
  await upgraded?.app.close();
  await upgraded?.database.close();
  await upgraded?.drop();
  await reference?.close();
  before.remove();
  fs.rmSync(tmp, { recursive: true, force: true });
});

describe('upgrading a database made by an earlier release', () => {
  it('started from the older schema, with the demo data in it', () => {
    expect(oldTables.has('accounts')).toBe(true);
    expect(oldTables.has('play_events')).toBe(true);
    // The newest migrations were not there yet.
    expect(oldTables.has('play_calendar_rollups')).toBe(false);
  });

  it('keeps every row of every table, unchanged', async () => {
    let rows = 0;
    for (const [table, all] of oldTables) {
      const columns = all.filter((c) => !DROPPED_COLUMNS[table]?.includes(c));
      const want = await rowsOf(reference.app.ctx.db, table, columns);
      const got = await rowsOf(upgraded.database.db, table, columns);
      expect(got.length, table).toBe(want.length);
      expect(got, table).toEqual(want);
      rows += got.length;
    }
    expect(rows).toBeGreaterThan(1000);
  });

  it('answers the reports as a database made by this release does', async () => {
    const asRoot = async (app: typeof upgraded.app) => {
      const t = { app } as unknown as TestApp;
      return login(t, 'root', DEMO_PASSWORD, 'operator');
    };
    const [refToken, upToken] = [await asRoot(reference.app), await asRoot(upgraded.app)];
    const plans = (await rowsOf(reference.app.ctx.db, 'play_rollups', ['playlist_id']))
      .map((r) => (JSON.parse(r) as { playlist_id: string }).playlist_id)
      .filter((id, i, all) => all.indexOf(id) === i);
    expect(plans.length).toBeGreaterThan(0);
    let checked = 0;
    let withFigures = 0;
    for (const planId of plans.slice(0, 4)) {
      for (const url of [
        `/api/Statis/statiQrWeekbyplaylistId?playlistId=${planId}`,
        `/api/Statis/statiQrbyplaylistId?playlistId=${planId}`,
        `/api/Statis/queryAdPlay_adList?playlistId=${planId}`,
      ]) {
        const get = (app: typeof upgraded.app, token: string) =>
          app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        const [want, got] = [await get(reference.app, refToken), await get(upgraded.app, upToken)];
        expect(got.statusCode, url).toBe(200);
        expect(got.json(), url).toEqual(want.json());
        checked += 1;
        if (hasFigure(want.json().data)) withFigures += 1;
      }
    }
    expect(checked).toBeGreaterThan(2);
    // Not a comparison of empty answers: the demo's plays and scans are in them.
    expect(withFigures).toBeGreaterThan(0);
  });
});
