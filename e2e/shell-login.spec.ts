import { expect, test } from '@playwright/test';
import { fillLogin, login, PASSWORD } from './shell-helpers';

test.describe('login (zh)', () => {
  test('each login mode with a demo account lands on the smart board', async ({ page }) => {
    await login(page, 'root');
    await expect(page).toHaveURL(/\/wel\/smartBoard_2$/);
    await expect(page.getByRole('tab', { name: '智慧看板' })).toBeVisible();
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.getByRole('button', { name: '确定' }).click();
    await expect(page).toHaveURL(/\/login$/);

    await login(page, 'adv', 'advertiser');
    await expect(page).toHaveURL(/\/wel\/smartBoard_2$/);
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await page.evaluate(() => sessionStorage.clear());

    await login(page, 'owner', 'owner');
    await expect(page).toHaveURL(/\/wel\/smartBoard_2$/);
  });

  test('login errors show the code table message', async ({ page }) => {
    await page.goto('/login');
    await fillLogin(page, 'adv', PASSWORD, 'operator');
    await expect(page.getByRole('alert')).toHaveText('账号或密码错误');
    await fillLogin(page, 'root', PASSWORD, 'advertiser');
    await expect(page.getByRole('alert')).toHaveText('账号或密码错误');
    await fillLogin(page, 'nobody-here', 'Wrong@123', 'owner');
    await expect(page.getByRole('alert')).toHaveText('账号或密码错误');
  });

  test('a verification code is asked after three failures and a wrong code is refused', async ({ page }) => {
    await page.goto('/login');
    for (let i = 0; i < 3; i++) {
      await fillLogin(page, 'operator1', 'Wrong@123');
      await expect(page.getByRole('alert')).toHaveText('账号或密码错误');
    }
    await fillLogin(page, 'operator1', 'Wrong@123');
    await expect(page.getByRole('alert')).toHaveText('请输入验证码');
    await expect(page.getByRole('img', { name: '验证码图片' })).toBeVisible();
    // A wrong code is refused and a new picture comes.
    await page.getByLabel('验证码', { exact: true }).fill('ZZZZ');
    await page.getByLabel('密码', { exact: true }).fill('Wrong@123');
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await expect(page.getByRole('alert')).toHaveText('验证码错误');
  });
});

test.describe('login (en)', () => {
  test.use({ locale: 'en-US' });
  test('english login screen, errors and modes', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
    await fillLogin(page, 'adv', 'Wrong@123', 'advertiser', 'en');
    await expect(page.getByRole('alert')).toHaveText('Wrong account or password');
    await fillLogin(page, 'adv', PASSWORD, 'advertiser', 'en');
    await expect(page.locator('.ra-shell')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Smart board' })).toBeVisible();
  });
});
