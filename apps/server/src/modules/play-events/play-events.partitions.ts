import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../platform/context';
import { nextTurn } from '../../platform/next-turn';
import {
  createPartition,
  DEFAULT_PARTITION,
  partitionNames,
  takePartitionLock,
} from './play-events.partitions.repository';

/**
 * The day partitions of `play_events` (docs/statistics.md, "Raw events: day partitions and retention").
 * The table is partitioned by range of `started_at`: one partition per UTC day, `play_events_pYYYYMMDD`
 * for [that midnight, the next), and `play_events_default` for every instant no day partition covers
 * (late events of days long gone, clock-skewed devices far in the past or future). The maintenance keeps
 * the partitions of yesterday to a week ahead; retention (play-events.retention.ts) drops old ones whole.
 */

export { DEFAULT_PARTITION };
export const DAY_MS = 86_400_000;
/** Days before and after today (UTC) the maintenance keeps a partition for. */
export const PARTITION_DAYS_BEFORE = 1;
export const PARTITION_DAYS_AHEAD = 7;
const NAME = /^play_events_p(\d{4})(\d{2})(\d{2})$/;

export interface DayPartition {
  name: string;
  /** Its UTC midnight: the partition holds [day, day + 1 day). */
  day: Date;
}

/** The UTC midnight of the instant's day. */
export function utcDay(at: Date): Date {
  return new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
}

export function partitionName(day: Date): string {
  return `play_events_p${day.toISOString().slice(0, 10).replaceAll('-', '')}`;
}

/** The day partitions attached to play_events, oldest first (the default partition is not one). */
export async function dayPartitions(db: DbOrTx): Promise<DayPartition[]> {
  const days: DayPartition[] = [];
  for (const name of await partitionNames(db)) {
    const m = NAME.exec(name);
    if (m) days.push({ name, day: new Date(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`) });
  }
  return days.sort((a, b) => a.day.getTime() - b.day.getTime());
}

/**
 * Serialises partition changes across instances (PostgreSQL: a transaction-scoped advisory lock; the
 * embedded database has one connection, its transactions already run one at a time).
 */
export async function lockPartitions(ctx: AppContext, tx: DbOrTx) {
  if (ctx.database.kind === 'postgres') await takePartitionLock(tx);
}

/**
 * Creates the partition of one UTC day when missing, in one transaction: a table like play_events, the
 * day's rows moved into it out of the default partition (a partition cannot be attached while the
 * default holds rows of its range), then attached. The default partition is locked against writes first,
 * so no event of that day can land there between the move and the attach. Returns whether it was made.
 */
async function createDayPartition(ctx: AppContext, day: Date): Promise<boolean> {
  const name = partitionName(day);
  return ctx.db.transaction(async (tx) => {
    await lockPartitions(ctx, tx);
    // Another instance may have made it while this one waited for the lock.
    if ((await dayPartitions(tx)).some((p) => p.name === name)) return false;
    await createPartition(tx, name, day, new Date(day.getTime() + DAY_MS));
    return true;
  });
}

/**
 * The partition maintenance (at server start and daily): the partitions of today - PARTITION_DAYS_BEFORE
 * to today + PARTITION_DAYS_AHEAD (UTC days) exist afterwards. Idempotent; returns the partitions made.
 */
export async function ensureDayPartitions(ctx: AppContext): Promise<string[]> {
  const today = utcDay(ctx.clock.now());
  const existing = new Set((await dayPartitions(ctx.db)).map((p) => p.name));
  const made: string[] = [];
  for (let d = -PARTITION_DAYS_BEFORE; d <= PARTITION_DAYS_AHEAD; d++) {
    const day = new Date(today.getTime() + d * DAY_MS);
    if (existing.has(partitionName(day))) continue;
    await nextTurn(); // the requests that came meanwhile first (the embedded database holds the event loop)
    if (await createDayPartition(ctx, day)) made.push(partitionName(day));
  }
  return made;
}
