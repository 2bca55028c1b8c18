import fs from 'node:fs';
import path from 'node:path';
import type { Page, Request, Response } from '@playwright/test';
import { lookAtTables, tableProblems } from './page-check-tables';

/**
 * The page check (issue 13): every registered page, as every demo role, in both languages and at two widths,
 * looked at the way a person would: nothing left loading, no squeezed table, no text of the other language,
 * no raw i18n key, no page wider than the window, no console error and no failed API call.
 */
export type Lang = 'zh' | 'en';

export interface RegisteredPage {
  path: string;
  /** false: a page opened from other pages (details), not from the menu. */
  menu: boolean;
}

const FEATURES_DIR = path.join(import.meta.dirname, '..', 'apps/web/src/features');

/**
 * The web app's route table: every `path:` of every `features/<domain>/routes.ts` (the files app/registry.ts
 * collects), with its `menu: false` flag. Read from the sources, so a new page is checked without editing this.
 */
export function registeredPages(featuresDir = FEATURES_DIR): RegisteredPage[] {
  const pages: RegisteredPage[] = [];
  for (const domain of fs.readdirSync(featuresDir).sort()) {
    const file = path.join(featuresDir, domain, 'routes.ts');
    if (!fs.existsSync(file)) continue;
    const source = fs.readFileSync(file, 'utf8');
    const starts = [...source.matchAll(/\bpath:\s*'([^']+)'/g)];
    starts.forEach((m, i) => {
      const end = starts[i + 1]?.index ?? source.length;
      const entry = source.slice(m.index, end);
      pages.push({ path: m[1] as string, menu: !/\bmenu:\s*false\b/.test(entry) });
    });
  }
  return pages;
}

/** Every path in a tree of server menu items. */
export function menuPaths(items: readonly { path?: string | null; children?: unknown }[]): Set<string> {
  const out = new Set<string>();
  const walk = (list: readonly { path?: string | null; children?: unknown }[]) => {
    for (const item of list) {
      if (item.path) out.add(item.path.split('?')[0] as string);
      if (Array.isArray(item.children)) walk(item.children);
    }
  };
  walk(items);
  return out;
}

/** The shell's and antd's loading states. */
export const LOADING_SELECTOR = '.ra-page-loading, .ant-skeleton, .ant-spin-spinning';

/**
 * Where user data (names, customers, properties, regions of the demo data) is shown: text there may be in
 * either language. Marked with the HTML `translate="no"` attribute, or one of antd's data containers.
 */
export const DATA_SELECTOR = [
  '[translate="no"]',
  '.ant-table-tbody td',
  '.ant-descriptions-item-content',
  '.ant-select-selection-item',
  '.ant-select-selection-overflow',
  '.ant-list-item',
  '.ant-card-meta-title',
  '.ant-timeline-item-content',
  '.ant-statistic-content',
  '.echarts-for-react',
  'input',
  'textarea',
].join(', ');

export interface TextPiece {
  text: string;
  /** Inside a user-data container. */
  data: boolean;
  /** A short description of where (tag and class). */
  where: string;
}

export interface PageLook {
  texts: TextPiece[];
  /** The document or the shell's content area is wider than the window. */
  overflow: { document: number; content: number; window: number };
}

/** Reads the visible page: its text nodes (with whether they are user data) and its width. */
export async function lookAt(page: Page, withTexts = true): Promise<PageLook> {
  return page.evaluate(
    ({ dataSelector, withTexts }) => {
      const visible = (el: Element) =>
        el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true });
      const texts: { text: string; data: boolean; where: string }[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = withTexts ? walker.nextNode() : null; node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        const parent = node.parentElement;
        if (!text || !parent || parent.closest('script, style, noscript')) continue;
        if (!visible(parent)) continue;
        texts.push({
          text,
          data: Boolean(parent.closest(dataSelector)),
          where: `${parent.tagName.toLowerCase()}.${String(parent.className).split(' ').slice(0, 2).join('.')}`,
        });
      }
      // The window's title: no raw key (its language is the shell's, a demo name may be in either).
      if (withTexts && document.title) texts.push({ text: document.title, data: true, where: 'title' });
      const content = document.querySelector('.ra-content');
      return {
        texts,
        overflow: {
          document: document.documentElement.scrollWidth,
          content: content ? content.scrollWidth - content.clientWidth : 0,
          window: window.innerWidth,
        },
      };
    },
    { dataSelector: DATA_SELECTOR, withTexts },
  );
}

