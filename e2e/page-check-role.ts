import fs from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { axeFindingsOnce, describeAxeFinding } from './page-check-axe';
import { closeTabBehind, setLanguage } from './page-check-context';
import {
  apiGet,
  checkShownPage,
  type Lang,
  menuPaths,
  openInApp,
  PageWatch,
  type RegisteredPage,
  registeredPages,
  resizeTo,
  slug,
  type Timing,
} from './page-check-lib';
import { ScriptWeight } from './page-check-weight';
import { fillLogin, type Mode, PASSWORD } from './shell-helpers';

/** The page check's walk of one role (e2e/page-check.spec.ts): its pages, both languages, both widths. */
export const ROLES: readonly { user: string; mode: Mode }[] = [
  { user: 'root', mode: 'operator' },
  { user: 'admin', mode: 'operator' },
  { user: 'ops', mode: 'operator' },
  { user: 'manager', mode: 'operator' },
  { user: 'operator1', mode: 'operator' },
  { user: 'owner', mode: 'owner' },
  { user: 'adv', mode: 'advertiser' },
  { user: 'adv_nodiy', mode: 'advertiser' },
  { user: 'adv_special', mode: 'advertiser' },
];
/** The app's first load (its chunks, the menus) on a busy machine. */
export const SHELL_MS = 90_000;
export const LANGS = ['zh', 'en'] as const satisfies readonly Lang[];
const WIDTHS = [1920, 1280] as const;
const HEIGHT = 900;
const SHOT_WIDTH = 1280;
/** Roles checked at the same time (each in its own browser context). */
export const LANES = Number(process.env.PAGE_CHECK_LANES ?? 3);
export const SHOTS = path.join(import.meta.dirname, '..', '.tmp', 'page-check');
/**
 * While building a page or a rule, or to time a part of the check: PAGE_CHECK_ONLY=/customer,/account checks
 * only the pages whose path starts with one of these, PAGE_CHECK_ROLES=root,adv only these roles.
 */
const ONLY = (process.env.PAGE_CHECK_ONLY ?? '').split(',').filter(Boolean);
export const ONLY_ROLES = (process.env.PAGE_CHECK_ROLES ?? '').split(',').filter(Boolean);
export const PAGES = registeredPages();

/** Detail pages with the query that names their record, filled from the first record the role can see. */
const DETAIL_QUERIES: Record<string, { list: string; query: (id: string) => string }> = {
  '/ad/ListDetail': { list: '/api/Playlists/queryByPage_v3', query: (id) => `?id=${id}` },
  '/ad/publishDetail': { list: '/api/Playlists/queryByPage_v3', query: (id) => `?detailId=${id}` },
  '/ad/groupDetail': { list: '/api/AdvertGroups/queryRangeByPage', query: (id) => `?id=${id}` },
};

/** Calls answered with an error on purpose while the pages are shown, and why that is right. */
export const EXPECTED_FAILURES = [
  // A role outside a detail page's roles is sent to /403; the record it asked for is refused by the server.
  { call: /^GET \/api\/AdvertGroups\/[0-9a-f]{24} 403$/, why: 'a role without device groups opens a group' },
];

/** The addresses to visit for the role: its menu pages, and each detail page without and with a record. */
async function targetsFor(page: Page): Promise<string[]> {
  const menus = await apiGet<{ data: { path?: string | null; children?: unknown }[] }>(
    page,
    '/api/blade-system/menu/routes',
  );
  expect(menus.status).toBe(200);
  const allowed = menuPaths(menus.body.data);
  const targets: string[] = [];
  const visit = (p: RegisteredPage) =>
    (!p.menu || allowed.has(p.path)) && (ONLY.length === 0 || ONLY.some((prefix) => p.path.startsWith(prefix)));
  for (const p of PAGES.filter(visit)) {
    targets.push(p.path);
    const detail = DETAIL_QUERIES[p.path];
    if (!detail) continue;
    const first = await apiGet<{ datas?: { id: string }[] }>(page, `${detail.list}?start=0&limit=1`);
    const id = first.status === 200 ? first.body.datas?.[0]?.id : undefined;
    if (id) targets.push(p.path + detail.query(id));
  }
  return targets;
}

/**
 * One role: log in once, list its pages, then in each language open every page inside the app and look at it
 * at both widths. Returns the problems found, each labelled with role, language, width and address.
 */
