import type { TablePaginationConfig } from 'antd';

export interface PageWindow {
  start: number;
  limit: number;
}

/** The table's pagination for a list paged on the server (`start`, `limit`). */
export function serverPaging(
  page: PageWindow,
  total: number | undefined,
  setPage: (page: PageWindow) => void,
): TablePaginationConfig {
  return {
    current: page.start / page.limit + 1,
    pageSize: page.limit,
    total: total ?? 0,
    showSizeChanger: true,
    onChange: (current, limit) => setPage({ start: (current - 1) * limit, limit }),
  };
}
