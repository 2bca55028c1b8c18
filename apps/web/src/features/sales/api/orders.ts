import type { robotSchema } from '@robot-ads/contracts/devices/devices.schemas';
import type { PlaylistDto } from '@robot-ads/contracts/playlists/playlists.schemas';
import type {
  OrderDeliveryDto,
  OrderDetailDto,
  OrderDto,
  OrderQuery,
  OrderQuoteDto,
  orderCreateBody,
  orderCreditBody,
  orderQuoteBody,
  orderReviewBody,
  orderTransitionBody,
} from '@robot-ads/contracts/sales/orders.schemas';
import type { ProofOfPlayReport } from '@robot-ads/contracts/statistics/proof-of-play.schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { ExportStart, Ok, Page, Paged } from './common';

export type Order = OrderDto;
export type OrderFilter = Paged<OrderQuery>;

/** GET /api/Orders/queryByPage: orders in scope, paged and filtered on the server. */
export const ordersPageQuery = (q: OrderFilter) =>
  queryOptions({
    queryKey: ['orders', 'page', q],
    queryFn: () => api.get<Page<Order>>('/api/Orders/queryByPage', { query: { ...q } }),
    placeholderData: keepPreviousData,
  });
export const useOrdersPage = (q: OrderFilter) => useQuery(ordersPageQuery(q));

/** GET /api/Orders/{id}: lines, robots and the history of the order. */
export const orderQuery = (id: string | null) =>
  queryOptions({
    queryKey: ['orders', 'one', id],
    queryFn: () => api.get<Ok<OrderDetailDto>>(`/api/Orders/${id}`),
    enabled: Boolean(id),
  });
export const useOrder = (id: string | null) => useQuery(orderQuery(id));

/** POST /api/Orders/quote: the amount from the prices, line by line (re-asked when the booking changes). */
export const useQuote = (body: z.input<typeof orderQuoteBody> | null) =>
  useQuery({
    queryKey: ['orders', 'quote', body],
    queryFn: () => api.post<Ok<OrderQuoteDto>>('/api/Orders/quote', body, { silent: true }),
    enabled: body !== null,
    retry: false,
  });

/** Plans for the order form's selector (at most 100, by name). */
export const usePlanOptions = (name: string) =>
  useQuery({
    queryKey: ['orders', 'plans', name],
    queryFn: () =>
      api.get<Page<PlaylistDto>>('/api/Playlists/queryByCondition', { query: { name: name || undefined, limit: 100 } }),
    placeholderData: keepPreviousData,
  });

/** Robots for the order form's selector (the caller's scope, by name or id). */
export const useRobotOptions = (keyword: string) =>
  useQuery({
    queryKey: ['orders', 'robots', keyword],
    queryFn: () =>
      api.get<Page<z.infer<typeof robotSchema>>>('/api/Devices/queryRobotInfo', {
        query: { start: 0, limit: 100, name: keyword || undefined },
      }),
    placeholderData: keepPreviousData,
  });

function useOrderMutation<B, R>(call: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      client.invalidateQueries({ queryKey: ['orders'] });
      client.invalidateQueries({ queryKey: ['bills'] });
    },
  });
}

export const useCreateOrder = () =>
  useOrderMutation((body: z.input<typeof orderCreateBody>) =>
    api.post<Ok<Order>>('/api/Orders', body, { silent: true }),
  );
export const useReviewOrder = () =>
  useOrderMutation((body: z.input<typeof orderReviewBody>) =>
    api.post<Ok<Order>>('/api/Orders/review', body, { silent: true }),
  );
export const useTransitionOrder = () =>
  useOrderMutation((body: z.input<typeof orderTransitionBody>) =>
    api.post<Ok<Order>>('/api/Orders/transition', body, { silent: true }),
  );
export const useSyncOrder = () => useOrderMutation((id: string) => api.post<Ok<Order>>('/api/Orders/sync', { id }));
export const useCreditOrder = () =>
  useOrderMutation((body: z.input<typeof orderCreditBody>) =>
    api.post<Ok<Order>>('/api/Orders/credit', body, { silent: true }),
  );

export const startOrderExport = (filter: Omit<OrderFilter, 'start' | 'limit'>) =>
  api.post<ExportStart>('/api/Orders/export', filter);

/** GET /api/Orders/delivery: screen-days contracted, due, delivered (verified plays), shortfall, suggested credit. */
export const useOrderDelivery = (id: string | null) =>
  useQuery({
    queryKey: ['orders', 'delivery', id],
    queryFn: () => api.get<OrderDeliveryDto>('/api/Orders/delivery', { query: { id: id ?? '' }, silent: true }),
    enabled: id !== null,
    retry: false,
  });

/** GET /api/Orders/proofOfPlay: the order's plan on its screens over its period (up to now), audited. */
export const useOrderProofOfPlay = (id: string) =>
  useQuery({
    queryKey: ['orders', 'proofOfPlay', id],
    queryFn: () => api.get<ProofOfPlayReport>('/api/Orders/proofOfPlay', { query: { id }, silent: true }),
    retry: false,
  });
