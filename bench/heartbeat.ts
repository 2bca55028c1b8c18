/**
 * Heartbeats on one server instance next to a bare Fastify route (same body validation, no database),
 * measured alternately in the same run, on the embedded database and on PostgreSQL.
 *
 * Targets (issues 14 and 37): 100,000 robots beating every 30 s, i.e. 3,334 beats/s. The ceiling (closed
 * loop, fixed concurrency) at least 0.9 of the bare route's, and p99 under 20 ms with the target rate
 * offered open loop; during that run the event loop's delay p99 under 20 ms and, on the embedded database,
 * no statement over 20 ms (read from the app's /metrics around each of its rounds); the server's resident
 * memory within the budget of docs/scaling.md. Every robot has beaten once before the measure (a fleet that has been running: the first
 * beat of a robot after a start is written through to the database).
 *
 * Knobs: BENCH_ROBOTS (100000), BENCH_SECONDS (10, per kind of run and server), BENCH_CONCURRENCY (64),
 * BENCH_RATE (3334), BENCH_DB (pglite,postgres), BENCH_DATABASE_URL (else a throw-away PostgreSQL).
 * The load generator runs in this process and shares the machine's cores with the servers.
 */
import {
  alternate,
  benchDatabases,
  loadAverage,
  machineLine,
  printRows,
  STALL_TARGET_MS,
  StallProbe,
  stallLines,
  startFleetServer,
} from './lib/fleet';
import { runLoad, runOpenLoad } from './lib/load';

const ROBOTS = Number(process.env.BENCH_ROBOTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const TARGET_RATE = Number(process.env.BENCH_RATE ?? Math.ceil(100_000 / 30));
const TARGET_RATIO = 0.9;
const TARGET_P99_MS = 20;
const ROUND_MS = 2000;

const body = JSON.stringify({ status: 'playing', appVersion: '2.1.0', lng: 113.93, lat: 22.53, freeStorage: 5e9 });
let counter = Math.floor(Math.random() * ROBOTS);
const beat = () => ({ headers: { authorization: `Bearer dt_bench_${(counter++ % ROBOTS) + 1}` }, body });

async function main() {
  console.log(
    `heartbeat bench: ${ROBOTS.toLocaleString('en')} robots, ${SECONDS} s per run and server in ${ROUND_MS / 1000} s rounds ` +
      `(bare and app alternated), concurrency ${CONCURRENCY}, ${TARGET_RATE}/s offered; targets: ceiling >= ${TARGET_RATIO} ` +
      `of the bare route, p99 < ${TARGET_P99_MS} ms at the offered rate, event loop delay p99 < ${STALL_TARGET_MS} ms`,
  );
  console.log(machineLine());
  for (const db of await benchDatabases()) {
    try {
      const started = Date.now();
      const [bare, app] = await Promise.all([
        startFleetServer('bare', db.target, ROBOTS),
        startFleetServer('app', db.target, ROBOTS),
      ]);
      const url = { bare: `${bare.url}/api/device/v1/heartbeat`, app: `${app.url}/api/device/v1/heartbeat` };
      const seeded = Date.now();
      // Every robot beats once: its first beat after a start is written through.
      await runLoad({
        url: url.app,
        method: 'POST',
        request: beat,
        connections: 256,
        durationMs: 3_600_000,
        maxRequests: ROBOTS,
      });
      const warmed = Date.now();
      await runLoad({ url: url.bare, method: 'POST', request: beat, connections: CONCURRENCY, durationMs: ROUND_MS });
      const closed = await alternate(SECONDS * 1000, ROUND_MS, { bare, app }, (which, ms) =>
        runLoad({ url: url[which], method: 'POST', request: beat, connections: CONCURRENCY, durationMs: ms }),
      );
      const probe = new StallProbe(app);
      const open = await alternate(
        SECONDS * 1000,
        ROUND_MS,
        { bare, app },
        (which, ms) =>
          runOpenLoad({ url: url[which], method: 'POST', request: beat, rate: TARGET_RATE, durationMs: ms }),
        probe,
      );
      const memory = app.memoryMb();
      await Promise.all([bare.stop(), app.stop()]);
      console.log(
        `\n${db.name}: started and seeded in ${((seeded - started) / 1000).toFixed(0)} s; ` +
          `first beat of every robot (written through) in ${((warmed - seeded) / 1000).toFixed(0)} s; ${loadAverage()} after the measure`,
      );
      printRows([
        { run: 'bare route, closed loop (ceiling)', result: closed.bare },
        { run: 'robot-ads heartbeat, closed loop', result: closed.app },
        { run: `bare route, ${TARGET_RATE}/s offered`, result: open.bare },
        { run: `robot-ads heartbeat, ${TARGET_RATE}/s offered`, result: open.app },
      ]);
      const ratio = closed.app.rps / closed.bare.rps;
      const kept = open.app.rps >= TARGET_RATE * 0.97 && open.app.errors === 0 && open.app.p99 < TARGET_P99_MS;
      console.log(
        `ceiling ratio robot-ads / bare: ${ratio.toFixed(2)} (p50 ${closed.app.p50.toFixed(1)} / ${closed.bare.p50.toFixed(1)} ms, ` +
          `p99 ${closed.app.p99.toFixed(1)} / ${closed.bare.p99.toFixed(1)} ms) - target >= ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'}`,
      );
      console.log(
        `at ${TARGET_RATE}/s offered: ${Math.round(open.app.rps)}/s answered, p50 ${open.app.p50.toFixed(1)} ms, ` +
          `p99 ${open.app.p99.toFixed(1)} ms (bare route p99 ${open.bare.p99.toFixed(1)} ms, ratio ` +
          `${(open.app.p99 / Math.max(0.1, open.bare.p99)).toFixed(2)}) - target p99 < ${TARGET_P99_MS} ms: ${kept ? 'met' : 'NOT met'}`,
      );
      for (const line of stallLines(probe.result(), memory, ROBOTS, db.target === 'pglite')) console.log(line);
      console.log(
        `robots at one beat per 30 s this instance carries (ceiling x 30): ${Math.floor(closed.app.rps * 30).toLocaleString('en')}`,
      );
    } finally {
      db.stop();
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
