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
 * The findings of the pages shown so far, by what axe reads there: the language, the window's width, the
 * theme (the root element's attributes) and the page's markup. Roles of the same kind often see the same
 * page with the same data (five operator roles on the demo data); axe would give the same answer on the same
 * markup, so it runs once for it. Numbers in ids and id references (`rc_select_12`, counted per app load) are
 * read as one number: the same page opened later in another load has other counters, not other content.
 */
const analysed = new Map<string, Promise<AxeFinding[]>>();

async function markupOf(page: Page, scope: 'document' | 'shown page'): Promise<string | null> {
  if (scope === 'document') return null;
  const shown = new URL(page.url()).pathname;
  return page.evaluate((path) => {
    const el = document.querySelector(`.ra-page[data-page="${path}"]`);
    if (!el) return null;
    const root = document.documentElement;
    const attrs = [...root.attributes].map((a) => `${a.name}=${a.value}`).join(' ');
    const html = el.outerHTML.replace(/\s(id|for|aria-[a-z]+)="[^"]*"/g, (m) => m.replace(/\d+/g, '#'));
    return `${window.innerWidth}\n${attrs}\n${html}`;
  }, shown);
}

/**
 * axeFindings for a page shown, reusing the findings of a page with the same markup analysed before
 * (`reused`); the document scope (the shell, whose menu differs by role) is always analysed.
 */
export async function axeFindingsOnce(
  page: Page,
  scope: 'document' | 'shown page',
): Promise<{ findings: AxeFinding[]; reused: boolean }> {
  const read = await markupOf(page, scope);
  const markup = read === null ? null : createHash('sha256').update(read).digest('hex');
  // The lanes go through the pages in the same order: another role's analysis of the same markup may be
  // under way, and is waited for.
  const known = markup === null ? undefined : analysed.get(markup);
  const reused = known && (await known.catch(() => null));
  if (reused) return { findings: reused, reused: true };
  const findings = axeFindings(page, scope);
  if (markup !== null) analysed.set(markup, findings);
  try {
    return { findings: await findings, reused: false };
  } catch (err) {
    // A failed analysis is not kept: the next page of that markup is analysed again.
    if (markup !== null) analysed.delete(markup);
    throw err;
  }
}

/** One line for a finding: `axe serious color-contrast (4 elements): .a, .b, .c …`. */
export function describeAxeFinding(f: AxeFinding): string {
  const more = f.count > f.targets.length ? ` (+${f.count - f.targets.length} more)` : '';
  return `axe ${f.impact} ${f.rule}: ${f.targets.join(', ')}${more} — ${f.help}`;
}
