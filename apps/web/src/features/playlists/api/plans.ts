import type { Ok, Page } from '@robot-ads/contracts/common/envelope';
import type { PlaylistDto, PlaylistInput, playlistPageQuery } from '@robot-ads/contracts/playlists/playlists.schemas';
import type { publishSummary } from '@robot-ads/contracts/publishing/publishing.schemas';
import type { auditDto } from '@robot-ads/contracts/reviews/reviews.schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type Plan = PlaylistDto;
export type Application = z.infer<typeof auditDto>;
export type PublishSummary = z.infer<typeof publishSummary>['data'];

export type PlanFilter = z.infer<typeof playlistPageQuery>;

export type PlanList = 'all' | 'online' | 'history';
const LIST_PATH: Record<PlanList, string> = {
  all: '/api/Playlists/queryByPage_v3',
  online: '/api/Playlists/queryOnlineAdvertising',
  history: '/api/Playlists/queryHistoryPublish',
};

export const plansQuery = (list: PlanList, q: PlanFilter) =>
  queryOptions({
    queryKey: ['playlists', list, q],
    queryFn: () => api.get<Page<Plan>>(LIST_PATH[list], { query: { ...q } }),
    placeholderData: keepPreviousData,
  });
export const usePlans = (list: PlanList, q: PlanFilter) => useQuery(plansQuery(list, q));

export const planQuery = (id: string) =>
  queryOptions({
    queryKey: ['playlists', 'one', id],
    queryFn: () => api.get<Ok<Plan>>(`/api/Playlists/${id}`, { silent: true }),
    enabled: Boolean(id),
    retry: false,
  });
export const usePlan = (id: string) => useQuery(planQuery(id));

export const usePublishSummary = (id: string) =>
  useQuery({
    queryKey: ['playlists', 'summary', id],
    queryFn: () => api.get<Ok<PublishSummary>>('/api/Publishes/query', { query: { playListId: id }, silent: true }),
    enabled: Boolean(id),
    retry: false,
  });

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['playlists'] });
}

export function useSavePlan() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: PlaylistInput & { id?: string }) =>
      // The editor shows a refusal itself (under the field it names, or in the dialog).
      body.id
        ? api.put<Ok<Plan>>('/api/Playlists', body, { silent: true })
        : api.post<Ok<Plan>>('/api/Playlists', body, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useDeletePlan() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete<Ok<{ id: string }>>(`/api/Playlists/${id}`),
    onSuccess: invalidate,
  });
}

/** POST /api/Ad_Audits and its shortcuts: delivery, cancellation, pause. */
export function useApply() {
  const invalidate = useInvalidate();
  const client = useQueryClient();
  return useMutation({
    // The dialog shows a refusal itself (under the field it names, or above the form).
    mutationFn: (body: Record<string, unknown>) => api.post<Ok<Application>>('/api/Ad_Audits', body, { silent: true }),
    onSuccess: () => {
      invalidate();
      client.invalidateQueries({ queryKey: ['reviews'] });
    },
  });
}

export interface Option {
  id: string;
  name: string;
}
/** Selectors show at most 100 items; more through search. */
export const useAdOptions = (name: string) =>
  useQuery({
    queryKey: ['playlists', 'ad-options', name],
    queryFn: () =>
      api.get<Page<Option & { kind: string }>>('/api/Advertisements/queryByCondition_admin', {
        query: { name: name || undefined, start: 0, limit: 100 },
      }),
    placeholderData: keepPreviousData,
  });
export const useCustomerOptions = (name: string, enabled: boolean) =>
  useQuery({
    queryKey: ['playlists', 'customer-options', name],
    queryFn: () => api.get<Ok<Option[]>>('/api/Customers/findAll', { query: { name: name || undefined, limit: 100 } }),
    enabled,
    placeholderData: keepPreviousData,
  });
export const useGroupOptions = (name: string, enabled: boolean) =>
  useQuery({
    queryKey: ['playlists', 'group-options', name],
    queryFn: () => api.get<Ok<Option[]>>('/api/AdvertGroups', { query: { name: name || undefined } }),
    enabled,
    placeholderData: keepPreviousData,
  });
/** Devices the caller may see that take commercial ads, by name, for the application's device picker. */
export const useDeviceOptions = (name: string, enabled: boolean) =>
  useQuery({
    queryKey: ['playlists', 'device-options', name],
    queryFn: () =>
      api.get<Page<{ robotId: string; name: string; propertyname: string; remainingSlots: number }>>(
        '/api/Devices/queryRobotInfo',
        { query: { start: 0, limit: 100, name: name || undefined, postAds: true } },
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
export const useAccountOptions = (name: string, enabled: boolean) =>
  useQuery({
    queryKey: ['playlists', 'account-options', name],
    queryFn: () =>
      api.get<Page<Option & { account: string; robots: number }>>('/api/Publishes/queryAccountsByCondition', {
        query: { name: name || undefined, start: 0, limit: 100 },
      }),
    enabled,
    placeholderData: keepPreviousData,
  });
