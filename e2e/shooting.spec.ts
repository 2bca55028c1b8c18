import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { login } from './shell-helpers';
import { solidPng } from './solid-png';

/*
 * Issue 18 in a real Chromium, one login per role: root works in Chinese, admin in English.
 * - The mini-program's banners edited in the back-office; the public banner list it reads follows.
 * - Photo proof: a requirement for a published plan, chosen on the device list and created in the form,
 *   is pushed to the robot played by /player/; the player's photo of its screen shows in the shooting
 *   records with the ad that was playing.
 */

interface MpBanner {
  title: string;
  link: string;
  linkKind: string;
  imageUrl: string;
}

async function liveBanners(request: APIRequestContext): Promise<MpBanner[]> {
  const res = await request.get('/api/wechat/mp/banners');
  expect(res.ok()).toBe(true);
  return (await res.json()).data as MpBanner[];
}

const titles = async (request: APIRequestContext) => (await liveBanners(request)).map((b) => b.title);

async function bannerPicture(): Promise<Buffer> {
  return solidPng(750, 300, { r: 240, g: 120, b: 20 });
}

type Texts = { add: string; title: string; link: string; save: string };

/** Fills the banner dialog (picture, title, link) and saves it. */
async function addBanner(page: Page, text: Texts, title: string, link: string) {
  await page.getByRole('button', { name: text.add }).click();
  const dialog = page.getByRole('dialog', { name: text.add });
  await dialog.locator('input[type=file]').setInputFiles({
    name: `${title}.png`,
    mimeType: 'image/png',
    buffer: await bannerPicture(),
  });
  await expect(dialog.getByTestId('banner-picture')).toBeVisible();
  await dialog.getByLabel(text.title).fill(title);
  await dialog.getByLabel(text.link).fill(link);
  await dialog.getByRole('button', { name: text.save }).click();
  await expect(dialog).toBeHidden();
}

const ZH = { add: '新增横幅', edit: '编辑横幅', title: '标题', link: '链接', save: '保存', enabled: '启用' };
const EN = { add: 'Add banner', edit: 'Edit banner', title: 'Title', link: 'Link', save: 'Save', enabled: 'Enabled' };

/** The session token of a logged-in back-office page (kept in its sessionStorage). */
async function tokenOf(page: Page): Promise<string> {
  return page.evaluate<string>("JSON.parse(sessionStorage.getItem('robot-ads-session') || '{}').token");
}

async function call<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', url: string, data?: unknown) {
  const res = await request.fetch(url, { method, headers: { authorization: `Bearer ${token}` }, data });
  const body = await res.json();
  expect(res.ok(), `${method} ${url}: ${JSON.stringify(body)}`).toBe(true);
  return body as { data: T; datas?: T };
}

/** A new robot with its one-time activation secret, and a plan of a demo picture (not yet published). */
async function robotAndPlan(request: APIRequestContext, root: string) {
  const robotId = `E2ESHOOT${Date.now().toString().slice(-7)}`;
  await call(request, root, 'POST', '/api/Devices', {
    robotId,
    name: 'Lobby camera',
    type: 'service',
    province: '广东省',
    city: '深圳市',
  });
  const { secret } = (
    await call<{ secret: string }>(request, root, 'POST', '/api/Devices/activationSecret', { robotId })
  ).data;

  const pictures = await call<Array<{ id: string; width: number | null; height: number | null }>>(
    request,
    root,
    'GET',
    '/api/Resources/queryByPage_admin?kind=picture&template=1&limit=50',
  );
  const picture = (pictures.datas ?? []).find((r) => r.width === 1080 && r.height === 1920);
  if (!picture) throw new Error('no 1080x1920 demo picture');
  const customers = await call<Array<{ id: string; auditStatus?: string }>>(
    request,
    root,
    'GET',
    '/api/Customers/findAll',
  );
  const clientId = (customers.datas ?? customers.data).find((c) => c.auditStatus === 'pass')?.id;
  const now = Math.floor(Date.now() / 1000);
  const adName = `Proof ad ${robotId.slice(-4)}`;
  const ad = await call<{ id: string }>(request, root, 'POST', '/api/Advertisements', {
    name: adName,
    kind: 'picture',
    begin: now - 3600,
    end: now + 30 * 86_400,
    resources: [picture.id],
  });
  const planName = `Proof plan ${robotId.slice(-4)}`;
  const plan = await call<{ id: string }>(request, root, 'POST', '/api/Playlists', {
    name: planName,
    clientId,
    advertisements: [ad.data.id],
    begin: now - 60,
    end: now + 30 * 86_400,
    timeZone: 'Asia/Shanghai',
    priority: 5,
    playingMode: 'order',
  });
  return { robotId, secret, adId: ad.data.id, adName, planId: plan.data.id, planName };
}

