import type { Ok, Page } from '@robot-ads/contracts/common/envelope';
import type {
  auditDto,
  auditExportStarted,
  auditPageQuery,
  auditRobotDto,
} from '@robot-ads/contracts/reviews/reviews.schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type Application = z.infer<typeof auditDto>;
export type ApplicationRobot = z.infer<typeof auditRobotDto>;
/** The filters of GET /api/Ad_Audits/queryByPage, as sent (todo and view optional), with the page. */
export type ApplicationFilter = Omit<z.input<typeof auditPageQuery>, 'start' | 'limit'> & {
  start: number;
  limit: number;
};

export const applicationsQuery = (q: ApplicationFilter) =>
  queryOptions({
    queryKey: ['reviews', 'page', q],
    queryFn: () => api.get<Page<Application>>('/api/Ad_Audits/queryByPage', { query: { ...q } }),
    placeholderData: keepPreviousData,
  });
export const useApplications = (q: ApplicationFilter) => useQuery(applicationsQuery(q));

/** Starts the background export of a list (its filters, without paging); the ExportButton polls its progress. */
export function startApplicationExport(
  body: Omit<ApplicationFilter, 'start' | 'limit'> & { language: string; timeZone: string },
) {
  return api.post<z.infer<typeof auditExportStarted>>('/api/Ad_Audits/exportAd_audit', body);
}

export const useApplicationRobots = (q: { id: string; start: number; limit: number }) =>
  useQuery({
    queryKey: ['reviews', 'robots', q],
    queryFn: () => api.get<Page<ApplicationRobot>>('/api/Ad_Audits/getRobotsByAd_auditId', { query: { ...q } }),
    enabled: Boolean(q.id),
    placeholderData: keepPreviousData,
  });

function useAction<B>(path: string, method: 'post' | 'delete' = 'post') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: B) =>
      method === 'delete'
        ? api.delete<Ok<{ id: string }>>(`${path}/${(body as { id: string }).id}`)
        : api.post<Ok<Application>>(path, body),
    onSuccess: () => {
      client.invalidateQueries({ queryKey: ['reviews'] });
      client.invalidateQueries({ queryKey: ['playlists'] });
    },
  });
}

export const useConfirm = () => useAction<{ id: string; note?: string }>('/api/Ad_Audits/confirm');
export const useReject = () => useAction<{ id: string; note: string }>('/api/Ad_Audits/reject');
export const useReapply = () => useAction<{ id: string }>('/api/Ad_Audits/reapply');
export const useWithdraw = () => useAction<{ id: string; applicant?: string }>('/api/Ad_Audits/applyCancel');
export const useDeleteApplication = () => useAction<{ id: string }>('/api/Ad_Audits', 'delete');
