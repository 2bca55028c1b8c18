import fs from 'node:fs';
import { type Cookie, expect, type Locator, type Page } from '@playwright/test';
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

/** Logs in from /login through the form and waits for the shell. */
export async function loginThroughForm(
  page: Page,
  username: string,
  mode: Mode = 'operator',
  lang: 'zh' | 'en' = 'zh',
) {
  await page.goto('/login');
  await fillLogin(page, username, PASSWORD, mode, lang);
  // The shell's first load fetches the menus and the page's chunks: slow on a busy machine.
  await expect(page.locator('.ra-shell')).toBeVisible({ timeout: 60_000 });
}

const SESSION_KEY = 'robot-ads-session';
/** Sessions of this worker, by account, login mode and language: what a login left in the browser. */
const sessions = new Map<string, { session: string; cookies: Cookie[] }>();

/**
 * Logs in and waits for the shell. The first login of an account (mode, language) in a worker goes through
 * the form; later ones give the new page the session that login left (the web app keeps it in
 * sessionStorage, which Playwright's storage state does not carry), once the server still takes its token.
 * The server's language of the account is set as a login through the form sets it.
 */
export async function login(page: Page, username: string, mode: Mode = 'operator', lang: 'zh' | 'en' = 'zh') {
  const key = `${username}|${mode}|${lang}`;
  const saved = sessions.get(key);
  if (saved && (await restoreSession(page, saved, lang))) return;
  sessions.delete(key);
  await loginThroughForm(page, username, mode, lang);
  const session = await page.evaluate((k) => sessionStorage.getItem(k), SESSION_KEY);
  if (session) sessions.set(key, { session, cookies: await page.context().cookies() });
}

async function restoreSession(
  page: Page,
  saved: { session: string; cookies: Cookie[] },
  lang: 'zh' | 'en',
): Promise<boolean> {
  const state = JSON.parse(saved.session) as { token: string; user: Record<string, unknown> };
  const headers = { authorization: `Bearer ${state.token}` };
  // A session that ended since (a logout, a changed password) is not reused.
  const current = await page.request.get('/api/Users/current', { headers });
  if (!current.ok()) return false;
  await page.request.put('/api/Users', { headers, data: { lang } });
  const user = (await current.json()).data as Record<string, unknown>;
  await page.context().addCookies(saved.cookies);
  // A same-origin page that loads no app, to write the session before the app reads it.
  await page.goto('/api/health');
  await page.evaluate(([k, value]) => sessionStorage.setItem(k, value), [
    SESSION_KEY,
    JSON.stringify({ ...state, user: { ...state.user, ...user, lang }, loggedOut: undefined }),
  ] as const);
  await page.goto('/');
  await expect(page.locator('.ra-shell')).toBeVisible({ timeout: 60_000 });
  return true;
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

/** A row action: its button, or the item of the row's "More" menu (the plan list shows one action inline). */
export async function openRowAction(page: Page, plan: string, action: string) {
  const row = page.getByRole('row', { name: new RegExp(plan) });
  await expect(row).toBeVisible();
  const button = row.getByRole('button', { name: action, exact: true });
  if ((await button.count()) > 0) return button.click();
  await row.getByRole('button', { name: /^(更多|More)/ }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

/**
 * The options of this Select's own dropdown (found through the listbox its combobox controls), never those of
 * another Select whose dropdown is still closing: `.ant-select-item-option` alone may match both.
 */
export async function optionsOf(page: Page, combobox: Locator): Promise<Locator> {
  await expect(combobox).toHaveAttribute('aria-expanded', 'true');
  const list = await combobox.getAttribute('aria-controls');
  return page
    .locator('.ant-select-dropdown')
    .filter({ has: page.locator(`[id="${list}"]`) })
    .locator('.ant-select-item-option');
}
