import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

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

/**
 * axe-core's critical and serious violations on the page as it is now. Legacy mode runs axe in the page
 * itself (the app has no cross-origin frames); the default mode opens a blank page for every analysis to
 * merge the frames' results, which costs more than the analysis on a page this size.
 */
export async function axeFindings(page: Page): Promise<AxeFinding[]> {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .options({ resultTypes: ['violations'] })
    .analyze();
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

/** One line for a finding: `axe serious color-contrast (4 elements): .a, .b, .c …`. */
export function describeAxeFinding(f: AxeFinding): string {
  const more = f.count > f.targets.length ? ` (+${f.count - f.targets.length} more)` : '';
  return `axe ${f.impact} ${f.rule}: ${f.targets.join(', ')}${more} — ${f.help}`;
}
