import type {
  LeadDetailDto,
  LeadDto,
  LeadQuery,
  leadConvertBody,
  leadConvertResult,
  leadCreateBody,
  leadImportResult,
  leadNoteBody,
  leadUpdateBody,
} from '@robot-ads/contracts/sales/leads.schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import { uploadForm } from '../../../lib/api-upload';
import type { ExportStart, Ok, Page, Paged } from './common';

export type Lead = LeadDto;
export type LeadFilter = Paged<LeadQuery>;

/** GET /api/Leads/queryByPage: the leads in scope, paged and filtered on the server. */
export const leadsPageQuery = (q: LeadFilter) =>
  queryOptions({
    queryKey: ['leads', 'page', q],
    queryFn: () => api.get<Page<Lead>>('/api/Leads/queryByPage', { query: { ...q } }),
    placeholderData: keepPreviousData,
  });
export const useLeadsPage = (q: LeadFilter) => useQuery(leadsPageQuery(q));

/** GET /api/Leads/{id}: the lead with its follow-up notes, oldest first. */
export const leadQuery = (id: string | null) =>
  queryOptions({
    queryKey: ['leads', 'one', id],
    queryFn: () => api.get<Ok<LeadDetailDto>>(`/api/Leads/${id}`),
    enabled: Boolean(id),
  });
export const useLead = (id: string | null) => useQuery(leadQuery(id));

function useLeadMutation<B, R>(call: (body: B) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: ['leads'] }) });
}

export const useSaveLead = () =>
  useLeadMutation((body: z.input<typeof leadCreateBody> | z.input<typeof leadUpdateBody>) =>
    'id' in body
      ? api.put<Ok<Lead>>('/api/Leads', body, { silent: true })
      : api.post<Ok<Lead>>('/api/Leads', body, { silent: true }),
  );
export const useDeleteLead = () => useLeadMutation((id: string) => api.delete<Ok<null>>(`/api/Leads/${id}`));
export const useAddLeadNote = () =>
  useLeadMutation((body: z.input<typeof leadNoteBody>) =>
    api.post<Ok<LeadDetailDto>>('/api/Leads/notes', body, { silent: true }),
  );
export const useConvertLead = () =>
  useLeadMutation((body: z.input<typeof leadConvertBody>) =>
    api.post<Ok<z.infer<typeof leadConvertResult>>>('/api/Leads/convert', body, { silent: true }),
  );
export const useImportLeads = () =>
  useLeadMutation((file: File) => {
    const form = new FormData();
    form.append('file', file, file.name);
    return uploadForm<z.infer<typeof leadImportResult>>('/api/Leads/import', form, { silent: true });
  });

export const startLeadExport = (filter: Omit<LeadFilter, 'start' | 'limit'>) =>
  api.post<ExportStart>('/api/Leads/export', filter);
