import type { errorLogDto, errorLogPage, errorLogQuery } from '@robot-ads/contracts/system-logs/system-logs.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type ErrorLog = z.infer<typeof errorLogDto>;
export type ErrorLogsFilter = z.infer<typeof errorLogQuery>;

/** GET /api/ErrorLogs: the front-end errors browsers sent, newest first, filtered on the server. */
export const errorLogsPageQuery = (q: ErrorLogsFilter) =>
  queryOptions({
    queryKey: ['admin', 'error-logs', q],
    queryFn: () => api.get<z.infer<typeof errorLogPage>>('/api/ErrorLogs', { query: { ...q } }),
    placeholderData: keepPreviousData,
  });
export const useErrorLogsPage = (q: ErrorLogsFilter) => useQuery(errorLogsPageQuery(q));