const CJK = /[\u3400-\u9fff\uf900-\ufaff\u3000-\u303f\uff00-\uffef]/;

/**
 * English words allowed on a zh page outside user data: product and format names the Chinese UI keeps in
 * Latin letters.
 */
const LATIN_ON_ZH = new Set(
  [
    'excel',
    'xlsx',
    'html',
    'html5',
    'email',
    'e-mail',
    'logo',
    'robot',
    'google',
    'amap',
    'wechat',
    'token',
    'https',
    'http',
    'android',
    'windows',
    'linux',
    'chrome',
    'webhook',
    // WeChat's own Chinese documentation names the user's id of a mini-program "OpenID".
    'openid',
  ].map((w) => w.toLowerCase()),
);

/** A raw i18n key: dotted lower-camel words, not a file name, an address or a number. */
const KEY = /(?:^|\s)([a-z][a-zA-Z0-9]*(?:\.[a-zA-Z][a-zA-Z0-9]*){1,4})(?=\s|$)/g;
const FILE_END = /\.(png|jpe?g|gif|webp|svg|mp4|webm|mov|pdf|pptx?|xlsx?|csv|html?|zip|json|txt|com|cn|net|org|io)$/i;

const LOCALES_DIR = path.join(import.meta.dirname, '..', 'apps/web/src/locales');

/**
 * The Chinese words of the app's vocabularies (industries, device types, states, sales types, list types,
 * property types): shown as data (a table cell, a drawer's value), they are still the app's words, and an
 * English page shows them in English (issue 38: "Industry 制造业" in the en device drawer).
 */
export function vocabularyTerms(localesDir = LOCALES_DIR): Set<string> {
  const read = (ns: string) =>
    JSON.parse(fs.readFileSync(path.join(localesDir, 'zh', `${ns}.json`), 'utf8')) as Record<string, unknown>;
  const terms = new Set<string>();
  const add = (map: unknown) => {
    if (map && typeof map === 'object') for (const v of Object.values(map)) if (typeof v === 'string') terms.add(v);
  };
  const devices = read('devices');
  for (const k of ['types', 'states', 'salesTypes', 'listTypes', 'projectTypes']) add(devices[k]);
  // The vocabulary the server writes too (industries, lead sources, priorities, follow-up states).
  const shared = JSON.parse(
    fs.readFileSync(
      path.join(localesDir, '..', '..', '..', '..', 'packages/contracts/src/locales/zh/vocabulary.json'),
      'utf8',
    ),
  ) as Record<string, unknown>;
  for (const list of Object.values(shared)) add(list);
  // Only words with Chinese in them: a brand name kept in Latin letters ("Voko") reads the same in both.
  for (const term of terms) if (!CJK.test(term)) terms.delete(term);
  return terms;
}
let vocabulary: Set<string> | null = null;

/** Problems in the language of the visible text (see LATIN_ON_ZH and DATA_SELECTOR). */
export function languageProblems(texts: readonly TextPiece[], lang: Lang): string[] {
  const problems: string[] = [];
  vocabulary ??= vocabularyTerms();
  for (const piece of texts) {
    for (const m of piece.text.matchAll(KEY)) {
      const key = m[1] as string;
      if (!FILE_END.test(key)) problems.push(`raw i18n key "${key}" (${piece.where})`);
    }
    if (piece.data && lang === 'en' && vocabulary.has(piece.text)) {
      problems.push(`Chinese vocabulary on the English page: "${piece.text}" (${piece.where})`);
    }
    if (piece.data) continue;
    if (lang === 'en' && CJK.test(piece.text)) {
      problems.push(`Chinese text on the English page: "${piece.text.slice(0, 40)}" (${piece.where})`);
    }
    if (lang === 'zh') {
      const words = (piece.text.match(/[A-Za-z][A-Za-z-]{4,}/g) ?? []).filter((w) => !LATIN_ON_ZH.has(w.toLowerCase()));
      if (words.length > 0) {
        problems.push(`English text on the Chinese page: "${piece.text.slice(0, 40)}" (${piece.where})`);
      }
    }
  }
  return problems;
}

/** Problems of the page's width. */
export function layoutProblems(look: PageLook): string[] {
  const problems: string[] = [];
  if (look.overflow.document > look.overflow.window + 1)
    problems.push(`page wider than the window (${look.overflow.document} > ${look.overflow.window} px)`);
  if (look.overflow.content > 1) problems.push(`content area scrolls sideways by ${look.overflow.content} px`);
  return problems;
}

