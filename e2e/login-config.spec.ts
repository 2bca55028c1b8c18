import { expect, test } from '@playwright/test';
import { login } from './shell-helpers';

test.describe('login settings (advertiser two-factor)', () => {
  test('root lists advertiser accounts and cannot turn two-factor on without a message channel', async ({ page }) => {
    await login(page, 'root');
    await page.goto('/account/loginConfig/loginConfig');
    await expect(page.getByRole('tab', { name: '登录配置' })).toBeVisible();
    const table = page.locator('.ant-table');
    // Account, name, customer, phone.
    const row = table.getByRole('row', { name: /^adv Lucky Coffee Lucky Coffee 13900000008/ });
    await expect(row).toBeVisible();
    await expect(table.getByRole('row', { name: /^adv_nodiy Fresh Mart/ })).toBeVisible();

    // Search by name: only the matching account is left.
    await page.getByLabel('名称').fill('Fresh');
    await page
      .getByRole('button', { name: '搜 索' })
      .or(page.getByRole('button', { name: '搜索' }))
      .click();
    await expect(table.getByRole('row', { name: /^adv_nodiy Fresh Mart/ })).toBeVisible();
    await expect(table.getByRole('row', { name: /Lucky Coffee/ })).toHaveCount(0);

    // The e2e server has no MESSAGE_WEBHOOK_URL: turning it on is refused with the reason.
    const toggle = page.getByRole('switch', { name: 'adv_nodiy 的二次验证' });
    await expect(toggle).not.toBeChecked();
    await toggle.click();
    await expect(page.getByText('系统未配置短信/邮件发送通道，不能开启二次验证')).toBeVisible();
    await expect(toggle).not.toBeChecked();
  });

  test('operators without superuser rights have no such menu entry', async ({ page }) => {
    await login(page, 'operator1');
    await expect(page.locator('.ra-sider')).toBeVisible();
    await expect(page.locator('.ra-sider').getByText('登录配置')).toHaveCount(0);
  });
});
