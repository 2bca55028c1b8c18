import type { Ok, Page } from '@robot-ads/contracts/common/envelope';
import type {
  CUSTOMER_CATEGORIES,
  CustomerDto,
  customerCreateBody,
  customerQuery,
  customerUpdateBody,
} from '@robot-ads/contracts/customers/customers.schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type Customer = CustomerDto;
export type CustomerCategory = (typeof CUSTOMER_CATEGORIES)[number];

export type CustomersFilter = Omit<z.input<typeof customerQuery>, 'start' | 'limit'> & { start: number; limit: number };

/** GET /api/Customers: the customers in the caller's scope, paged and filtered on the server. */
export const customersPageQuery = (q: CustomersFilter) =>
  queryOptions({
    queryKey: ['customers', 'page', q],
    queryFn: () => api.get<Page<Customer>>('/api/Customers', { query: { ...q } }),
    placeholderData: keepPreviousData,
  });
export const useCustomersPage = (q: CustomersFilter) => useQuery(customersPageQuery(q));

/** GET /api/Customers/findAll: the customer picker (at most 100, more by searching). */
export const customerOptionsQuery = (name: string) =>
  queryOptions({
    queryKey: ['customers', 'options', name],
    queryFn: () =>
      api.get<Ok<Customer[]>>('/api/Customers/findAll', { query: { name: name || undefined, limit: 100 } }),
    placeholderData: keepPreviousData,
  });
export const useCustomerOptions = (name: string, enabled = true) =>
  useQuery({ ...customerOptionsQuery(name), enabled });

function useInvalidate() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['customers'] });
}

export function useCreateCustomer() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: z.input<typeof customerCreateBody>) =>
      api.post<Ok<Customer>>('/api/Customers', body, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useUpdateCustomer() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: z.input<typeof customerUpdateBody>) =>
      api.put<Ok<Customer>>('/api/Customers', body, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useDeleteCustomer() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete<Ok<null>>(`/api/Customers/${id}`),
    onSuccess: invalidate,
  });
}
