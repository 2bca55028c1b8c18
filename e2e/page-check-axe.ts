import { createHash } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import axe, { type RunOptions } from 'axe-core';

/**
 * The page check's accessibility rule (issue 29): axe-core on the page as shown, its critical and serious
 * violations as findings. Moderate and minor ones are left to a person's judgement.
 */

export interface AxeFinding {
  rule: string;
  impact: 'critical' | 'serious';
  /** The CSS selector axe gives for each element that fails, the first few. */
  targets: string[];
  /** How many elements fail in all. */
  count: number;
  help: string;
}

/** The elements named in a finding; the rest are counted. */
const TARGETS_SHOWN = 3;

const RANK: Record<string, number> = { minor: 1, moderate: 2, serious: 3, critical: 4 };
const SERIOUS = 3;

/**
 * The rules that cannot report a critical or serious violation: a rule's violation takes the highest impact
 * of its failing checks, and every check of these is moderate or minor (axe-core's own metadata, read from
 * the installed version; `region` and the landmark rules among them, the costliest on a page this size).
 * Skipping them checks nothing less of what the page check enforces.
 */
function rulesNeverSerious(): string[] {
  type Check = { id?: string } | string;
  const audit = (
    axe as unknown as {
      _audit?: {
        rules: { id: string; any: Check[]; all: Check[]; none: Check[] }[];
        data: { checks: Record<string, { impact?: string }> };
      };
    }
  )._audit;
  if (!audit) return [];
  return audit.rules
    .filter((rule) =>
      [...rule.any, ...rule.all, ...rule.none].every((check) => {
        const id = typeof check === 'string' ? check : (check.id ?? '');
        return (RANK[audit.data.checks[id]?.impact ?? 'critical'] ?? 4) < SERIOUS;
      }),
    )
    .map((rule) => rule.id);
}
const SKIPPED_RULES = rulesNeverSerious();

/**
 * axe-core's critical and serious violations on the page as it is now: the whole document (the shell, its
 * page-level rules such as the title and the language, and the page shown), or only the page shown (its
 * `.ra-page`), when the shell around it was analysed on an earlier page of the same load and language. Legacy mode runs axe in the page
 * itself (the app has no cross-origin frames); the default mode opens a blank page for every analysis to
 * merge the frames' results, which costs more than the analysis on a page this size. axe is put into the
 * page once a load: pages opened inside the app keep it, so later analyses skip its 560 KB source.
 */
export async function axeFindings(page: Page, scope: 'document' | 'shown page' = 'document'): Promise<AxeFinding[]> {
  const frames = await Promise.all(
    page.frames().map((f) => f.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function')),
  );
  const present = frames.every(Boolean);
  // The pages of the other open tabs stay mounted, hidden (keep-alive): each is analysed when it is shown,
  // so here only the shell and the page shown. Otherwise every analysis walks all pages opened so far.
  const shown = new URL(page.url()).pathname;
  const context = (await page.locator(`.ra-page[data-page="${shown}"]`).count())
    ? scope === 'shown page'
      ? { include: [`.ra-page[data-page="${shown}"]`] }
      : { exclude: [`.ra-page:not([data-page="${shown}"])`] }
    : undefined;
  const options: RunOptions = {
    resultTypes: ['violations'],
    rules: Object.fromEntries(SKIPPED_RULES.map((rule) => [rule, { enabled: false }])),
  };
  let results: Awaited<ReturnType<AxeBuilder['analyze']>>;
  if (present) {
    // axe is in the page, configured by the builder on the load's first analysis: it runs there directly.
    // The builder would put its source and configuration into every frame again before each run (measured
    // on a loaded machine: 0.5-1.8 s a run through the builder against 0.3-0.7 s for axe.run itself).
    results = await page.evaluate(
      ([ctx, opts]) =>
        (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<never> } }).axe.run(ctx ?? document, opts),
      [context, options] as const,
    );
  } else {
    const builder = new AxeBuilder({ page }).setLegacyMode(true).options(options);
    if (context?.include) builder.include(context.include[0] as string);
    if (context?.exclude) builder.exclude(context.exclude[0] as string);
    results = await builder.analyze();
  }
  const findings: AxeFinding[] = [];
  for (const v of results.violations) {
    const nodes = v.nodes.filter((n) => (n.impact ?? v.impact) === 'critical' || (n.impact ?? v.impact) === 'serious');
    if (nodes.length === 0) continue;
    const impact = nodes.some((n) => (n.impact ?? v.impact) === 'critical') ? 'critical' : 'serious';
    findings.push({
      rule: v.id,
      impact,
      targets: nodes.slice(0, TARGETS_SHOWN).map((n) => n.target.map(String).join(' >>> ')),
      count: nodes.length,
      help: v.help,
    });
  }
  return findings;
}

