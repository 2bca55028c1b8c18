import type { Ok, Page } from '@robot-ads/contracts/common/envelope';
import type { ResourceKind } from '@robot-ads/contracts/media/media.rules';
import type { ResourceDto, ResourceQuery } from '@robot-ads/contracts/resources/resources.schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type Material = ResourceDto;
export type MaterialFilter = Partial<Omit<ResourceQuery, 'start' | 'limit'>> & { start: number; limit: number };

export const materialsQuery = (q: MaterialFilter) =>
  queryOptions({
    queryKey: ['resources', 'page', q],
    queryFn: () => api.get<Page<Material>>('/api/Resources/queryByPage_admin', { query: q }),
    placeholderData: keepPreviousData,
  });

export const kindsQuery = () =>
  queryOptions({
    queryKey: ['resources', 'kinds'],
    queryFn: () => api.get<Ok<{ kind: ResourceKind; count: number }[]>>('/api/Resources/findKinds'),
  });

export const useMaterials = (q: MaterialFilter) => useQuery(materialsQuery(q));
export const useKinds = () => useQuery(kindsQuery());

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['resources'] });
}

export function useUpdateMaterial() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { id: string; name?: string; reLocation?: string; type?: 'private' | 'public' }) =>
      api.put<Ok<Material>>('/api/Resources', body, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteMaterial() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete<Ok<boolean>>(`/api/Resources/${id}`, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useInvalidateMaterials() {
  return useInvalidate();
}

export function fetchPoster(id: string) {
  return api.get<Ok<{ id: string; url: string; width: number; height: number }>>('/api/Resources/video/toImage', {
    query: { id },
    silent: true,
  });
}
