import { useEffect } from 'react';
import { i18n } from '../lib/i18n';

/**
 * Accessibility fixes for what antd's tables render, applied to every table of the shell (pages, dialogs and
 * drawers alike) rather than page by page:
 *
 * - A table's scroll container (`.ant-table-content`, or `.ant-table-body` under a fixed header) becomes a
 *   named, focusable region, so a keyboard user can scroll a wide list with the arrow keys (axe
 *   `scrollable-region-focusable`: a list of plain text has nothing else to focus).
 * - The hidden row antd measures column widths with (`.ant-table-measure-row`, `aria-hidden`) holds copies of
 *   the column titles, the "select all" checkbox among them: it becomes `inert`, so nothing hidden can take
 *   the focus (axe `aria-hidden-focus`).
 */
const SCROLLERS = '.ant-table-content:not([tabindex]), .ant-table-body:not([tabindex])';
const MEASURE_ROWS = '.ant-table-measure-row:not([inert])';

function scrolls(el: HTMLElement): boolean {
  const style = getComputedStyle(el);
  return [style.overflowX, style.overflowY, style.overflow].some((v) => v === 'auto' || v === 'scroll');
}

/** The table's name for its region: the title of the card, dialog or drawer it sits in, else "Table". */
export function tableName(el: Element): string {
  const holder = el.closest('.ant-card, .ant-modal-content, .ant-drawer-content, .ra-page');
  const title = holder?.querySelector('.ant-card-head-title, .ant-modal-title, .ant-drawer-title, h1, h2, h3');
  const text = title?.textContent?.trim();
  return text ? i18n.t('common:a11y.tableRegion', { name: text }) : i18n.t('common:a11y.table');
}

/** Applies the fixes to the tables under `root` not yet fixed. */
export function patchTables(root: ParentNode): void {
  for (const row of root.querySelectorAll<HTMLElement>(MEASURE_ROWS)) row.setAttribute('inert', '');
  for (const el of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
    if (!scrolls(el)) continue;
    el.tabIndex = 0;
    el.setAttribute('role', 'region');
    el.setAttribute('aria-label', tableName(el));
  }
}

/** Keeps the fixes applied while the shell is shown (tables come and go with pages, dialogs and drawers). */
export function useTableA11y(): void {
  useEffect(() => {
    let frame = 0;
    const run = () => {
      frame = 0;
      patchTables(document.body);
    };
    const observer = new MutationObserver(() => {
      if (!frame) frame = requestAnimationFrame(run);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    run();
    return () => {
      observer.disconnect();
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
}
