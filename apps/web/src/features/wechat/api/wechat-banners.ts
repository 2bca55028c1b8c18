import type { Page } from '@robot-ads/contracts/common/envelope';
import type {
  BannerDto,
  bannerBody,
  bannerDeleteResponse,
  bannerOrderResponse,
  bannerResponse,
} from '@robot-ads/contracts/wechat/wechat.schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type { BannerDto };
export type BannerInput = z.input<typeof bannerBody>;

const key = ['wechat', 'banners'];

/** The banners in display order (at most 200, the page the server allows). */
export const bannersQuery = () =>
  queryOptions({
    queryKey: key,
    queryFn: () => api.get<Page<BannerDto>>('/api/WechatBanners', { query: { start: 0, limit: 200 } }),
  });
export const useBanners = () => useQuery(bannersQuery());

export function useSaveBanner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: BannerInput }) =>
      id
        ? api.put<z.infer<typeof bannerResponse>>(`/api/WechatBanners/${id}`, body)
        : api.post<z.infer<typeof bannerResponse>>('/api/WechatBanners', body),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useDeleteBanner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<z.infer<typeof bannerDeleteResponse>>(`/api/WechatBanners/${id}`),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** The drag order: the ids in their new order. */
export function useOrderBanners() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api.put<z.infer<typeof bannerOrderResponse>>('/api/WechatBanners/order', { ids }),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