/** The longest a page may keep loading while its calls are still being answered (a server under load). */
export const LOADING_CAP_MS = 45_000;
/** A look at the page slower than this means its main thread was busy (it could not end a loading state). */
const BUSY_PROBE_MS = 1_000;
const POLL_MS = 150;

/**
 * Waits for every loading state to end; returns the ones still showing. A loading state fails once it has
 * shown for `ms` of quiet time: no request of the page under way or answered, and the page responsive (a
 * look at it answered within a second; on a machine starved of CPU the time a page could not run does not
 * count). A skeleton nothing will end (the bug of issue 13) fails after `ms`; nothing waits beyond
 * LOADING_CAP_MS. Without a watch, only the page's responsiveness is taken into account.
 */
export async function settle(page: Page, ms = 5_000, watch?: PageWatch, started = Date.now()): Promise<string[]> {
  let quiet = 0;
  let last = started;
  for (;;) {
    const probeStart = Date.now();
    const showing = await page
      .locator(LOADING_SELECTOR)
      .evaluateAll((els) =>
        els.filter((el) => el.checkVisibility()).map((el) => String(el.className).split(' ')[0] ?? ''),
      );
    if (showing.length === 0) return [];
    const now = Date.now();
    const busy = now - probeStart > BUSY_PROBE_MS;
    const waiting = watch !== undefined && (watch.inFlight > 0 || watch.lastAnswer > last);
    if (waiting) quiet = 0;
    else quiet += busy ? POLL_MS : now - last;
    last = now;
    if (quiet >= ms || now - started >= LOADING_CAP_MS) return [...new Set(showing)];
    await page.waitForTimeout(POLL_MS);
  }
}

/** How the app's error reporter names an unhandled rejection on the console, and how the check reports it. */
export const UNHANDLED = 'unhandled rejection: ';

/**
 * Console errors, uncaught page errors, unhandled rejections and failed API calls, collected while a page is
 * watched.
 */
export class PageWatch {
  readonly problems: string[] = [];
  /** API calls a page is allowed to fail, as `METHOD path status` prefixes, each with its reason. */
  constructor(
    page: Page,
    private readonly expected: readonly { call: RegExp; why: string }[] = [],
  ) {
    page.on('console', (msg) => {
      if (msg.type() !== 'error') return;
      // The app's error reporter names every promise rejected with nobody to handle it (lib/error-log.ts).
      if (msg.text().startsWith(UNHANDLED)) {
        this.problems.push(`${UNHANDLED}${msg.text().slice(UNHANDLED.length, UNHANDLED.length + 200)}`);
        return;
      }
      const where = msg.location().url ? ` (${new URL(msg.location().url).pathname})` : '';
      this.problems.push(`console error: ${msg.text().slice(0, 200)}${where}`);
    });
    page.on('pageerror', (error) => this.problems.push(`page error: ${error.message.slice(0, 200)}`));
    page.on('response', (response) => this.onResponse(response));
    page.on('request', (request) => {
      if (!this.tracked(request)) return;
      this.pending.add(request);
    });
    const answered = (request: Request) => {
      if (this.pending.delete(request)) this.lastAnswer = Date.now();
    };
    page.on('requestfinished', answered);
    page.on('requestfailed', answered);
  }

  private readonly pending = new Set<Request>();
  /** When the page's last request was answered (ms since the epoch). */
  lastAnswer = 0;
  /** Requests of the page not yet answered (the live socket left out). */
  get inFlight(): number {
    return this.pending.size;
  }

  private tracked(request: Request): boolean {
    const url = request.url();
    return !url.startsWith('data:') && !url.includes('/websocket/') && request.resourceType() !== 'websocket';
  }

  private onResponse(response: Response) {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/') || response.status() < 400) return;
    const call = `${response.request().method()} ${url.pathname} ${response.status()}`;
    if (this.expected.some((e) => e.call.test(call))) return;
    this.problems.push(`failed API call: ${call}`);
  }

  /** The problems since the last take, and forgets them. */
  take(): string[] {
    return this.problems.splice(0, this.problems.length);
  }
}

/**
 * Opens an address inside the running app, as a click on a link would (the router follows the history), so a
 * page is shown without loading the app again. Waits until the page (or the page the guard sent to) shows.
 */
export async function openInApp(page: Page, target: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, target);
  const pathname = target.split('?')[0] as string;
  await page
    .locator(`.ra-page[data-page="${pathname}"], .ra-status-page`)
    .filter({ visible: true })
    .first()
    .waitFor({ timeout: 30_000 });
}