/** Root publishes the plan to the robot (only an activated robot takes a plan). */
async function publish(request: APIRequestContext, root: string, planId: string, robotId: string) {
  const published = await call<{ published: number; rows: unknown[] }>(
    request,
    root,
    'POST',
    '/api/Playlists/publishWithRobots',
    { playListId: planId, robotIds: [robotId] },
  );
  expect(published.data.published, JSON.stringify(published.data.rows)).toBe(1);
}

/** HH:mm in Shanghai (the plan's zone) `minutes` from now, kept within today there. */
function shanghaiTime(minutes: number): string {
  const at = new Date(Date.now() + minutes * 60_000);
  const today = new Date(Date.now());
  const day = (d: Date) => d.toLocaleDateString('en-CA', { timeZone: 'Asia/Shanghai' });
  if (day(at) !== day(today)) return minutes < 0 ? '00:00' : '23:59';
  return at.toLocaleTimeString('en-GB', { timeZone: 'Asia/Shanghai', hour: '2-digit', minute: '2-digit' });
}

/** The reference player in its own browser, activated as the robot: it plays what is published to it. */
async function playerFor(browser: Browser, robotId: string, secret: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 540, height: 960 } });
  const page = await context.newPage();
  await page.goto(`/player/?robotId=${robotId}`);
  await expect(page.getByLabel(/Robot ID|设备ID/)).toHaveValue(robotId);
  await page.getByLabel(/Activation secret|激活密钥/).fill(secret);
  await page.getByRole('button', { name: /Activate|激活/ }).click();
  return page;
}

let zh: Page;
let en: Page;

async function officePage(browser: Browser, username: string, lang: 'zh' | 'en'): Promise<Page> {
  const context = await browser.newContext({
    locale: lang === 'zh' ? 'zh-CN' : 'en-US',
    viewport: { width: 1366, height: 800 },
  });
  const page = await context.newPage();
  await login(page, username, 'operator', lang);
  return page;
}

