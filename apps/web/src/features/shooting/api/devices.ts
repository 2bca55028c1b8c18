import type { Page } from '@robot-ads/contracts/common/envelope';
import type { FiltrateDeviceDto, FiltrateDeviceQuery } from '@robot-ads/contracts/shooting/shooting.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type { FiltrateDeviceDto };
export type DeviceFilter = Partial<Omit<FiltrateDeviceQuery, 'planId' | 'start' | 'limit'>>;

const defined = (q: object) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>;

/** The robots a plan is published to, filtered and paged on the server. */
export const planDevicesQuery = (planId: string, filter: DeviceFilter, start: number, limit: number) =>
  queryOptions({
    queryKey: ['shooting', 'devices', planId, filter, start, limit],
    queryFn: () =>
      api.get<Page<FiltrateDeviceDto>>('/api/ShootingRequirements/filtrateDevice', {
        query: defined({ planId, ...filter, start, limit }),
      }),
    placeholderData: keepPreviousData,
    enabled: planId !== '',
  });
export const usePlanDevices = (planId: string, filter: DeviceFilter, start: number, limit: number) =>
  useQuery(planDevicesQuery(planId, filter, start, limit));

/** Every robot id of the plan matching the filter (for "select all"), one page of at most 1000. */
export async function allPlanDeviceIds(planId: string, filter: DeviceFilter): Promise<string[]> {
  const page = await api.get<Page<FiltrateDeviceDto>>('/api/ShootingRequirements/filtrateDevice', {
    query: defined({ planId, ...filter, start: 0, limit: 1000 }),
  });
  return page.datas.map((d) => d.robotId);
}

export const deviceExportQuery = (planId: string, filter: DeviceFilter, language: string) =>
  defined({ planId, ...filter, language });
