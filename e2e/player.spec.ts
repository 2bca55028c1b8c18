import { type APIRequestContext, expect, type Page, type Browser as PlaywrightBrowser, test } from '@playwright/test';
import { call, uploadQr } from './api-helpers';
import { login, PASSWORD } from './shell-helpers';

/*
 * The reference kiosk player in a real Chromium: a plan published from the back-office plays on the
 * robot's screen, keeps playing after a reload with no network, and leaves the screen once an approved
 * cancellation reaches the player on its next pull.
 */

/** The few browser globals the tests read (this file is type-checked without the DOM library). */
interface Browser {
  navigator: { serviceWorker: { ready: Promise<unknown>; controller: unknown } };
  document: { addEventListener(type: string, listener: () => void, capture: boolean): void };
  endedVideos: number;
}

async function apiToken(request: APIRequestContext, username: string) {
  const res = await request.post('/api/Users/v2_2_login', { data: { username, password: PASSWORD } });
  expect(res.ok()).toBe(true);
  return (await res.json()).data.token as string;
}

/** The back-office in its own browser context (it stays online while the robot's goes offline), as root. */
async function backOffice(browser: PlaywrightBrowser): Promise<Page> {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  await login(page, 'root');
  return page;
}

/** Applies in the plan list (delivery to one robot, or its cancellation with a reason), then approves it. */
async function applyAndApprove(office: Page, plan: string, kind: 'apply' | 'cancel', robotId: string) {
  await office.goto('/ad/List');
  const row = office.getByRole('row', { name: new RegExp(plan) });
  // "Apply" is the row's inline action; "cancel" is under the row's "More" menu.
  if (kind === 'apply') await row.getByRole('button', { name: '申请投放', exact: true }).click();
  else {
    await row.getByRole('button', { name: /^更多/ }).click();
    await office.getByRole('menuitem', { name: '申请取消', exact: true }).click();
  }
  const dialog = office.getByRole('dialog', { name: new RegExp(plan) });
  if (kind === 'apply') {
    const devices = dialog.getByRole('combobox', { name: '设备' });
    await devices.click();
    await office.keyboard.type(robotId);
    await office.keyboard.press('Enter');
    await expect(dialog.getByText('1 台设备')).toBeVisible();
  } else {
    await dialog.getByLabel('取消原因').fill('活动提前结束');
  }
  await dialog.getByRole('button', { name: '提交申请' }).click();
  await expect(dialog).toBeHidden();

  await office.goto('/auditForm/index');
  await office
    .getByRole('row', { name: new RegExp(plan) })
    .getByRole('button', { name: '通过', exact: true })
    .click();
  const review = office.getByRole('dialog', { name: new RegExp(plan) });
  await review.getByRole('button', { name: '通过', exact: true }).click();
  await expect(review).toBeHidden();
  await expect(office.getByRole('row', { name: new RegExp(plan) })).toHaveCount(0);
}

/** A demo customer whose enterprise information passed review (only such a customer may apply for delivery). */
async function approvedCustomer(request: APIRequestContext, root: string): Promise<string | undefined> {
  const customers = await call<Array<{ id: string; auditStatus?: string }>>(
    request,
    root,
    'GET',
    '/api/Customers/findAll',
  );
  return (customers.datas ?? customers.data).find((c) => c.auditStatus === 'pass')?.id;
}

/** A new robot with a one-time activation secret, and a plan of a demo picture with a QR code (not yet published). */
async function newRobotAndPlan(request: APIRequestContext) {
  const root = await apiToken(request, 'root');
  const robotId = `E2EPLAY${Date.now().toString().slice(-8)}`;
  await call(request, root, 'POST', '/api/Devices', {
    robotId,
    name: 'Lobby screen',
    type: 'service',
    province: '广东省',
    city: '深圳市',
  });
  const secret = (await call<{ secret: string }>(request, root, 'POST', '/api/Devices/activationSecret', { robotId }))
    .data.secret;

  const pictures = await call<unknown>(
    request,
    root,
    'GET',
    '/api/Resources/queryByPage_admin?kind=picture&template=1&limit=50',
  );
  const picture = (pictures.datas as Array<{ id: string; width: number | null; height: number | null }>).find(
    (r) => r.width === 1080 && r.height === 1920,
  );
  if (!picture) throw new Error('no 1080x1920 demo picture');
  const now = Math.floor(Date.now() / 1000);
  const qrId = await uploadQr(request, root);
  const ad = await call<{ id: string }>(request, root, 'POST', '/api/Advertisements', {
    name: `Player ad ${robotId.slice(-4)}`,
    kind: 'picture',
    begin: now - 3600,
    end: now + 30 * 86_400,
    resources: [picture.id],
    qr: { mediaId: qrId, position: 'lowerRight' },
  });
  const clientId = await approvedCustomer(request, root);
  const plan = await call<{ id: string }>(request, root, 'POST', '/api/Playlists', {
    name: `Player plan ${robotId.slice(-4)}`,
    clientId,
    advertisements: [ad.data.id],
    begin: now - 60,
    end: now + 30 * 86_400,
    timeZone: 'Asia/Shanghai',
    priority: 5,
    playingMode: 'order',
  });
  return {
    root,
    robotId,
    secret,
    adId: ad.data.id,
    planId: plan.data.id,
    planName: `Player plan ${robotId.slice(-4)}`,
  };
}

