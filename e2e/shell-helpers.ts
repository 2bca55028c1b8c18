import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';

export const PASSWORD = 'Robot@2026';
export type Mode = 'operator' | 'advertiser' | 'owner';

const MODE_TABS: Record<'zh' | 'en', Record<Mode, string>> = {
  zh: { operator: '运营登录', advertiser: '广告主登录', owner: '物业登录' },
  en: { operator: 'Operators', advertiser: 'Advertisers', owner: 'Owners' },
};
const TEXT = {
  zh: { account: '账号', password: '密码', submit: '登录' },
  en: { account: 'Account', password: 'Password', submit: 'Log in' },
};

export async function fillLogin(
  page: Page,
  username: string,
  password: string,
  mode: Mode = 'operator',
  lang: 'zh' | 'en' = 'zh',
) {
  // The previous attempt has finished (the button is no longer loading).
  await expect(page.getByRole('button', { name: TEXT[lang].submit, exact: true })).toBeEnabled();
  await expect(page.locator('.ra-login .ant-btn-loading')).toHaveCount(0);
  await page.getByRole('tab', { name: MODE_TABS[lang][mode] }).click();
  await page.getByLabel(TEXT[lang].account, { exact: true }).fill(username);
  await page.getByLabel(TEXT[lang].password, { exact: true }).fill(password);
  await page.getByRole('button', { name: TEXT[lang].submit, exact: true }).click();
}

/** Logs in from /login and waits for the shell. */
export async function login(page: Page, username: string, mode: Mode = 'operator', lang: 'zh' | 'en' = 'zh') {
  await page.goto('/login');
  await fillLogin(page, username, PASSWORD, mode, lang);
  // The shell's first load fetches the menus and the page's chunks: slow on a busy machine.
  await expect(page.locator('.ra-shell')).toBeVisible({ timeout: 60_000 });
}

export function sider(page: Page) {
  return page.locator('.ra-sider');
}

/** Clicks what downloads an xlsx and reads its first sheet. */
export async function readDownloadedWorkbook(page: Page, click: () => Promise<void>) {
  const [download] = await Promise.all([page.waitForEvent('download'), click()]);
  const file = await download.path();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(fs.readFileSync(file) as unknown as ArrayBuffer);
  return book.worksheets[0];
}
