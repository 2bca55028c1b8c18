// `npm test`: every check in order, stopping at none, then one summary line.
// The web tests (one worker), the type checks, the lint and the unit tests are independent and use about a
// core each: they run side by side, two at a time (CHECKS_IN_PARALLEL, default 2: one a core of the CI
// machine), each one's output printed whole when it ends; the server integration tests (two workers) follow
// in the first lane that is free. Then the end-to-end suites.
// With TEST_TIMINGS_FILE set, each step's name, result and seconds are written there (tab-separated) for
// .ci/run's table; with TEST_STEP_FILE set, the name of the step last started is written there as it starts.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const only = process.argv.slice(2);
const parallel = Math.max(1, Number(process.env.CHECKS_IN_PARALLEL ?? 2));

const steps = [
  // The web tests run in one worker (one core): they go first, beside the type checks, lint and unit tests.
  { name: 'web tests', cmd: bin('vitest'), args: ['run', '--project', 'web'], side: true },
  { name: 'typecheck', cmd: bin('tsc'), args: ['--noEmit', '-p', 'tsconfig.json'], side: true },
  { name: 'typecheck web', cmd: bin('tsc'), args: ['--noEmit', '-p', 'apps/web/tsconfig.json'], side: true },
  { name: 'typecheck player', cmd: bin('tsc'), args: ['--noEmit', '-p', 'apps/player/tsconfig.json'], side: true },
  { name: 'typecheck e2e', cmd: bin('tsc'), args: ['--noEmit', '-p', 'e2e/tsconfig.json'], side: true },
  { name: 'lint and format', cmd: bin('biome'), args: ['check', '.'], side: true },
  { name: 'unit tests', cmd: bin('vitest'), args: ['run', '--project', 'unit'], side: true },
  // Last of the side-by-side queue: it starts as soon as a lane is free (the other lane's checks end while the
  // web tests still run), with its two workers, instead of waiting for the web tests with a core idle.
  { name: 'server integration tests', cmd: bin('vitest'), args: ['run', '--project', 'server'], side: true },
  { name: 'end-to-end tests', cmd: process.execPath, args: [path.join(root, 'tools/e2e.mjs')] },
].filter((s) => only.length === 0 || only.some((o) => s.name.includes(o)));

const results = [];

/** Runs a step with its output captured, and prints it whole when the step ends. */
function runCaptured(step) {
  return new Promise((resolve) => {
    const started = Date.now();
    if (process.env.TEST_STEP_FILE) fs.writeFileSync(process.env.TEST_STEP_FILE, `${step.name}\n`);
    const child = spawn(step.cmd, step.args, { cwd: root, env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    const done = (ok) => {
      const seconds = Math.round((Date.now() - started) / 1000);
      process.stdout.write(`\n=== ${step.name} (${seconds}s, ${ok ? 'passed' : 'FAILED'}) ===\n`);
      process.stdout.write(Buffer.concat(out));
      resolve({ name: step.name, ok, seconds });
    };
    child.on('error', (err) => {
      out.push(Buffer.from(`${err.message}\n`));
      done(false);
    });
    child.on('close', (code) => done(code === 0));
  });
}

// The side-by-side checks first, `parallel` at a time.
const side = steps.filter((s) => s.side);
if (side.length > 0) {
  const started = Date.now();
  const queue = [...side];
  const lane = async () => {
    for (let step = queue.shift(); step; step = queue.shift()) results.push(await runCaptured(step));
  };
  await Promise.all(Array.from({ length: Math.min(parallel, side.length) }, lane));
  results.sort((a, b) => side.findIndex((s) => s.name === a.name) - side.findIndex((s) => s.name === b.name));
  if (side.length > 1) {
    const seconds = Math.round((Date.now() - started) / 1000);
    console.log(
      `\n(web tests, type checks, lint, unit and server integration tests: ${seconds}s of wall time, ${parallel} at a time)`,
    );
  }
}

for (const step of steps.filter((s) => !s.side)) {
  console.log(`\n=== ${step.name} ===`);
  if (process.env.TEST_STEP_FILE) fs.writeFileSync(process.env.TEST_STEP_FILE, `${step.name}\n`);
  const started = Date.now();
  const r = spawnSync(step.cmd, step.args, { cwd: root, stdio: 'inherit', env: process.env });
  results.push({ name: step.name, ok: r.status === 0, seconds: Math.round((Date.now() - started) / 1000) });
}

console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name} (${r.seconds}s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`checks: ${results.length - failed} passed, ${failed} failed`);
if (process.env.TEST_TIMINGS_FILE) {
  fs.writeFileSync(
    process.env.TEST_TIMINGS_FILE,
    results.map((r) => `${r.name}\t${r.ok ? 'passed' : 'FAILED'}\t${r.seconds}`).join('\n') + '\n',
  );
}
process.exit(failed === 0 ? 0 : 1);
