import type { AdDto } from '@robot-ads/contracts/ads/ads.schemas';
import type { Ok, Page } from '@robot-ads/contracts/common/envelope';
import type { OverlayPosition } from '@robot-ads/contracts/device-protocol/schedule.schemas';
import type { ResourceDto } from '@robot-ads/contracts/resources/resources.schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api } from '../../../lib/api-client';

export type Ad = AdDto;
export type AdMaterial = ResourceDto;

export interface AdInput {
  name: string;
  kind: 'video' | 'picture';
  begin: number;
  end: number;
  timeZone: string;
  resourcesObjs: string[][];
  /** The QR code and the watermark: a picture uploaded with purpose qr and its position, or none. */
  qr: AdOverlayChoice | null;
  /** Where a scan of the QR code leads (http/https), counted by the server; null for none. */
  qrTarget: string | null;
  watermark: AdOverlayChoice | null;
}

export interface AdOverlayChoice {
  mediaId: string;
  position: OverlayPosition;
}

export const adsPageQuery = (q: { start: number; limit: number; name?: string; kind?: string }) =>
  queryOptions({
    queryKey: ['ads', 'page', q],
    queryFn: () => api.get<Page<Ad>>('/api/Advertisements/queryByPage_admin', { query: q }),
    placeholderData: keepPreviousData,
  });

export const adsByConditionQuery = (q: { name?: string; start: number; limit: number }) =>
  queryOptions({
    queryKey: ['ads', 'condition', q],
    queryFn: () => api.get<Page<Ad>>('/api/Advertisements/queryByCondition_admin', { query: q }),
    placeholderData: keepPreviousData,
  });

/** Materials an ad can use: the picture and video materials of a template (server-side filter). */
export const pickableMaterialsQuery = (q: { kind?: string; template: number; slot?: number; name?: string }) =>
  queryOptions({
    queryKey: ['resources', 'pickable', q],
    queryFn: () =>
      api.get<Page<AdMaterial>>('/api/Resources/queryByPage_admin', { query: { ...q, start: 0, limit: 100 } }),
  });

export const useAdsPage = (q: Parameters<typeof adsPageQuery>[0]) => useQuery(adsPageQuery(q));
export const useAdsByCondition = (q: Parameters<typeof adsByConditionQuery>[0]) => useQuery(adsByConditionQuery(q));
export const usePickableMaterials = (q: Parameters<typeof pickableMaterialsQuery>[0]) =>
  useQuery(pickableMaterialsQuery(q));

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['ads'] });
}

export function useSaveAd() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: AdInput & { id?: string }) =>
      body.id
        ? api.put<Ok<Ad>>('/api/Advertisements', body, { silent: true })
        : api.post<Ok<Ad>>('/api/Advertisements', body, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteAd() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete<Ok<boolean>>(`/api/Advertisements/${id}`, { silent: true }),
    onSuccess: invalidate,
  });
}

/** The server's message (it carries the names and numbers of the rule) when there is one. */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  return error instanceof Error ? error.message : String(error);
}
