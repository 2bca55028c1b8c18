import type { adGroupSchema, groupRobotQuery } from '@robot-ads/contracts/ad-groups/ad-groups.schemas';
import type { Ok, Page } from '@robot-ads/contracts/common/envelope';
import type { exportStartSchema, robotSchema } from '@robot-ads/contracts/devices/devices.schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type AdGroup = z.infer<typeof adGroupSchema>;
export type GroupRobot = z.infer<typeof robotSchema>;

export const groupsPageQuery = (q: { start: number; limit: number; name?: string }) =>
  queryOptions({
    queryKey: ['ad-groups', 'page', q],
    queryFn: () => api.get<Page<AdGroup>>('/api/AdvertGroups/queryRangeByPage', { query: q }),
    placeholderData: keepPreviousData,
  });

export const groupQuery = (id: string) =>
  queryOptions({
    queryKey: ['ad-groups', 'one', id],
    queryFn: () => api.get<Ok<AdGroup>>(`/api/AdvertGroups/${id}`, { silent: true }),
    enabled: Boolean(id),
    retry: false,
  });

export type GroupRobotFilter = z.infer<typeof groupRobotQuery>;
export const groupRobotsQuery = (q: GroupRobotFilter) =>
  queryOptions({
    queryKey: ['ad-groups', 'robots', q],
    queryFn: () => api.get<Page<GroupRobot>>('/api/AdvertGroups/queryRobotlist', { query: { ...q } }),
    enabled: Boolean(q.id),
    placeholderData: keepPreviousData,
  });

export const useGroupsPage = (q: Parameters<typeof groupsPageQuery>[0]) => useQuery(groupsPageQuery(q));
export const useGroup = (id: string) => useQuery(groupQuery(id));
export const useGroupRobots = (q: GroupRobotFilter) => useQuery(groupRobotsQuery(q));

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['ad-groups'] });
}

export function useCreateGroup() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { name: string; robotIds: string[] }) => api.post<Ok<AdGroup>>('/api/AdvertGroups', body),
    onSuccess: invalidate,
  });
}

export function useUpdateGroup() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { id: string; name?: string; addRobotIds?: string[]; removeRobotIds?: string[] }) =>
      api.put<Ok<AdGroup>>('/api/AdvertGroups', body),
    onSuccess: invalidate,
  });
}

export function useDeleteGroup() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete<Ok<null>>(`/api/AdvertGroups/${id}`),
    onSuccess: invalidate,
  });
}

export function startGroupExport(q: Omit<GroupRobotFilter, 'start' | 'limit'> & { language: string }) {
  return api.get<Ok<z.infer<typeof exportStartSchema>>>('/api/AdvertGroups/exportRobotInfo', { query: { ...q } });
}