test.describe
  .serial('issue 18', () => {
    test.beforeAll(async ({ browser }) => {
      zh = await officePage(browser, 'root', 'zh');
      en = await officePage(browser, 'admin', 'en');
    });
    test.afterAll(async () => {
      await zh?.context().close();
      await en?.context().close();
    });

    test('banners edited in both languages, the public banner list follows', async () => {
      // Two back-office pages, two languages, a dozen saves: more than the default minute on a busy machine.
      test.setTimeout(120_000);
      const suffix = Date.now().toString(36).slice(-5);
      const coffee = `咖啡 ${suffix}`;
      const tea = `Tea ${suffix}`;

      // Root, in Chinese: two banners, a link refused, the public list shows both in order.
      await zh.goto('/wechat/userManage/wxBanners');
      await expect(zh.getByRole('tab', { name: '小程序横幅' })).toBeVisible();

      await zh.getByRole('button', { name: ZH.add }).click();
      const dialog = zh.getByRole('dialog', { name: ZH.add });
      await dialog.getByLabel(ZH.link).fill('ftp://example.com');
      await dialog.getByLabel(ZH.title).fill('x');
      await expect(dialog.getByText('链接必须以http或https开头，或为小程序页面路径')).toBeVisible();
      await dialog.getByRole('button', { name: '取消' }).click();

      await addBanner(zh, ZH, coffee, 'https://example.com/coffee');
      await addBanner(zh, ZH, tea, 'pages/shop/index?id=7');
      const row = (page: Page, title: string) => page.getByTestId('banner-row').filter({ hasText: title });
      await expect(row(zh, coffee).getByText('展示中')).toBeVisible();
      const live = await liveBanners(zh.request);
      const mine = live.filter((b) => b.title.endsWith(suffix));
      expect(mine.map((b) => [b.title, b.linkKind])).toEqual([
        [coffee, 'url'],
        [tea, 'page'],
      ]);
      const image = await zh.request.get(mine[0]!.imageUrl);
      expect(image.ok()).toBe(true);

      // Admin, in English: drags the tea banner above the coffee one, then disables the coffee banner.
      await en.goto('/wechat/userManage/wxBanners');
      await expect(en.getByRole('tab', { name: 'Mini-program banners' })).toBeVisible();
      await row(en, tea).dragTo(row(en, coffee));
      await expect(en.getByText('Order saved')).toBeVisible();
      await expect
        .poll(async () => (await titles(en.request)).filter((t) => t.endsWith(suffix)))
        .toEqual([tea, coffee]);

      await row(en, coffee).getByRole('button', { name: 'Edit' }).click();
      const edit = en.getByRole('dialog', { name: EN.edit });
      // The dialog fills its form once it has opened: a click before that would be overwritten.
      const enabled = edit.getByRole('switch', { name: EN.enabled });
      await expect(enabled).toBeChecked();
      await enabled.click();
      await expect(enabled).not.toBeChecked();
      await edit.getByRole('button', { name: EN.save }).click();
      await expect(edit).toBeHidden();
      await expect(row(en, coffee).getByText('Disabled')).toBeVisible();
      expect((await titles(en.request)).filter((t) => t.endsWith(suffix))).toEqual([tea]);

      // Back in Chinese: deleting the tea banner empties the mini-program's list of ours.
      await zh.reload();
      await row(zh, tea).getByRole('button', { name: '删除' }).click();
      await zh.locator('.ant-popconfirm').getByRole('button', { name: '删除' }).click();
      await expect(row(zh, tea)).toHaveCount(0);
      expect((await titles(zh.request)).filter((t) => t.endsWith(suffix))).toEqual([]);
    });

    test('photo proof: a requirement chosen on the device list reaches the robot, its photo shows in the records', async ({
      browser,
    }) => {
      test.setTimeout(180_000);
      const root = await tokenOf(zh);
      const { robotId, secret, adId, adName, planId, planName } = await robotAndPlan(zh.request, root);
      // The robot is a /player/ in its own browser: activated and online, it then plays the plan published to it.
      const player = await playerFor(browser, robotId, secret);
      await expect(player.locator('#player')).toHaveAttribute('data-online', 'true', { timeout: 30_000 });
      await publish(zh.request, root, planId, robotId);
      await expect(player.locator('#player')).toHaveAttribute('data-playing', adId, { timeout: 30_000 });

      // Root, in Chinese: the plan's robots, the robot chosen, the form opened with them.
      await zh.goto(`/adshootingmanage/filtrateDevice?planId=${planId}`);
      const robotRow = zh.getByRole('row', { name: new RegExp(robotId) });
      await robotRow.getByRole('checkbox').check();
      await zh.getByRole('button', { name: '为 1 台机器人新建需求' }).click();
      const form = zh.getByRole('dialog', { name: '新建需求' });
      await expect(form.getByText(`${planName}：已投放到 1 台机器人`)).toBeVisible();
      await expect(form.getByTestId('chosen-robots')).toHaveText('已选择 1 台机器人');
      await form.getByLabel('需求名称').fill('大堂拍照');
      const times = form.locator('.ant-picker-range input');
      await times.nth(0).click();
      await times.nth(0).fill(shanghaiTime(-10));
      await times.nth(0).press('Enter');
      await times.nth(1).fill(shanghaiTime(60));
      await times.nth(1).press('Enter');
      await form.getByRole('button', { name: '创建' }).click();
      await expect(form).toBeHidden();

      // Pushed, then finished once the robot's photo arrived (the ongoing state in between can be too short to
      // see on a fast machine: the player answers at once).
      const requirement = zh.getByRole('row', { name: /大堂拍照/ });
      // The player confirms the task, photographs its screen while the ad shows and uploads the JPEG.
      await expect(requirement.getByText('已完成')).toBeVisible({ timeout: 90_000 });
      await expect(requirement.getByTestId('requirement-progress')).toHaveText('已拍摄 1 · 失败 0 · 等待 0');

      // Admin, in English: the record with the robot and the ad that was playing, its large preview.
      await en.goto('/adshootingmanage/shootingRecord');
      await en.getByLabel('Device ID').fill(robotId);
      await en.getByRole('button', { name: 'Search' }).click();
      const record = en.getByTestId('shoot-record');
      await expect(record).toHaveCount(1);
      await expect(record.getByTestId('record-ad')).toHaveText(adName);
      // The player's capture of its screen is recognised as the ad's material by the photo check.
      await expect(record.getByTestId('record-check')).toHaveText(/^Shows the ad \(\d+\)$/);
      await expect(record.getByText(`Lobby camera (${robotId})`)).toBeVisible();
      await record.locator('img').first().click();
      await expect(en.locator('.ant-image-preview-img, .ant-image-preview-body img').first()).toBeVisible();
      await player.context().close();
    });
  });
