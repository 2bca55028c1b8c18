import { inArray, lt } from 'drizzle-orm';
import type { AppContext } from '../../platform/context';
import { playEvents } from './play-events.table';

const CHUNK = 10_000;

/**
 * The nightly clean-up of raw events: those that started more than EVENT_RETENTION_DAYS ago are removed,
 * a chunk per transaction so that no statement holds the table long. Reports read only the rollups,
 * which are kept for ever. Returns the events removed.
 */
export async function removeOldEvents(ctx: AppContext): Promise<number> {
  const before = new Date(ctx.clock.now().getTime() - ctx.config.EVENT_RETENTION_DAYS * 86_400_000);
  let removed = 0;
  for (;;) {
    const old = ctx.db
      .select({ id: playEvents.id })
      .from(playEvents)
      .where(lt(playEvents.startedAt, before))
      .limit(CHUNK);
    const rows = await ctx.db.delete(playEvents).where(inArray(playEvents.id, old)).returning({ id: playEvents.id });
    removed += rows.length;
    if (rows.length < CHUNK) return removed;
  }
}