/** An operator publishes the plan to the robot from the back-office. */
async function publish(request: APIRequestContext, root: string, planId: string, robotId: string) {
  const outcome = await call<{ published: number; rows: unknown[] }>(
    request,
    root,
    'POST',
    '/api/Playlists/publishWithRobots',
    {
      playListId: planId,
      robotIds: [robotId],
    },
  );
  expect(outcome.data.published, JSON.stringify(outcome.data.rows)).toBe(1);
}

async function activate(page: Page, robotId: string, secret: string) {
  await page.goto(`/player/?robotId=${robotId}`);
  await expect(page.getByLabel(/Robot ID|设备ID/)).toHaveValue(robotId);
  await page.getByLabel(/Activation secret|激活密钥/).fill(secret);
  await page.getByRole('button', { name: /Activate|激活/ }).click();
}

test.describe('kiosk player', () => {
  test('plays an ad published in the back-office with its QR code, keeps playing offline after a reload, and drops it once its cancellation is approved', async ({
    page,
    context,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
    const { robotId, secret, adId, planName } = await newRobotAndPlan(request);
    await page.setViewportSize({ width: 540, height: 960 });
    await activate(page, robotId, secret);
    // Activated, with nothing to play yet: the screen stays dark.
    await expect(page.locator('aside.status')).toHaveCount(1);
    await expect(page.locator('#player')).not.toHaveAttribute('data-playing', /.+/);

    const office = await backOffice(browser);
    await applyAndApprove(office, planName, 'apply', robotId);

    const screen = page.locator('#player');
    await expect(screen).toHaveAttribute('data-playing', adId, { timeout: 30_000 });
    const shown = page.locator(`.layer.visible[data-ad-id="${adId}"] .slot img`);
    await expect(shown).toBeVisible();
    // Template 1 fills the 1080x1920 stage, scaled to the 540x960 window.
    await expect(screen).toHaveAttribute('data-scale', '0.5000');
    const box = await shown.boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(540);
    // The ad's QR code sits over it in the lower right corner, 40 robot pixels in (20 at half scale).
    const qr = page.locator(`.layer.visible[data-ad-id="${adId}"] img.overlay.qr.lowerRight`);
    await expect(qr).toBeVisible();
    const qrBox = await qr.boundingBox();
    expect(Math.round((qrBox?.x ?? 0) + (qrBox?.width ?? 0))).toBe(520);
    expect(Math.round((qrBox?.y ?? 0) + (qrBox?.height ?? 0))).toBe(940);
    expect(await qr.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(300);
    await page.screenshot({ path: test.info().outputPath('player-playing.png') });

    // The status overlay on a key press: robot, version, online, queue.
    await page.keyboard.press('s');
    const status = page.locator('aside.status');
    await expect(status).toBeVisible();
    await expect(status).toContainText(robotId);
    await expect(status).toContainText(/online|在线/);
    await page.keyboard.press('s');

    // The app shell is held by the service worker before the network goes.
    await page.evaluate(async () => {
      await (globalThis as unknown as Browser).navigator.serviceWorker.ready;
    });
    await expect
      .poll(() => page.evaluate(() => (globalThis as unknown as Browser).navigator.serviceWorker.controller !== null))
      .toBe(true);

    await context.setOffline(true);
    await page.reload();
    await expect(screen).toHaveAttribute('data-playing', adId, { timeout: 30_000 });
    await expect(page.locator(`.layer.visible[data-ad-id="${adId}"] .slot img`)).toBeVisible();
    // The QR code was kept for offline play too.
    await expect(page.locator(`.layer.visible[data-ad-id="${adId}"] img.overlay.qr`)).toBeVisible();
    await expect(screen).toHaveAttribute('data-online', 'false', { timeout: 30_000 });
    await page.screenshot({ path: test.info().outputPath('player-offline.png') });
    await context.setOffline(false);

    // A cancellation applied for and approved in the back-office reaches the player on its next pull
    // (a push says "collect now"; polling is the fallback).
    await applyAndApprove(office, planName, 'cancel', robotId);
    await expect(screen).not.toHaveAttribute('data-playing', /.+/, { timeout: 90_000 });
    await expect(page.locator('.layer.visible')).toHaveCount(0);
    await office.context().close();
  });

  test('shows template 2 as a banner over the main area and plays a video to its end before the next ad', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    const root = await apiToken(request, 'root');
    const robotId = `E2ESPLIT${Date.now().toString().slice(-7)}`;
    await call(request, root, 'POST', '/api/Devices', { robotId, name: 'Split screen', type: 'service' });
    const secret = (await call<{ secret: string }>(request, root, 'POST', '/api/Devices/activationSecret', { robotId }))
      .data.secret;
    const find = async (query: string, name: string) => {
      const list = await call<unknown>(request, root, 'GET', `/api/Resources/queryByPage_admin?${query}&limit=100`);
      const hit = (list.datas as Array<{ id: string; name: string }>).find((r) => r.name.startsWith(name));
      if (!hit) throw new Error(`no demo material ${name}`);
      return hit.id;
    };
    const banner = await find('template=2&slot=1', 'split-banner');
    const mainVideo = await find('template=2&slot=2&kind=video', 'split-main');
    const picture = await find('template=1&kind=picture', 'cold-brew');
    const now = Math.floor(Date.now() / 1000);
    const validity = { begin: now - 3600, end: now + 30 * 86_400 };
    const videoAd = await call<{ id: string }>(request, root, 'POST', '/api/Advertisements', {
      name: `Split ${robotId.slice(-4)}`,
      kind: 'video',
      ...validity,
      resourcesObjs: [[banner, mainVideo]],
    });
    const pictureAd = await call<{ id: string }>(request, root, 'POST', '/api/Advertisements', {
      name: `Brew ${robotId.slice(-4)}`,
      kind: 'picture',
      ...validity,
      resources: [picture],
    });
    const plan = await call<{ id: string }>(request, root, 'POST', '/api/Playlists', {
      name: `Split plan ${robotId.slice(-4)}`,
      clientId: await approvedCustomer(request, root),
      advertisements: [videoAd.data.id, pictureAd.data.id],
      begin: now - 60,
      end: now + 30 * 86_400,
      playingMode: 'order',
    });

    await page.setViewportSize({ width: 540, height: 960 });
    await activate(page, robotId, secret);
    await expect(page.locator('aside.status')).toHaveCount(1);
    // Every media "ended" event on the page is counted (media events do not bubble; capture sees them).
    await page.evaluate(() => {
      const w = globalThis as unknown as Browser;
      w.endedVideos = 0;
      w.document.addEventListener('ended', () => w.endedVideos++, true);
    });
    await publish(request, root, plan.data.id, robotId);

    const screen = page.locator('#player');
    await expect(screen).toHaveAttribute('data-playing', videoAd.data.id, { timeout: 30_000 });
    const layer = page.locator(`.layer.visible[data-ad-id="${videoAd.data.id}"]`);
    const bannerBox = await layer.locator('[data-slot="1"] img').boundingBox();
    const videoBox = await layer.locator('[data-slot="2"] video').boundingBox();
    // 1080x600 over 1080x1320, at half scale.
    expect(Math.round(bannerBox?.height ?? 0)).toBe(300);
    expect(Math.round(videoBox?.height ?? 0)).toBe(660);
    expect(Math.round(videoBox?.y ?? 0)).toBe(Math.round((bannerBox?.y ?? 0) + 300));
    await expect
      .poll(() => layer.locator('video').evaluate((v) => (v as unknown as { currentTime: number }).currentTime), {
        timeout: 15_000,
      })
      .toBeGreaterThan(1);
    await page.screenshot({ path: test.info().outputPath('player-template-2.png') });

    await expect(screen).toHaveAttribute('data-playing', pictureAd.data.id, { timeout: 30_000 });
    expect(await page.evaluate(() => (globalThis as unknown as Browser).endedVideos)).toBe(1);
  });
});
