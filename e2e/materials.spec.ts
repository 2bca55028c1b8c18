import { expect, type Page, test } from '@playwright/test';
import { login, optionsOf } from './shell-helpers';
import { solidPng } from './solid-png';

async function png(width: number, height: number, r: number): Promise<Buffer> {
  return solidPng(width, height, { r, g: 120, b: 200 });
}

const TEXT = {
  zh: {
    upload: '上传',
    uploadTitle: '上传素材',
    done: '已上传',
    refused: '已拒绝',
    pixels: '尺寸 1080x1000',
    close: '关闭',
    newAd: '新建广告',
    adName: '广告名称',
    materials: '素材',
    save: '保存',
    edit: '编辑',
    del: '删除',
    ok: /^确\s?定$/,
    editTitle: '编辑广告',
    qrPosition: '二维码位置',
    lowerRight: '右下',
    qrAlt: '二维码',
  },
  en: {
    upload: 'Upload',
    uploadTitle: 'Upload materials',
    done: 'Uploaded',
    refused: 'Refused',
    pixels: '1080x1000 pixels',
    close: 'Close',
    newAd: 'New ad',
    adName: 'Ad name',
    materials: 'Materials',
    save: 'Save',
    edit: 'Edit',
    del: 'Delete',
    ok: /^OK$/,
    editTitle: 'Edit ad',
    qrPosition: 'QR code position',
    lowerRight: 'Lower right',
    qrAlt: 'QR code',
  },
} as const;

async function uploadThree(page: Page, lang: 'zh' | 'en', prefix: string) {
  const tx = TEXT[lang];
  await page.goto('/ad/Resource');
  await page.getByRole('button', { name: new RegExp(`${tx.upload}$`) }).click();
  const dialog = page.getByRole('dialog', { name: tx.uploadTitle });
  await dialog.locator('input[type=file]').setInputFiles([
    { name: `${prefix}-a.png`, mimeType: 'image/png', buffer: await png(1080, 1920, 10) },
    { name: `${prefix}-b.png`, mimeType: 'image/png', buffer: await png(1080, 1920, 90) },
    { name: `${prefix}-wrong.png`, mimeType: 'image/png', buffer: await png(1080, 1000, 180) },
  ]);
  const items = dialog.getByTestId('upload-item');
  await expect(items).toHaveCount(3);
  // Each accepted file shows its own progress bar and ends uploaded.
  const good = items.filter({ hasText: `${prefix}-a.png` });
  await expect(good.getByText(tx.done)).toBeVisible();
  await expect(good.locator('.ant-progress')).toBeVisible();
  await expect(items.filter({ hasText: `${prefix}-b.png` }).getByText(tx.done)).toBeVisible();
  // The wrong one is refused with its reason, naming the file.
  const wrong = items.filter({ hasText: `${prefix}-wrong.png` });
  await expect(wrong.getByText(tx.refused)).toBeVisible();
  await expect(wrong.getByTestId('upload-error')).toContainText(`${prefix}-wrong.png`);
  await expect(wrong.getByTestId('upload-error')).toContainText(tx.pixels);
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: tx.close }).click();
  // The grid shows the new materials (and not the refused one).
  await expect(page.getByText(`${prefix}-a`, { exact: true })).toBeVisible();
  await expect(page.getByText(`${prefix}-wrong`, { exact: true })).toHaveCount(0);
}

/** A slow upload (the network throttled to 512 KB/s) shows its progress and can be cancelled. */
async function cancelSlowUpload(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 512 * 1024,
  });
  await page.getByRole('button', { name: /上传$/ }).click();
  const dialog = page.getByRole('dialog', { name: '上传素材' });
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(8 * 1024 * 1024, 32)]);
  await dialog
    .locator('input[type=file]')
    .setInputFiles([{ name: 'slow.pdf', mimeType: 'application/pdf', buffer: pdf }]);
  const item = dialog.getByTestId('upload-item').filter({ hasText: 'slow.pdf' });
  await expect(item.getByText('上传中')).toBeVisible();
  await expect(item.locator('.ant-progress')).toBeVisible();
  await item.getByRole('button', { name: '取消' }).click();
  await expect(item.getByText('已取消', { exact: true })).toBeVisible();
  await expect(item.getByTestId('upload-error')).toHaveText('文件上传已取消');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await dialog.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
  await expect(page.getByText('slow', { exact: true })).toHaveCount(0);
}