export async function checkRole(page: Page, role: { user: string; mode: Mode }, timing: Timing): Promise<string[]> {
  fs.rmSync(path.join(SHOTS, role.user), { recursive: true, force: true });
  const watch = new PageWatch(page, EXPECTED_FAILURES);
  const problems: string[] = [];
  await resizeTo(page, WIDTHS[0], HEIGHT);
  const weight = new ScriptWeight(page);
  // The context starts in the first language (startIn): no reload of the login page to set it.
  await timing.time('app load', () => page.goto('/login'));
  weight.loggingIn();
  await fillLogin(page, role.user, PASSWORD, role.mode, LANGS[0]);
  await expect(page.locator('.ra-shell')).toBeVisible({ timeout: SHELL_MS });
  // The app lands on the role's home page; a page pushed before it has landed would be replaced.
  await expect(page.locator('.ra-page, .ra-status-page').filter({ visible: true }).first()).toBeVisible({
    timeout: SHELL_MS,
  });
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
  const weighed = await weight.result();
  console.log(`page check: ${role.user} JavaScript gzipped: login ${weighed.loginKb} KB, home ${weighed.homeKb} KB`);
  problems.push(...[...weighed.problems, ...watch.take()].map((p) => `${role.user} login: ${p}`));
  // The pointer was left where the login button was: over the pages shown later, it hovers whatever lies
  // there (a primary button's hover colour, a row's), and axe would judge that passing state. It rests on the
  // logo, which has no hover state.
  await page.mouse.move(0, 0);
  const targets = await targetsFor(page);
  // The problems are also written as found, page by page, and the time per step (kept by CI when a run is cut
  // short).
  let written = 0;
  const flush = () => {
    fs.mkdirSync(path.join(SHOTS, role.user), { recursive: true });
    fs.appendFileSync(
      path.join(SHOTS, role.user, 'problems.txt'),
      problems
        .slice(written)
        .map((p) => `${p}\n`)
        .join(''),
    );
    written = problems.length;
    fs.writeFileSync(path.join(SHOTS, 'timing.txt'), `${timing.summary()}\n`);
  };
  if (targets.length < 3 && ONLY.length === 0) problems.push(`${role.user}: only ${targets.length} pages to check`);

  for (const [l, lang] of LANGS.entries()) {
    if (l > 0) {
      // The language applies on a reload (as the language switch does); pages then open inside the app. The
      // reload is of the home page: the last page may be a detail page the role may not open (its status
      // page shows without the shell).
      await setLanguage(page, lang);
      await timing.time('app load', () => page.goto('/wel/smartBoard_2'));
      await expect(page.locator('.ra-shell')).toBeVisible({ timeout: SHELL_MS });
      // The previous language ended on the last page's second width.
      await resizeTo(page, WIDTHS[0], HEIGHT);
    }
    for (const [i, target] of targets.entries()) {
      flush();
      // Widths alternate in order (1920, 1280 | 1280, 1920 | ...): one resize a page. The order flips with the
      // language, so each page is loaded once at each width and looked at after a resize to the other.
      const widths = (i + l) % 2 === 0 ? WIDTHS : [...WIDTHS].reverse();
      const since = Date.now();
      const label = `${role.user} ${lang} ${target}`;
      try {
        await timing.time('open', () => openInApp(page, target));
      } catch {
        problems.push(`${label}: the page did not show within 30 s`);
        continue;
      }
      if (await closeTabBehind(page, targets, i)) timing.count('tab closed behind');
      for (const [j, width] of widths.entries()) {
        if (j > 0) await timing.time('resize', () => resizeTo(page, width, HEIGHT));
        // One screenshot a page and language, at 1280 px (a screenshot costs as much as a look at the page).
        const screenshot =
          width === SHOT_WIDTH ? path.join(SHOTS, role.user, `${lang}-${width}-${slug(target)}.jpg`) : undefined;
        // The words do not change with the width: read them once.
        const texts = j === 0;
        const at = `${role.user} ${lang} ${width}px${j > 0 ? ` (loaded at ${widths[0]}px)` : ''} ${target}`;
        problems.push(...(await checkShownPage(page, { lang, label: at, screenshot, since, texts, watch, timing })));
        // Accessibility once a load (axe reads the document, not its geometry at a width).
        if (j === 0) {
          // The shell (menu, header, tab bar) is the same around every page: analysed with the first page of
          // a language, then only the page shown (the shell cost 40% of each analysis: 19.7 s against 12.1 s for
          // the same 12 analyses of six pages as root, on a loaded machine).
          const scope = i === 0 ? 'document' : 'shown page';
          const { findings, reused } = await timing.time('axe', () => axeFindingsOnce(page, scope));
          if (reused) timing.count('axe: same shape as a page analysed before');
          problems.push(...findings.map((f) => `${label}: ${describeAxeFinding(f)}`));
        }
        problems.push(...watch.take().map((p) => `${at}: ${p}`));
      }
    }
  }
  flush();
  return problems;
}
