import type { TableColumnType, TablePaginationConfig, TableProps } from 'antd';
import type { ReactNode } from 'react';
import { i18n } from '../lib/i18n';
import { EmptyState, type EmptyStateProps } from './empty-state';
import { QueryError } from './query-error';

/**
 * How a list column is sized. Every list page declares its columns with a size and passes them through
 * `listTable`, which gives each column a width that holds its content (never narrower than the kind's
 * readable minimum nor than its header), ellipses long text with the full text on hover, fixes the
 * actions column on the right and makes the table scroll horizontally when the page is narrower than
 * the columns. The widths are minimums: on a wider page the fixed layout shares the extra room.
 */
export type ColumnSize =
  /** a name or a customer (a link to the record, usually) */
  | 'name'
  /** a short text: property, scene, account, region */
  | 'text'
  /** a free text: reason, note, description, failure */
  | 'long'
  /** an id or a code (device id, phone) */
  | 'code'
  /** a date and time `YYYY-MM-DD HH:mm:ss` */
  | 'time'
  /** a period `YYYY-MM-DD HH:mm ~ YYYY-MM-DD HH:mm` */
  | 'period'
  /** a status tag or a short label */
  | 'tag'
  /** a count, a size, a figure */
  | 'number'
  /** a thumbnail */
  | 'media'
  /** the row's buttons: fixed on the right */
  | 'actions';

export type ListColumn<T> = TableColumnType<T> & {
  size?: ColumnSize;
  /**
   * A secondary column shown only when the window is at least this wide (px): on a narrower screen
   * it makes room for the key columns, which then fit without scrolling (its value is in the record's
   * detail). Key columns never set it.
   */
  minScreen?: number;
  /**
   * The text is shown whole, wrapping onto more lines in its column, never ellipsed: for a name the reader
   * needs in full to tell rows apart (the order list's customer and plan, issue 38).
   */
  wrap?: boolean;
};

/**
 * The narrowest a column of each kind gets. Chosen so that a list's key columns and its actions fit a
 * 1280 px window beside the open sidebar (about 960 px of table) without scrolling: a time wraps to
 * date over time, a period to its start over its end, and the actions wrap onto a second line.
 */
export const MIN_WIDTH: Record<ColumnSize, number> = {
  name: 150,
  text: 110,
  long: 180,
  code: 130,
  time: 110,
  period: 170,
  tag: 96,
  number: 90,
  media: 80,
  actions: 110,
};

/**
 * The widest the actions column gets: more buttons wrap. 380 px holds the plan list's buttons in English
 * on three lines at most (the page check refuses a taller cell); narrower lists ask for less.
 */
export const ACTIONS_MAX_WIDTH = 380;

const ELLIPSIS: ReadonlySet<ColumnSize> = new Set(['name', 'text', 'long', 'code']);

/** Cell padding (16 px each side) and room for a sorter or filter icon. */
const CELL_PADDING = 32;
const ICON_ROOM = 24;

/** Width of a header text in the 14 px semibold table font: CJK glyphs are square, latin about 8.5 px. */
export function headerWidth(title: unknown): number {
  if (typeof title !== 'string') return 0;
  let w = 0;
  for (const ch of title) w += /[\u2e80-\u9fff\uac00-\ud7af\uff00-\uffef]/.test(ch) ? 14.5 : 8.5;
  return Math.ceil(w) + CELL_PADDING;
}

/** The text of a cell for its hover title: the rendered text, else the raw value. */
function hoverText(value: unknown, rendered: ReactNode): string | undefined {
  if (typeof rendered === 'string' || typeof rendered === 'number') return String(rendered);
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return undefined;
}

/** One column with its width, ellipsis and fixed side decided by its size. */
export function sizeColumn<T>(column: ListColumn<T>): TableColumnType<T> {
  const { size = 'text', minScreen: _minScreen, wrap = false, ...rest } = column;
  const header = headerWidth(rest.title) + (rest.sorter || rest.filters ? ICON_ROOM : 0);
  const given = typeof rest.width === 'number' ? rest.width : 0;
  const width = Math.max(size === 'actions' ? Math.min(given, ACTIONS_MAX_WIDTH) : given, MIN_WIDTH[size], header);
  const sized: TableColumnType<T> = { ...rest, width };
  if (size === 'actions') {
    sized.fixed = 'right';
    sized.className = [rest.className, 'ra-actions-cell'].filter(Boolean).join(' ');
  }
  if (size === 'time' || size === 'period')
    sized.className = [rest.className, 'ra-wrap-cell'].filter(Boolean).join(' ');
  if (wrap) sized.className = [rest.className, 'ra-wrap-text-cell'].filter(Boolean).join(' ');
  else if (ELLIPSIS.has(size)) {
    const render = rest.render;
    sized.ellipsis = { showTitle: false };
    sized.render = (value: unknown, record: T, index: number) => {
      const out = (render ? render(value, record, index) : value) as ReactNode;
      return (
        <span className="ra-cell-ellipsis" title={hoverText(value, out)}>
          {out}
        </span>
      );
    };
  }
  return sized;
}

/** The query a list shows: loading, failed (message and retry) or loaded. */
export interface ListQuery {
  isLoading: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
  data?: unknown;
}

/**
 * The table props every list shares: sized columns, the horizontal scroll they need, the loading state,
 * and in the empty area either the failed query's message with a retry, or what to do and who can do it.
 */
export function listTable<T>(
  columns: readonly ListColumn<T>[],
  options: { query?: ListQuery; empty: EmptyStateProps; loading?: boolean },
): Pick<TableProps<T>, 'columns' | 'scroll' | 'tableLayout' | 'locale' | 'loading'> {
  const screen = typeof window === 'undefined' ? Number.POSITIVE_INFINITY : window.innerWidth;
  const sized = columns.filter((c) => !c.minScreen || screen >= c.minScreen).map((c) => sizeColumn(c));
  const x = sized.reduce((sum, c) => sum + (typeof c.width === 'number' ? c.width : 0), 0);
  const { query } = options;
  const failed = query?.isError && query.data === undefined;
  return {
    columns: sized,
    tableLayout: 'fixed',
    scroll: { x },
    loading: options.loading ?? query?.isLoading ?? false,
    locale: {
      emptyText: failed ? (
        <QueryError error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <EmptyState {...options.empty} />
      ),
    },
  };
}

/**
 * The pagination of a list paged on the server (`start` offset, `limit` size): antd's page numbers
 * from and to the offset, with the size changer.
 */
export function serverPagination(
  page: { start: number; limit: number },
  total: number | undefined,
  onChange: (page: { start: number; limit: number }) => void,
): TablePaginationConfig {
  return {
    current: Math.floor(page.start / page.limit) + 1,
    pageSize: page.limit,
    total: total ?? 0,
    // The total with its word ("320 items", "共 320 条"), never a bare number (issue 38).
    showTotal: (n) => i18n.t('common:pager.total', { count: n }),
    showSizeChanger: true,
    onChange: (current, limit) => onChange({ start: (current - 1) * limit, limit }),
  };
}
