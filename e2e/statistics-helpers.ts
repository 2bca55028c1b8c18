import { type APIRequestContext, expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { call } from './api-helpers';
import { PASSWORD } from './shell-helpers';

/** Helpers of the statistics specs (statistics.spec.ts, statistics-simulator.spec.ts). */

/** The figures every statistics screen shows (watch time in whole seconds, as the screens and the xlsx). */
export interface Totals {
  plays: number;
  exposure: number;
  viewers: number;
  watchSeconds: number;
  scans: number;
}

/** The KPI card's value as shown. */
export const kpi = (page: Page, key: string) => page.getByTestId(`kpi-${key}`).locator('.ant-statistic-content-value');

/** The KPI cards of the plan's Statistics tab or of the advertiser board show these totals. */
export async function expectTotals(page: Page, totals: Totals) {
  // The first figure waits for the page (its chunk, the menus and the calls) on a busy machine.
  await expect(kpi(page, 'plays')).toHaveText(String(totals.plays), { timeout: 60_000 });
  await expect(kpi(page, 'exposure')).toHaveText(String(totals.exposure));
  await expect(kpi(page, 'viewers')).toHaveText(String(totals.viewers));
  const lang = await page.evaluate(() => document.documentElement.lang);
  await expect(kpi(page, 'watchTime')).toHaveText(watchText(totals.watchSeconds, lang.startsWith('zh') ? 'zh' : 'en'));
  await expect(kpi(page, 'scans')).toHaveText(String(totals.scans));
}

/** Watch time as a person reads it on the KPI card: hours and minutes, or minutes and seconds. */
export function watchText(seconds: number, lang: 'zh' | 'en'): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  const parts: string[] = [];
  if (h > 0) parts.push(lang === 'zh' ? `${h}小时` : `${h} h`);
  if (m > 0) parts.push(lang === 'zh' ? `${m}分` : `${m} min`);
  if (h === 0 && (s > 0 || m === 0)) parts.push(lang === 'zh' ? `${s}秒` : `${s} s`);
  return parts.join(lang === 'zh' ? '' : ' ');
}

export async function setLanguage(page: Page, language: 'zh' | 'en') {
  await page.evaluate((lang) => {
    const key = 'robot-ads-settings';
    const saved = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
    localStorage.setItem(key, JSON.stringify({ ...saved, language: lang }));
  }, language);
}

/** Every cell value of the workbook, sheet by sheet, row by row. */
export async function workbookCells(file: string): Promise<unknown[]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const cells: unknown[] = [];
  for (const sheet of book.worksheets) sheet.eachRow((row) => row.eachCell((cell) => cells.push(cell.value)));
  return cells;
}

/**
 * The total row of an exported statistics workbook (its last row, labelled 合计 or Total), by column header
 * of the workbook's language.
 */
export async function exportedTotals(file: string): Promise<Record<string, unknown>> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet in the export');
  const headers = (sheet.getRow(1).values as unknown[]).map(String);
  let total: Record<string, unknown> = {};
  sheet.eachRow((row) => {
    const values = row.values as unknown[];
    if (values[1] === '合计' || values[1] === 'Total')
      total = Object.fromEntries(headers.map((h, i) => [h, values[i]]).filter(([h]) => h !== 'undefined'));
  });
  return total;
}

/** A new customer with its own advertiser account (username `stats<suffix>`). */
export async function customerWithAdvertiser(request: APIRequestContext, root: string, suffix: string, now: number) {
  const customer = await call<{ id: string }>(request, root, 'POST', '/api/Customers', {
    name: `Stats customer ${suffix}`,
    phone: `139${suffix}9`,
  });
  const username = `stats${suffix}`;
  await call(request, root, 'POST', '/api/AdvertiserUsers', {
    username,
    password: PASSWORD,
    name: `Stats ${suffix}`,
    customer: customer.data.id,
    diy: true,
    begin: now - 3600,
    end: now + 30 * 86_400,
  });
  return { customerId: customer.data.id, username };
}
