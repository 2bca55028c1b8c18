import type { TablePaginationConfig } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';

/** Unix seconds as `YYYY-MM-DD HH:mm:ss` (spec section 9), '-' when absent. */
export const timeText = (v: number | null | undefined) => (v ? dayjs.unix(v).format('YYYY-MM-DD HH:mm:ss') : '-');
export const dateText = (v: number | null | undefined) => (v ? dayjs.unix(v).format('YYYY-MM-DD') : '-');

/** Drops empty texts so the server sees only the filters really set. */
export function cleanFilter<F extends object>(values: F): F {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([, v]) => v !== undefined && v !== null && !(typeof v === 'string' && v.trim() === ''),
    ),
  ) as F;
}

/** A list paged on the server: the page, the filter (a new filter goes back to page 1), antd's pagination. */
export function useServerPage<F extends object>(initial: F, limit = 10) {
  const [page, setPage] = useState({ start: 0, limit });
  const [filter, setFilterState] = useState<F>(initial);
  return {
    query: { ...filter, ...page },
    filter,
    filtered: Object.keys(cleanFilter(filter)).length > Object.keys(cleanFilter(initial)).length,
    setFilter: (next: F) => {
      setFilterState(cleanFilter(next));
      setPage((p) => ({ ...p, start: 0 }));
    },
    pagination: (total: number | undefined): TablePaginationConfig => ({
      current: Math.floor(page.start / page.limit) + 1,
      pageSize: page.limit,
      total: total ?? 0,
      showSizeChanger: true,
      onChange: (current, size) => setPage({ start: (current - 1) * size, limit: size }),
    }),
  };
}
