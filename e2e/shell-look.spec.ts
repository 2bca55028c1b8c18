import { expect, type Page, test } from '@playwright/test';
import { login } from './shell-helpers';

const THEMES = ['default', 'white', 'dark', 'star', 'blue', 'iview', 'vip', 'cool', 'd2', 'hey', 'lte'];

async function pickTheme(page: Page, name: string, label: string) {
  const option = page.locator(`[data-theme-option="${name}"]`);
  // A click that lands while the picker is still opening is lost (the user clicks again): open and pick
  // until the page wears the theme.
  await expect(async () => {
    if (!(await option.isVisible())) await page.getByRole('button', { name: label, exact: true }).click();
    await option.click({ timeout: 3000 });
    await expect(page.locator('html')).toHaveAttribute('data-theme', name, { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await expect(option).toBeHidden();
  await page.mouse.move(700, 700);
}

test('every theme and the colour picker change the page, and survive a reload', async ({ page }) => {
  test.setTimeout(240_000);
  await login(page, 'admin');
  await page.getByRole('button', { name: '标签操作' }).waitFor();
  const shots = new Map<string, Buffer>();
  for (const name of THEMES) {
    await pickTheme(page, name, '主题');
    await page.waitForTimeout(300);
    shots.set(name, await page.screenshot({ animations: 'disabled' }));
  }
  const values = [...shots.values()].map((b) => b.toString('base64'));
  expect(new Set(values).size).toBe(THEMES.length);
  // dark is a real dark mode: the page behind the content is dark.
  await pickTheme(page, 'dark', '主题');
  await expect(page.locator('.ra-main-column')).toHaveCSS('background-color', 'rgb(11, 11, 11)');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');

  await pickTheme(page, 'default', '主题');
  const before = await page.screenshot({ animations: 'disabled' });
  const preset = page.locator('.ant-color-picker-presets-color').nth(7);
  await expect(async () => {
    if (!(await preset.isVisible())) await page.locator('.ra-colour-picker .ant-color-picker-trigger').click();
    await preset.click({ timeout: 3000 });
    await expect(page.locator('html')).toHaveCSS('--ra-primary-raw', '#F5222D', { timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await page.keyboard.press('Escape');
  await page.mouse.move(700, 700);
  const after = await page.screenshot({ animations: 'disabled' });
  expect(after.equals(before)).toBe(false);
  await page.reload();
  await expect(page.locator('html')).toHaveCSS('--ra-primary-raw', '#F5222D');
});

const RAW_KEY = /\b[a-z][a-zA-Z]*\.[a-z][a-zA-Z]*(?:\.[a-zA-Z]+)*\b/;
const CJK = /[\u3400-\u9fff]/;
const URL_TEXT = /\bhttps?:\/\/\S+/g;

async function menuPaths(page: Page): Promise<string[]> {
  const submenus = page.locator('.ra-menu .ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  for (let guard = 0; guard < 40 && (await submenus.count()) > 0; guard++) await submenus.first().click();
  return page
    .locator('.ra-menu [data-menu-path]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-menu-path') ?? ''));
}

/** Walks every menu page of a role and fails on a raw i18n key or a label in the other language. */
async function walk(page: Page, lang: 'zh' | 'en') {
  const paths = await menuPaths(page);
  expect(paths.length).toBeGreaterThan(0);
  for (const path of paths) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path.replace(/[/.]/g, '\\$&')}(\\?.*)?$`));
    await expect(page.locator(`.ra-page[data-page="${path}"]`)).toBeVisible();
    // Every loading state ends (the page check holds the 5 s rule with a measure of quiet time; on a
    // loaded CI machine a map's GeoJSON can take longer than the default 10 s to arrive and draw).
    await expect(page.locator('.ra-content .ra-page-loading, .ra-content .ant-spin-spinning')).toHaveCount(0, {
      timeout: 30_000,
    });
    const chrome = await page.locator('.ra-sider, .ra-header, .ra-tabs-bar').allInnerTexts();
    const content = await page.locator('.ra-content').innerText();
    // Addresses shown as data (a banner's link: https://example.com/...) are not keys.
    for (const text of [...chrome, content]) {
      expect(text.replace(URL_TEXT, ''), `${path} shows a raw key`).not.toMatch(RAW_KEY);
    }
    const labels = await page.locator('.ra-menu .ant-menu-title-content, .ra-tabs-bar [data-tab]').allInnerTexts();
    for (const label of labels) {
      if (lang === 'en') expect(label, `${path}: "${label}" is not English`).not.toMatch(CJK);
      else expect(label, `${path}: "${label}" is not Chinese`).toMatch(CJK);
    }
    expect(await page.title()).not.toMatch(RAW_KEY);
  }
}

test.describe('language', () => {
  test('zh: every menu page has its labels in Chinese and no raw key', async ({ page }) => {
    test.setTimeout(300_000);
    await login(page, 'root');
    await walk(page, 'zh');
  });

  test('switching to English changes every visible string, antd included, and is remembered', async ({ page }) => {
    test.setTimeout(300_000);
    await login(page, 'admin');
    await expect(page.getByRole('button', { name: '显示' })).toHaveCount(0);
    await page.getByRole('button', { name: '语言' }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('tab', { name: 'Smart board' })).toBeVisible();
    await expect(page).toHaveTitle('Smart board - robot-ads');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // antd's own strings follow (the password field's "Show" button in the password dialog).
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    await expect(
      page.getByRole('dialog', { name: 'Change password' }).getByRole('button', { name: 'Show' }).first(),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Smart board' })).toBeVisible();
    await walk(page, 'en');
  });
});
