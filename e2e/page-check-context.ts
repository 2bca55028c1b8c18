import { type BrowserContext, expect, type Page } from '@playwright/test';
import type { Lang } from './page-check-lib';
import { fillLogin, PASSWORD } from './shell-helpers';

/** The page check's browser set-up: the language a context starts in, no CSS transitions, the rules' tests' login. */

/** Sets the language the app uses from its next load on (as the language switch saves it). */
export async function setLanguage(page: Page, lang: Lang) {
  await page.evaluate((language) => {
    const key = 'robot-ads-settings';
    const saved = JSON.parse(localStorage.getItem(key) ?? '{}') as Record<string, unknown>;
    localStorage.setItem(key, JSON.stringify({ ...saved, language }));
  }, lang);
}

/** Sets the language before the app's first load in a context (later loads keep what the page saved). */
export async function startIn(context: BrowserContext, lang: Lang) {
  await context.addInitScript((language) => {
    const key = 'robot-ads-settings';
    if (!localStorage.getItem(key)) localStorage.setItem(key, JSON.stringify({ language }));
  }, lang);
  // No CSS transitions: a control's colour changes at once, as it ends after one. Caught mid-way (a button
  // enabled when its data came, 0.2 s from grey to its colour), axe judged a colour no one is left looking at
  // (CI: a default button's text on the device group detail, found on one run and not the next).
  await context.addInitScript(() => {
    const style = document.createElement('style');
    style.textContent = '*, *::before, *::after { transition: none !important; }';
    document.addEventListener('DOMContentLoaded', () => document.head.append(style), { once: true });
  });
}

/** Logs in as root in English, the window `width` px wide (the tests of the check's own rules). */
export async function loginAsRoot(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
  await page.goto('/login');
  await setLanguage(page, 'en');
  await page.reload();
  await fillLogin(page, 'root', PASSWORD, 'operator', 'en');
  // The shell's first load fetches the menus and the page's chunks: slow on a busy machine.
  await expect(page.locator('.ra-shell')).toBeVisible({ timeout: 60_000 });
}
