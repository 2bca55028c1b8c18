// `npm run bench -- statistics-ingest`: proof-of-play ingest on PostgreSQL, batches of 100 events, through
// the real ingest path (the service the device route calls: plan check, idempotent insert, quarter-hour
// rollups, one transaction per batch; and the whole route POST /api/device/v1/events with device auth and
// validation) against a plain multi-row INSERT of the same rows into a copy of play_events, in the same
// run and with the same number of connections. Target: 5,000 events/s sustained (docs/statistics.md).
// The copy is partitioned like play_events (the same day partitions and default, primary key and index),
// so the ratio measures the ingest's own work (plan check, conflict check, rollups), not partitioning.
//
// BENCH_EVENTS (default 100,000), BENCH_CONCURRENCY (batches in flight, default 4), BENCH_DATABASE_URL
// (an existing PostgreSQL instead of a throw-away cluster).
import { newId } from '@robot-ads/contracts/common/ids';
import type { DeviceEvent } from '@robot-ads/contracts/play-events/play-events.schemas';
import { DAY_MS, dayPartitions } from '../apps/server/src/modules/play-events/play-events.partitions';
import { ingestEvents } from '../apps/server/src/modules/play-events/play-events.service';
import { type BenchApp, withBenchApp } from './lib/bench-app';
import { raw, seedPlans, seedRobots } from './lib/seed';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
const BATCH = 100;
const ROBOTS = 1000;
const PLANS = 20;
const TARGET = 5000;

type Batch = { robot: number; events: DeviceEvent[] };

/** A robot's batch: 100 plays (a fifth with audience counts) and now and then a scan, over its last hours. */
function makeBatches(plans: { id: string; adId: string }[], nowS: number, hoursAgo: number): Batch[] {
  const batches: Batch[] = [];
  for (let b = 0; b < EVENTS / BATCH; b++) {
    const robot = (b % ROBOTS) + 1;
    const events: DeviceEvent[] = [];
    for (let i = 0; i < BATCH; i++) {
      const plan = plans[(b + i) % plans.length] as { id: string; adId: string };
      // 11 s apart (a 10 s play each): one robot's plays never overlap, so the audit verifies them all.
      const startedAt = nowS - hoursAgo * 3600 + i * 11;
      if (i % 25 === 24) {
        events.push({ id: newId(), type: 'scan', playlistId: plan.id, adId: plan.adId, startedAt });
        continue;
      }
      events.push({
        id: newId(),
        type: 'play',
        playlistId: plan.id,
        adId: plan.adId,
        startedAt,
        watchDuration: 10_000,
        ...(i % 5 === 0
          ? { audience: { age: { adult: 2, youth: 1 }, male: 2, female: 1, viewers: 2, dwellMs: 4000 } }
          : {}),
      });
    }
    batches.push({ robot, events });
  }
  return batches;
}

/** Runs the batches `CONCURRENCY` at a time; events per second over the whole run. */
async function rate(batches: Batch[], send: (b: Batch) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < batches.length) {
        const b = batches[next++] as Batch;
        await send(b);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return batches.reduce((n, b) => n + b.events.length, 0) / seconds;
}

