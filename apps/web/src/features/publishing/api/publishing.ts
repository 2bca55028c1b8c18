import type { Ok, Page } from '@robot-ads/contracts/common/envelope';
import type {
  failedReportRow,
  publishDetailQuery,
  publishDetailRow,
  publishSummary,
} from '@robot-ads/contracts/publishing/publishing.schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type DetailRow = z.infer<typeof publishDetailRow>;
export type FailedRow = z.infer<typeof failedReportRow>;
export type Summary = z.infer<typeof publishSummary>['data'];
export type DetailFilter = z.infer<typeof publishDetailQuery>;

export const usePublishDetails = (q: DetailFilter) =>
  useQuery({
    queryKey: ['publishing', 'details', q],
    queryFn: () => api.get<Page<DetailRow>>('/api/Publishes/queryDetailByPlaylistId', { query: { ...q } }),
    enabled: Boolean(q.playListId),
    placeholderData: keepPreviousData,
  });

export const useSummary = (playListId: string) =>
  useQuery({
    queryKey: ['publishing', 'summary', playListId],
    queryFn: () => api.get<Ok<Summary>>('/api/Publishes/query', { query: { playListId }, silent: true }),
    enabled: Boolean(playListId),
    retry: false,
  });

export const useFailedReport = (q: { start: number; limit: number; name?: string; robotId?: string }) =>
  useQuery({
    queryKey: ['publishing', 'failed', q],
    queryFn: () => api.get<Page<FailedRow>>('/api/Publishes/failedReport', { query: { ...q } }),
    placeholderData: keepPreviousData,
  });

export const usePlanOptions = (name: string) =>
  useQuery({
    queryKey: ['publishing', 'plan-options', name],
    queryFn: () =>
      api.get<Page<{ id: string; name: string }>>('/api/Playlists/queryOnlineAdvertising', {
        query: { name: name || undefined, start: 0, limit: 100 },
      }),
    placeholderData: keepPreviousData,
  });

export function startDetailExport(q: { playListId: string; state?: string; language: string }) {
  return api.get<Ok<{ key: string }>>('/api/Publishes/exportDetailByPlaylistId', { query: { ...q } });
}

export function useCancelByRobots() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { playListId: string; robotIds: string[]; reason: string }) =>
      api.post<Ok<{ cancelled: number }>>('/api/Publishes/cancelPublishByImport', body),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: ['publishing'] });
      client.invalidateQueries({ queryKey: ['playlists'] });
    },
  });
}
