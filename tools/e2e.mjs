// Runs the Playwright suite in Debian's Chromium (never a downloaded browser).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
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

/**
 * The demo data, seeded once for all suites: `npm start` on an empty data folder (the same start the
 * suites' servers make; it seeds the demo data and makes its media with ffmpeg), stopped with SIGTERM once
 * /api/health answers and its whole process group has exited (the database closed). Each suite's server
 * then starts on a fresh copy of that folder (E2E_DATA_TEMPLATE, read by playwright.config.ts), so each suite
 * still sees the demo data as seeded. Returns null, and the suites seed on their own, when it fails.
 */
async function seedTemplate(port) {
  const dir = path.join(os.tmpdir(), `robot-ads-e2e-template-${process.pid}`);
  fs.rmSync(dir, { recursive: true, force: true });
  const free = await new Promise((resolve) => {
    const probe = net.createServer().once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
  if (!free) {
    console.error(`e2e: port ${port} is taken; each suite seeds its own data folder.`);
    return null;
  }
  const started = Date.now();
  // The environment of the main suite's server (playwright.config.ts): the seed reads none of it but the
  // data folder; the living demo's fleet (DEMO_FLEET) only starts after the server listens.
  const child = spawn('npm', ['start'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dir,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      DEMO_FLEET: '0',
      WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8',
    },
  });
  let exited = false;
  child.on('exit', () => {
    exited = true;
  });
  const groupAlive = () => {
    try {
      process.kill(-child.pid, 0);
      return true;
    } catch {
      return false;
    }
  };
  const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
  let healthy = false;
  while (!exited && Date.now() - started < 300_000) {
    try {
      healthy = (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
    } catch {}
    if (healthy) break;
    await sleep(500);
  }
  const seeded = Date.now();
  if (groupAlive()) process.kill(-child.pid, 'SIGTERM');
  for (let waited = 0; groupAlive() && waited < 60_000; waited += 200) await sleep(200);
  if (groupAlive()) {
    process.kill(-child.pid, 'SIGKILL');
    healthy = false;
  }
  if (!healthy) {
    console.error('e2e: the seeding start did not become healthy or did not stop; each suite seeds its own.');
    fs.rmSync(dir, { recursive: true, force: true });
    return null;
  }
  console.log(
    `e2e: demo data seeded once in ${((seeded - started) / 1000).toFixed(1)} s ` +
      `(stopped in ${((Date.now() - seeded) / 1000).toFixed(1)} s); each suite starts on a copy of it.`,
  );
  return dir;
}

// One suite seeds its own folder as before; with more, the seed is made once and copied (E2E_SEED_ONCE=0:
// each suite seeds its own, as a single suite does).
const port = Number(process.env.E2E_PORT ?? 18080);
const seedOnce = suites.length > 1 && process.env.E2E_SEED_ONCE !== '0' && !process.env.E2E_DATA_TEMPLATE;
const template = seedOnce ? await seedTemplate(port) : null;
const env = { ...process.env, CHROME_PATH: chrome, ...(template ? { E2E_DATA_TEMPLATE: template } : {}) };
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
    { cwd: root, stdio: 'inherit', env },
  );
  if (r.status !== 0) status = r.status ?? 1;
}
if (template) fs.rmSync(template, { recursive: true, force: true });
process.exit(status);