/**
 * The findings of the pages shown so far, by the shape of what axe reads there: the window's width, the theme
 * (the root element's attributes but its language) and the shape of the page's markup. axe's critical and
 * serious rules judge an element by its kind, role, states, classes and colours and by whether it has a name or
 * text, never by what the text says: five operator roles see the same page with other rows, and zh and en
 * the same page in other words, and axe gives each the same answer. So the shape keeps every element, its
 * classes, role, ARIA states and inline style (lengths read as one), and of a text, a title, a label or an alt
 * only whether it is empty; ids and their references keep their words, not their numbers or hex keys
 * (`rc_select_12`, a row's record id); an element's children count once a shape, in no order (ten rows or
 * three, a draft's row before an approved one's or after). Markup of any other shape is analysed.
 */
const analysed = new Map<string, Promise<AxeFinding[]>>();

async function shapeOf(page: Page, scope: 'document' | 'shown page'): Promise<string | null> {
  if (scope === 'document') return null;
  const shown = new URL(page.url()).pathname;
  return page.evaluate((path) => {
    const el = document.querySelector(`.ra-page[data-page="${path}"]`);
    if (!el) return null;
    /** Attributes whose value axe reads as such (states, roles, classes); others count as empty or not. */
    const kept = new Set([
      'role',
      'type',
      'tabindex',
      'scope',
      'dir',
      'disabled',
      'readonly',
      'checked',
      'selected',
      'hidden',
      'colspan',
      'rowspan',
    ]);
    const references = new Set([
      'id',
      'for',
      'headers',
      'aria-labelledby',
      'aria-describedby',
      'aria-controls',
      'aria-owns',
      'aria-activedescendant',
    ]);
    const named = new Set(['aria-label', 'aria-valuetext', 'aria-roledescription', 'aria-placeholder']);
    /** React's ids (`_r_1l_`), hex record keys and counters read as one. */
    const id = (value: string) =>
      value
        .replace(/_r_[0-9a-z]+_|:r[0-9a-z]+:/g, 'R')
        .replace(/[0-9a-f]{8,}/gi, 'K')
        .replace(/\d+/g, '#');
    /** An inline style's colours as they are; its lengths, offsets and angles read as one. */
    const style = (value: string) =>
      value
        .split(';')
        .map((declaration) => {
          const [property = '', ...rest] = declaration.split(':');
          const colour = /(^|-)color$|^background|^fill$|^stroke$|^border|^outline|^opacity$|^filter$/;
          return colour.test(property.trim())
            ? declaration.trim()
            : `${property.trim()}:${rest.join(':').replace(/-?[\d.]+/g, '#')}`;
        })
        .join(';');
    const attribute = (a: Attr): string => {
      const name = a.name;
      if (references.has(name)) return `${name}=${id(a.value)}`;
      if (name === 'style') return `style=${style(a.value)}`;
      if (/^aria-value(now|min|max)$/.test(name)) return `${name}=${a.value.replace(/[\d.]+/g, '#')}`;
      // A class's number is a place or a size (`ant-pagination-item-3`, `ant-col-12`), never a colour.
      if (name === 'class') return `class=${a.value.replace(/\d+/g, '#')}`;
      if (kept.has(name) || (name.startsWith('aria-') && !named.has(name))) return `${name}=${a.value}`;
      return `${name}${a.value.trim() ? '=V' : ''}`;
    };
    const shape = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent?.trim() ? 'T' : '';
      if (node.nodeType !== Node.ELEMENT_NODE) return '';
      const element = node as Element;
      const parts = new Set<string>();
      for (const child of element.childNodes) {
        const part = shape(child);
        if (part) parts.add(part);
      }
      const attrs = [...element.attributes].map(attribute).sort().join(' ');
      return `<${element.localName} ${attrs}>${[...parts].sort().join('')}</>`;
    };
    const root = document.documentElement;
    const theme = [...root.attributes]
      .filter((a) => a.name !== 'lang')
      .map((a) => `${a.name}=${a.value}`)
      .join(' ');
    return `${window.innerWidth}\n${theme}\n${shape(el)}`;
  }, shown);
}

/**
 * axeFindings for a page shown, reusing the findings of a page of the same shape analysed before
 * (`reused`); the document scope (the shell, whose menu differs by role) is always analysed.
 */
export async function axeFindingsOnce(
  page: Page,
  scope: 'document' | 'shown page',
): Promise<{ findings: AxeFinding[]; reused: boolean }> {
  const read = await shapeOf(page, scope);
  const key = read === null ? null : createHash('sha256').update(read).digest('hex');
  // The lanes go through the pages in the same order: another role's analysis of the same shape may be
  // under way, and is waited for.
  const known = key === null ? undefined : analysed.get(key);
  const reused = known && (await known.catch(() => null));
  if (reused) return { findings: reused, reused: true };
  const findings = axeFindings(page, scope);
  if (key !== null) analysed.set(key, findings);
  try {
    return { findings: await findings, reused: false };
  } catch (err) {
    // A failed analysis is not kept: the next page of that shape is analysed again.
    if (key !== null) analysed.delete(key);
    throw err;
  }
}

/** One line for a finding: `axe serious color-contrast (4 elements): .a, .b, .c …`. */
export function describeAxeFinding(f: AxeFinding): string {
  const more = f.count > f.targets.length ? ` (+${f.count - f.targets.length} more)` : '';
  return `axe ${f.impact} ${f.rule}: ${f.targets.join(', ')}${more} — ${f.help}`;
}
