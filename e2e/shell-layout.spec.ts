import { expect, test } from '@playwright/test';
import { login } from './shell-helpers';

const TEXT = {
  zh: {
    notFound: '页面不存在',
    noPermission: '没有权限',
    error: '出错了',
    account: '账号',
    password: '密码',
    submit: '登录',
    infoPage: '个人信息',
    home: '智慧看板',
    homeGroup: '首页',
    lock: '锁定屏幕',
    lockPassword: '锁屏密码',
    lockNow: '立即锁定',
    unlock: '解锁',
    wrongPassword: '密码不正确',
    closeOthers: '关闭其他',
    tabActions: '标签操作',
    closeAll: '关闭全部',
    name: '姓名',
    search: '搜索菜单',
    prefix: '个人',
    inside: '信息',
    noMatch: '没有匹配的菜单',
  },
  en: {
    notFound: 'Page not found',
    noPermission: 'No permission',
    error: 'Something went wrong',
    account: 'Account',
    password: 'Password',
    submit: 'Log in',
    infoPage: 'Personal info',
    home: 'Smart board',
    homeGroup: 'Home',
    lock: 'Lock screen',
    lockPassword: 'Lock password',
    lockNow: 'Lock now',
    unlock: 'Unlock',
    wrongPassword: 'Wrong password',
    closeOthers: 'Close others',
    tabActions: 'Tab actions',
    closeAll: 'Close all',
    name: 'Name',
    search: 'Search menu',
    prefix: 'Personal',
    inside: 'info',
    noMatch: 'No matching menu',
  },
};

