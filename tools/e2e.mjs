// Runs the Playwright suite in Debian's Chromium (never a downloaded browser).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
const chrome = candidates.find((p) => fs.existsSync(p));
if (!chrome) {
  console.error(
    'No Chromium found for the end-to-end tests.\n' +
      'Install it with:  sudo apt-get install -y chromium fonts-wqy-microhei\n' +
      'or point CHROME_PATH at a Chromium or Chrome binary.',
  );
  process.exit(1);
}
const build = spawnSync(process.execPath, [path.join(root, 'tools/ensure-build.mjs')], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
// Three suites, each with its own server: the specs on the demo data as seeded (playwright.config.ts,
// no robot fleet), the living demo with its fleet on (playwright.living-demo.config.ts) and the page check
// (playwright.page-check.config.ts: every page as every demo role). Spec files named on the command line go
// to the suite that holds them; other arguments go to all.
const args = process.argv.slice(2);
const isSpec = (a) => !a.startsWith('-') && /(^|\/)e2e\/|\.spec\.ts(:\d+)*$/.test(a);
const living = (a) => a.includes('living-demo');
const pageCheck = (a) => a.includes('page-check');
const specs = args.filter(isSpec);
const flags = args.filter((a) => !isSpec(a));
const suites = [
  { config: 'playwright.config.ts', specs: specs.filter((s) => !living(s) && !pageCheck(s)) },
  { config: 'playwright.living-demo.config.ts', specs: specs.filter(living) },
  { config: 'playwright.page-check.config.ts', specs: specs.filter(pageCheck) },
].filter((s) => specs.length === 0 || s.specs.length > 0);
let status = 0;
for (const suite of suites) {
  const r = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules/@playwright/test/cli.js'),
      'test',
      '--config',
      suite.config,
      ...(suites.length > 1 ? ['--pass-with-no-tests'] : []),
      ...flags,
      ...suite.specs,
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, CHROME_PATH: chrome } },
  );
  if (r.status !== 0) status = r.status ?? 1;
}
process.exit(status);
