import fs from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { login, PASSWORD } from './shell-helpers';

const AD_LESS_TYPES = ['watch', 'disinfect', 'hydroxylpro', 'hydroxylproA'];

async function apiToken(request: APIRequestContext, username: string, url = '/api/Users/v2_2_login') {
  const res = await request.post(url, { data: { username, password: PASSWORD } });
  expect(res.ok()).toBe(true);
  return (await res.json()).data.token as string;
}

/** Robot IDs from the demo data: a few an operator can group, and one that is not activated. */
async function demoRobotIds(request: APIRequestContext) {
  // An advertiser sees exactly the deliverable robots.
  const adv = await apiToken(request, 'adv', '/api/Users/advertiser_login');
  const list = await request.get('/api/Devices/queryRobotInfo?limit=50', {
    headers: { authorization: `Bearer ${adv}` },
  });
  const usable = ((await list.json()).datas as Array<{ robotId: string; type: string }>)
    .filter((r) => !AD_LESS_TYPES.includes(r.type))
    .map((r) => r.robotId);
  const root = await apiToken(request, 'root');
  const fresh = await request.get('/api/Devices/queryRobotInfo?state=notActivated&limit=1', {
    headers: { authorization: `Bearer ${root}` },
  });
  const notActivated = (await fresh.json()).datas[0].robotId as string;
  return { valid: usable.slice(0, 3), notActivated };
}

async function importFile(ids: string[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.getCell('A1').value = '设备ID';
  ids.forEach((id, i) => {
    sheet.getCell(`A${i + 2}`).value = id;
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function readDownloadedWorkbook(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(fs.readFileSync(file) as unknown as ArrayBuffer);
  return book.worksheets[0];
}

test.describe('device groups (zh)', () => {
  test('an operator creates a group from an imported file, sees its devices and exports them', async ({
    page,
    request,
  }) => {
    const { valid, notActivated } = await demoRobotIds(request);
    expect(valid.length).toBe(3);
    await login(page, 'root');
    await page.goto('/ad/groups');
    await page.getByRole('button', { name: '新建设备组' }).click();
    const dialog = page.getByRole('dialog', { name: '新建设备组' });
    await dialog.getByLabel('设备组名称').fill('E2E 商场组');
    await dialog.getByRole('button', { name: 'Excel 导入设备' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Excel 导入设备' });
    await importDialog.locator('input[type=file]').setInputFiles({
      name: 'devices.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await importFile([...valid, notActivated, 'NOPE0001']),
    });
    await expect(importDialog.getByText('共 5 行：3 台可添加，2 台不能添加')).toBeVisible();
    await expect(importDialog.getByText('设备未激活')).toBeVisible();
    await expect(importDialog.getByText('设备ID不存在')).toBeVisible();
    await importDialog.getByRole('button', { name: '添加 3 台有效设备' }).click();
    await expect(dialog.getByText('已选 3 台')).toBeVisible();
    await dialog.getByRole('button', { name: /确\s*定|OK/ }).click();
    await expect(page.getByText('设备组已创建')).toBeVisible();

    const row = page.getByRole('row', { name: /E2E 商场组/ });
    await expect(row).toContainText('3');
    await row.getByRole('button', { name: '设备' }).click();
    await expect(page).toHaveURL(/\/ad\/groupDetail\?id=/);
    for (const id of valid) await expect(page.getByRole('cell', { name: id, exact: true })).toBeVisible();

    await page.getByRole('button', { name: '导出' }).click();
    const exportDialog = page.getByRole('dialog', { name: '导出' });
    await expect(exportDialog.getByText('导出完成')).toBeVisible({ timeout: 30_000 });
    const sheet = await readDownloadedWorkbook(page, () =>
      exportDialog.getByRole('link', { name: '打开导出文件' }).click(),
    );
    expect(sheet?.getCell('A1').value).toBe('设备ID');
    const exported = [2, 3, 4].map((r) => String(sheet?.getCell(`A${r}`).value));
    expect(exported.sort()).toEqual([...valid].sort());
  });
});

test.describe('online map (en)', () => {
  test.use({ locale: 'en-US' });

  test('the map shows devices and filters them by type and state', async ({ page }) => {
    await login(page, 'root', 'operator', 'en');
    await page.goto('/wel/onlineAmap');
    await expect(page.getByText('Offline map (no map key configured)')).toBeVisible();
    const count = page.getByTestId('map-count');
    await expect(count).toHaveText(/^\d+ devices shown$/);
    const total = Number((await count.textContent())?.split(' ')[0]);
    expect(total).toBeGreaterThan(100);
    await expect(page.getByTestId('device-map').locator('canvas')).toBeVisible();

    await page.getByLabel('Type').fill('Visitor');
    await page.keyboard.press('Enter');
    await expect(count).not.toHaveText(`${total} devices shown`);
    const welcome = Number((await count.textContent())?.split(' ')[0]);
    expect(welcome).toBeGreaterThan(0);
    expect(welcome).toBeLessThan(total);

    await page.getByLabel('Status').fill('Not activated');
    await page.keyboard.press('Enter');
    await expect(count).not.toHaveText(`${welcome} devices shown`);
    expect(Number((await count.textContent())?.split(' ')[0])).toBeLessThan(welcome);

    await page.goto('/wel/deviceBoard');
    await expect(page.getByText('By status')).toBeVisible();
    await expect(page.getByText('Not activated').first()).toBeVisible();
  });
});
