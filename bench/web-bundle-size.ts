// `npm run bench -- web-bundle`: the JavaScript a browser loads for /login, and for /wel/smartBoard_2 after
// logging in (each file gzipped on its own, as it travels), the largest chunk of the build, whether the offline
// world map comes with the dashboard, and the dashboard's largest contentful paint. Budgets (issue 29): login
// at most 150 KB gzipped, the dashboard after login (login page included) at most 300 KB, no chunk over
// 250 KB gzipped, the world map only on the map pages; LCP under 1.5 s (median of 5 cold loads by a
// logged-in user); every menu page of root shown whole (its loading states gone, the network idle) within 2 s of
// a cold first load in a new tab (issue 38). Figures only: timing is never asserted in a test.
// Run: npm run bench -- web-bundle   (builds the web app if needed and starts its own server; BENCH_PORT)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import {
  allChunks,
  chunksWithSource,
  kb,
  keysByFile,
  readManifest,
  WEIGHT_BUDGET_KB,
  WORLD_MAP_SOURCE,
} from '../tools/web-weight';
import { loadAverage } from './lib/fleet';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 18190);
const base = `http://127.0.0.1:${port}`;
const { login: LOGIN_BUDGET_KB, home: BOARD_BUDGET_KB, chunk: CHUNK_BUDGET_KB } = WEIGHT_BUDGET_KB;
const LCP_TARGET_MS = 1500;
const LCP_RUNS = 5;
const FIRST_LOAD_TARGET_MS = 2000;
/** The shell's and antd's loading states (as the page check's LOADING_SELECTOR). */
const LOADING = '.ra-page-loading, .ant-skeleton, .ant-spin-spinning';
const BOARD = '/wel/smartBoard_2';

const build = spawnSync(process.execPath, [path.join(root, 'tools/ensure-build.mjs')], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const manifest = readManifest();
const names = keysByFile(manifest);
const worldMapFiles = new Set(chunksWithSource(manifest, WORLD_MAP_SOURCE));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'robot-ads-bench-web-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForServer() {
  for (let i = 0; i < 300; i++) {
    try {
      // Healthy, with the demo data loaded (a first start loads it once it listens).
      const res = await fetch(`${base}/api/health`);
      if (res.ok && ((await res.json()) as { data: { demo: string } }).data.demo !== 'loading') return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('the server did not start');
}

interface Session {
  cookies: Awaited<ReturnType<BrowserContext['storageState']>>;
  tab: Array<[string, string]>;
}

const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/** Every .js file the page receives, gzipped on its own, in the phase it arrived in. */
function recordScripts(page: Page) {
  const loaded = new Map<string, { gzip: number; phase: string }>();
  const state = { phase: 'login' };
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js') || loaded.has(url.pathname)) return;
    const phase = state.phase;
    const body = await response.body().catch(() => null);
    if (body) loaded.set(url.pathname, { gzip: gzipSync(body).length, phase });
  });
  return { loaded, state };
}

async function logIn(page: Page) {
  await page.getByLabel('账号', { exact: true }).fill('root');
  await page.getByLabel('密码', { exact: true }).fill('Robot@2026');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL(`**${BOARD}`);
  await page.locator('.ra-stat-card').first().waitFor();
}

/** The dashboard's largest contentful paint on a cold load by a logged-in user, and what was painted. */
async function measureLcp(browser: Browser, session: Session) {
  const { context, page } = await sessionTab(browser, session);
  await page.goto(`${base}${BOARD}`);
  await page.locator('.ra-stat-card').first().waitFor();
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  // Runs in the page (a string: this project's Node types have no DOM): the last LCP candidate.
  const lcp = await page.evaluate<{ time: number; element: string }>(`new Promise((resolve) => {
    new PerformanceObserver((list) => {
      const last = list.getEntries().at(-1);
      const el = last && last.element;
      const element = el ? el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).split(' ')[0] : '') : '?';
      resolve({ time: last ? last.startTime : Number.NaN, element });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  })`);
  await context.close();
  return lcp;
}

/** A new tab with the logged-in session (no cache): what a user's first visit of a page costs. */
async function sessionTab(browser: Browser, session: Session) {
  const context = await browser.newContext({
    locale: 'zh-CN',
    viewport: { width: 1440, height: 900 },
    storageState: session.cookies,
  });
  // The web keeps its session in sessionStorage (per tab): the new tab gets the logged-in one's.
  await context.addInitScript((entries: Array<[string, string]>) => {
    for (const [key, value] of entries) if (sessionStorage.getItem(key) === null) sessionStorage.setItem(key, value);
  }, session.tab);
  return { context, page: await context.newPage() };
}

/** Root's menu pages (the server's menu routes), each path once. */
async function menuPages(browser: Browser, session: Session): Promise<string[]> {
  const { context, page } = await sessionTab(browser, session);
  await page.goto(`${base}${BOARD}`);
  // Runs in the page (a string: this project's Node types have no DOM), with the tab's token.
  const routes = await page.evaluate<Array<{ path?: string | null; children?: unknown }>>(`(async () => {
    const s = JSON.parse(sessionStorage.getItem('robot-ads-session') ?? '{}');
    const r = await fetch('/api/blade-system/menu/routes', { headers: { Authorization: 'Bearer ' + (s.token ?? '') } });
    return (await r.json()).data;
  })()`);
  await context.close();
  const out = new Set<string>();
  const walk = (list: Array<{ path?: string | null; children?: unknown }>) => {
    for (const item of list) {
      if (item.path?.startsWith('/')) out.add(item.path.split('?')[0] as string);
      if (Array.isArray(item.children)) walk(item.children as typeof list);
    }
  };
  walk(routes);
  return [...out];
}

