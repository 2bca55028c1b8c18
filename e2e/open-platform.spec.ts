import { expect as baseExpect, test } from '@playwright/test';
import { login } from './shell-helpers';

/** Full page loads (shell, menus, the page's chunk) take long on a machine shared with other suites. */
const expect = baseExpect.configure({ timeout: 30_000 });

const PLANS = 'GET /api/Playlists/queryByPage_v3';
const OK = /^(确 定|确定|OK)$/;

test.describe('open platform (root)', () => {
  test('root creates an API user, a partner script calls what it may, and a revoked session stops at once', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await login(page, 'root');
    await page.goto('/openPlatform/user/user');
    await expect(page.getByRole('tab', { name: '开放平台用户' })).toBeVisible();
    await page.getByRole('button', { name: '新建应用' }).first().click();
    const dialog = page.getByRole('dialog', { name: '新建应用' });
    await dialog.getByLabel('名称').fill('E2E agency');
    await dialog.getByLabel('所属账号').click();
    await page.locator('.ant-select-item-option').first().click();
    await dialog.getByLabel('允许的接口').click();
    await page.locator('.ant-select-item-option', { hasText: PLANS }).click();
    await dialog.getByLabel('名称').click();
    await dialog.getByRole('button', { name: OK }).click();

    const secretDialog = page.getByRole('dialog', { name: '客户端凭证' });
    await expect(secretDialog.getByText('请立即复制密钥')).toBeVisible();
    const [clientId, clientSecret] = await secretDialog.locator('code').allInnerTexts();
    expect(clientId).toMatch(/^op[0-9a-f]{20}$/);
    await secretDialog.getByRole('button', { name: '已复制' }).click();
    await expect(page.locator('.ant-table').getByRole('row', { name: /E2E agency/ })).toBeVisible();

    // The partner's script: a token, an allowed call, a refused one.
    const token = await request.post('/api/blade-auth/oauth/token', {
      data: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
    });
    expect(token.status()).toBe(200);
    const bearer = { authorization: `Bearer ${(await token.json()).data.access_token}` };
    const plans = await request.get('/api/Playlists/queryByPage_v3?start=0&limit=5', { headers: bearer });
    expect(plans.status()).toBe(200);
    const devices = await request.get('/api/Devices/queryRobotInfo?start=0&limit=5', {
      headers: { ...bearer, 'accept-language': 'en' },
    });
    expect(devices.status()).toBe(403);
    expect((await devices.json()).code).toBe('OPEN_INTERFACE_NOT_ALLOWED');

    // Root revokes the session: the next call fails.
    await page.goto('/openPlatform/ssession');
    const row = page.locator('.ant-table').getByRole('row', { name: /E2E agency/ });
    // A full navigation loads the shell and the page's chunk again: slow on a busy machine.
    await expect(row).toBeVisible({ timeout: 30_000 });
    await row.getByRole('button', { name: /撤\s?销/ }).click();
    await page.getByRole('tooltip').getByRole('button', { name: OK }).click();
    await expect(page.getByText('会话已撤销')).toBeVisible();
    const after = await request.get('/api/Playlists/queryByPage_v3?start=0&limit=5', { headers: bearer });
    expect(after.status()).toBe(401);
  });
});

test.describe('open platform (root, English)', () => {
  test.use({ locale: 'en-US' });
  test('the blacklist takes an address range and the interfaces list the open calls', async ({ page }) => {
    test.setTimeout(120_000);
    await login(page, 'root', 'operator', 'en');
    await page.goto('/openPlatform/blacklist');
    await page.getByRole('button', { name: 'Add to blacklist' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add to blacklist' });
    await dialog.getByLabel('Value').fill('198.51.100.0/24');
    await dialog.getByLabel('Reason').fill('scraping');
    await dialog.getByRole('button', { name: OK }).click();
    await expect(page.locator('.ant-table').getByRole('row', { name: /198\.51\.100\.0\/24.*scraping/ })).toBeVisible();

    await page.goto('/openPlatform/interface');
    await expect(page.getByRole('switch', { name: `Open ${PLANS}` })).toBeChecked();
  });
});
