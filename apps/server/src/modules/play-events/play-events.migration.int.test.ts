import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsBefore } from '../../../test/migrations';
import { MIGRATIONS_DIR } from '../../db/client';

/**
 * The hand-written migration that partitions play_events by day, on the embedded PostgreSQL (PGlite):
 * the events stored before it are all there after it, those of the last 400 days in their day's
 * partition, older ones in the default partition, under the new primary key (id, started_at).
 */
const before = migrationsBefore('play_events_by_day');
const client = new PGlite();

afterAll(async () => {
  await client.close();
  before.remove();
});

const DAY_MS = 86_400_000;
const day = (at: Date) => at.toISOString().slice(0, 10).replaceAll('-', '');

describe('play_events partitioned by day (migration)', () => {
  it('moves every stored event into its day partition or the default, under the key (id, started_at)', async () => {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before.dir });
    const now = Date.now();
    const recent = new Date(now - 2 * 3_600_000);
    const older = new Date(now - 100 * DAY_MS);
    const ancient = new Date(now - 500 * DAY_MS);
    const rows = [
      ['e1', recent],
      ['e2', recent],
      ['e3', older],
      ['e4', ancient],
    ] as const;
    for (const [id, at] of rows) {
      await db.execute(sql`insert into play_events (id, type, robot_ref, playlist_id, ad_id, started_at, watch_ms, audience, received_at)
        values (${id}, 'play', 'r1', 'p1', 'a1', ${at.toISOString()}::timestamptz, 15000, '{"male":1}', ${at.toISOString()}::timestamptz)`);
    }

    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    const stored = (
      await db.execute(
        sql`select id, tableoid::regclass::text as part, robot_ref, watch_ms, audience from play_events order by id`,
      )
    ).rows;
    expect(stored).toEqual([
      { id: 'e1', part: `play_events_p${day(recent)}`, robot_ref: 'r1', watch_ms: 15000, audience: { male: 1 } },
      { id: 'e2', part: `play_events_p${day(recent)}`, robot_ref: 'r1', watch_ms: 15000, audience: { male: 1 } },
      { id: 'e3', part: `play_events_p${day(older)}`, robot_ref: 'r1', watch_ms: 15000, audience: { male: 1 } },
      { id: 'e4', part: 'play_events_default', robot_ref: 'r1', watch_ms: 15000, audience: { male: 1 } },
    ]);
    const shape = (
      await db.execute(sql`select c.relkind::text as kind,
          (select pg_get_constraintdef(k.oid) from pg_constraint k where k.conrelid = c.oid and k.contype = 'p') as pk,
          (select count(*)::int from pg_indexes where tablename = 'play_events' and indexname = 'play_events_robot_idx') as robot_idx,
          to_regclass('play_events_unpartitioned') is null as old_gone
        from pg_class c where c.oid = 'play_events'::regclass`)
    ).rows;
    expect(shape).toEqual([{ kind: 'p', pk: 'PRIMARY KEY (id, started_at)', robot_idx: 1, old_gone: true }]);
  });
});
