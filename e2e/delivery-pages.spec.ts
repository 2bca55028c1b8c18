import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { login, PASSWORD } from './shell-helpers';

test.describe('delivery pages (zh)', () => {
  test('an operator opens every delivery page with the demo data', async ({ page, request }) => {
    test.setTimeout(120_000);
    const res = await request.post('/api/Users/v2_2_login', { data: { username: 'root', password: PASSWORD } });
    const token = (await res.json()).data.token as string;
    const plans = await request.get('/api/Playlists/queryByPage_v3?name=Latte%20Week&limit=1', {
      headers: { authorization: `Bearer ${token}` },
    });
    const plan = (await plans.json()).datas[0] as { id: string };

    await login(page, 'root');
    await page.goto(`/ad/ListDetail?id=${plan.id}`);
    await expect(page.getByText('Latte Week').first()).toBeVisible();
    await expect(page.getByText('投放中').first()).toBeVisible();
    await expect(page.getByTestId('week-preview')).toBeVisible();

    await page.goto(`/ad/publishDetail?detailId=${plan.id}`);
    await expect(page.getByText('各设备投放详情')).toBeVisible();
    await expect(page.getByRole('cell', { name: '已拉取' }).first()).toBeVisible();

    await page.goto('/ad/historyPublish');
    await expect(page.getByRole('row', { name: /Summer Promo/ })).toContainText('已取消');

    await page.goto('/check/checkRecord');
    await expect(page.getByRole('row', { name: /Too Dark Promo/ })).toContainText('已驳回');
    // Export what the filters show (the rejected applications), with progress, then download the workbook.
    const records = page.getByRole('main');
    await records.getByLabel('状态').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText('已驳回').click();
    await expect(records.getByRole('row', { name: /Too Dark Promo/ })).toBeVisible();
    await expect(records.getByRole('row', { name: /已通过|待审核/ })).toHaveCount(0);
    const toExport = Number((await records.getByText(/^将导出 \d+ 条记录$/).textContent())?.match(/\d+/)?.[0]);
    expect(toExport).toBeGreaterThan(0);
    await records.getByRole('button', { name: '导出' }).click();
    const exporting = page.getByRole('dialog', { name: '导出' });
    await expect(exporting.getByText('导出完成')).toBeVisible({ timeout: 30_000 });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      exporting.getByRole('link', { name: '打开导出文件' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^audit-records-.+\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(fs.readFileSync(await download.path()) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.name).toBe('审核记录');
    const headers = ((sheet?.getRow(1).values ?? []) as unknown[]).map(String);
    expect(headers).toEqual(expect.arrayContaining(['计划名称', '申请类型', '状态']));
    // The columns of times say the zone they are written in (the browser's).
    expect(headers).toEqual(expect.arrayContaining([expect.stringMatching(/^审核记录（.+，UTC[+-]\d/)]));
    const planNames = sheet?.getColumn(1).values.slice(2) ?? [];
    expect(planNames).toContain('Too Dark Promo');
    expect(planNames).toHaveLength(toExport);
    expect(sheet?.getColumn(7).values.slice(2)).toEqual(planNames.map(() => '已驳回'));

    await page.goto('/auditForm/index');
    await expect(page.getByRole('row', { name: /Harbour Hello/ })).toBeVisible();

    await page.goto('/failedReport');
    await expect(page.getByRole('main').getByText('失败报告')).toBeVisible();

    // Delivery info: the publish records of every plan, one row per plan and device, newest first.
    await page.goto('/publish/info');
    const main = page.getByRole('main');
    const rows = (plan: string) => main.getByRole('row', { name: new RegExp(plan) });
    await expect(rows('Split Autumn').first()).toContainText('已下发');
    await expect(rows('Split Autumn').first()).toContainText('Lucky Coffee');
    // Narrowed by plan name (Enter): only the Latte Week rows, most of them pulled.
    await main.getByLabel('计划名称').fill('latte');
    await main.getByLabel('计划名称').press('Enter');
    await expect(rows('Split Autumn')).toHaveCount(0);
    await expect(rows('Latte Week')).toHaveCount(6);
    await expect(rows('Latte Week').filter({ hasText: '已拉取' }).first()).toBeVisible();
    // Then, with the name cleared, by state: only cancelled records.
    await main.getByLabel('计划名称').fill('');
    await main.getByRole('button', { name: '搜索' }).click();
    await expect(rows('Split Autumn').first()).toBeVisible();
    await main.getByLabel('发布状态').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText('已取消').click();
    await expect(rows('Summer Promo')).toHaveCount(2);
    await expect(rows('Summer Promo').first()).toContainText('已取消');
    await expect(rows('Split Autumn')).toHaveCount(0);
    // By region, chosen from the list (no free text): only Shenzhen's records.
    await main.getByLabel('地区').click();
    await page.locator('.ant-cascader-menu-item[title="广东省"]').click();
    await page.locator('.ant-cascader-menu-item[title="深圳市"]').click();
    await expect(main.locator('.ant-cascader')).toContainText('广东省 / 深圳市');
    await expect(rows('Summer Promo').first()).toContainText('广东省 深圳市');
    await expect(main.getByRole('row').filter({ hasText: '广州市' })).toHaveCount(0);
    await page.screenshot({ path: test.info().outputPath('publish-info-region.png') });
    // The plan name opens the plan's delivery details.
    await main.getByRole('link', { name: 'Summer Promo' }).first().click();
    await expect(page).toHaveURL(/\/ad\/publishDetail\?detailId=/);
    await expect(page.getByText('各设备投放详情')).toBeVisible();

    await page.goto('/cancelReleaseInBatch');
    await expect(page.getByRole('main').getByText('导入批量取消投放')).toBeVisible();
  });
});
