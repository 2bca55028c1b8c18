import { expect, type Page, test } from '@playwright/test';
import { login } from './shell-helpers';

const THEMES = ['default', 'white', 'dark', 'star', 'blue', 'iview', 'vip', 'cool', 'd2', 'hey', 'lte'];

async function pickTheme(page: Page, name: string, label: string) {
  const option = page.locator(`[data-theme-option="${name}"]`);
  // A click that lands while the picker is still opening is lost (the user clicks again): open and pick
  // until the page wears the theme and the picker has closed.
  await expect(async () => {
    if (!(await option.isVisible())) await page.getByRole('button', { name: label, exact: true }).click();
    await option.click({ timeout: 3000 });
    await expect(page.locator('html')).toHaveAttribute('data-theme', name, { timeout: 3000 });
    // The pick closes the picker. Picking the theme already worn changes nothing on the page, so a lost
    // click shows only here: the picker still open.
    await expect(option).toBeHidden({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
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
    if (!(await preset.isVisible())) {
      // The swatch stands in for antd's picker until the first click, which opens the real one.
      await page.locator('.ra-colour-picker .ra-colour-trigger, [data-testid="colour-picker-slot"]').first().click();
    }
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

const CJK = /[\u3400-\u9fff]/;

/** The labels of the menu and the tabs bar. */
const chromeLabels = (page: Page) =>
  page.locator('.ra-menu .ant-menu-title-content, .ra-tabs-bar [data-tab]').allInnerTexts();

// Every page's words in both languages, for every demo role (no raw key, no text of the other language, the
// window's title included) are the page check's (e2e/page-check.spec.ts); here: the switch itself.
test.describe('language', () => {
  test('switching to English changes every visible string, antd included, and is remembered', async ({ page }) => {
    test.setTimeout(180_000);
    await login(page, 'admin');
    for (const label of await chromeLabels(page)) expect(label, `"${label}" is not Chinese`).toMatch(CJK);
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
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    for (const label of await chromeLabels(page)) expect(label, `"${label}" is not English`).not.toMatch(CJK);
  });
});
