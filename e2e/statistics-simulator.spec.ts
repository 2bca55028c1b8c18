import { execFileSync } from 'node:child_process';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { call, demoPicture, uploadQr } from './api-helpers';
import { login, PASSWORD } from './shell-helpers';
import { customerWithAdvertiser, expectTotals, exportedTotals, setLanguage, type Totals } from './statistics-helpers';

/*
 * Statistics seen end to end through the fleet simulator (`npm run simulate`, issue 15): a plan with a
 * QR-tracked ad is published to three simulated robots, which play it a fixed number of times with a fixed
 * seed (a bounded run: the plays lie just before now, nothing waits for a clock), report what their sensors
 * counted and the scans of their QR code (reported by the robots: the plays lie in the past, where a phone's
 * scan of the tracking address GET /q/:code cannot reach them). The plan's advertiser then sees the
 * simulator's totals on the plan's Statistics tab, on the advertiser board and in the exported xlsx, in
 * Chinese and in English.
 */

const ROBOTS = 3;
const PLAYS = 8; // per robot

interface SimulatorTotals {
  robots: number;
  plays: number;
  exposure: number;
  viewers: number;
  watchMs: number;
  scans: number;
  eventsSent: number;
  errors: number;
  perRobot: Record<string, number>;
}

/** Runs `npm run simulate` against the test server and answers the totals it printed (--json). */
function simulate(baseURL: string, prefix: string, args: string[]): SimulatorTotals {
  const out = execFileSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'tools/simulate.ts',
      '--url',
      baseURL,
      '--username',
      'root',
      '--password',
      PASSWORD,
      '--prefix',
      prefix,
      '--robots',
      String(ROBOTS),
      '--json',
      ...args,
    ],
    { encoding: 'utf8', timeout: 120_000 },
  );
  const last = out.trim().split('\n').pop() ?? '';
  return JSON.parse(last) as SimulatorTotals;
}

/** A customer and its advertiser, a plan of one picture ad with a tracked QR code, played by the simulator. */
async function simulatedPlan(request: APIRequestContext, baseURL: string) {
  const login = await request.post('/api/Users/v2_2_login', { data: { username: 'root', password: PASSWORD } });
  const root = (await login.json()).data.token as string;
  const suffix = Date.now().toString().slice(-7);
  const now = Math.floor(Date.now() / 1000);
  const { customerId, username } = await customerWithAdvertiser(request, root, suffix, now);

  // The simulator activates its robots (a plan goes only to activated robots) ...
  const prefix = `E2ESIM${suffix}`;
  const activated = simulate(baseURL, prefix, ['--plays', '0']);
  expect(activated).toMatchObject({ robots: ROBOTS, plays: 0, errors: 0 });
  const robotIds = Array.from({ length: ROBOTS }, (_, i) => `${prefix}${String(i + 1).padStart(6, '0')}`);

  // ... the plan is published to them ...
  const ad = await call<{ id: string }>(request, root, 'POST', '/api/Advertisements', {
    name: `Sim ad ${suffix}`,
    kind: 'picture',
    begin: now - 3600,
    end: now + 30 * 86_400,
    resources: [await demoPicture(request, root)],
    qr: { mediaId: await uploadQr(request, root), position: 'lowerRight' },
    qrTarget: 'https://example.com/robot-ads/menu',
  });
  const planName = `SimPlan ${suffix}`;
  const plan = await call<{ id: string }>(request, root, 'POST', '/api/Playlists', {
    name: planName,
    clientId: customerId,
    advertisements: [ad.data.id],
    // A minute back, not an hour: the plan may not begin before today in its zone (00:00-01:00 in Shanghai).
    begin: now - 60,
    end: now + 30 * 86_400,
    timeZone: 'Asia/Shanghai',
    priority: 5,
    playingMode: 'order',
  });
  await call(request, root, 'POST', '/api/Playlists/publishWithRobots', { playListId: plan.data.id, robotIds });

  // ... and each robot pulls it, plays it PLAYS times and reports; phones scan some plays' QR codes.
  const run = simulate(baseURL, prefix, ['--plays', String(PLAYS), '--seed', '2026', '--scan-chance', '0.4']);
  expect(run.errors).toBe(0);
  expect(run.perRobot).toEqual(Object.fromEntries(robotIds.map((id) => [id, PLAYS])));
  expect(run.plays).toBe(ROBOTS * PLAYS);
  // A bounded run's plays lie in the past, so their scans are the robots' own events, each within its play (a
  // phone's scan of the tracking address counts when the server sees it, one a play window): the batches held
  // the plays and the scans.
  expect(run.scans).toBeGreaterThan(0);
  expect(run.eventsSent).toBe(ROBOTS * PLAYS + run.scans);
  expect(run.exposure).toBeGreaterThan(0);
  const totals: Totals = {
    plays: run.plays,
    exposure: run.exposure,
    viewers: run.viewers,
    watchSeconds: Math.round(run.watchMs / 1000),
    scans: run.scans,
  };
  return { username, planId: plan.data.id, planName, totals };
}

/** Exports the plan's figures from its Statistics tab and answers the xlsx's total row. */
async function exportTotals(page: Page, language: 'zh' | 'en') {
  const text = {
    zh: { export: '导出', open: '打开导出文件', close: /关闭/ },
    en: { export: 'Export', open: 'Open the exported file', close: /Close/ },
  }[language];
  await page.getByRole('button', { name: text.export, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: text.export });
  const download = page.waitForEvent('download');
  await dialog.getByRole('link', { name: text.open }).click({ timeout: 60_000 });
  const file = await (await download).path();
  await dialog.getByRole('button', { name: text.close }).click();
  return exportedTotals(file);
}

const xlsxTotals = (t: Totals, language: 'zh' | 'en') =>
  language === 'zh'
    ? {
        播放次数: t.plays,
        曝光人次: t.exposure,
        观看人数: t.viewers,
        '观看时长(秒)': t.watchSeconds,
        扫码次数: t.scans,
      }
    : {
        Plays: t.plays,
        Exposure: t.exposure,
        Viewers: t.viewers,
        'Watch time (s)': t.watchSeconds,
        'QR scans': t.scans,
      };

test('plays, audience and QR scans reported by the simulator show the same totals on the plan, the advertiser board and the xlsx, in both languages', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  const { username, planId, planName, totals } = await simulatedPlan(request, baseURL ?? '');
  await login(page, username, 'advertiser', 'zh');

  // Chinese: the plan's Statistics tab, its export, the advertiser board.
  await page.goto(`/ad/ListDetail?id=${planId}`);
  await page.getByRole('tab', { name: '数据统计' }).click();
  await expectTotals(page, totals);
  expect(await exportTotals(page, 'zh')).toMatchObject(xlsxTotals(totals, 'zh'));
  await page.goto('/wel/advertisersBoard');
  await expectTotals(page, totals);
  await expect(page.getByTestId('top-plans')).toContainText(planName);

  // English: the same figures on the board, the plan's tab and its export.
  await setLanguage(page, 'en');
  await page.reload();
  await expectTotals(page, totals);
  await page.goto(`/ad/ListDetail?id=${planId}&tab=statistics`);
  await expectTotals(page, totals);
  await expect(page.getByRole('tab', { name: 'Statistics' })).toHaveAttribute('aria-selected', 'true');
  expect(await exportTotals(page, 'en')).toMatchObject(xlsxTotals(totals, 'en'));
});
