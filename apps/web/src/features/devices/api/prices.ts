import type { adGroupSchema } from '@robot-ads/contracts/ad-groups/ad-groups.schemas';
import type { Ok, Page } from '@robot-ads/contracts/common/envelope';
import type { PriceChangeDto, PriceHistoryQuery, SetPriceBody } from '@robot-ads/contracts/sales/prices.schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

type Paged<Q> = Partial<Omit<Q, 'start' | 'limit'>> & { start: number; limit: number };

export type PriceChange = PriceChangeDto;

/** GET /api/Devices/priceHistory: the price changes of a robot or a group, newest first. */
export const usePriceHistory = (q: Paged<PriceHistoryQuery> | null) =>
  useQuery({
    queryKey: ['devices', 'priceHistory', q],
    queryFn: () => api.get<Page<PriceChange>>('/api/Devices/priceHistory', { query: { ...q } }),
    enabled: q !== null,
    placeholderData: keepPreviousData,
  });

/** POST /api/Devices/setPrice with a group: every robot of the ad group gets the weekly price. */
export function useSetGroupPrice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SetPriceBody) => api.post<Ok<unknown>>('/api/Devices/setPrice', body, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['devices'] }),
  });
}

/** Ad groups for the group price selector (at most 100, by name). */
export const useGroupOptions = (name: string) =>
  useQuery({
    queryKey: ['devices', 'priceGroups', name],
    queryFn: () =>
      api.get<Page<z.infer<typeof adGroupSchema>>>('/api/AdvertGroups/queryRangeByPage', {
        query: { start: 0, limit: 100, name: name || undefined },
      }),
    placeholderData: keepPreviousData,
  });
