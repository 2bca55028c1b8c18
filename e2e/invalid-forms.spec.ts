import { expect, type Page, test } from '@playwright/test';
import { login } from './shell-helpers';

/**
 * Issue 38: a Save of an empty form on /ad/AD (new ad), /ad/List (new plan) and /orderList/index (new order)
 * shows what is missing under the fields, in the page's language, and leaves no unhandled rejection behind
 * (root's error log had "unhandledrejection [object Object]" from each). One login (ops, English) for the three.
 */
test.describe.configure({ timeout: 240_000 });

/** Unhandled rejections (the app's error reporter names them on the console) and uncaught page errors. */
function watchFaults(page: Page): string[] {
  const faults: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' && msg.text().startsWith('unhandled rejection')) faults.push(msg.text());
  });
  page.on('pageerror', (error) => faults.push(`page error: ${error.message}`));
  return faults;
}

async function saveEmpty(page: Page, path: string, create: string) {
  await page.goto(path);
  await page.getByRole('button', { name: create }).click({ timeout: 45_000 });
  const dialog = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Save' }) });
  await dialog.getByRole('button', { name: 'Save' }).click();
  const errors = dialog.locator('.ant-form-item-explain-error');
  await expect(errors.first()).toBeVisible();
  // The messages are English words, never an object's text.
  for (const text of await errors.allInnerTexts()) {
    expect(text).not.toMatch(/\[object|[\u4e00-\u9fff]/);
    expect(text.trim()).not.toBe('');
  }
  // A second Save while the form is still wrong: still nothing thrown.
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(errors.first()).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
}

test('an invalid Save on the ad, plan and order forms says what is missing and throws nothing', async ({ browser }) => {
  const page = await (await browser.newContext({ locale: 'en-US' })).newPage();
  const faults = watchFaults(page);
  await login(page, 'ops', 'operator', 'en');
  await saveEmpty(page, '/ad/AD', 'New ad');
  await saveEmpty(page, '/ad/List', 'New plan');
  await saveEmpty(page, '/orderList/index', 'New order');
  // Promise rejections are reported as they happen: give the last Save's a moment.
  await page.waitForTimeout(500);
  expect(faults).toEqual([]);
  await page.context().close();
});
