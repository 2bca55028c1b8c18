// The JavaScript a browser loads for /login, and for /wel/smartBoard_2 after logging in, gzipped; and the
// largest chunk of the build. Budget (issue 29): login at most 150 KB gzipped, the dashboard after login at
// most 300 KB, no chunk over 250 KB gzipped.
// Run: node --import tsx bench/web-bundle-size.ts   (builds the web app if needed, starts its own server)
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.BENCH_PORT ?? 18190);
const base = `http://127.0.0.1:${port}`;
const LOGIN_TARGET_KB = 150;
const BOARD_TARGET_KB = 300;
const CHUNK_LIMIT_KB = 250;
const kb = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;

const build = spawnSync(process.execPath, [path.join(root, 'tools/ensure-build.mjs')], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'robot-ads-bench-web-'));
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('the server did not start');
}

try {
  await waitForServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  const page = await browser.newPage({ locale: 'zh-CN' });
  const loaded = new Map<string, number>();
  let phase = 'login';
  const byPhase: Record<string, string[]> = { login: [], board: [] };
  page.on('response', async (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js') || loaded.has(url.pathname)) return;
    const body = await response.body().catch(() => null);
    if (!body) return;
    loaded.set(url.pathname, gzipSync(body).length);
    byPhase[phase]?.push(url.pathname);
  });

  await page.goto(`${base}/login`, { waitUntil: 'networkidle' });
  const loginBytes = [...loaded.values()].reduce((a, b) => a + b, 0);
  phase = 'board';
  await page.getByLabel('账号', { exact: true }).fill('root');
  await page.getByLabel('密码', { exact: true }).fill('Robot@2026');
  await page.getByRole('button', { name: '登录', exact: true }).click();
  await page.waitForURL('**/wel/smartBoard_2');
  await page.locator('.ra-stat-card').first().waitFor();
  await page.waitForTimeout(1500);
  const totalBytes = [...loaded.values()].reduce((a, b) => a + b, 0);
  await browser.close();

  const dist = path.join(root, 'apps/web/dist/assets');
  const chunks = fs
    .readdirSync(dist)
    .filter((f) => f.endsWith('.js'))
    .map((f) => {
      const raw = fs.readFileSync(path.join(dist, f));
      return { file: f, raw: raw.length, gz: gzipSync(raw).length };
    })
    .sort((a, b) => b.gz - a.gz);
  const largest = chunks[0];

  console.log('web bundle size (gzipped JavaScript a browser loads)');
  console.log(
    `  /login:                      ${kb(loginBytes)} KB in ${byPhase.login?.length} files (budget ${LOGIN_TARGET_KB} KB)`,
  );
  console.log(
    `  /wel/smartBoard_2 after login: ${kb(totalBytes)} KB in total (+${kb(totalBytes - loginBytes)} KB, ${byPhase.board?.length} more files; budget ${BOARD_TARGET_KB} KB)`,
  );
  console.log(
    `  largest chunk:               ${largest?.file} ${kb(largest?.gz ?? 0)} KB gzipped, ${kb(largest?.raw ?? 0)} KB raw (budget ${CHUNK_LIMIT_KB} KB gzipped)`,
  );
  console.log('  largest files loaded for /login (gzipped):');
  for (const file of [...(byPhase.login ?? [])]
    .sort((a, b) => (loaded.get(b) ?? 0) - (loaded.get(a) ?? 0))
    .slice(0, 25)) {
    console.log(`    ${path.basename(file).padEnd(44)} ${String(kb(loaded.get(file) ?? 0)).padStart(7)} KB`);
  }
  console.log('  five largest chunks of the build (gzipped):');
  for (const c of chunks.slice(0, 5)) console.log(`    ${c.file.padEnd(44)} ${String(kb(c.gz)).padStart(7)} KB`);
  const checks = [
    ['login', kb(loginBytes) <= LOGIN_TARGET_KB],
    ['dashboard', kb(totalBytes) <= BOARD_TARGET_KB],
    ['largest chunk', kb(largest?.gz ?? 0) <= CHUNK_LIMIT_KB],
  ] as const;
  for (const [what, ok] of checks) console.log(`  ${what}: ${ok ? 'within budget' : 'OVER BUDGET'}`);
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
