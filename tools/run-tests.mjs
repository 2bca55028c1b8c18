// `npm test`: every check in order, stopping at none, then one summary line.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const only = process.argv.slice(2);

const steps = [
  { name: 'typecheck', cmd: bin('tsc'), args: ['--noEmit', '-p', 'tsconfig.json'] },
  { name: 'typecheck web', cmd: bin('tsc'), args: ['--noEmit', '-p', 'apps/web/tsconfig.json'] },
  { name: 'typecheck player', cmd: bin('tsc'), args: ['--noEmit', '-p', 'apps/player/tsconfig.json'] },
  { name: 'typecheck e2e', cmd: bin('tsc'), args: ['--noEmit', '-p', 'e2e/tsconfig.json'] },
  { name: 'lint and format', cmd: bin('biome'), args: ['check', '.'] },
  { name: 'unit tests', cmd: bin('vitest'), args: ['run', '--project', 'unit'] },
  { name: 'server integration tests', cmd: bin('vitest'), args: ['run', '--project', 'server'] },
  { name: 'web tests', cmd: bin('vitest'), args: ['run', '--project', 'web'] },
  { name: 'end-to-end tests', cmd: process.execPath, args: [path.join(root, 'tools/e2e.mjs')] },
].filter((s) => only.length === 0 || only.some((o) => s.name.includes(o)));

const results = [];
for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  const started = Date.now();
  const r = spawnSync(step.cmd, step.args, { cwd: root, stdio: 'inherit', env: process.env });
  results.push({ name: step.name, ok: r.status === 0, seconds: Math.round((Date.now() - started) / 1000) });
}

console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'PASS' : 'FAIL'}  ${r.name} (${r.seconds}s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`checks: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
