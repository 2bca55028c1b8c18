import type { AppContext } from '../../platform/context';
import { DAY_MS, dayPartitions, lockPartitions } from './play-events.partitions';
import { deleteDefaultPartitionChunk, dropPartition } from './play-events.partitions.repository';

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
      return dropPartition(tx, p.name);
    });
  }
  for (;;) {
    const n = await deleteDefaultPartitionChunk(ctx.db, before, CHUNK);
    removed += n;
    if (n < CHUNK) return removed;
  }
}
