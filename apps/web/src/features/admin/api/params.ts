import type {
  adminParam,
  paramListQuery,
  paramPage,
  paramSubmitBody,
  paramSubmitResponse,
  removeResponse,
} from '@robot-ads/contracts/admin/admin.schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type AdminParam = z.infer<typeof adminParam>;
export type ParamSubmitInput = z.input<typeof paramSubmitBody>;
export type ParamsFilter = z.infer<typeof paramListQuery>;

/** GET /api/blade-system/param/list (paged and filtered on the server). */
export const paramsPageQuery = (q: ParamsFilter) =>
  queryOptions({
    queryKey: ['admin', 'params', q],
    queryFn: () => api.get<z.infer<typeof paramPage>>('/api/blade-system/param/list', { query: { ...q } }),
    placeholderData: keepPreviousData,
  });
export const useParamsPage = (q: ParamsFilter) => useQuery(paramsPageQuery(q));

function useInvalidateParams() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ['admin', 'params'] });
    void client.invalidateQueries({ queryKey: ['iframe-allow-list'] });
  };
}

/** POST /api/blade-system/param/submit: takes effect at once. */
export function useSubmitParam() {
  const invalidate = useInvalidateParams();
  return useMutation({
    mutationFn: (body: ParamSubmitInput) =>
      api.post<z.infer<typeof paramSubmitResponse>>('/api/blade-system/param/submit', body, { silent: true }),
    onSuccess: invalidate,
  });
}

/** POST /api/blade-system/param/remove?ids=… (built-in parameters cannot be removed). */
export function useRemoveParams() {
  const invalidate = useInvalidateParams();
  return useMutation({
    mutationFn: (ids: string[]) =>
      api.post<z.infer<typeof removeResponse>>('/api/blade-system/param/remove', undefined, {
        query: { ids: ids.join(',') },
      }),
    onSuccess: invalidate,
  });
}
