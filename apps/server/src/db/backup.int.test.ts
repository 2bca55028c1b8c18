import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app';
import { type PostgresForTest, startPostgresForTest, tempDir } from '../../test/process/servers';
import { BACKUP_FORMAT, backupDatabase, RestoreError, restoreDatabase } from './backup';
import { type Database, openPglite, openPostgres } from './client';
import { seedDemo } from './seed/seed';

let t: TestApp;
let dir: string;
let file: string;
let postgres: PostgresForTest | undefined;

beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.app.ctx);
  dir = tempDir('backup');
  file = path.join(dir, 'demo.sql');
});
afterAll(async () => {
  await t?.close();
  await postgres?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * Every row of every table of `public`, as JSON text sorted per table (driver values, not server text). A
 * partitioned table counts once with all its rows: which day partitions exist is the server's upkeep.
 */
async function snapshot(database: Database): Promise<Record<string, string[]>> {
  const rows = async (query: ReturnType<typeof sql>) => {
    const result = await database.db.execute(query);
    return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<string, unknown>[];
  };
  const tables = (
    await rows(sql`select c.relname as tablename from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`)
  ).map((r) => String(r.tablename));
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const data = await rows(sql.raw(`select * from "${table}"`));
    out[table] = data.map((row) => JSON.stringify(row, (_k, v) => (v instanceof Date ? v.toISOString() : v))).sort();
  }
  return out;
}

describe('npm run backup / npm run restore', () => {
  it('backs up the seeded database and restores the same rows into a fresh embedded database and into PostgreSQL', async () => {
    const summary = await backupDatabase(t.database, file);
    expect(summary.rows).toBeGreaterThan(100);
    expect(fs.readFileSync(file, 'utf8').startsWith(`-- ${BACKUP_FORMAT}\n`)).toBe(true);
    expect(fs.existsSync(`${file}.partial`)).toBe(false);
    const original = await snapshot(t.database);
    expect(original.accounts?.length).toBeGreaterThan(3);
    expect(original.play_events?.length).toBeGreaterThan(0);

    const embedded = await openPglite();
    try {
      await restoreDatabase(embedded, file);
      expect(await snapshot(embedded)).toEqual(original);
    } finally {
      await embedded.close();
    }

    postgres = await startPostgresForTest();
    const server = await openPostgres(postgres.url, 2);
    try {
      await restoreDatabase(server, file);
      expect(await snapshot(server)).toEqual(original);
    } finally {
      await server.close();
    }
  });

  it('refuses to restore into a database that holds data, and a file that is not a whole backup', async () => {
    await expect(restoreDatabase(t.database, file)).rejects.toThrow(RestoreError);
    await expect(restoreDatabase(t.database, file)).rejects.toThrow(/already holds data/);

    const cut = path.join(dir, 'cut.sql');
    const text = fs.readFileSync(file, 'utf8');
    fs.writeFileSync(cut, text.slice(0, text.lastIndexOf('-- end')));
    const empty = await openPglite();
    try {
      await expect(restoreDatabase(empty, cut)).rejects.toThrow(/cut short/);
      // All or nothing: the rows of the partial file were rolled back.
      expect(await countOf(empty)).toBe(0);
    } finally {
      await empty.close();
    }
  });
});

async function countOf(database: Database): Promise<number> {
  const result = await database.db.execute(sql`select count(*)::int as n from accounts`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ n: number }>;
  return rows[0]?.n ?? -1;
}
