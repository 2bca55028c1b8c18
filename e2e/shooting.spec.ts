import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { login } from './shell-helpers';

/*
 * Issue 18 in a real Chromium: the mini-program's banners edited in the back-office (root in Chinese,
 * an operator in English) and the public banner list the mini-program reads following every change.
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
  return sharp({ create: { width: 750, height: 300, channels: 3, background: { r: 240, g: 120, b: 20 } } })
    .png()
    .toBuffer();
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

test.describe('mini-program banners', () => {
  test('edited in the back-office in both languages, the public banner list follows', async ({ browser }) => {
    const suffix = Date.now().toString(36).slice(-5);
    const coffee = `咖啡 ${suffix}`;
    const tea = `Tea ${suffix}`;

    // Root, in Chinese: two banners, a link refused, the public list shows both in order.
    const zhContext = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1366, height: 800 } });
    const zh = await zhContext.newPage();
    await login(zh, 'root');
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

    // An operator, in English: drags the tea banner above the coffee one, then disables the coffee banner.
    const enContext = await browser.newContext({ locale: 'en-US', viewport: { width: 1366, height: 800 } });
    const en = await enContext.newPage();
    await login(en, 'operator1', 'operator', 'en');
    await en.goto('/wechat/userManage/wxBanners');
    await expect(en.getByRole('tab', { name: 'Mini-program banners' })).toBeVisible();
    await row(en, tea).dragTo(row(en, coffee));
    await expect(en.getByText('Order saved')).toBeVisible();
    await expect.poll(async () => (await titles(en.request)).filter((t) => t.endsWith(suffix))).toEqual([tea, coffee]);

    await row(en, coffee).getByRole('button', { name: 'Edit' }).click();
    const edit = en.getByRole('dialog', { name: EN.edit });
    await edit.getByRole('switch', { name: EN.enabled }).click();
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

    await zhContext.close();
    await enContext.close();
  });
});
