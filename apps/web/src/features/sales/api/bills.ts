import type { BillDto, BillSummaryDto, billExportBody, billQuery } from '@robot-ads/contracts/sales/bills.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { downloadUrl } from '../../../lib/api-upload';
import type { ExportStart, Ok, Page, Paged } from './common';

export type BillSummary = BillSummaryDto;
export type Bill = BillDto;
export type BillFilter = Paged<z.input<typeof billQuery>> & { month: string };

/** GET /api/Bills/queryByPage: one row per customer in scope for the month. */
export const billsPageQuery = (q: BillFilter) =>
  queryOptions({
    queryKey: ['bills', 'page', q],
    queryFn: () => api.get<Page<BillSummary>>('/api/Bills/queryByPage', { query: { ...q } }),
    placeholderData: keepPreviousData,
  });
export const useBillsPage = (q: BillFilter) => useQuery(billsPageQuery(q));

/** GET /api/Bills/statement: the month's statement of a customer with its lines. */
export const useStatement = (key: { customerId: string; month: string } | null) =>
  useQuery({
    queryKey: ['bills', 'statement', key],
    queryFn: () => api.get<Ok<Bill>>('/api/Bills/statement', { query: { ...key } }),
    enabled: key !== null,
  });

/** The statement as a file (PDF or xlsx) in the user's language. */
export const statementFileUrl = (
  kind: 'pdf' | 'xlsx',
  key: { customerId: string; month: string },
  language: 'zh' | 'en',
) => downloadUrl(`/api/Bills/statement.${kind}`, { ...key, language });

/** POST /api/Bills/export: the month's statements list as an xlsx (progress at SALES_EXPORT_STATE). */
export const startBillExport = (filter: z.input<typeof billExportBody>) =>
  api.post<ExportStart>('/api/Bills/export', filter);
