import type { Page } from '@playwright/test';

/**
 * The page check's table rules (issue 13), measured in the page as shown: no header or body cell more than 3
 * lines tall (a column squeezed narrow).
 */

export interface CellLines {
  kind: 'header' | 'cell';
  lines: number;
  text: string;
}

export interface TableLook {
  tall: CellLines[];
}

export async function lookAtTables(page: Page): Promise<TableLook> {
  return page.evaluate(() => {
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

    return { tall };
  });
}

/** Problems of the tables, one line each. */
export function tableProblems(look: TableLook): string[] {
  return [...look.tall.map((c) => `table ${c.kind} ${c.lines} lines tall (more than 3): "${c.text}"`)];
}
