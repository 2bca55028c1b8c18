import type { Ok, Page } from '@robot-ads/contracts/common/envelope';
import type { DeviceState, DeviceType } from '@robot-ads/contracts/devices/devices.rules';
import type {
  activationSecretSchema,
  deliveryInfoSchema,
  deviceBoardSchema,
  exportStartSchema,
  mapPointSchema,
  projectSchema,
  RobotFilters,
  robotDetailSchema,
  robotSchema,
  SetInfoBody,
} from '@robot-ads/contracts/devices/devices.schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type Robot = z.infer<typeof robotSchema>;
export type RobotDetail = z.infer<typeof robotDetailSchema>;
export type MapPoint = z.infer<typeof mapPointSchema>;
export type Project = z.infer<typeof projectSchema>;

export type RobotListQuery = Partial<RobotFilters> & { start: number; limit: number };

export const robotsQuery = (q: RobotListQuery) =>
  queryOptions({
    queryKey: ['devices', 'list', q],
    queryFn: () => api.get<Page<Robot>>('/api/Devices/queryRobotInfo', { query: { ...q } }),
    placeholderData: keepPreviousData,
  });
export const useRobots = (q: RobotListQuery) => useQuery(robotsQuery(q));

export const robotQuery = (robotId: string | null) =>
  queryOptions({
    queryKey: ['devices', 'one', robotId],
    queryFn: () => api.get<Ok<RobotDetail>>('/api/Devices/robotBaseInfo', { query: { robotId: robotId ?? '' } }),
    enabled: Boolean(robotId),
  });
export const useRobot = (robotId: string | null) => useQuery(robotQuery(robotId));

export const boardQuery = () =>
  queryOptions({
    queryKey: ['devices', 'board'],
    queryFn: () => api.get<Ok<z.infer<typeof deviceBoardSchema>>>('/api/StatisDevices/queryRobotInfo'),
    refetchInterval: 30_000,
  });
export const useBoard = () => useQuery(boardQuery());

export const mapPointsQuery = (q: { province?: string; city?: string; type?: DeviceType; state?: DeviceState }) =>
  queryOptions({
    queryKey: ['devices', 'map', q],
    queryFn: () => api.get<Ok<MapPoint[]>>('/api/StatisDevices/queryRobotInfoSimple', { query: { ...q } }),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
export const useMapPoints = (q: Parameters<typeof mapPointsQuery>[0]) => useQuery(mapPointsQuery(q));

export const projectsQuery = () =>
  queryOptions({
    queryKey: ['devices', 'projects'],
    queryFn: () => api.get<Ok<Project[]>>('/api/Projects/findAll'),
    staleTime: 60_000,
  });
export const useProjects = (enabled = true) => useQuery({ ...projectsQuery(), enabled });

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['devices'] });
}

export function useSetInfo() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: Partial<SetInfoBody> & { robotId: string }) => api.post<Ok<Robot>>('/api/Devices/setInfo', body),
    onSuccess: invalidate,
  });
}

export function useSetPrice() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { robotIds: string[]; price: number }) =>
      api.post<Ok<{ updated: number }>>('/api/Devices/setPrice', body),
    onSuccess: invalidate,
  });
}

export function useIssueSecret() {
  return useMutation({
    mutationFn: (robotId: string) =>
      api.post<Ok<z.infer<typeof activationSecretSchema>>>('/api/Devices/activationSecret', { robotId }),
  });
}

export function useRevokeToken() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (robotId: string) => api.post<Ok<{ revoked: number }>>('/api/Devices/revokeToken', { robotId }),
    onSuccess: invalidate,
  });
}

export function startDeviceExport(filters: Partial<RobotFilters> & { language: string }) {
  return api.post<Ok<z.infer<typeof exportStartSchema>>>('/api/Devices/exportRobotInfo', filters);
}

export type DeliveryInfo = z.infer<typeof deliveryInfoSchema>;
export const deliveryInfoQuery = (robotId: string | null) =>
  queryOptions({
    queryKey: ['devices', 'delivery', robotId],
    queryFn: () => api.get<Ok<DeliveryInfo[]>>('/api/Devices/queryDeliveryInfo', { query: { robotId: robotId ?? '' } }),
    enabled: Boolean(robotId),
  });
export const useDeliveryInfo = (robotId: string | null) => useQuery(deliveryInfoQuery(robotId));
