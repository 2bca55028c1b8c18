import { type APIRequestContext, expect, test } from '@playwright/test';
import { call, demoPicture } from './api-helpers';
import { expectPdfInk } from './pdf-ink';
import { login, PASSWORD } from './shell-helpers';
import { customerWithAdvertiser, expectTotals, setLanguage, type Totals, workbookCells } from './statistics-helpers';

/*
 * Statistics end to end: a robot activated through the device protocol reports plays and QR scans of a
 * plan of a new customer; that customer's advertiser sees the same totals on the plan's Statistics tab
 * and on the advertiser board, in Chinese and in English, and exports them to an xlsx that opens
 * with those numbers.
 */

const PLAYS = 7;
const WATCH_MS = 10_000; // each play: the picture's whole 10 s (the audit's full-length rule)
const SEEN = 3; // people who had the screen in view, per play
const LOOKED = 2; // of them, people who looked at it
const SCANS = 3;

const hex = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => b.toString(16).padStart(2, '0')).join('');

/** A customer with its own advertiser account, a plan of one picture ad, and a robot that played it. */
async function playedPlan(request: APIRequestContext) {
  const login = await request.post('/api/Users/v2_2_login', { data: { username: 'root', password: PASSWORD } });
  const root = (await login.json()).data.token as string;
  const suffix = Date.now().toString().slice(-7);
  const now = Math.floor(Date.now() / 1000);

  const { customerId, username } = await customerWithAdvertiser(request, root, suffix, now);

  const robotId = `E2ESTAT${suffix}`;
  await call(request, root, 'POST', '/api/Devices', {
    robotId,
    name: 'Stats lobby',
    type: 'service',
    province: '广东省',
    city: '深圳市',
  });
  const secret = (await call<{ secret: string }>(request, root, 'POST', '/api/Devices/activationSecret', { robotId }))
    .data.secret;
  const activation = await request.post('/api/device/v1/activate', { data: { robotId, secret, appVersion: 'e2e' } });
  expect(activation.ok(), await activation.text()).toBe(true);
  const device = (await activation.json()).data.token as string;

  const pictureId = await demoPicture(request, root);
  const ad = await call<{ id: string }>(request, root, 'POST', '/api/Advertisements', {
    name: `Ad ${suffix}`,
    kind: 'picture',
    begin: now - 3600,
    end: now + 30 * 86_400,
    resources: [pictureId],
  });
  const planName = `Plan ${suffix}`;
  const plan = await call<{ id: string }>(request, root, 'POST', '/api/Playlists', {
    name: planName,
    clientId: customerId,
    advertisements: [ad.data.id],
    begin: now - 60,
    end: now + 30 * 86_400,
    timeZone: 'Asia/Shanghai',
    priority: 5,
    playingMode: 'order',
  });
  const planId = plan.data.id;
  await call(request, root, 'POST', '/api/Playlists/publishWithRobots', { playListId: planId, robotIds: [robotId] });
  // The robot pulls its schedule and acknowledges it: only then do its plays of the plan verify (the audit).
  const pulled = await request.get('/api/device/v1/schedule', { headers: { authorization: `Bearer ${device}` } });
  expect(pulled.ok(), await pulled.text()).toBe(true);
  const version = (await pulled.json()).data.version as string;
  const ack = await request.post('/api/device/v1/schedule/ack', {
    headers: { authorization: `Bearer ${device}` },
    data: { version },
  });
  expect(ack.ok(), await ack.text()).toBe(true);
  const pullTime = (await ack.json()).data.pullTime as number;

  // The robot reports its plays (one after the other, with what its camera counted) and the scans of the
  // ad's QR code.
  const startedAt = pullTime;
  const events = [
    ...Array.from({ length: PLAYS }, (_, i) => ({
      id: hex(),
      type: 'play',
      playlistId: planId,
      adId: ad.data.id,
      resourceId: pictureId,
      startedAt: startedAt + i * (WATCH_MS / 1000 + 1),
      watchDuration: WATCH_MS,
      scheduleVersion: version,
      // The camera's bands classify the viewers, so they add up to them (the audit's audience bounds).
      audience: { age: { adult: LOOKED }, male: 1, female: 1, exposure: SEEN, viewers: LOOKED, dwellMs: 4_000 },
    })),
    ...Array.from({ length: SCANS }, (_, i) => ({
      id: hex(),
      type: 'scan',
      playlistId: planId,
      adId: ad.data.id,
      // A scan during each of the first plays: one scan a play window (the audit's scan bounds).
      startedAt: startedAt + i * (WATCH_MS / 1000 + 1) + 5,
    })),
  ];
  const sent = await call<{ accepted: number }>(request, device, 'POST', '/api/device/v1/events', { events });
  expect(sent.data.accepted).toBe(PLAYS + SCANS);
  return { username, planId, planName };
}

