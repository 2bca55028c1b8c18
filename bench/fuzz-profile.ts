// Where the fuzz test's time goes: `node --import tsx bench/fuzz-profile.ts` runs the same fuzz as
// apps/server/src/platform/fuzz.int.test.ts (same seed, budget, job queue) and prints the set-up time, the
// fuzz time, the slowest operations, and how often callers were checked (alive) and renewed (a new login).
import { buildTestApp } from '../apps/server/test/build-app';
import { makeCallers } from '../apps/server/test/fuzz/callers';
import { FUZZ_SECRETS_ENV, runFuzz } from '../apps/server/test/fuzz/run';

const t0 = Date.now();
const t = await buildTestApp({ env: FUZZ_SECRETS_ENV, startJobs: true });
const built = Date.now();
const { callers, secrets } = await makeCallers(t);
const callersMade = Date.now();
secrets.values.push(FUZZ_SECRETS_ENV.JWT_SECRET, FUZZ_SECRETS_ENV.STORAGE_SECRET);
const counts = { alive: 0, aliveMs: 0, renew: 0, renewMs: 0 };
for (const c of callers) {
  const { alive, renew } = c;
  c.alive = async () => {
    const s = Date.now();
    counts.alive += 1;
    try {
      return await alive();
    } finally {
      counts.aliveMs += Date.now() - s;
    }
  };
  c.renew = async () => {
    const s = Date.now();
    counts.renew += 1;
    try {
      await renew();
    } finally {
      counts.renewMs += Date.now() - s;
    }
  };
}
const perOp: Array<{ op: string; ms: number }> = [];
let last = Date.now();
const result = await runFuzz({
  app: t.app,
  callers,
  secrets,
  seed: 20_261_125,
  perOperation: 5,
  answerWithinMs: 20_000,
  onOperation: (op) => {
    const now = Date.now();
    perOp.push({ op: `${op.method} ${op.path}`, ms: now - last });
    last = now;
  },
});
const done = Date.now();
console.log(`app built ${built - t0} ms, callers ${callersMade - built} ms, fuzz ${done - callersMade} ms`);
console.log(
  `${result.requests} requests, ${result.operations} operations, ${((done - callersMade) / result.requests).toFixed(1)} ms/request`,
);
console.log(`alive checks ${counts.alive} (${counts.aliveMs} ms), renewals ${counts.renew} (${counts.renewMs} ms)`);
console.log(`statuses ${JSON.stringify(result.statuses)}, findings ${result.findings.length}`);
for (const { op, ms } of perOp.sort((a, b) => b.ms - a.ms).slice(0, 20)) console.log(`  ${ms} ms  ${op}`);
await t.close();
process.exit(0);
