import type { Page } from '@playwright/test';

/**
 * The page check's table rules (issues 13 and 29), measured in the page as shown:
 * - no header or body cell more than 3 lines tall (a column squeezed narrow);
 * - no data column under a fixed column: at the table's scroll position 0, no fixed (sticky) cell of antd's
 *   `fixed: 'left' | 'right'` columns overlaps the visible box of a header cell that is not fixed, so a
 *   person sees every column the table shows without scrolling it;
 * - no clipped header: every header's text lies inside its cell (and inside any element of the cell that
 *   hides overflow, such as an ellipsis), so it is read whole;
 * - no cut identifier (issue 38): in a column of key identifiers (a header ending in "ID" or "编号", such as
 *   the order ID or the device ID), no cell's text is cut short, unless the cell offers the whole value to
 *   copy (antd's copy button).
 */

export interface CellLines {
  kind: 'header' | 'cell';
  lines: number;
  text: string;
}

export interface CoveredColumn {
  /** The header text of the data column. */
  column: string;
  /** The header text of the fixed column over it ('' for a column without a title, such as a check box). */
  fixed: string;
  /** How many pixels of the column's visible box the fixed column covers. */
  px: number;
}

export interface ClippedHeader {
  text: string;
  /** How many pixels of the text lie outside what shows of the cell. */
  px: number;
}

export interface CutIdentifier {
  column: string;
  text: string;
  /** How many pixels of the value are hidden. */
  px: number;
}

export interface TableLook {
  tall: CellLines[];
  covered: CoveredColumn[];
  clipped: ClippedHeader[];
  cut: CutIdentifier[];
}

/** The header of a column of key identifiers: "Order ID", "Device ID", "设备ID", "订单编号". */
export const IDENTIFIER_HEADER = /(?:\bID|编号)$/;

