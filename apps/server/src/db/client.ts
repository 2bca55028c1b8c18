import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { copyTemplateTo, pgliteTemplate } from './pglite-template';
import { StatementTiming, timePglite, timePool } from './statement-timing';
import { guardOuterHandle, transactionAware } from './transaction-scope';

/** No relational schema: db/ knows no module, queries name their tables (the root's schema.ts feeds drizzle-kit). */
export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database handle or an open transaction: what repositories accept. */
export type DbOrTx = Db | Tx;

export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface Database {
  kind: 'pglite' | 'postgres';
  /**
   * The handle every module uses. Inside `db.transaction(...)` it resolves to that transaction for
   * every call made in the same async flow (see transaction-scope.ts), so no query can bypass it.
   */
  db: Db;
  /** The embedded engine, when kind is pglite (pg-boss runs on it through its adapter). */
  pglite?: PGlite;
  /** The pool, when kind is postgres. */
  pool?: pg.Pool;
  /** The longest statement since the last read (statement-timing.ts; /metrics and the fleet benches). */
  statements: StatementTiming;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

// timestamptz values come back as Date objects from both drivers; int8 counts as numbers.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

/**
 * PGlite starts postgres with fsync off (-F) and its Node file layer ignores fsync: a commit reached
 * the operating system when acknowledged (a killed process loses nothing) but not the disk (a power
 * cut could). On a folder we turn fsync on, sync the WAL with fsync() (its fdatasync is a no-op) and
 * make that call real, so an acknowledged commit is on disk (docs/operations.md, durability).
 */
const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
  ...['-c', 'fsync=on', '-c', 'wal_sync_method=fsync'],
];

function makeFsyncReal(client: PGlite) {
  type StreamOps = { fsync?: (stream: { nfd?: number }) => number };
  const nodefs = (client as unknown as { Module?: { NODEFS?: { stream_ops?: StreamOps } } }).Module?.NODEFS;
  if (!nodefs?.stream_ops) throw new Error('PGlite file layer not found: commits could not be made durable');
  nodefs.stream_ops.fsync = (stream) => {
    if (stream.nfd !== undefined) fs.fsyncSync(stream.nfd);
    return 0;
  };
}

export async function openPglite(dataDir?: string): Promise<Database> {
  // A new database starts from the migrated template (fast): in memory its dump, on disk a copy of its
  // folder; an existing one opens as it is.
  const isNew = !dataDir || !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  if (dataDir && isNew) await copyTemplateTo(dataDir);
  const loadDataDir = !dataDir ? await pgliteTemplate() : undefined;
  const client = await PGlite.create({
    ...(dataDir ? { dataDir, startParams: DURABLE_START_PARAMS } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  if (dataDir) makeFsyncReal(client);
  const statements = new StatementTiming();
  timePglite(client, statements);
  // One connection: a query on it inside an open transaction would wait for ever; it fails at once instead.
  guardOuterHandle(client, ['query', 'exec', 'sql', 'transaction']);
  const db = transactionAware(drizzlePglite(client) as unknown as Db);
  return {
    kind: 'pglite',
    db,
    pglite: client,
    statements,
    migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

/** The advisory lock key of the migrations (and of the demo seeding, which runs after them). */
export const MIGRATION_LOCK = 727274;

/** Longest a single statement may run on PostgreSQL before the server cancels it (DB_STATEMENT_TIMEOUT_MS). */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 30_000;

export async function openPostgres(
  url: string,
  max = 10,
  statementTimeoutMs = DEFAULT_STATEMENT_TIMEOUT_MS,
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max, statement_timeout: statementTimeoutMs });
  const statements = new StatementTiming();
  timePool(pool, statements);
  // Inside a transaction the pool itself is out of bounds (it would read outside the transaction).
  guardOuterHandle(pool, ['query', 'connect']);
  const db = transactionAware(drizzlePg(pool) as unknown as Db);
  return {
    kind: 'postgres',
    db,
    pool,
    statements,
    migrate: async () => {
      // Several instances may start together: one migrates while the others wait on the lock.
      const conn = await pool.connect();
      try {
        await conn.query(`select pg_advisory_lock(${MIGRATION_LOCK})`);
        await migratePg(drizzlePg(conn) as never, { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await conn.query(`select pg_advisory_unlock(${MIGRATION_LOCK})`).catch(() => undefined);
        conn.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

export function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  statementTimeoutMs?: number;
}): Promise<Database> {
  return opts.databaseUrl
    ? openPostgres(opts.databaseUrl, undefined, opts.statementTimeoutMs)
    : openPglite(path.join(opts.dataDir, 'pgdata'));
}
