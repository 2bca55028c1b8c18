import { expect, test } from '@playwright/test';
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

    await page.goto('/auditForm/index');
    await expect(page.getByRole('row', { name: /Harbour Hello/ })).toBeVisible();

    await page.goto('/failedReport');
    await expect(page.getByRole('main').getByText('失败报告')).toBeVisible();

    await page.goto('/cancelReleaseInBatch');
    await expect(page.getByRole('main').getByText('导入批量取消投放')).toBeVisible();
  });
});
