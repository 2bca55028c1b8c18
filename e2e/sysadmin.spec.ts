import { expect as baseExpect, type Page, test } from '@playwright/test';
import { login, sider } from './shell-helpers';

/** Full page loads (shell, menus, the page's chunk) take long on a machine shared with other suites. */
const expect = baseExpect.configure({ timeout: 30_000 });

/** System administration: a menu rename reaches the sidebar, a parameter change takes effect at once. */
const TEXT = {
  zh: {
    search: '按名称搜索菜单',
    clients: '客户端管理',
    edit: /^编\s?辑$/,
    nameZh: '名称（中文）',
    nameEn: '名称（英文）',
    save: /^保\s?存$/,
    saved: '已保存',
    paramKey: '参数键',
    searchButton: /^搜\s?索$/,
    value: '参数值',
    notAllowed: '该页面不能嵌入：https://example.com 不在白名单中',
    errorLog: '错误日志',
  },
  en: {
    search: 'Search menus by name',
    clients: 'Clients',
    edit: /^Edit$/,
    nameZh: 'Name (Chinese)',
    nameEn: 'Name (English)',
    save: /^Save$/,
    saved: 'Saved',
    paramKey: 'Parameter key',
    searchButton: /^Search$/,
    value: 'Value',
    notAllowed: 'This page cannot be embedded: https://example.com is not in the allow-list',
    errorLog: 'Error log',
  },
} as const;

const EMBED = '/myiframe/docs?src=https%3A%2F%2Fexample.com%2Fdocs&name=docs';

async function setAllowList(page: Page, T: (typeof TEXT)['zh' | 'en'], value: string) {
  await page.goto('/system/param');
  await page.getByRole('textbox', { name: T.paramKey }).fill('iframe_allow_list');
  await page.getByRole('button', { name: T.searchButton }).click();
  const row = page.locator('.ant-table-row', { hasText: 'iframe_allow_list' });
  await expect(page.locator('.ant-table-row')).toHaveCount(1);
  await row.getByRole('button', { name: T.edit }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: T.value }).fill(value);
  await dialog.getByRole('button', { name: T.save }).click();
  await expect(page.getByText(T.saved)).toBeVisible();
  await expect(dialog).toBeHidden();
}

test.describe.configure({ mode: 'serial' });

for (const lang of ['zh', 'en'] as const) {
  const T = TEXT[lang];
  test.describe(`system administration (${lang})`, () => {
    test.use({ locale: lang === 'zh' ? 'zh-CN' : 'en-US' });

    test('root renames a menu item, sees it in the sidebar after reload, and a parameter takes effect', async ({
      page,
    }) => {
      // Two pages, two dialogs and five full loads on a machine shared with other suites.
      test.setTimeout(180_000);
      await login(page, 'root', 'operator', lang);
      const renamed = { zh: `客户端-${lang}`, en: `OAuth clients ${lang}` };

      // Menu management: rename the clients entry (found by its current name).
      await page.goto('/system/menu');
      const search = page.getByRole('searchbox', { name: T.search }).or(page.getByLabel(T.search));
      await search.first().fill(lang === 'zh' ? T.clients : 'client');
      await search.first().press('Enter');
      const row = page.locator('.ant-table-row', { hasText: '/system/client' });
      await expect(row).toHaveCount(1);
      await row.getByRole('button', { name: T.edit }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(T.nameZh, { exact: true }).fill(renamed.zh);
      await dialog.getByLabel(T.nameEn, { exact: true }).fill(renamed.en);
      await dialog.getByRole('button', { name: T.save }).click();
      await expect(page.getByText(T.saved)).toBeVisible();

      await page.reload();
      await expect(sider(page).getByText(renamed[lang], { exact: true })).toBeVisible();
      await expect(sider(page).getByText(T.errorLog, { exact: true })).toBeVisible();

      // A parameter: the iframe allow-list decides what /myiframe embeds.
      await page.goto(EMBED);
      await expect(page.getByText(T.notAllowed)).toBeVisible();
      await setAllowList(page, T, 'https://example.com');
      await page.goto(EMBED);
      await expect(page.locator('iframe.ra-iframe')).toHaveAttribute('src', 'https://example.com/docs');
      await expect(page.getByText(T.notAllowed)).toHaveCount(0);
      // Back as it was, for the next language.
      await setAllowList(page, T, '');
      await page.goto(EMBED);
      await expect(page.getByText(T.notAllowed)).toBeVisible();
    });
  });
}
