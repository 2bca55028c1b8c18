// Runs the Playwright suite in Debian's Chromium (never a downloaded browser).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Debian's Chromium, its headless shell first (package chromium-headless-shell): the same engine without the
// full browser around it, which cost the suites about 40 % more CPU (docs/testing.md, "CI time").
const candidates = [
  process.env.CHROME_PATH,
  '/usr/lib/chromium/chromium-headless-shell',
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
].filter(Boolean);
const chrome = candidates.find((p) => fs.existsSync(p));
if (!chrome) {
  console.error(
    'No Chromium found for the end-to-end tests.\n' +
      'Install it with:  sudo apt-get install -y chromium chromium-headless-shell fonts-wqy-microhei\n' +
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
// The page check runs beside the other two (E2E_SIDE_BY_SIDE, on unless 0): they drive one browser and wait
// on it more than they compute, which leaves much of a second core idle, and the page check keeps the cores
// busy (docs/testing.md, "CI time"). It gets its own port (E2E_PORT + 2) and runs at a lower priority
// (nice 5): the main suite's waits are the shorter ones. Its lines are printed with a `[page check]` prefix.
const args = process.argv.slice(2);
const isSpec = (a) => !a.startsWith('-') && /(^|\/)e2e\/|\.spec\.ts(:\d+)*$/.test(a);
const living = (a) => a.includes('living-demo');
const pageCheck = (a) => a.includes('page-check');
const specs = args.filter(isSpec);
const flags = args.filter((a) => !isSpec(a));
const suites = [
  { config: 'playwright.config.ts', specs: specs.filter((s) => !living(s) && !pageCheck(s)) },
  { config: 'playwright.living-demo.config.ts', specs: specs.filter(living) },
  { config: 'playwright.page-check.config.ts', specs: specs.filter(pageCheck), side: true },
].filter((s) => specs.length === 0 || s.specs.length > 0);
const port = Number(process.env.E2E_PORT ?? 18080);
const sideBySide = process.env.E2E_SIDE_BY_SIDE !== '0' && suites.length > 1 && suites.some((s) => s.side);

/** Runs one suite's Playwright; resolves with its exit status. */
function runSuite(suite, { prefix = '', env = {}, nice = 0 } = {}) {
  const argv = [
    path.join(root, 'node_modules/@playwright/test/cli.js'),
    'test',
    '--config',
    suite.config,
    ...(suites.length > 1 ? ['--pass-with-no-tests'] : []),
    ...flags,
    ...suite.specs,
  ];
  const [cmd, cmdArgs] =
    nice > 0 ? ['nice', ['-n', String(nice), process.execPath, ...argv]] : [process.execPath, argv];
  const child = spawn(cmd, cmdArgs, {
    cwd: root,
    stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    env: { ...process.env, CHROME_PATH: chrome, ...env },
  });
  if (prefix) {
    for (const [from, to] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = '';
      from.on('data', (d) => {
        const lines = (rest + d).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) to.write(`${prefix} ${line}\n`);
      });
      from.on('end', () => rest && to.write(`${prefix} ${rest}\n`));
    }
  }
  return new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
}

let status = 0;
const note = (code) => {
  if (code !== 0) status = code;
};
if (sideBySide) {
  const side = suites.filter((s) => s.side);
  const main = suites.filter((s) => !s.side);
  await Promise.all([
    (async () => {
      for (const suite of main) note(await runSuite(suite));
    })(),
    (async () => {
      for (const suite of side) {
        note(await runSuite(suite, { prefix: '[page check]', env: { E2E_PORT: String(port + 2) }, nice: 5 }));
      }
    })(),
  ]);
} else {
  for (const suite of suites) note(await runSuite(suite));
}
process.exit(status);
