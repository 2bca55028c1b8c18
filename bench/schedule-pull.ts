/**
 * Schedule polls answered 304 (a fleet polling an unchanged schedule with If-None-Match) on one
 * instance next to a bare Fastify route that answers 304 without any work, measured alternately in the
 * same run, on the embedded database and on PostgreSQL, with 100,000 robots that each hold their
 * schedule's version. Targets (issues 14 and 37): at least 0.9 of the bare route; the event loop's
 * delay p99 under 20 ms and, on the embedded database, no statement over 20 ms during the app's rounds (its
 * /metrics read around each); resident memory within the budget of docs/scaling.md. The fleet it
 * sustains at one poll a minute is printed.
 *
 * The measure starts BENCH_SETTLE_S (32) seconds after the server was ready: the schedule change feed looks
 * back 30 s (docs/scaling.md), so right after the publish to the whole fleet each of its looks (every 2 s)
 * reads the 100,000 changed robots again; the steady state of a fleet polling an unchanged schedule comes
 * after that window (BENCH_SETTLE_S=0 measures the polls inside it).
 *
 * Knobs: BENCH_ROBOTS (100000), BENCH_SECONDS (10 per server), BENCH_CONCURRENCY (64), BENCH_SETTLE_S (32),
 * BENCH_DB (pglite,postgres), BENCH_DATABASE_URL (else a throw-away PostgreSQL cluster).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  alternate,
  benchDatabases,
  loadAverage,
  machineLine,
  printRows,
  StallProbe,
  stallLines,
  startFleetServer,
} from './lib/fleet';
import { runLoad } from './lib/load';

const ROBOTS = Number(process.env.BENCH_ROBOTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 64);
const POLL_SECONDS = 60;
const TARGET_RATIO = 0.9;
const ROUND_MS = 2000;
const SETTLE_MS = Number(process.env.BENCH_SETTLE_S ?? 32) * 1000;

async function main() {
  console.log(
    `schedule pull bench: ${ROBOTS.toLocaleString('en')} robots polling with If-None-Match, ${SECONDS} s per server in ` +
      `${ROUND_MS / 1000} s rounds (bare and app alternated), concurrency ${CONCURRENCY}; target >= ${TARGET_RATIO} of the bare route`,
  );
  console.log(machineLine());
  for (const db of await benchDatabases()) {
    const versionsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'robot-ads-bench-')), 'versions.txt');
    try {
      const started = Date.now();
      const [bare, app] = await Promise.all([
        startFleetServer('bare', db.target, ROBOTS),
        startFleetServer('app', db.target, ROBOTS, versionsFile),
      ]);
      const ready = Date.now();
      const versions = fs.readFileSync(versionsFile, 'utf8').split('\n');
      let counter = Math.floor(Math.random() * ROBOTS);
      const poll = () => {
        const k = counter++ % ROBOTS;
        return { headers: { authorization: `Bearer dt_bench_${k + 1}`, 'if-none-match': `"${versions[k]}"` } };
      };
      const url = { bare: `${bare.url}/api/device/v1/schedule`, app: `${app.url}/api/device/v1/schedule` };
      // Every robot's token is checked once (the first poll after a start looks it up), then the measure.
      await runLoad({ url: url.app, request: poll, connections: 256, durationMs: 3_600_000, maxRequests: ROBOTS });
      await runLoad({ url: url.bare, request: poll, connections: CONCURRENCY, durationMs: ROUND_MS });
      const settle = SETTLE_MS - (Date.now() - ready);
      if (settle > 0) await new Promise((resolve) => setTimeout(resolve, settle));
      const probe = new StallProbe(app);
      const result = await alternate(
        SECONDS * 1000,
        ROUND_MS,
        { bare, app },
        (which, ms) => runLoad({ url: url[which], request: poll, connections: CONCURRENCY, durationMs: ms }),
        probe,
      );
      const memory = app.memoryMb();
      await Promise.all([bare.stop(), app.stop()]);
      console.log(
        `\n${db.name}: seeded, published and every schedule built once in ${((ready - started) / 1000).toFixed(0)} s; ` +
          `${loadAverage()} after the measure`,
      );
      printRows([
        { run: 'bare route answering 304', result: result.bare },
        { run: 'robot-ads GET /schedule (If-None-Match)', result: result.app },
      ]);
      const ratio = result.app.rps / result.bare.rps;
      const notModified = result.app.statuses[304] ?? 0;
      console.log(
        `ratio robot-ads / bare: ${ratio.toFixed(2)} (p50 ${result.app.p50.toFixed(1)} / ${result.bare.p50.toFixed(1)} ms, ` +
          `p99 ${result.app.p99.toFixed(1)} / ${result.bare.p99.toFixed(1)} ms; ` +
          `${((100 * notModified) / Math.max(1, result.app.requests)).toFixed(1)}% answered 304) - target >= ${TARGET_RATIO}: ` +
          `${ratio >= TARGET_RATIO ? 'met' : 'NOT met'}`,
      );
      for (const line of stallLines(probe.result(), memory, ROBOTS, db.target === 'pglite')) console.log(line);
      console.log(
        `robots polling every ${POLL_SECONDS} s this instance sustains: ${Math.floor(result.app.rps * POLL_SECONDS).toLocaleString('en')}`,
      );
    } finally {
      db.stop();
      fs.rmSync(path.dirname(versionsFile), { recursive: true, force: true });
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