for (const lang of ['zh', 'en'] as const) {
  const T = TEXT[lang];
  test.describe(`guard and routes (${lang})`, () => {
    test.use({ locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
    test('public routes, redirects, deep links after login, unknown paths', async ({ page }) => {
      await page.goto('/ad/List?x=1');
      await expect(page).toHaveURL(/\/login\?redirect=%2Fad%2FList%3Fx%3D1$/);
      await page.goto('/404');
      await expect(page.getByText(T.notFound, { exact: true })).toBeVisible();
      await page.goto('/403');
      await expect(page.getByText(T.noPermission, { exact: true })).toBeVisible();
      await page.goto('/500');
      await expect(page.getByText(T.error, { exact: true })).toBeVisible();

      // A deep link survives the login.
      await page.goto('/info/index');
      await expect(page).toHaveURL(/\/login\?redirect=%2Finfo%2Findex$/);
      await page.getByLabel(T.account, { exact: true }).fill('admin');
      await page.getByLabel(T.password, { exact: true }).fill('Robot@2026');
      await page.getByRole('button', { name: T.submit, exact: true }).click();
      await expect(page).toHaveURL(/\/info\/index$/);
      await expect(page).toHaveTitle(`${T.infoPage} - robot-ads`);

      // Logged in: /login goes to the root, which goes to the smart board; unknown paths go to /404.
      await page.goto('/login');
      await expect(page).toHaveURL(/\/wel\/smartBoard_2$/);
      await expect(page).toHaveTitle(`${T.home} - robot-ads`);
      await page.goto('/wel');
      await expect(page).toHaveURL(/\/wel\/smartBoard_2$/);
      await page.goto('/no/such/page');
      await expect(page).toHaveURL(/\/404$/);

      // An empty token logs out locally. First let the shell's requests settle: the current user's answer
      // writes the session (with the token the page holds) over what the test writes.
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => {
        const raw = JSON.parse(sessionStorage.getItem('robot-ads-session') ?? '{}');
        sessionStorage.setItem('robot-ads-session', JSON.stringify({ ...raw, token: '' }));
      });
      await page.goto('/wel/smartBoard_2');
      await expect(page).toHaveURL(/\/login/);
    });

    test('the lock screen survives a reload and is unlocked with its password', async ({ page }) => {
      await login(page, 'admin', 'operator', lang);
      await page.getByTestId('user-menu').click();
      await page.getByRole('menuitem', { name: T.lock }).click();
      await page.getByRole('dialog').getByLabel(T.lockPassword).fill('1234');
      await page.getByRole('button', { name: T.lockNow }).click();
      await expect(page).toHaveURL(/\/lock$/);
      await page.reload();
      await expect(page).toHaveURL(/\/lock$/);
      await page.goto('/wel/smartBoard_2');
      await expect(page).toHaveURL(/\/lock$/);
      await page.getByLabel(T.lockPassword).fill('9999');
      await page.getByRole('button', { name: T.unlock }).click();
      await expect(page.getByText(T.wrongPassword)).toBeVisible();
      await page.getByLabel(T.lockPassword).fill('1234');
      await page.getByRole('button', { name: T.unlock }).click();
      await expect(page).toHaveURL(/\/wel\/smartBoard_2$/);
    });
  });

  test.describe(`layout (${lang})`, () => {
    test.use({ locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
    test('tabs: one per page, close, close others, close all, right-click menu; tabs survive a reload', async ({
      page,
    }) => {
      await login(page, 'admin', 'operator', lang);
      const tabs = page.locator('.ra-tabs-bar');
      await page.goto('/info/index');
      await expect(tabs.getByRole('tab', { name: T.infoPage })).toBeVisible();
      await page.reload();
      await expect(tabs.getByRole('tab', { name: T.infoPage })).toBeVisible();
      await expect(tabs.getByRole('tab', { name: T.home })).toBeVisible();

      // Right-click menu: close others keeps the home tab and this one.
      await tabs.getByRole('tab', { name: T.infoPage }).click({ button: 'right' });
      await page
        .locator('.ant-dropdown:not(.ant-dropdown-hidden)')
        .getByRole('menuitem', { name: T.closeOthers })
        .click();
      await expect(tabs.getByRole('tab')).toHaveCount(2);
      // Close all goes home.
      await page.getByRole('button', { name: T.tabActions }).click();
      // The newest menu (the right-click one may still be fading out).
      await page.getByRole('menuitem', { name: T.closeAll }).last().click();
      await expect(page).toHaveURL(/\/wel\/smartBoard_2$/);
      await expect(tabs.getByRole('tab')).toHaveCount(1);
      // Close one with its close button.
      await page.goto('/info/index');
      await tabs.locator('.ra-tab').filter({ hasText: T.infoPage }).locator('.ra-tab-close').click();
      await expect(tabs.getByRole('tab', { name: T.infoPage })).toHaveCount(0);
      await expect(page).toHaveURL(/\/wel\/smartBoard_2$/);
    });

    test('keep-alive: a page keeps its state when switching tabs', async ({ page }) => {
      await login(page, 'admin', 'operator', lang);
      await page.goto('/info/index');
      const name = page.locator('.ra-page[data-page="/info/index"]').getByLabel(T.name);
      await name.fill('Kept state');
      await page.locator('.ra-tabs-bar').getByRole('tab', { name: T.home }).click();
      await expect(page).toHaveURL(/\/wel\/smartBoard_2$/);
      await page.locator('.ra-tabs-bar').getByRole('tab', { name: T.infoPage }).click();
      await expect(name).toHaveValue('Kept state');
    });

    test('menu search: prefix match, Enter opens, Esc closes', async ({ page }) => {
      await login(page, 'admin', 'operator', lang);
      const search = page.getByRole('combobox', { name: T.search });
      await search.fill(T.prefix);
      await expect(page.locator('.ant-select-item-option').filter({ hasText: T.infoPage })).toBeVisible();
      await search.press('Escape');
      await expect(page.locator('.ant-select-item-option').filter({ hasText: T.infoPage })).toBeHidden();
      await search.fill(T.prefix);
      await search.press('Enter');
      await expect(page).toHaveURL(/\/info\/index$/);
      // Prefix only: a word inside a name does not match.
      await search.fill(T.inside);
      await expect(page.getByText(T.noMatch)).toBeVisible();
    });

    test('collapse survives a reload; screen classes at 1200/992/768', async ({ page }) => {
      await login(page, 'admin', 'operator', lang);
      const shell = page.locator('.ra-shell');
      await expect(shell).toHaveAttribute('data-collapsed', 'false');
      await page.getByTestId('collapse-toggle').click();
      await expect(shell).toHaveAttribute('data-collapsed', 'true');
      await page.reload();
      await expect(shell).toHaveAttribute('data-collapsed', 'true');
      await page.getByTestId('collapse-toggle').click();
      for (const [width, cls] of [
        [1300, '3'],
        [1000, '2'],
        [800, '1'],
        [600, '0'],
      ] as const) {
        await page.setViewportSize({ width, height: 800 });
        await expect(shell).toHaveAttribute('data-screen-class', cls);
      }
      // A phone opens the menu in a drawer.
      await page.getByTestId('collapse-toggle').click();
      await expect(page.locator('.ra-sider-in-drawer').getByText(T.homeGroup)).toBeVisible();
    });
  });
}

test.describe('menus and top bar per role', () => {
  test('root, project and advertisers see different menus and top-bar items', async ({ page }) => {
    await login(page, 'root');
    await expect(page.getByTestId('notification-bell')).toBeVisible();
    await page.getByTestId('user-menu').click();
    await expect(page.getByRole('menuitem', { name: '修改密码' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: '个人信息' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.evaluate(() => sessionStorage.clear());

    await login(page, 'owner', 'owner');
    await expect(page.getByTestId('notification-bell')).toBeVisible();
    await page.getByTestId('user-menu').click();
    await expect(page.getByRole('menuitem', { name: '修改密码' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: '个人信息' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.evaluate(() => sessionStorage.clear());

    await login(page, 'adv', 'advertiser');
    await expect(page.getByTestId('notification-bell')).toHaveCount(0);
    await page.getByTestId('user-menu').click();
    await expect(page.getByRole('menuitem', { name: '修改密码' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.evaluate(() => sessionStorage.clear());

    await login(page, 'adv_special', 'advertiser');
    await page.getByTestId('user-menu').click();
    await expect(page.getByRole('menuitem', { name: '修改密码' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: '个人信息' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: '退出登录' })).toBeVisible();
    // Its server menus have no personal info page: the page is refused.
    await page.keyboard.press('Escape');
    await page.goto('/info/index');
    await expect(page).toHaveURL(/\/403$/);
  });
});
