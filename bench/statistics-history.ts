// `npm run bench -- statistics-history`: every statistics GET on a year of history for 1,000 robots and
// 20 plans on PostgreSQL. The history is written in bulk with generate_series straight into the quarter-
// hour rollups (each robot carries one plan and plays it BENCH_QUARTERS quarter hours a day, default 16,
// i.e. 4 hours), the day and month rows backfilled from them as the migration does, plus raw events of
// the last day. Then each call is timed through the real route (an
// operator's login, scope, validation) and its p50/p95 printed with the rollup rows it read (EXPLAIN
// (ANALYZE, BUFFERS) of its statements on the quarter, day and month rollups). Target: p95 < 100 ms per call.
//
// BENCH_ROBOTS (1000), BENCH_PLANS (20), BENCH_DAYS (365), BENCH_QUARTERS (16), BENCH_RUNS (10 timed
// calls each), BENCH_DATABASE_URL (an existing PostgreSQL instead of a throw-away cluster).
import { newId } from '@robot-ads/contracts/common/ids';
import pg from 'pg';
import { CALENDAR_BACKFILL, PLAN_CALENDAR_BACKFILL } from '../apps/server/src/modules/play-events/play-events.calendar';
import { bearer, loginAs } from '../apps/server/test/auth';
import type { TestApp } from '../apps/server/test/build-app';
import { type BenchApp, withBenchApp } from './lib/bench-app';
import { raw, seedPlans, seedRobots } from './lib/seed';

const ROBOTS = Number(process.env.BENCH_ROBOTS ?? 1000);
const PLANS = Number(process.env.BENCH_PLANS ?? 20);
const DAYS = Number(process.env.BENCH_DAYS ?? 365);
const QUARTERS = Number(process.env.BENCH_QUARTERS ?? 16);
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const TARGET_MS = 100;
const DAY_S = 86_400;

