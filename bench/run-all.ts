// `npm run bench`: every benchmark in bench/ in turn (or those named: npm run bench -- health).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const benches = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && f !== 'run-all.ts')
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.includes(w)));
for (const file of benches) {
  console.log(`\n=== bench/${file} ===`);
  spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], { stdio: 'inherit' });
}
