// API fuzzer, long run: `npm run fuzz -- --per-operation 60 [--seed N] [--rounds R]` builds the server on a
// fresh embedded database (or a fresh database on TEST_DATABASE_URL), and sends every operation of its
// OpenAPI document as every role, anonymous and a device, with generated valid and wrong inputs. It prints
// the seed (give it back with --seed to replay a run) and every finding: 5xx, no answer, a failure outside
// the envelope, a password hash or a secret in a body. Exit code 1 when something was found.
// `npm test` runs the same fuzzer with a fixed seed and a small budget (apps/server/src/platform/fuzz.int.test.ts).
import { parseArgs } from 'node:util';
import { buildTestApp } from '../apps/server/test/build-app';
import { makeCallers } from '../apps/server/test/fuzz/callers';
import { randomSeed } from '../apps/server/test/fuzz/random';
import { FUZZ_SECRETS_ENV, runFuzz, summarize } from '../apps/server/test/fuzz/run';

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    'per-operation': { type: 'string', default: '40' },
    rounds: { type: 'string', default: '1' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log('npm run fuzz -- [--seed N] [--per-operation 40] [--rounds 1]');
  process.exit(0);
}

const firstSeed = values.seed ? Number(values.seed) : randomSeed();
const rounds = Number(values.rounds);
let found = 0;
for (let round = 0; round < rounds; round++) {
  const seed = firstSeed + round;
  console.log(`fuzz seed ${seed} (replay: npm run fuzz -- --seed ${seed} --per-operation ${values['per-operation']})`);
  const t = await buildTestApp({ env: FUZZ_SECRETS_ENV });
  try {
    const { callers, secrets } = await makeCallers(t);
    secrets.values.push(FUZZ_SECRETS_ENV.JWT_SECRET, FUZZ_SECRETS_ENV.STORAGE_SECRET);
    const started = Date.now();
    const result = await runFuzz({
      app: t.app,
      callers,
      secrets,
      seed,
      perOperation: Number(values['per-operation']),
      answerWithinMs: 30_000,
      onOperation: (op, done, total) => {
        if (done % 20 === 0 || done === total) console.log(`  ${done}/${total} operations (${op.method} ${op.path})`);
      },
    });
    console.log(
      `seed ${seed}: ${result.requests} requests to ${result.operations} operations in ${Math.round((Date.now() - started) / 1000)} s, ${result.findings.length} findings`,
    );
    console.log(`  answers by status: ${JSON.stringify(result.statuses)}`);
    for (const line of summarize(result.findings)) console.log(`  ${line}`);
    found += result.findings.length;
  } finally {
    await t.close();
  }
}
process.exit(found ? 1 : 0);
