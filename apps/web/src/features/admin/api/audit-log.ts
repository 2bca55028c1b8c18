import type { adminAuditEntry, auditListQuery, auditPage } from '@robot-ads/contracts/admin/admin.schemas';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type AuditEntry = z.infer<typeof adminAuditEntry>;
export type AuditFilter = z.infer<typeof auditListQuery>;

/** GET /api/blade-system/audit/list: the changes made in system administration, newest first. */
export const auditPageQuery = (q: AuditFilter) =>
  queryOptions({
    queryKey: ['admin', 'audit', q],
    queryFn: () => api.get<z.infer<typeof auditPage>>('/api/blade-system/audit/list', { query: { ...q } }),
    placeholderData: keepPreviousData,
  });
export const useAuditPage = (q: AuditFilter) => useQuery(auditPageQuery(q));
