import type { Page } from '@robot-ads/contracts/common/envelope';
import type { PublishInfoQuery, PublishInfoRow } from '@robot-ads/contracts/publishing/publishing.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type InfoRow = PublishInfoRow;
/** The filters of /publish/info (every one optional); paging is kept apart. */
export type InfoFilter = Partial<Omit<PublishInfoQuery, 'start' | 'limit'>>;

/** GET queryBycondition: publish records across plans (plan × device), paged and filtered on the server. */
export const publishInfoQuery = (q: InfoFilter & { start: number; limit: number }) =>
  queryOptions({
    // Under 'publishing': a cancellation or publishing elsewhere refreshes the list.
    queryKey: ['publishing', 'info', q],
    queryFn: () => api.get<Page<InfoRow>>('/api/Publishes/queryBycondition', { query: { ...q } }),
    placeholderData: keepPreviousData,
  });
export const usePublishInfo = (q: InfoFilter & { start: number; limit: number }) => useQuery(publishInfoQuery(q));
