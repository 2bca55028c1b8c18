import type { AccountDto } from '@robot-ads/contracts/accounts/accounts.schemas';
import type {
  BranchDto,
  branchCreateBody,
  branchCustomerDto,
  branchQuery,
  branchRobotDto,
  branchUpdateBody,
} from '@robot-ads/contracts/sales/branches.schemas';
import type { OrderDto } from '@robot-ads/contracts/sales/orders.schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { ExportStart, Ok, Page, Paged } from './common';

export type Branch = BranchDto;
export type BranchFilter = Paged<z.input<typeof branchQuery>>;
export type BranchRobot = z.infer<typeof branchRobotDto>;
export type BranchCustomer = z.infer<typeof branchCustomerDto>;
export type BranchListKind = 'robots' | 'customers' | 'orders';
export type BranchListRows = { robots: BranchRobot; customers: BranchCustomer; orders: OrderDto };

export const branchesPageQuery = (q: BranchFilter) =>
  queryOptions({
    queryKey: ['branches', 'page', q],
    queryFn: () => api.get<Page<Branch>>('/api/Branches/queryByPage', { query: { ...q } }),
    placeholderData: keepPreviousData,
  });
export const useBranchesPage = (q: BranchFilter) => useQuery(branchesPageQuery(q));

/** GET /api/Branches/robots | customers | orders: a branch's list, paged on the server. */
export function useBranchList<K extends BranchListKind>(
  kind: K,
  id: string | null,
  page: { start: number; limit: number },
) {
  return useQuery({
    queryKey: ['branches', kind, id, page],
    queryFn: () => api.get<Page<BranchListRows[K]>>(`/api/Branches/${kind}`, { query: { id: id ?? '', ...page } }),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
  });
}

function useBranchMutation<B, R>(call: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: ['branches'] }) });
}
export const useSaveBranch = () =>
  useBranchMutation((body: z.input<typeof branchCreateBody> | z.input<typeof branchUpdateBody>) =>
    'id' in body
      ? api.put<Ok<Branch>>('/api/Branches', body, { silent: true })
      : api.post<Ok<Branch>>('/api/Branches', body, { silent: true }),
  );
export const useDeleteBranch = () => useBranchMutation((id: string) => api.delete<Ok<null>>(`/api/Branches/${id}`));

/** Operator accounts for the agent selector (GET /api/Users/queryByPage, role operator, by name). */
export const useAgentOptions = (name: string) =>
  useQuery({
    queryKey: ['branches', 'agents', name],
    queryFn: () =>
      api.get<Page<AccountDto>>('/api/Users/queryByPage', {
        query: { start: 0, limit: 100, role: 'operator', name: name || undefined },
      }),
    placeholderData: keepPreviousData,
  });

/** POST /api/Branches/export: the regional accounts list as an xlsx (progress at SALES_EXPORT_STATE). */
export const startBranchExport = (filter: Omit<BranchFilter, 'start' | 'limit'>) =>
  api.post<ExportStart>('/api/Branches/export', filter);