export async function lookAtTables(page: Page): Promise<TableLook> {
  return page.evaluate((identifierHeader) => {
    const visible = (el: Element) =>
      el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true });
    const textOf = (el: Element) => (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 60);
    const textRects = (cell: Element) => {
      const rects: { node: Text; rect: DOMRect }[] = [];
      const range = document.createRange();
      const inner = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = inner.nextNode(); node; node = inner.nextNode()) {
        if (!node.textContent?.trim()) continue;
        range.selectNodeContents(node);
        for (const rect of range.getClientRects())
          if (rect.width > 0 && rect.height > 0) rects.push({ node: node as Text, rect });
      }
      return rects;
    };
    const linesOf = (cell: Element): number => {
      const tops = textRects(cell).map((r) => r.rect.top);
      if (tops.length === 0) return 0;
      const size = Number.parseFloat(getComputedStyle(cell).fontSize) || 14;
      tops.sort((a, b) => a - b);
      let lines = 1;
      for (let i = 1; i < tops.length; i++) if ((tops[i] as number) - (tops[i - 1] as number) > size * 0.6) lines++;
      return lines;
    };
    const skip = (cell: Element) =>
      !visible(cell) ||
      cell.closest('.ant-table-measure-row, .ant-table-placeholder') !== null ||
      cell.classList.contains('ant-table-cell-scrollbar');

    const tall: { kind: 'header' | 'cell'; lines: number; text: string }[] = [];
    for (const cell of document.querySelectorAll('.ant-table-thead th, .ant-table-tbody td')) {
      if (skip(cell)) continue;
      const lines = linesOf(cell);
      if (lines > 3) tall.push({ kind: cell.tagName === 'TH' ? 'header' : 'cell', lines, text: textOf(cell) });
    }

    // Fixed columns: antd marks their cells ant-table-cell-fix-start / -end (-left / -right before antd 6).
    const fixed = (cell: Element) => /\bant-table-cell-fix-(start|end|left|right)\b/.test(cell.className);
    const covered: { column: string; fixed: string; px: number }[] = [];
    for (const row of document.querySelectorAll('.ant-table-thead > tr')) {
      const cells = [...row.children].filter((c) => !skip(c));
      const fixedCells = cells.filter(fixed);
      if (fixedCells.length === 0) continue;
      // What the table shows of itself: its scrolling box (the header's own box when the header is apart).
      const box = (row.closest('.ant-table-content, .ant-table-header') ?? row).getBoundingClientRect();
      for (const cell of cells.filter((c) => !fixed(c))) {
        const r = cell.getBoundingClientRect();
        const left = Math.max(r.left, box.left);
        const right = Math.min(r.right, box.right);
        if (right - left < 1) continue;
        for (const f of fixedCells) {
          const fr = f.getBoundingClientRect();
          const px = Math.min(right, fr.right) - Math.max(left, fr.left);
          if (px > 1) covered.push({ column: textOf(cell), fixed: textOf(f), px: Math.round(px) });
        }
      }
    }

    // A header's text must lie inside its cell and inside every element of it that hides overflow: within the
    // padding box of an element that clips, within the content box of one that ends in an ellipsis (the text
    // beyond is replaced by "…"), within the border box of the cell (text beyond spills into the next one).
    const clipped: { text: string; px: number }[] = [];
    const edges = (el: Element, ellipsis: boolean) => {
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      const px = (v: string) => Number.parseFloat(v) || 0;
      const inset = (side: 'Left' | 'Right') => px(s[`border${side}Width`]) + (ellipsis ? px(s[`padding${side}`]) : 0);
      return { left: r.left + inset('Left'), right: r.right - inset('Right') };
    };
    for (const cell of document.querySelectorAll('.ant-table-thead th')) {
      if (skip(cell)) continue;
      let worst = 0;
      for (const { node, rect } of textRects(cell)) {
        const box = cell.getBoundingClientRect();
        let left = box.left;
        let right = box.right;
        for (let el: Element | null = node.parentElement; el; el = el === cell ? null : el.parentElement) {
          const style = getComputedStyle(el);
          if (style.overflowX === 'visible') continue;
          const edge = edges(el, style.textOverflow === 'ellipsis');
          left = Math.max(left, edge.left);
          right = Math.min(right, edge.right);
        }
        worst = Math.max(worst, left - rect.left, rect.right - right);
      }
      if (worst > 1) clipped.push({ text: textOf(cell), px: Math.round(worst) });
    }
    // Key identifiers: a cell's text wider than what shows of it (an ellipsis or a clipping box) is cut.
    const identifier = new RegExp(identifierHeader);
    const cut: { column: string; text: string; px: number }[] = [];
    for (const table of document.querySelectorAll('.ant-table')) {
      const headRows = table.querySelectorAll('.ant-table-thead > tr');
      const heads = [...(headRows[headRows.length - 1]?.children ?? [])];
      heads.forEach((th, index) => {
        const column = textOf(th);
        if (!identifier.test(column)) return;
        for (const row of table.querySelectorAll('.ant-table-tbody > tr.ant-table-row')) {
          const td = row.children[index];
          if (!td || skip(td) || td.querySelector('.ant-typography-copy')) continue;
          let hidden = 0;
          // A fixed column's edge cell draws its shadow as a 30 px pseudo-element past its right edge, which
          // counts in the cell's own scroll width: such a cell is measured by what it holds.
          const shadowed = /ant-table-cell-fix-(left-last|right-first|start-shadow|end-shadow)/.test(td.className);
          for (const el of [...(shadowed ? [] : [td]), ...td.querySelectorAll('*')]) {
            const style = getComputedStyle(el);
            if (style.overflowX === 'visible' && style.textOverflow !== 'ellipsis') continue;
            hidden = Math.max(hidden, el.scrollWidth - el.clientWidth);
          }
          if (hidden > 1) cut.push({ column, text: textOf(td), px: hidden });
        }
      });
    }
    return { tall, covered, clipped, cut };
  }, IDENTIFIER_HEADER.source);
}

/** Problems of the tables, one line each. */
export function tableProblems(look: TableLook): string[] {
  return [
    ...look.tall.map((c) => `table ${c.kind} ${c.lines} lines tall (more than 3): "${c.text}"`),
    ...look.covered.map(
      (c) => `table column "${c.column}" lies under the fixed column "${c.fixed}" (${c.px} px covered)`,
    ),
    ...look.clipped.map((c) => `table header clipped: "${c.text}" (${c.px} px of text cut off)`),
    ...look.cut.map((c) => `identifier cut in column "${c.column}": "${c.text}" (${c.px} px hidden)`),
  ];
}
