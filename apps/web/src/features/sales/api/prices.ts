import type { PriceChangeDto, PriceHistoryQuery, SetPriceBody } from '@robot-ads/contracts/sales/prices.schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { Ok, Page, Paged } from './common';

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
