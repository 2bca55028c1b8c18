import type {
  adminClient,
  clientListQuery,
  clientPage,
  clientSubmitBody,
  clientSubmitResponse,
  removeResponse,
} from '@robot-ads/contracts/admin/admin.schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type AdminClient = z.infer<typeof adminClient>;
export type ClientSubmitInput = z.input<typeof clientSubmitBody>;
export type ClientsFilter = z.infer<typeof clientListQuery>;

/** GET /api/blade-system/client/list (paged on the server; secrets are never listed). */
export const clientsPageQuery = (q: ClientsFilter) =>
  queryOptions({
    queryKey: ['admin', 'clients', q],
    queryFn: () => api.get<z.infer<typeof clientPage>>('/api/blade-system/client/list', { query: { ...q } }),
    placeholderData: keepPreviousData,
  });
export const useClientsPage = (q: ClientsFilter) => useQuery(clientsPageQuery(q));

/** POST /api/blade-system/client/submit: the answer carries clientSecret once when one is issued. */
export function useSubmitClient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ClientSubmitInput) =>
      api.post<z.infer<typeof clientSubmitResponse>>('/api/blade-system/client/submit', body, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'clients'] }),
  });
}

/** POST /api/blade-system/client/remove?ids=… */
export function useRemoveClients() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) =>
      api.post<z.infer<typeof removeResponse>>('/api/blade-system/client/remove', undefined, {
        query: { ids: ids.join(',') },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'clients'] }),
  });
}