/** Resizes the window and lets the page follow (resize handlers, a layout pass). */
export async function resizeTo(page: Page, width: number, height: number): Promise<void> {
  await page.setViewportSize({ width, height });
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** A file name for a path: `/ad/List?x=1` → `ad_List_x_1`. */
export function slug(pagePath: string): string {
  return pagePath.replace(/^\//, '').replace(/[^A-Za-z0-9]+/g, '_') || 'root';
}

/** Where the page check spends its time: milliseconds and count per step (printed at the end of a run). */
export class Timing {
  readonly steps = new Map<string, { ms: number; n: number }>();
  async time<T>(step: string, work: () => Promise<T>): Promise<T> {
    const start = Date.now();
    try {
      return await work();
    } finally {
      const s = this.steps.get(step) ?? { ms: 0, n: 0 };
      s.ms += Date.now() - start;
      s.n += 1;
      this.steps.set(step, s);
    }
  }
  /** Counts an event without timing it (its line reads `0.0 s (n, 0 ms each)`). */
  count(step: string): void {
    this.steps.set(step, { ms: 0, n: (this.steps.get(step)?.n ?? 0) + 1 });
  }
  /** `settle 123.4 s (700)`, one step a line. */
  summary(): string {
    return [...this.steps]
      .map(
        ([step, s]) => `${step} ${(s.ms / 1000).toFixed(1)} s (${s.n}, ${Math.round(s.ms / Math.max(s.n, 1))} ms each)`,
      )
      .join('\n');
  }
}

/**
 * Looks at the page now shown: waits for it to settle (see settle), then checks loading, language, tables
 * and width, and saves a screenshot. Returns the problems found, each prefixed with where.
 */
export async function checkShownPage(
  page: Page,
  options: {
    lang: Lang;
    label: string;
    screenshot?: string;
    since?: number;
    texts?: boolean;
    watch?: PageWatch;
    timing?: Timing;
  },
): Promise<string[]> {
  const timing = options.timing ?? new Timing();
  const loading = await timing.time('settle', () => settle(page, 5_000, options.watch, options.since));
  const problems = loading.map((c) => `loading state still showing after 5 s (${c})`);
  const look = await timing.time('look', () => lookAt(page, options.texts !== false));
  const tables = await timing.time('tables', () => lookAtTables(page));
  problems.push(...languageProblems(look.texts, options.lang), ...tableProblems(tables), ...layoutProblems(look));
  if (options.screenshot) {
    const file = options.screenshot;
    fs.mkdirSync(path.dirname(file), { recursive: true });
    await timing.time('screenshot', () => page.screenshot({ path: file, type: 'jpeg', quality: 60 }));
  }
  return problems.map((p) => `${options.label}: ${p}`);
}

/**
 * The problems counted by kind (an axe rule, a table rule, the text of any other), the kinds met on most pages
 * first, each with the pages it was met on.
 */
export function summarize(problems: readonly string[]): string {
  const kinds = new Map<string, Set<string>>();
  for (const problem of problems) {
    const m = /^\S+ (?:zh|en)(?: \d+px(?: \(loaded at \d+px\))?)? (\S+): (.*)$/.exec(problem);
    const [where, what] = m ? [m[1] as string, m[2] as string] : ['', problem];
    const kind = what.startsWith('axe ')
      ? (what.split(':')[0] as string)
      : what.includes('under the fixed column')
        ? 'table column under a fixed column'
        : what.startsWith('table header clipped')
          ? 'table header clipped'
          : what.replace(/"[^"]*"/g, '"…"').slice(0, 80);
    const pages = kinds.get(kind) ?? new Set<string>();
    kinds.set(kind, pages.add(where));
  }
  return [...kinds]
    .sort((a, b) => b[1].size - a[1].size)
    .map(([kind, pages]) => `${kind}: ${pages.size} page(s): ${[...pages].join(' ')}`)
    .join('\n');
}

/** GET on the API with the session's token, from inside the page. */
export async function apiGet<T>(page: Page, apiPath: string): Promise<{ status: number; body: T }> {
  return page.evaluate(async (p) => {
    const session = JSON.parse(sessionStorage.getItem('robot-ads-session') ?? '{}') as { token?: string };
    const response = await fetch(p, { headers: { Authorization: `Bearer ${session.token ?? ''}` } });
    return { status: response.status, body: (await response.json()) as unknown };
  }, apiPath) as Promise<{ status: number; body: T }>;
}
