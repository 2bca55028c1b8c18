import type { Ok, Page } from '@robot-ads/contracts/common/envelope';
import type { ConsumeRow } from '@robot-ads/contracts/play-events/play-events.schemas';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type { ConsumeRow };

/** A plan's consumption per device (from the hourly play rollups), paged on the server. */
export const useConsume = (q: { playListId: string; start: number; limit: number }) =>
  useQuery({
    queryKey: ['consumption', q],
    queryFn: () => api.get<Page<ConsumeRow>>('/api/Publishes/consume', { query: { ...q } }),
    enabled: Boolean(q.playListId),
    placeholderData: keepPreviousData,
  });

/** Plans ever delivered (at most 100, searched by name on the server). */
export const useConsumePlanOptions = (name: string) =>
  useQuery({
    queryKey: ['consumption', 'plan-options', name],
    queryFn: () =>
      api.get<Page<{ id: string; name: string }>>('/api/Playlists/queryHistoryPublish', {
        query: { name: name || undefined, start: 0, limit: 100 },
      }),
    placeholderData: keepPreviousData,
  });

export function startConsumeExport(q: { playListId: string; language: string }) {
  return api.get<Ok<{ key: string }>>('/api/Publishes/consumeExportAndProgress', { query: { ...q } });
}
