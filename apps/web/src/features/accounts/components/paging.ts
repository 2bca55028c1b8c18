import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';

/**
 * A server-paged list with its filter: `query` is what the list call gets (start, limit and the applied
 * filter); applying a filter goes back to the first page.
 */
export function usePagedFilter<F extends object>(initial: F) {
  const [page, setPage] = useState({ start: 0, limit: 10 });
  const [filter, setFilter] = useState<F>(initial);
  const apply = (next: F) => {
    setFilter(next);
    setPage((p) => ({ ...p, start: 0 }));
  };
  const pagination = (total: number | undefined): TablePaginationConfig => ({
    current: page.start / page.limit + 1,
    pageSize: page.limit,
    total: total ?? 0,
    showSizeChanger: true,
    onChange: (current, limit) => setPage({ start: (current - 1) * limit, limit }),
  });
  const filtered = Object.values(filter).some((v) => v !== undefined && v !== '');
  return { query: { ...page, ...filter }, filter, apply, pagination, filtered };
}
