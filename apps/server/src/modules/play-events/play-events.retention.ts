import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/statements';
import type { AppContext } from '../../platform/context';
import { DAY_MS, DEFAULT_PARTITION, dayPartitions, lockPartitions } from './play-events.partitions';

const CHUNK = 10_000;

/**
 * The nightly clean-up of raw events: those that started more than EVENT_RETENTION_DAYS ago are removed.
 * A day partition whose whole day lies before that instant is dropped whole (its rows counted first);
 * the older rows of the default partition are deleted a chunk per statement, so that no statement holds
 * it long. Reports read only the rollups, which are kept for ever. Returns the events removed.
 */
export async function removeOldEvents(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.clock.now().getTime() - ctx.config.EVENT_RETENTION_DAYS * DAY_MS);
  let removed = 0;
  const old = (await dayPartitions(ctx.db)).filter((p) => p.day.getTime() + DAY_MS <= before.getTime());
  for (const p of old) {
    removed += await ctx.db.transaction(async (tx) => {
      await lockPartitions(ctx, tx);
      if (!(await dayPartitions(tx)).some((q) => q.name === p.name)) return 0;
      const [count] = await rowsOf<{ n: number }>(tx, sql.raw(`select count(*)::float8 as n from "${p.name}"`));
      await tx.execute(sql.raw(`drop table "${p.name}"`));
      return count?.n ?? 0;
    });
  }
  for (;;) {
    const rows = await rowsOf<{ n: number }>(
      ctx.db,
      sql`with gone as (
            delete from ${sql.raw(DEFAULT_PARTITION)} where ctid = any(array(
              select ctid from ${sql.raw(DEFAULT_PARTITION)} where started_at < ${before.toISOString()}::timestamptz limit ${CHUNK}))
            returning 1)
          select count(*)::int as n from gone`,
    );
    const n = rows[0]?.n ?? 0;
    removed += n;
    if (n < CHUNK) return removed;
  }
}
