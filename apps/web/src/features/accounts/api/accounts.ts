import type {
  AccountDto,
  accountCreateBody,
  accountStatusBody,
  accountTreeQuery,
  accountUpdateBody,
  advertiserCreateBody,
  advertiserPageQuery,
  advertiserUpdateBody,
  resetChildPasswordBody,
} from '@robot-ads/contracts/accounts/accounts.schemas';
import type { Ok, Page } from '@robot-ads/contracts/common/envelope';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type Account = AccountDto;
/** The filters of GET /api/Users/queryByPage (parentId: only the direct children of this account). */
export type UsersFilter = z.infer<typeof accountTreeQuery>;

/** GET /api/Users/queryByPage: accounts in the caller's scope, paged and filtered on the server. */
export const usersPageQuery = (q: UsersFilter) =>
  queryOptions({
    queryKey: ['accounts', 'users', q],
    queryFn: () => api.get<Page<Account>>('/api/Users/queryByPage', { query: { ...q } }),
    placeholderData: keepPreviousData,
  });
export const useUsersPage = (q: UsersFilter) => useQuery(usersPageQuery(q));

/** GET /api/Users/children: the direct children of an account (default the caller). */
export const childrenQuery = (id?: string) =>
  queryOptions({
    queryKey: ['accounts', 'children', id ?? 'me'],
    queryFn: () => api.get<Ok<Account[]>>('/api/Users/children', { query: { id } }),
  });

/** GET /api/Users/V3_childAdministratorsAccounts: the parent-account dictionary (super and administrator). */
export const parentDictionaryQuery = () =>
  queryOptions({
    queryKey: ['accounts', 'parents'],
    queryFn: () => api.get<Ok<Account[]>>('/api/Users/V3_childAdministratorsAccounts'),
    staleTime: 30_000,
  });
export const useParentDictionary = (enabled = true) => useQuery({ ...parentDictionaryQuery(), enabled });

function useInvalidateAccounts() {
  const client = useQueryClient();
  // Customers list their attached accounts.
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['accounts'] }),
      client.invalidateQueries({ queryKey: ['customers'] }),
    ]);
}

export type AccountCreate = z.input<typeof accountCreateBody>;
export type AccountUpdate = z.input<typeof accountUpdateBody>;

export function useCreateAccount() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (body: AccountCreate) => api.post<Ok<Account>>('/api/Users', body, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useUpdateAccount() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: ({ id, ...body }: AccountUpdate & { id: string }) =>
      api.put<Ok<Account>>(`/api/Users/${id}`, body, { silent: true }),
    onSuccess: invalidate,
  });
}

/** POST /api/Users/status: enable or disable an account in the caller's subtree. */
export function useSetAccountStatus() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (body: z.input<typeof accountStatusBody>) =>
      api.post<Ok<Account>>('/api/Users/status', body, { silent: true }),
    onSuccess: invalidate,
  });
}

/** POST /api/Users/resetPassword: a new password for an account in the caller's subtree. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: z.input<typeof resetChildPasswordBody>) =>
      api.post<Ok<unknown>>('/api/Users/resetPassword', body, { silent: true }),
  });
}

export function useDeleteAccount() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (id: string) => api.delete<Ok<null>>(`/api/Users/${id}`),
    onSuccess: invalidate,
  });
}

// ---- AdvertiserUsers ----

export type AdvertisersFilter = z.infer<typeof advertiserPageQuery>;

/** GET /api/AdvertiserUsers/queryUserByPage (user, start, limit, account, name). */
export const advertisersPageQuery = (q: AdvertisersFilter) =>
  queryOptions({
    queryKey: ['accounts', 'advertisers', q],
    queryFn: () => api.get<Page<Account>>('/api/AdvertiserUsers/queryUserByPage', { query: { ...q } }),
    placeholderData: keepPreviousData,
  });
export const useAdvertisersPage = (q: AdvertisersFilter) => useQuery(advertisersPageQuery(q));

export type AdvertiserCreate = z.input<typeof advertiserCreateBody>;
export type AdvertiserUpdate = z.input<typeof advertiserUpdateBody>;

export function useCreateAdvertiser() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (body: AdvertiserCreate) => api.post<Ok<Account>>('/api/AdvertiserUsers', body, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useUpdateAdvertiser() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (body: AdvertiserUpdate) => api.put<Ok<Account>>('/api/AdvertiserUsers', body, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteAdvertiser() {
  const invalidate = useInvalidateAccounts();
  return useMutation({
    mutationFn: (id: string) => api.delete<Ok<null>>(`/api/AdvertiserUsers/${id}`),
    onSuccess: invalidate,
  });
}
