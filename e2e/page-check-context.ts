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

/** Pages whose tabs stay open behind the one being checked (the home page's tab stays always). */
export const TABS_KEPT = 3;

/**
 * Closes the tab of the page checked TABS_KEPT pages ago, with its close cross, as a person working through
 * the pages would. Every open tab keeps its page mounted (hidden) in the document: after the sixty pages of a
 * role and language, each look at the page shown walked all of them (root alone, 236 page views: 196 s with
 * every tab open against 93 s with the last few, axe 813 -> 249 ms an analysis). A few tabs stay open, so
 * each page is still checked with hidden pages beside it. Returns whether a tab was closed.
 */
export async function closeTabBehind(page: Page, targets: readonly string[], index: number): Promise<boolean> {
  const pathOf = (target: string) => target.split('?')[0] as string;
  const old = targets[index - TABS_KEPT];
  if (old === undefined) return false;
  const value = pathOf(old);
  // A detail page opened again with its record, a few pages later, has the same tab: it stays.
  if (targets.slice(index - TABS_KEPT + 1, index + 1).some((t) => pathOf(t) === value)) return false;
  return page.evaluate((tab) => {
    const cross = document.querySelector<HTMLElement>(
      `[role="tab"][data-tab-value="${CSS.escape(tab)}"] .ra-tab-close`,
    );
    cross?.click();
    return cross !== null;
  }, value);
}