async function main({ app, database, plain }: BenchApp) {
  const ctx = app.ctx;
  const nowS = Math.floor(ctx.clock.now().getTime() / 1000);
  await seedRobots(database, ROBOTS);
  const { plans } = await seedPlans(database, PLANS, newId(), ctx.clock.now());
  // What the audit checks against: each plan's ad and every robot's pulled publish record of every plan.
  await raw(
    database,
    `insert into advertisements (id, name, kind, begin_at, end_at, time_zone, owner_id)
     select ad, 'Bench ad ' || ad, 'picture', now() - interval '1 year', now() + interval '1 year', 'Asia/Shanghai', 'bench'
     from unnest($1::text[]) ad`,
    [plans.map((p) => p.adId)],
  );
  // Each ad one picture of 10 s: the engine (scheduled plays, schedule matching) plays only ads with a material.
  await raw(
    database,
    `insert into media (id, object_key, name, kind, ext, mime, size, sha256, width, height, owner_id)
     values ('benchmedia', 'bench/picture/bench.jpg', 'bench.jpg', 'picture', 'jpg', 'image/jpeg', 123456, repeat('a', 64), 1080, 1920, 'bench')`,
    [],
  );
  await raw(
    database,
    `insert into resources (id, name, kind, duration_ms, media_id, owner_id)
     values ('benchresource', 'bench', 'picture', 10000, 'benchmedia', 'bench')`,
    [],
  );
  await raw(
    database,
    `insert into ad_resources (ad_id, resource_id, screen, position) select a, 'benchresource', 0, 0 from unnest($1::text[]) a`,
    [plans.map((p) => p.adId)],
  );
  await raw(
    database,
    `insert into playlist_ads (playlist_id, position, ad_id) select p, 1, a from unnest($1::text[], $2::text[]) as x(p, a)`,
    [plans.map((p) => p.id), plans.map((p) => p.adId)],
  );
  const [owner] = await raw(database, 'select id from accounts order by created_at desc limit 1');
  await raw(
    database,
    `insert into publish_records (id, playlist_id, robot_ref, state, published_by, pub_at, pull_at)
     select md5(p || r::text), p, lpad(to_hex(r), 24, '0'), 'pulled', $2, now() - interval '2 days', now() - interval '2 days'
     from unnest($1::text[]) p, generate_series(1, ${ROBOTS}) r`,
    [plans.map((p) => p.id), owner?.id],
  );
  await raw(
    database,
    'create table play_events_plain (like play_events including all) partition by range (started_at)',
  );
  await raw(database, 'create table play_events_plain_default partition of play_events_plain default');
  for (const p of await dayPartitions(ctx.db)) {
    const to = new Date(p.day.getTime() + DAY_MS).toISOString();
    await raw(
      database,
      `create table ${p.name.replace('play_events', 'play_events_plain')} partition of play_events_plain
         for values from ('${p.day.toISOString()}') to ('${to}')`,
    );
  }
  const robotRef = (n: number) => n.toString(16).padStart(24, '0');
  const cols = ['id', 'type', 'robot_ref', 'playlist_id', 'ad_id', 'started_at', 'watch_ms', 'audience', 'received_at'];
  const plainInsert = async (b: Batch) => {
    const values: unknown[] = [];
    const rows = b.events.map((e, i) => {
      values.push(
        e.id,
        e.type,
        robotRef(b.robot),
        e.playlistId,
        e.adId,
        new Date(e.startedAt * 1000),
        e.type === 'play' ? e.watchDuration : 0,
        e.type === 'play' && e.audience ? JSON.stringify(e.audience) : null,
        new Date(),
      );
      return `(${cols.map((_, c) => `$${i * cols.length + c + 1}`).join(', ')})`;
    });
    await plain.query(`insert into play_events_plain (${cols.join(', ')}) values ${rows.join(', ')}`, values);
  };
  const service = async (b: Batch) => {
    const r = await ingestEvents(ctx, { robotRef: robotRef(b.robot) }, b.events);
    if (r.accepted !== b.events.length) throw new Error(`accepted ${JSON.stringify(r)}`);
  };
  const route = async (b: Batch) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/device/v1/events',
      headers: { authorization: `Bearer dt_bench_${b.robot}` },
      payload: { events: b.events },
    });
    if (res.statusCode !== 200 || res.json().data.accepted !== b.events.length) throw new Error(res.body);
  };

  // A warm-up (types, plans, prepared paths), then each path on its own fresh events; the plain INSERT
  // gets the very rows of the service run.
  const warm = makeBatches(plans, nowS, 9).slice(0, 20);
  for (const b of warm) await service(b);
  for (const b of warm) await plainInsert({ ...b, events: b.events.map((e) => ({ ...e, id: newId() })) });
  const viaService = makeBatches(plans, nowS, 6);
  const viaRoute = makeBatches(plans, nowS, 3);
  const plainRate = await rate(viaService, plainInsert);
  const serviceRate = await rate(viaService, service);
  // The route with the audit on and off (as before the audit existed) in alternating quarters of the run,
  // so that the machine's load weighs on both alike: the audit's cost.
  const viaRouteNoAudit = makeBatches(plans, nowS, 12);
  const config = ctx.config as { EVENT_AUDIT: 'on' | 'off' };
  const quarter = Math.ceil(viaRoute.length / 4);
  let onSeconds = 0;
  let offSeconds = 0;
  for (let i = 0; i < 4; i++) {
    const on = viaRoute.slice(i * quarter, (i + 1) * quarter);
    const off = viaRouteNoAudit.slice(i * quarter, (i + 1) * quarter);
    onSeconds += (on.length * BATCH) / (await rate(on, route));
    config.EVENT_AUDIT = 'off';
    offSeconds += (off.length * BATCH) / (await rate(off, route));
    config.EVENT_AUDIT = 'on';
  }
  const routeRate = (viaRoute.length * BATCH) / onSeconds;
  const routeNoAuditRate = (viaRouteNoAudit.length * BATCH) / offSeconds;
  // A re-sent batch adds nothing (idempotent): the counts are the events sent once.
  const again = viaService[0] as Batch;
  const resent = await ingestEvents(ctx, { robotRef: robotRef(again.robot) }, again.events);
  if (resent.duplicates !== BATCH) throw new Error(`re-sent batch: ${JSON.stringify(resent)}`);
  const [stored] = await raw(database, 'select count(*)::int as n from play_events');
  const [rolled] = await raw(database, 'select sum(plays + scans)::int as n from play_rollups');
  const [flagged] = await raw(database, "select count(*)::int as n from play_events where verdict = 'flagged'");
  if (flagged?.n !== 0) throw new Error(`${flagged?.n} events flagged: the bench's plays should all be verified`);
  const sent = warm.length * BATCH + 3 * EVENTS;
  if (stored?.n !== sent || rolled?.n !== sent)
    throw new Error(`stored ${stored?.n}, rolled ${rolled?.n}, sent ${sent}`);

  const f = (n: number) => Math.round(n).toLocaleString('en');
  console.log(
    `ingest of ${f(EVENTS)} events in batches of ${BATCH} on PostgreSQL, ${CONCURRENCY} batches in flight, ${ROBOTS} robots, ${PLANS} plans:`,
  );
  console.log(`  plain multi-row INSERT (partitioned copy) : ${f(plainRate)} events/s`);
  console.log(
    `  ingest service (insert + rollups, 1 tx)   : ${f(serviceRate)} events/s = ${(serviceRate / plainRate).toFixed(2)} x plain (target >= ${f(TARGET)}: ${serviceRate >= TARGET ? 'met' : 'NOT met'})`,
  );
  console.log(
    `  POST /api/device/v1/events (auth, zod)    : ${f(routeRate)} events/s = ${(routeRate / plainRate).toFixed(2)} x plain (target >= ${f(TARGET)}: ${routeRate >= TARGET ? 'met' : 'NOT met'})`,
  );
  console.log(`  checked: ${f(sent)} events stored once and rolled up once (a re-sent batch added nothing)`);
  console.log(
    `  the same route, audit off (EVENT_AUDIT=off) : ${f(routeNoAuditRate)} events/s; with the audit ${(routeRate / routeNoAuditRate).toFixed(2)} x (audit cost ${Math.round((1 - routeRate / routeNoAuditRate) * 100)} %, at most 30 %)`,
  );
}

await withBenchApp('', CONCURRENCY + 1, main);