// Statements on the rollups, recorded while `recording` is set, to be explained after the timing.
let recording: { text: string; values: unknown[] }[] | null = null;
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function recordedQuery(this: pg.Client, ...args: unknown[]) {
  const first = args[0] as string | { text?: string; values?: unknown[] };
  const text = typeof first === 'string' ? first : (first?.text ?? '');
  const values = (typeof first === 'string' ? undefined : first?.values) ?? (args[1] as unknown[]) ?? [];
  if (recording && /play_(plan_)?(calendar_)?rollups/.test(text)) recording.push({ text, values });
  return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

const ROLLUP_TABLES = new Set(['play_rollups', 'play_calendar_rollups', 'play_plan_calendar_rollups']);

/** Rollup rows (quarter, day and month rows) the plan's scans returned. */
function rowsOf(node: PlanNode): number {
  const own = ROLLUP_TABLES.has(node['Relation Name'] ?? '')
    ? (node['Actual Rows'] ?? 0) * (node['Actual Loops'] ?? 1)
    : 0;
  return own + (node.Plans ?? []).reduce((n, p) => n + rowsOf(p), 0);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function main({ app, database, plain }: BenchApp) {
  const now = app.ctx.clock.now();
  const nowS = Math.floor(now.getTime() / 1000);
  // Today's midnight in Asia/Shanghai: history runs up to it.
  const todayS = Math.floor((nowS + 8 * 3600) / DAY_S) * DAY_S - 8 * 3600;

  const started = performance.now();
  await seedRobots(database, ROBOTS);
  const clientId = newId();
  await raw(database, `insert into customers (id, name) values ($1, 'Bench customer')`, [clientId]);
  const { plans } = await seedPlans(database, PLANS, clientId, now);
  // Robot i carries plan (i mod PLANS); it plays QUARTERS quarter hours a day from 10:00 local (02:00Z).
  const planValues = plans.map((p, i) => `(${i}, '${p.id}', '${p.adId}')`).join(', ');
  const fill = `
      insert into play_rollups (hour, playlist_id, ad_id, robot_ref, plays, scans, watch_ms, age_child, age_youth,
        age_adult, age_middle, age_senior, male, female, sensed_plays, exposure_sense, viewers, dwell_ms, last_play_at)
      select q, p.id, p.ad_id, lpad(to_hex(r), 24, '0'),
             6, (r + d) % 3, 60000, 1, 2, 4, 2, 1, 5, 5, 2, 10, 4, 16000, q + interval '14 minutes'
      from generate_series($1::int, $2::int - 1) d
      cross join generate_series(1, $3::int) r
      cross join generate_series(0, $4::int - 1) k
      join (values ${planValues}) as p(n, id, ad_id) on p.n = r % $5::int
      cross join lateral (select to_timestamp($6::bigint + d * 86400 + 7200 + k * 900) as q) t`;
  process.stdout.write(`writing ${DAYS} days x ${ROBOTS} robots x ${QUARTERS} quarters of rollups `);
  // The bulk write goes through the plain pool (no statement timeout), the secondary indexes built after.
  const indexes = await plain.query(
    `select indexname, indexdef from pg_indexes where tablename = 'play_rollups' and indexname not like '%_pk' and indexname not like '%pkey'`,
  );
  for (const i of indexes.rows) await plain.query(`drop index ${i.indexname}`);
  for (let d = DAYS; d > 0; d -= 10) {
    await plain.query(fill, [Math.max(0, d - 10), d, ROBOTS, QUARTERS, PLANS, todayS - DAYS * DAY_S]);
    if (d % 60 < 10) process.stdout.write('.');
  }
  for (const i of indexes.rows) await plain.query(i.indexdef);
  // Raw events of the last day (reports never read them).
  await plain.query(
    `insert into play_events (id, type, robot_ref, playlist_id, ad_id, started_at, watch_ms, received_at)
       select lpad(to_hex(i + 1099511627776), 24, '0'), 'play', lpad(to_hex(i % $1::int + 1), 24, '0'),
              p.id, p.ad_id, to_timestamp($2::bigint + (i % 86400)), 10000, now()
       from generate_series(1, 200000) i join (values ${planValues}) as p(n, id, ad_id) on p.n = (i % $1::int + 1) % $3::int`,
    [ROBOTS, todayS - DAY_S, PLANS],
  );
  await plain.query('vacuum analyze play_rollups');
  const [count] = await raw(database, 'select count(*)::int as n from play_rollups');
  console.log(
    ` ${Number(count?.n).toLocaleString('en')} quarter rows in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
  // The day and month rows, by the very statement the migration backfilled them with.
  const backfilled = performance.now();
  await plain.query('delete from play_calendar_rollups');
  await plain.query('delete from play_plan_calendar_rollups');
  await plain.query(CALENDAR_BACKFILL);
  await plain.query(PLAN_CALENDAR_BACKFILL);
  await plain.query('vacuum analyze play_calendar_rollups');
  await plain.query('vacuum analyze play_plan_calendar_rollups');
  await raw(database, 'analyze play_events');
  const [calendar] = await raw(database, 'select count(*)::int as n from play_calendar_rollups');
  console.log(
    `backfill: ${Number(calendar?.n).toLocaleString('en')} day, week and month rows in ${((performance.now() - backfilled) / 1000).toFixed(0)} s`,
  );

  const { token } = await loginAs({ app } as unknown as TestApp, 'super', { principals: 'root' });
  const plan = (plans[0] as { id: string }).id;
  const P = `playlistId=${plan}`;
  const C = `clientId=${clientId}`;
  const year = `begin=${todayS - 365 * DAY_S}&end=${todayS + DAY_S}`;
  const month = new Date((todayS - 20 * DAY_S) * 1000);
  const calls: string[] = [
    `/api/Advertisements/statisticsByProvince?${P}`,
    `/api/Advertisements/statisticsDaysByPlaylistId?${P}`,
    `/api/Advertisements/statisticsWeekByPlaylistId?${P}`,
    `/api/Advertisements/statisticsMonthByPlaylistId?${P}`,
    `/api/Advertisements/statisticsDaysByPlaylistId?${P}&${year}`,
    `/api/Advertisements/queryStandingTime?${P}`,
    `/api/Statis/statiQrbyplaylistId?${P}`,
    `/api/Statis/statiQrWeekbyplaylistId?${P}`,
    `/api/Statis/statiQrMonthbyplaylistId?${P}&year=${month.getUTCFullYear()}&month=${month.getUTCMonth() + 1}`,
    `/api/Statis/statiQrHourbyplaylistId?${P}&timePoint=${todayS - DAY_S + 3600 * 5}`,
    `/api/Statis/queryAgeDistributionByPlaylistId?${P}`,
    `/api/Statis/queryAdWatch_adList_sex?${P}`,
    `/api/Statis/queryAdWatch_adList_sex_total?${P}`,
    `/api/Statis/queryAdWatch_adList_ageGrp?${P}`,
    `/api/Statis/queryAdWatch_adList_ageGrp_total?${P}`,
    `/api/Statis/queryAdWatch_adList_Window?${P}`,
    `/api/Statis/queryAdWatch_adList_Window_total?${P}`,
    `/api/Statis/queryAdPlay_adList?${P}`,
    `/api/Statis/queryAdPlay_adList_total?${P}`,
    `/api/Statis/queryAdWatch_adList_adRes_top?${P}`,
    `/api/Statis/queryAdWatch_adList_robot_top?${P}`,
    `/api/Advertisements/statisticsProvinceByClientId?${C}`,
    `/api/Advertisements/statisticsProCityByClientId?${C}`,
    `/api/Advertisements/statisticsDaysByClientId?${C}`,
    `/api/Advertisements/statisticsWeekByClientId?${C}`,
    `/api/Advertisements/statisticsMonthByClientId?${C}`,
    `/api/Advertisements/statisticsExposureDaysNumber?${C}`,
    `/api/Advertisements/statisticsExposureWeekNumber?${C}`,
    `/api/Advertisements/statisticsExposureMonthNumber?${C}`,
    `/api/Advertisements/statisticsByClientIdExRising?${C}`,
    `/api/Advertisements/statisticsByClientIdExSenseRising?${C}`,
    `/api/Advertisements/statisticsExposureByClientIdExRising?${C}`,
    `/api/Advertisements/statisticsExposureByClientIdExSenseRising?${C}`,
    `/api/Advertisements/statisticsByRobotExRising?${C}`,
  ];
  const get = async (u: string) => {
    const res = await app.inject({ method: 'GET', url: u, headers: bearer(token) });
    if (res.statusCode !== 200) throw new Error(`${u}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  };
  console.log(`each call ${RUNS} times after one warm-up (operator, route with scope and validation):`);
  console.log('  p50 ms   p95 ms   rollup rows read   buffers   call');
  let met = 0;
  for (const u of calls) {
    recording = [];
    await get(u);
    const statements = recording;
    recording = null;
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      await get(u);
      times.push(performance.now() - t0);
    }
    let rows = 0;
    let buffers = 0;
    for (const s of statements) {
      const [row] = (await plain.query(`explain (analyze, buffers, format json) ${s.text}`, s.values)).rows;
      const top = ((row?.['QUERY PLAN'] ?? []) as { Plan: PlanNode }[])[0]?.Plan ?? {};
      rows += rowsOf(top);
      buffers += (top['Shared Hit Blocks'] ?? 0) + (top['Shared Read Blocks'] ?? 0);
    }
    const sorted = times.sort((a, b) => a - b);
    const p95 = percentile(sorted, 0.95);
    if (p95 < TARGET_MS) met++;
    const name = u.replace(/\?.*$/, '').replace(/^\/api\//, '') + (u.includes('begin=') ? ' (365 days)' : '');
    console.log(
      `  ${percentile(sorted, 0.5).toFixed(1).padStart(6)}   ${p95.toFixed(1).padStart(6)}   ${rows.toLocaleString('en').padStart(16)}   ${buffers.toLocaleString('en').padStart(7)}   ${name}${p95 < TARGET_MS ? '' : '  NOT met'}`,
    );
  }
  console.log(`${met} of ${calls.length} calls met p95 < ${TARGET_MS} ms`);
}

await withBenchApp('-c synchronous_commit=off', 5, main);
