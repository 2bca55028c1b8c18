import { getTableColumns, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/statements';
import { playEvents } from './play-events.table';

/** The default partition of play_events: every instant no day partition covers. */
export const DEFAULT_PARTITION = 'play_events_default';
/** pg_advisory_xact_lock key of the partition changes (several instances may run the maintenance). */
const PARTITION_LOCK = 727_275;

/** The names of the partitions attached to play_events (the default one too). */
export async function partitionNames(db: DbOrTx): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
         where i.inhparent = 'public.play_events'::regclass`,
  );
  return rows.map((r) => r.name);
}

/** Takes the transaction-scoped advisory lock of the partition changes (PostgreSQL only). */
export async function takePartitionLock(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PARTITION_LOCK})`);
}

/** A timestamptz literal of the instant (explicit offset: independent of the session's time zone). */
const literal = (at: Date) => `'${at.toISOString().replace('T', ' ').replace('Z', '+00')}'`;

/**
 * In the caller's transaction: a table like play_events for [from, to), the rows of that range moved into
 * it out of the default partition (locked against writes first), then attached as a partition.
 */
export async function createPartition(tx: DbOrTx, name: string, from: Date, to: Date): Promise<void> {
  const cols = Object.values(getTableColumns(playEvents))
    .map((c) => `"${c.name}"`)
    .join(', ');
  await tx.execute(sql.raw(`lock table ${DEFAULT_PARTITION} in exclusive mode`));
  await tx.execute(sql.raw(`create table "${name}" (like play_events including defaults including constraints)`));
  await tx.execute(
    sql.raw(
      `with m as (delete from ${DEFAULT_PARTITION} where started_at >= ${literal(from)} and started_at < ${literal(to)} returning ${cols})
         insert into "${name}" (${cols}) select ${cols} from m`,
    ),
  );
  await tx.execute(
    sql.raw(
      `alter table play_events attach partition "${name}" for values from (${literal(from)}) to (${literal(to)})`,
    ),
  );
}

/** Drops a day partition whole: the rows it held. */
export async function dropPartition(tx: DbOrTx, name: string): Promise<number> {
  const [count] = await rowsOf<{ n: number }>(tx, sql.raw(`select count(*)::float8 as n from "${name}"`));
  await tx.execute(sql.raw(`drop table "${name}"`));
  return count?.n ?? 0;
}

/** Deletes up to `chunk` rows of the default partition that started before the instant: how many. */
export async function deleteDefaultPartitionChunk(db: DbOrTx, before: Date, chunk: number): Promise<number> {
  const rows = await rowsOf<{ n: number }>(
    db,
    sql`with gone as (
            delete from ${sql.raw(DEFAULT_PARTITION)} where ctid = any(array(
              select ctid from ${sql.raw(DEFAULT_PARTITION)} where started_at < ${before.toISOString()}::timestamptz limit ${chunk}))
            returning 1)
          select count(*)::int as n from gone`,
  );
  return rows[0]?.n ?? 0;
}