/**
 * A page's first load in a new tab until it is shown whole: no loading state left and the last request of the
 * load answered. Playwright's `networkidle` fires 500 ms after that last answer; those 500 ms of quiet are
 * not part of the load, so the time is taken at the later of the two moments, not when the idle is seen.
 */
async function firstLoad(browser: Browser, session: Session, pagePath: string): Promise<number> {
  const { context, page } = await sessionTab(browser, session);
  const started = Date.now();
  let lastAnswer = started;
  const answered = () => {
    lastAnswer = Date.now();
  };
  page.on('requestfinished', answered);
  page.on('requestfailed', answered);
  await page.goto(`${base}${pagePath}`);
  await page.locator(LOADING).first().waitFor({ state: 'detached', timeout: 30_000 });
  let shown = Date.now();
  await page.waitForLoadState('networkidle');
  // A second wave (data asked for once the first answered) counts until it is shown too.
  if ((await page.locator(LOADING).count()) > 0) {
    await page.locator(LOADING).first().waitFor({ state: 'detached', timeout: 30_000 });
    shown = Date.now();
  }
  const ms = Math.max(shown, lastAnswer) - started;
  await context.close();
  return ms;
}

try {
  await waitForServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const { loaded, state } = recordScripts(page);
  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  state.phase = 'board';
  await logIn(page);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1500);
  const session: Session = {
    cookies: await context.storageState(),
    tab: await page.evaluate(() => Object.entries(sessionStorage)),
  };
  await context.close();

  const files = [...loaded.entries()].map(([p, v]) => ({ file: p.replace(/^\//, ''), ...v }));
  const loginFiles = files.filter((f) => f.phase === 'login');
  const boardFiles = files.filter((f) => f.phase === 'board');
  const sum = (list: typeof files) => list.reduce((total, f) => total + f.gzip, 0);
  const loginBytes = sum(loginFiles);
  const totalBytes = sum(files);
  const chunks = allChunks(manifest);
  const largest = chunks[0];
  const worldOnBoard = files.filter((f) => worldMapFiles.has(f.file));

  const lcps: Array<{ time: number; element: string }> = [];
  for (let i = 0; i < LCP_RUNS; i++) lcps.push(await measureLcp(browser, session));
  const loads: Array<{ path: string; ms: number }> = [];
  for (const p of await menuPages(browser, session)) loads.push({ path: p, ms: await firstLoad(browser, session, p) });
  await browser.close();
  const lcpMedian = median(lcps.map((l) => l.time));
  const slowest = [...loads].sort((a, b) => b.ms - a.ms);

  const name = (file: string) => names.get(file) ?? file;
  const list = (title: string, entries: Array<{ file: string; gzip: number }>, top: number) => {
    console.log(`  ${title}`);
    for (const f of [...entries].sort((a, b) => b.gzip - a.gzip).slice(0, top)) {
      console.log(`    ${String(kb(f.gzip)).padStart(7)} KB  ${name(f.file)}`);
    }
  };
  const rows: Array<[string, string, string, boolean]> = [
    [
      'login page',
      `${kb(loginBytes)} KB in ${loginFiles.length} files`,
      `${LOGIN_BUDGET_KB} KB`,
      kb(loginBytes) <= LOGIN_BUDGET_KB,
    ],
    [
      'dashboard after login',
      `${kb(totalBytes)} KB in ${files.length} files (login page + ${kb(totalBytes - loginBytes)} KB in ${boardFiles.length})`,
      `${BOARD_BUDGET_KB} KB`,
      kb(totalBytes) <= BOARD_BUDGET_KB,
    ],
    [
      'largest chunk',
      `${kb(largest?.gzip ?? 0)} KB ${largest?.key ?? ''} (${kb(largest?.raw ?? 0)} KB raw)`,
      `${CHUNK_BUDGET_KB} KB`,
      kb(largest?.gzip ?? 0) <= CHUNK_BUDGET_KB,
    ],
    [
      'world map on the dashboard',
      worldOnBoard.length === 0 ? 'not loaded' : `loaded: ${worldOnBoard.map((f) => f.file).join(', ')}`,
      'not loaded',
      worldOnBoard.length === 0,
    ],
    [
      'dashboard LCP',
      `${Math.round(lcpMedian)} ms median of ${LCP_RUNS} (${lcps.map((l) => Math.round(l.time)).join(', ')} ms; ${lcps[0]?.element})`,
      `${LCP_TARGET_MS} ms`,
      lcpMedian < LCP_TARGET_MS,
    ],
    [
      "every menu page's first load",
      `${loads.filter((l) => l.ms < FIRST_LOAD_TARGET_MS).length} of ${loads.length} under the target, median ${median(loads.map((l) => l.ms))} ms, slowest ${slowest[0]?.ms} ms ${slowest[0]?.path ?? ''}`,
      `${FIRST_LOAD_TARGET_MS} ms each`,
      loads.every((l) => l.ms < FIRST_LOAD_TARGET_MS),
    ],
  ];
  console.log('web app weight (JavaScript gzipped file by file, as the browser loads it) and speed');
  // The times depend on the machine: on one busy with other work they say little (docs/journal.md).
  console.log(`  ${os.cpus().length} cores, ${loadAverage()} at the end of the measure`);
  for (const [what, figure, budget, ok] of rows) {
    console.log(`  ${verdict(ok)}  ${what.padEnd(27)} ${figure}   budget ${budget}`);
  }
  list('largest files for /login:', loginFiles, 10);
  list(`largest files added by ${BOARD} after login:`, boardFiles, 25);
  list('largest chunks of the build:', chunks, 6);
  console.log("  slowest first loads (root's menu pages, a new tab each, until shown whole):");
  for (const l of slowest.slice(0, 8)) console.log(`    ${String(l.ms).padStart(7)} ms  ${l.path}`);
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
