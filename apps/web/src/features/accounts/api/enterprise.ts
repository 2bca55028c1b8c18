import type { Ok, Page } from '@robot-ads/contracts/common/envelope';
import type {
  CustomerAuditDto,
  customerAuditQuery,
  EnterpriseInfoDto,
  enterpriseInfoBody,
} from '@robot-ads/contracts/customers/enterprise.schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type EnterpriseInfo = EnterpriseInfoDto;
export type CustomerAudit = CustomerAuditDto;

/** GET /api/Customers/mainInfo: an advertiser's own enterprise information (operators: customerId). */
export const enterpriseInfoQuery = (customerId?: string) =>
  queryOptions({
    queryKey: ['enterprise', customerId ?? 'mine'],
    queryFn: () => api.get<Ok<EnterpriseInfo>>('/api/Customers/mainInfo', { query: { customerId } }),
  });
export const useEnterpriseInfo = (customerId?: string) => useQuery(enterpriseInfoQuery(customerId));

function useInvalidate() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['enterprise'] }),
      client.invalidateQueries({ queryKey: ['customers'] }),
      client.invalidateQueries({ queryKey: ['customer-audits'] }),
    ]);
}

/** PUT /api/Customers/mainInfo: save (not while a review is pending). */
export function useSaveEnterpriseInfo() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: z.input<typeof enterpriseInfoBody>) =>
      api.put<Ok<EnterpriseInfo>>('/api/Customers/mainInfo', body, { silent: true }),
    onSuccess: invalidate,
  });
}

/** POST /api/Customers/mainInfo/apply: submit the saved information for review. */
export function useApplyEnterpriseReview() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (customerId?: string) =>
      api.post<Ok<unknown>>('/api/Customers/mainInfo/apply', { customerId }, { silent: true }),
    onSuccess: invalidate,
  });
}

// ---- customer review ----

export type AuditFilter = Omit<z.input<typeof customerAuditQuery>, 'start' | 'limit'> & {
  start: number;
  limit: number;
};

/** GET /api/CustomerAudits/queryByPage (root/admin): every application, newest first. */
export const customerAuditsQuery = (q: AuditFilter) =>
  queryOptions({
    queryKey: ['customer-audits', 'all', q],
    queryFn: () => api.get<Page<CustomerAudit>>('/api/CustomerAudits/queryByPage', { query: { ...q } }),
    placeholderData: keepPreviousData,
  });
export const useCustomerAudits = (q: AuditFilter) => useQuery(customerAuditsQuery(q));

/** GET /api/CustomerAudits/queryApplyByPage: the caller's own applications. */
export const customerApplicationsQuery = (q: AuditFilter) =>
  queryOptions({
    queryKey: ['customer-audits', 'mine', q],
    queryFn: () => api.get<Page<CustomerAudit>>('/api/CustomerAudits/queryApplyByPage', { query: { ...q } }),
    placeholderData: keepPreviousData,
  });
export const useCustomerApplications = (q: AuditFilter) => useQuery(customerApplicationsQuery(q));

export function usePassCustomer() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.post<Ok<CustomerAudit>>('/api/CustomerAudits/pass', { id }, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useRejectCustomer() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: { id: string; reason: string }) =>
      api.post<Ok<CustomerAudit>>('/api/CustomerAudits/reject', body, { silent: true }),
    onSuccess: invalidate,
  });
}