const TOTALS: Totals = {
  plays: PLAYS,
  exposure: PLAYS * SEEN,
  viewers: PLAYS * LOOKED,
  watchSeconds: (PLAYS * WATCH_MS) / 1000,
  scans: SCANS,
};

test('a plan played by a robot shows the same totals on its Statistics tab, the advertiser board and the xlsx export, in both languages', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { username, planId, planName } = await playedPlan(request);
  await login(page, username, 'advertiser', 'zh');

  // The plan's Statistics tab (zh).
  await page.goto(`/ad/ListDetail?id=${planId}`);
  await page.getByRole('tab', { name: '数据统计' }).click();
  await expectTotals(page, TOTALS);
  await expect(page.getByTestId('top-robots')).toContainText('Stats lobby');
  await expect(page.getByRole('cell', { name: '广东省' })).toBeVisible();
  // The province map: China's provinces drawn, Guangdong among them.
  await expect(page.getByRole('img', { name: '各省播放地图' }).locator('svg path').first()).toBeVisible();
  // Proof of play: every play verified (pulled, in the plan's hours, full length, one after the other).
  await expectProof(page, request, '核验率', '100', '已核验播放', '播放证明书 (PDF)');

  // The export: a progress bar, then the file, which opens with the same numbers (a row per day and a total).
  await page.getByRole('button', { name: '导出', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '导出' });
  const download = page.waitForEvent('download');
  await dialog.getByRole('link', { name: '打开导出文件' }).click({ timeout: 60_000 });
  const file = await (await download).path();
  const cells = await workbookCells(file);
  for (const figure of [PLAYS, SCANS, PLAYS * SEEN, PLAYS * LOOKED, (PLAYS * WATCH_MS) / 1000]) {
    expect(cells).toContain(figure);
  }
  await dialog.getByRole('button', { name: /关闭|Close/ }).click();

  // The advertiser board (zh): the same totals, new against an empty previous period.
  await page.goto('/wel/advertisersBoard');
  await expectTotals(page, TOTALS);
  await expect(page.getByTestId('kpi-plays')).toContainText('新增');
  await expect(page.getByTestId('top-plans')).toContainText(planName);

  // English: the same figures on both screens.
  await setLanguage(page, 'en');
  await page.reload();
  await expectTotals(page, TOTALS);
  await expect(page.getByTestId('kpi-plays')).toContainText('New');
  await expect(page.getByText('Top plans')).toBeVisible();
  await page.goto(`/ad/ListDetail?id=${planId}&tab=statistics`);
  await expectTotals(page, TOTALS);
  await expect(page.getByRole('tab', { name: 'Statistics' })).toHaveAttribute('aria-selected', 'true');
  await expectProof(page, request, 'Verified share', '100', 'Verified plays', 'Certificate (PDF)');
});

/** The proof-of-play card shows the verified share and plays, and its certificate link gives a PDF. */
async function expectProof(
  page: import('@playwright/test').Page,
  request: APIRequestContext,
  shareLabel: string,
  share: string,
  verifiedLabel: string,
  pdfLabel: string,
) {
  const proof = page.getByTestId('proof-of-play');
  await expect(proof).toContainText(shareLabel);
  await expect(proof).toContainText(share);
  await expect(proof).toContainText(verifiedLabel);
  await expect(page.getByTestId('proof-reasons')).toBeVisible();
  const href = await proof.getByRole('link', { name: pdfLabel }).getAttribute('href');
  expect(href).toContain('format=pdf');
  const pdf = await request.get(href ?? '');
  expect(pdf.ok()).toBe(true);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  await expectPdfInk(await pdf.body(), `plan-certificate-${pdfLabel}`);
}