async function buildPreviewEditDelete(page: Page, lang: 'zh' | 'en', prefix: string) {
  const tx = TEXT[lang];
  await page.goto('/ad/AD');
  await page.getByRole('button', { name: tx.newAd }).click();
  const dialog = page.getByRole('dialog').filter({ hasText: tx.adName });
  await dialog.getByLabel(tx.adName).fill(`${prefix} ad`);
  await dialog.getByTestId('ad-materials').click();
  await page.getByTitle(`${prefix}-a (1080x1920)`).click();
  await page.getByTitle(`${prefix}-b (1080x1920)`).click();
  await dialog.getByLabel(tx.adName).click();
  // The live preview shows the first material in the robot frame.
  const frame = dialog.getByTestId('robot-frame');
  await expect(frame.getByTestId('media-preview-picture')).toBeVisible();
  await expect(dialog.getByText(lang === 'zh' ? '第1屏，共2屏' : 'Screen 1 of 2')).toBeVisible();

  // A QR code: uploaded with progress (checked as a QR picture), shown as a thumbnail, placed lower right.
  const qrSection = dialog.getByTestId('overlay-qr');
  await qrSection
    .locator('input[type=file]')
    .setInputFiles({ name: `${prefix}-qr.png`, mimeType: 'image/png', buffer: await png(300, 300, 0) });
  await expect(qrSection.getByTestId('overlay-qr-thumbnail')).toBeVisible();
  const position = dialog.getByRole('combobox', { name: tx.qrPosition });
  const qr = frame.getByRole('img', { name: tx.qrAlt, exact: true });
  // Chosen again if a click landed on the list while it was still opening (CI saw the list stay open).
  await expect(async () => {
    if ((await position.getAttribute('aria-expanded')) !== 'true') await position.click();
    await (await optionsOf(page, position))
      .and(page.getByTitle(tx.lowerRight, { exact: true }))
      .click({ timeout: 5_000 });
    await expect(qr).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await expect(qr).toHaveAttribute('data-position', 'lowerRight');
  // In the lower right corner of the robot's screen, 40 of its 1080 pixels in (10 in the 270 wide preview).
  const screenBox = (await frame.getByTestId('robot-screen').boundingBox())!;
  const qrBox = (await qr.boundingBox())!;
  expect(qrBox.x).toBeGreaterThan(screenBox.x + screenBox.width / 2);
  expect(qrBox.y).toBeGreaterThan(screenBox.y + screenBox.height * 0.75);
  expect(Math.round(screenBox.x + screenBox.width - (qrBox.x + qrBox.width))).toBe(10);
  expect(Math.round(screenBox.y + screenBox.height - (qrBox.y + qrBox.height))).toBe(10);
  await page.screenshot({ path: test.info().outputPath(`ad-editor-qr-${lang}.png`) });

  await dialog.getByRole('button', { name: tx.save }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: `${prefix} ad` });
  await expect(row).toBeVisible();

  // Edit: the QR code is kept where it was put; rename.
  await row.getByRole('button', { name: tx.edit }).click();
  const editor = page.getByRole('dialog', { name: tx.editTitle });
  await expect(editor.getByTestId('overlay-qr-thumbnail')).toBeVisible();
  await expect(editor.getByTestId('overlay-qr')).toContainText(tx.lowerRight);
  await expect(editor.getByTestId('robot-frame').getByRole('img', { name: tx.qrAlt, exact: true })).toHaveAttribute(
    'data-position',
    'lowerRight',
  );
  await editor.getByLabel(tx.adName).fill(`${prefix} ad2`);
  await editor.getByRole('button', { name: tx.save }).click();
  await expect(editor).toBeHidden();
  const renamed = page.getByRole('row').filter({ hasText: `${prefix} ad2` });
  await expect(renamed).toBeVisible();

  // Delete.
  await renamed.getByRole('button', { name: tx.del }).click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: tx.ok }).click();
  await expect(page.getByRole('row').filter({ hasText: `${prefix} ad2` })).toHaveCount(0);
}

// Uploads, server checks and two full ad round trips: allow more than the default minute on a busy machine.
test.describe.configure({ timeout: 180_000 });

test.describe('materials and ads (zh)', () => {
  test('an advertiser uploads files with progress, sees one refused, builds an ad with a QR code, previews, edits and deletes it', async ({
    page,
  }) => {
    await login(page, 'adv', 'advertiser');
    await uploadThree(page, 'zh', 'zh');
    await cancelSlowUpload(page);
    await buildPreviewEditDelete(page, 'zh', 'zh');
  });
});

test.describe('materials and ads (en)', () => {
  test.use({ locale: 'en-US' });
  test('the same in English', async ({ page }) => {
    await login(page, 'root', 'operator', 'en');
    await uploadThree(page, 'en', 'en');
    await buildPreviewEditDelete(page, 'en', 'en');
  });
});
