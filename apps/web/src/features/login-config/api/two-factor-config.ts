import type {
  TwoFactorConfigDto,
  TwoFactorUpsertInput,
  twoFactorConfigResponse,
  twoFactorPageQuery as twoFactorPageSchema,
} from '@robot-ads/contracts/auth/two-factor.schemas';
import type { Page } from '@robot-ads/contracts/common/envelope';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type { TwoFactorConfigDto };

export type TwoFactorFilter = z.infer<typeof twoFactorPageSchema>;

/** Advertiser accounts in the caller's scope with their two-factor settings, paged on the server. */
export const twoFactorPageQuery = (q: TwoFactorFilter) =>
  queryOptions({
    queryKey: ['two-factor', 'page', q],
    queryFn: () => api.get<Page<TwoFactorConfigDto>>('/api/AdvertiserUsers/2AFConfigByPage', { query: { ...q } }),
    placeholderData: keepPreviousData,
  });
export const useTwoFactorPage = (q: TwoFactorFilter) => useQuery(twoFactorPageQuery(q));

/** Saves one account's setting; a refusal (no phone, no e-mail, no channel) shows as the error toast. */
export function useTwoFactorUpsert() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorUpsertInput) =>
      api.post<z.infer<typeof twoFactorConfigResponse>>('/api/AdvertiserUsers/2AFConfigUpsert', body),
    onSettled: () => client.invalidateQueries({ queryKey: ['two-factor'] }),
  });
}
