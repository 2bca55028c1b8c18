import type { Page } from '@robot-ads/contracts/common/envelope';
import type { ShootRecordDto, ShootRecordQuery } from '@robot-ads/contracts/shooting/shooting.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type { ShootRecordDto };
export type RecordFilter = Partial<Omit<ShootRecordQuery, 'start' | 'limit' | 'language'>>;

export const recordFilterQuery = (q: object) =>
  Object.fromEntries(
    Object.entries(q)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  ) as Record<string, string>;

/** Photos of the robots, newest first, filtered and paged on the server. */
export const recordsQuery = (filter: RecordFilter, start: number, limit: number) =>
  queryOptions({
    queryKey: ['shooting', 'records', filter, start, limit],
    queryFn: () =>
      api.get<Page<ShootRecordDto>>('/api/ShootingRecords/queryByPage', {
        query: recordFilterQuery({ ...filter, start, limit }),
      }),
    placeholderData: keepPreviousData,
  });
export const useRecords = (filter: RecordFilter, start: number, limit: number) =>
  useQuery(recordsQuery(filter, start, limit));
