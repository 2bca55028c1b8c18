import type { Page } from '@robot-ads/contracts/common/envelope';
import type { PlaylistDto } from '@robot-ads/contracts/playlists/playlists.schemas';
import type {
  CreateShootBody,
  ShootPlanDto,
  ShootQuery,
  ShootRequirementDto,
  ShootTaskDto,
} from '@robot-ads/contracts/shooting/shooting.schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type { ShootPlanDto, ShootRequirementDto, ShootTaskDto };
export type RequirementFilter = Partial<Omit<ShootQuery, 'start' | 'limit'>> & { start: number; limit: number };

/** While a requirement is pushing or ongoing its progress is refreshed every few seconds. */
const LIVE_MS = 5000;
const isLive = (rows: ShootRequirementDto[] | undefined) =>
  (rows ?? []).some((r) => r.state === 'pushing' || r.state === 'ongoing');

export const requirementsQuery = (q: RequirementFilter) =>
  queryOptions({
    queryKey: ['shooting', 'requirements', q],
    queryFn: () =>
      api.get<Page<ShootRequirementDto>>('/api/ShootingRequirements/queryByPage', {
        query: Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')),
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (isLive(query.state.data?.datas) ? LIVE_MS : false),
  });
export const useRequirements = (q: RequirementFilter) => useQuery(requirementsQuery(q));

export const tasksQuery = (id: string, start: number, limit: number) =>
  queryOptions({
    queryKey: ['shooting', 'tasks', id, start, limit],
    queryFn: () => api.get<Page<ShootTaskDto>>('/api/ShootingRequirements/queryTasks', { query: { id, start, limit } }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      (query.state.data?.datas ?? []).some((t) => ['notIssued', 'inProgress', 'ongoing'].includes(t.state))
        ? LIVE_MS
        : false,
  });
export const useTasks = (id: string, start: number, limit: number) => useQuery(tasksQuery(id, start, limit));

/** The plan a requirement may name: refused (unknown, not approved, bound) with the server's message. */
export function checkPlan(planId: string): Promise<ShootPlanDto> {
  return api.get<ShootPlanDto>('/api/ShootingRequirements/checkPlan', { query: { planId }, silent: true });
}

/**
 * The plans the user may name, for the form's searchable selector: the caller's plans (data scope on the
 * server), at most 100 matching the typed name; only approved ones can be chosen.
 */
export const useShootPlanOptions = (name: string, enabled: boolean) =>
  useQuery({
    queryKey: ['shooting', 'plans', name],
    queryFn: () =>
      api.get<Page<PlaylistDto>>('/api/Playlists/queryByCondition', {
        query: { name: name.trim() || undefined, limit: 100 },
      }),
    placeholderData: keepPreviousData,
    enabled,
  });

export function useCreateRequirement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShootBody) => api.post<ShootRequirementDto>('/api/ShootingRequirements', body),
    onSettled: () => client.invalidateQueries({ queryKey: ['shooting'] }),
  });
}

export function useCancelRequirement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<ShootRequirementDto>('/api/ShootingRequirements/cancel', { id }),
    onSettled: () => client.invalidateQueries({ queryKey: ['shooting'] }),
  });
}

export function useRepushRequirement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<ShootRequirementDto>('/api/ShootingRequirements/repush', { id }),
    onSettled: () => client.invalidateQueries({ queryKey: ['shooting'] }),
  });
}
