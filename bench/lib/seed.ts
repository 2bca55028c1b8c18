import { newId } from '@robot-ads/contracts/common/ids';
import type { Database } from '../../apps/server/src/db/client';
import { playlists } from '../../apps/server/src/modules/playlists/playlists.table';

const DAY = 86_400_000;

/** A statement on the benchmark's database outside the application (setup, checks). */
export async function raw(database: Database, text: string, values: unknown[] = []) {
  if (database.pool) return (await database.pool.query(text, values)).rows;
  if (database.pglite) return (await database.pglite.query(text, values)).rows;
  throw new Error('no database');
}

/** Robots BENCH1..n with device tokens dt_bench_1..n, all online (a fleet that has been beating). */
export async function seedRobots(database: Database, count: number) {
  await raw(
    database,
    `insert into robots (id, robot_id, name, type, activated, in_use, province, city, lng, lat, online, last_heartbeat_at)
     select lpad(to_hex(i), 24, '0'), 'BENCH' || i, 'Bench ' || i, 'service', true, true, '广东省', '深圳市',
            113.9 + (i % 100) * 0.001, 22.5 + (i % 97) * 0.001, true, now()
     from generate_series(1, $1::int) i on conflict do nothing`,
    [count],
  );
  await raw(
    database,
    `insert into device_tokens (id, robot_ref, token_hash)
     select lpad(to_hex(i + 268435456), 24, '0'), lpad(to_hex(i), 24, '0'),
            encode(sha256(convert_to('dt_bench_' || i, 'UTF8')), 'hex')
     from generate_series(1, $1::int) i on conflict do nothing`,
    [count],
  );
  await raw(database, 'analyze robots');
  await raw(database, 'analyze device_tokens');
}

/**
 * `count` plans of customer `clientId` (one ad each, ids returned), approved, in Asia/Shanghai, playing all
 * day for the year before `now` and a month after; their owner is a root account made here.
 */
export async function seedPlans(database: Database, count: number, clientId: string, now: Date) {
  const owner = newId();
  await raw(
    database,
    `insert into accounts (id, role, principals, username, password_hash, name) values ($1, 'super', 'root', $2, 'x', 'Bench')`,
    [owner, `bench_${owner.slice(-8)}`],
  );
  const plans: { id: string; adId: string }[] = [];
  for (let i = 0; i < count; i++) {
    const plan = { id: newId(), adId: newId() };
    plans.push(plan);
    await database.db.insert(playlists).values({
      id: plan.id,
      name: `Bench plan ${i + 1}`,
      clientId,
      cycle: { type: 'daily', data: [] },
      times: [{ begin: { hour: 0, minute: 0 }, end: { hour: 24, minute: 0 } }],
      beginAt: new Date(now.getTime() - 366 * DAY),
      endAt: new Date(now.getTime() + 30 * DAY),
      timeZone: 'Asia/Shanghai',
      materials: 1,
      auditState: 'post',
      createdBy: owner,
    });
  }
  return { owner, plans };
}
