import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { sql } from 'drizzle-orm';
import type { Database, DbOrTx } from './client';
import { rowsOf } from './statements';

/**
 * Backup and restore as plain SQL (`npm run backup`, `npm run restore`; docs/operations.md).
 *
 * A backup holds the data of every table of the `public` schema, read in one snapshot (a repeatable
 * read transaction: consistent even while PostgreSQL is in use), as one
 * `insert into t select * from json_populate_recordset(null::t, $tag$[rows as JSON]$tag$);` per chunk
 * of rows, tables in foreign-key order. The schema itself is not in the file: restore migrates an
 * empty database with the migrations of this version first, then loads the rows in one transaction.
 * So a backup of the embedded database restores into PostgreSQL and the other way round. The job
 * queue (schema pgboss) is not kept: jobs in flight are not part of a backup.
 */

export const BACKUP_FORMAT = 'robot-ads-backup-1';
const CHUNK_ROWS = 1000;

/**
 * The tables of `public`, parents before children (a self-reference does not count). A partitioned
 * table counts once, without its partitions: its rows are read from it and loaded into it (the restored
 * database routes them to its own partitions).
 */
async function tablesInLoadOrder(db: DbOrTx): Promise<Array<{ name: string; selfReferencing: boolean }>> {
  const tables = (
    await rowsOf<{ name: string }>(
      db,
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition order by c.relname`,
    )
  ).map((t) => t.name);
  const links = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select c.relname as child, p.relname as parent
          from pg_constraint k
          join pg_class c on c.oid = k.conrelid
          join pg_class p on p.oid = k.confrelid
          join pg_namespace n on n.oid = c.relnamespace
         where k.contype = 'f' and n.nspname = 'public'`,
  );
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  const selfReferencing = new Set<string>();
  for (const l of links) {
    if (l.child === l.parent) selfReferencing.add(l.child);
    else parents.get(l.child)?.add(l.parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter((t) => !placed.has(t) && [...(parents.get(t) ?? [])].every((p) => placed.has(p)));
    if (ready.length === 0) throw new Error('circular foreign keys between tables: cannot order the backup');
    for (const t of ready) {
      ordered.push(t);
      placed.add(t);
    }
  }
  return ordered.map((name) => ({ name, selfReferencing: selfReferencing.has(name) }));
}

async function appliedMigrations(db: DbOrTx): Promise<string[]> {
  const exists = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from pg_tables where schemaname = 'drizzle' and tablename = '__drizzle_migrations'`,
  );
  if (!exists[0]?.n) return [];
  const rows = await rowsOf<{ hash: string }>(
    db,
    sql`select hash from drizzle.__drizzle_migrations order by created_at, id`,
  );
  return rows.map((r) => r.hash);
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

export interface BackupSummary {
  file: string;
  tables: number;
  rows: number;
  migrations: number;
}

/**
 * Writes a backup of the database to `file` (through a temporary file renamed at the end, so a file
 * with the name is always complete).
 */
export async function backupDatabase(database: Database, file: string): Promise<BackupSummary> {
  const tmp = `${file}.partial`;
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const out = fs.createWriteStream(tmp, { encoding: 'utf8' });
  const write = (text: string) =>
    new Promise<void>((resolve, reject) => {
      out.write(text, (err) => (err ? reject(err) : resolve()));
    });
  const tag = `$rab${randomBytes(8).toString('hex')}$`;
  let rows = 0;
  let tableCount = 0;
  let migrationCount = 0;
  try {
    await database.db.transaction(
      async (tx) => {
        const migrations = await appliedMigrations(tx);
        migrationCount = migrations.length;
        const tables = await tablesInLoadOrder(tx);
        tableCount = tables.length;
        await write(
          `-- ${BACKUP_FORMAT}\n-- made ${new Date().toISOString()} from ${database.kind}\n` +
            `-- migrations ${JSON.stringify(migrations)}\n` +
            '-- Restore with `npm run restore -- <this file>` into an empty database (it migrates first).\n',
        );
        for (const table of tables) {
          const name = quoteIdent(table.name);
          // A self-referencing table loads in one statement: its foreign key is checked at the end of it.
          const chunk = table.selfReferencing ? Number.MAX_SAFE_INTEGER : CHUNK_ROWS;
          const cursor = `backup_${tableCount}_${table.name}`.replace(/\W/g, '_');
          await tx.execute(
            sql.raw(`declare ${cursor} no scroll cursor for select row_to_json(t)::text as j from ${name} t`),
          );
          let batch: string[] = [];
          const flush = async () => {
            if (batch.length === 0) return;
            const json = `[${batch.join(',')}]`;
            if (json.includes(tag)) throw new Error('backup quoting tag found in the data; run the backup again');
            await write(
              `insert into ${name} select * from json_populate_recordset(null::${name}, ${tag}${json}${tag});\n`,
            );
            rows += batch.length;
            batch = [];
          };
          for (;;) {
            const fetched = await rowsOf<{ j: string }>(tx, sql.raw(`fetch forward ${CHUNK_ROWS} from ${cursor}`));
            for (const r of fetched) {
              batch.push(r.j);
              if (batch.length >= chunk) await flush();
            }
            if (fetched.length < CHUNK_ROWS) break;
          }
          await flush();
          await tx.execute(sql.raw(`close ${cursor}`));
        }
        await write(`-- end ${tableCount} tables ${rows} rows\n`);
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
    const fd = fs.openSync(tmp, 'r');
    fs.fsyncSync(fd);
    fs.closeSync(fd);
    fs.renameSync(tmp, file);
  } catch (err) {
    out.destroy();
    fs.rmSync(tmp, { force: true });
    throw err;
  }
  return { file, tables: tableCount, rows, migrations: migrationCount };
}

export class RestoreError extends Error {}

/** Tables of `public` that hold rows (a restore goes only into a database without data). */
async function tablesWithRows(db: DbOrTx): Promise<string[]> {
  const tables = await rowsOf<{ name: string }>(
    db,
    sql`select tablename as name from pg_tables where schemaname = 'public'`,
  );
  const full: string[] = [];
  for (const t of tables) {
    const [r] = await rowsOf<{ some: boolean }>(
      db,
      sql.raw(`select exists (select 1 from ${quoteIdent(t.name)}) as some`),
    );
    if (r?.some) full.push(t.name);
  }
  return full;
}

/**
 * Restores a backup into a database without data: migrates it, checks that the backup was made at the
 * same migration, then loads every row in one transaction (all or nothing).
 */
export async function restoreDatabase(database: Database, file: string): Promise<{ statements: number }> {
  if (!fs.existsSync(file)) throw new RestoreError(`no such backup file: ${file}`);
  const lines = readline.createInterface({
    input: fs.createReadStream(file, { encoding: 'utf8' }),
    crlfDelay: Infinity,
  });
  const iterator = lines[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done || first.value.trim() !== `-- ${BACKUP_FORMAT}`) {
    lines.close();
    throw new RestoreError(`${file} is not a robot-ads backup (${BACKUP_FORMAT})`);
  }
  const full = await tablesWithRows(database.db);
  if (full.length > 0) {
    lines.close();
    throw new RestoreError(
      `the target database already holds data (${full.slice(0, 5).join(', ')}${full.length > 5 ? ', ...' : ''}); ` +
        'restore into an empty database (a new DATA_DIR, or a new PostgreSQL database in DATABASE_URL)',
    );
  }
  await database.migrate();
  const here = await appliedMigrations(database.db);
  let statements = 0;
  let ended = false;
  await database.db.transaction(async (tx) => {
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      const line = next.value;
      if (line.startsWith('-- migrations ')) {
        const theirs = JSON.parse(line.slice('-- migrations '.length)) as string[];
        if (theirs.length !== here.length || theirs.some((h, i) => h !== here[i])) {
          throw new RestoreError(
            `the backup was made at migration ${theirs.length}, this version is at ${here.length}: ` +
              'restore it with the version that made it, then start this version (it migrates at start)',
          );
        }
        continue;
      }
      if (line.startsWith('-- end ')) ended = true;
      if (line.startsWith('--') || line.trim() === '') continue;
      await tx.execute(sql.raw(line));
      statements++;
    }
    if (!ended) throw new RestoreError(`${file} is cut short (no end line): not restored`);
  });
  return { statements };
}

/**
 * The id of another process that has a file of the embedded database open (a running server), or
 * null. The embedded database has one user at a time: backup and restore need the server stopped.
 * Reads /proc (Linux); elsewhere it finds nothing and the operator is trusted to have stopped it.
 */
export function embeddedDatabaseUser(pgdata: string): number | null {
  const dir = path.resolve(pgdata);
  if (!fs.existsSync('/proc')) return null;
  for (const entry of fs.readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) continue;
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        if (fs.readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith(`${dir}/`)) return pid;
      } catch {
        // The descriptor closed while we looked.
      }
    }
  }
  return null;
}
