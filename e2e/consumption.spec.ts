import { type APIRequestContext, expect, test } from '@playwright/test';
import { login, PASSWORD } from './shell-helpers';

/*
 * Proof of play end to end: the kiosk player in a real Chromium plays a published ad, keeps the plays
 * it finishes while offline (across a reload) in IndexedDB, sends them once the network is back, and
 * the back-office's /playlistConsume shows them per device, with an export.
 */

async function apiToken(request: APIRequestContext, username: string) {
  const res = await request.post('/api/Users/v2_2_login', { data: { username, password: PASSWORD } });
  expect(res.ok()).toBe(true);
  return (await res.json()).data.token as string;
}

async function call<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', url: string, data?: unknown) {
  const res = await request.fetch(url, { method, headers: { authorization: `Bearer ${token}` }, data });
  const body = await res.json();
  expect(res.ok(), `${method} ${url}: ${JSON.stringify(body)}`).toBe(true);
  return body as { data: T; datas?: T; total?: number };
}

interface Row {
  robotId: string;
  plays: number;
  watchDuration: number;
  lastPlayTime: number | null;
}

test('plays reported by the player survive an offline reload and show on the consumption page', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const root = await apiToken(request, 'root');
  const robotId = `E2ECONS${Date.now().toString().slice(-8)}`;
  await call(request, root, 'POST', '/api/Devices', { robotId, name: 'Consume screen', type: 'service' });
  const secret = (await call<{ secret: string }>(request, root, 'POST', '/api/Devices/activationSecret', { robotId }))
    .data.secret;
  const pictures = await call<unknown>(request, root, 'GET', '/api/Resources/queryByPage_admin?kind=picture&limit=50');
  const picture = (pictures.datas as Array<{ id: string; width: number | null; height: number | null }>).find(
    (r) => r.width === 1080 && r.height === 1920,
  );
  if (!picture) throw new Error('no 1080x1920 demo picture');
  const now = Math.floor(Date.now() / 1000);
  const ad = await call<{ id: string }>(request, root, 'POST', '/api/Advertisements', {
    name: `Cons ad ${robotId.slice(-4)}`,
    kind: 'picture',
    begin: now - 3600,
    end: now + 30 * 86_400,
    resources: [picture.id],
  });
  const customers = await call<Array<{ id: string }>>(request, root, 'GET', '/api/Customers/findAll');
  const planName = `Consume plan ${robotId.slice(-4)}`;
  const plan = await call<{ id: string }>(request, root, 'POST', '/api/Playlists', {
    name: planName,
    clientId: (customers.datas ?? customers.data)[0]?.id,
    advertisements: [ad.data.id],
    begin: now - 60,
    end: now + 30 * 86_400,
    playingMode: 'order',
  });

  await page.setViewportSize({ width: 540, height: 960 });
  await page.goto(`/player/?robotId=${robotId}`);
  await page.getByLabel(/Activation secret|激活密钥/).fill(secret);
  await page.getByRole('button', { name: /Activate|激活/ }).click();
  await expect(page.locator('aside.status')).toHaveCount(1);
  const published = await call<{ published: number }>(request, root, 'POST', '/api/Playlists/publishWithRobots', {
    playListId: plan.data.id,
    robotIds: [robotId],
  });
  expect(published.data.published).toBe(1);

  const screen = page.locator('#player');
  await expect(screen).toHaveAttribute('data-playing', ad.data.id, { timeout: 30_000 });
  await page.evaluate(async () => {
    await (globalThis as unknown as { navigator: { serviceWorker: { ready: Promise<unknown> } } }).navigator
      .serviceWorker.ready;
  });

  // Offline: plays finish and wait in IndexedDB; a reload keeps them.
  await context.setOffline(true);
  const offlineFrom = Math.floor(Date.now() / 1000);
  await page.waitForTimeout(22_000);
  await page.reload();
  await expect(screen).toHaveAttribute('data-playing', ad.data.id, { timeout: 30_000 });
  const consume = async () =>
    (await call<Row[]>(request, root, 'GET', `/api/Publishes/consume?playListId=${plan.data.id}&start=0&limit=-1`))
      .datas ?? [];
  const before = await consume();
  await context.setOffline(false);

  // Back online: the stored plays arrive (at least the two finished before the reload).
  await expect
    .poll(async () => (await consume()).find((r) => r.robotId === robotId)?.plays ?? 0, { timeout: 60_000 })
    .toBeGreaterThanOrEqual((before[0]?.plays ?? 0) + 2);
  const row = (await consume()).find((r) => r.robotId === robotId);
  expect(row?.lastPlayTime ?? 0).toBeGreaterThanOrEqual(offlineFrom);
  expect(row?.watchDuration ?? 0).toBeGreaterThan(5_000);

  // The back-office consumption page.
  const officeContext = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 800 } });
  const office = await officeContext.newPage();
  await login(office, 'root');
  await office.goto('/playlistConsume');
  const picker = office.getByRole('combobox', { name: '选择计划' });
  await picker.click();
  await office.keyboard.type(planName);
  await office.locator('.ant-select-item-option').filter({ hasText: planName }).first().click();
  const tableRow = office.getByRole('row', { name: new RegExp(robotId) });
  await expect(tableRow).toBeVisible();
  await expect(tableRow).toContainText('Consume screen');
  await office.getByRole('button', { name: '导出', exact: true }).click();
  await expect(
    office.getByRole('link', { name: '打开导出文件' }).or(office.getByRole('button', { name: '打开导出文件' })),
  ).toBeVisible({ timeout: 30_000 });
  await officeContext.close();
});
