import type { accountPage } from '@robot-ads/contracts/accounts/accounts.schemas';
import type { Ok, Page } from '@robot-ads/contracts/common/envelope';
import type {
  ApiUser,
  ApiUserInput,
  auditEntry,
  BLACKLIST_KINDS,
  blacklistEntry,
  DELIVERY_STATES,
  OpenInterface,
  partnerSession,
  WebhookEvent,
  webhook,
  webhookDelivery,
} from '@robot-ads/contracts/open-platform/open-platform.schemas';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type { ApiUser, ApiUserInput, OpenInterface };
export type PartnerSession = z.infer<typeof partnerSession>;
export type BlacklistEntry = z.infer<typeof blacklistEntry>;
export type BlacklistKind = (typeof BLACKLIST_KINDS)[number];
export type Webhook = z.infer<typeof webhook>;
export type WebhookDelivery = z.infer<typeof webhookDelivery>;
export type DeliveryState = (typeof DELIVERY_STATES)[number];
export type AuditEntry = z.infer<typeof auditEntry>;
export type { WebhookEvent };

type AccountItem = z.infer<typeof accountPage>['datas'][number];

const KEY = 'open-platform';
const BASE = '/api/OpenPlatform';

export const apiUsersQuery = (q: { start: number; limit: number; name?: string }) =>
  queryOptions({
    queryKey: [KEY, 'apiUsers', q],
    queryFn: () => api.get<Page<ApiUser>>(`${BASE}/apiUsers`, { query: q }),
    placeholderData: keepPreviousData,
  });
export const useApiUsers = (q: Parameters<typeof apiUsersQuery>[0]) => useQuery(apiUsersQuery(q));

export const sessionsQuery = (q: { start: number; limit: number; state: 'live' | 'all' }) =>
  queryOptions({
    queryKey: [KEY, 'sessions', q],
    queryFn: () => api.get<Page<PartnerSession>>(`${BASE}/sessions`, { query: q }),
    placeholderData: keepPreviousData,
  });
export const useSessions = (q: Parameters<typeof sessionsQuery>[0]) => useQuery(sessionsQuery(q));

export const interfacesQuery = () =>
  queryOptions({
    queryKey: [KEY, 'interfaces'],
    queryFn: () => api.get<Ok<OpenInterface[]>>(`${BASE}/interfaces`),
  });
export const useInterfaces = () => useQuery(interfacesQuery());

export const blacklistQuery = (q: { start: number; limit: number; kind?: BlacklistKind }) =>
  queryOptions({
    queryKey: [KEY, 'blacklist', q],
    queryFn: () => api.get<Page<BlacklistEntry>>(`${BASE}/blacklist`, { query: q }),
    placeholderData: keepPreviousData,
  });
export const useBlacklist = (q: Parameters<typeof blacklistQuery>[0]) => useQuery(blacklistQuery(q));

export const webhooksQuery = (q: { start: number; limit: number; apiUserId?: string }) =>
  queryOptions({
    queryKey: [KEY, 'webhooks', q],
    queryFn: () => api.get<Page<Webhook>>(`${BASE}/webhooks`, { query: q }),
    placeholderData: keepPreviousData,
  });
export const useWebhooks = (q: Parameters<typeof webhooksQuery>[0]) => useQuery(webhooksQuery(q));

export const deliveriesQuery = (q: { start: number; limit: number; webhookId?: string; state?: DeliveryState }) =>
  queryOptions({
    queryKey: [KEY, 'deliveries', q],
    queryFn: () => api.get<Page<WebhookDelivery>>(`${BASE}/webhookDeliveries`, { query: q }),
    placeholderData: keepPreviousData,
  });
export const useDeliveries = (q: Parameters<typeof deliveriesQuery>[0]) => useQuery(deliveriesQuery(q));

export const auditQuery = (q: { start: number; limit: number; actorKind?: AuditEntry['actorKind']; actor?: string }) =>
  queryOptions({
    queryKey: [KEY, 'audit', q],
    queryFn: () => api.get<Page<AuditEntry>>(`${BASE}/auditLog`, { query: q }),
    placeholderData: keepPreviousData,
  });
export const useAudit = (q: Parameters<typeof auditQuery>[0]) => useQuery(auditQuery(q));

/** Accounts an application may belong to, searched by name. */
export const accountOptionsQuery = (name: string) =>
  queryOptions({
    queryKey: [KEY, 'accounts', name],
    queryFn: () =>
      api.get<Page<AccountItem>>('/api/Users', { query: { start: 0, limit: 20, ...(name ? { name } : {}) } }),
    placeholderData: keepPreviousData,
  });
export const useAccountOptions = (name: string) => useQuery(accountOptionsQuery(name));

function useChange<A, R>(run: (args: A) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: run, onSuccess: () => client.invalidateQueries({ queryKey: [KEY] }) });
}

type WithSecret = ApiUser & { clientSecret: string };
export const useSaveApiUser = () =>
  useChange(({ id, body }: { id?: string; body: ApiUserInput }) =>
    id ? api.put<Ok<ApiUser>>(`${BASE}/apiUsers/${id}`, body) : api.post<Ok<WithSecret>>(`${BASE}/apiUsers`, body),
  );
export const useRotateSecret = () =>
  useChange((id: string) => api.post<Ok<WithSecret>>(`${BASE}/apiUsers/${id}/rotateSecret`, { overlapSeconds: 86400 }));
export const useRemoveApiUser = () => useChange((id: string) => api.delete<Ok<null>>(`${BASE}/apiUsers/${id}`));
export const useRevokeSession = () =>
  useChange((id: string) => api.post<Ok<null>>(`${BASE}/sessions/${id}/revoke`, {}));
export const useToggleInterface = () =>
  useChange((body: { key: string; enabled: boolean }) => api.put<Ok<OpenInterface>>(`${BASE}/interfaces`, body));
export const useAddBlacklist = () =>
  useChange((body: { kind: BlacklistKind; value: string; reason: string; expiresTime: number | null }) =>
    api.post<Ok<BlacklistEntry>>(`${BASE}/blacklist`, body),
  );
export const useRemoveBlacklist = () => useChange((id: string) => api.delete<Ok<null>>(`${BASE}/blacklist/${id}`));
export const useCreateWebhook = () =>
  useChange((body: { apiUserId: string; events: WebhookEvent[]; url: string; enabled: boolean }) =>
    api.post<Ok<Webhook & { signingSecret: string }>>(`${BASE}/webhooks`, body),
  );
export const useEnableWebhook = () =>
  useChange(({ id, enabled }: { id: string; enabled: boolean }) =>
    api.put<Ok<Webhook>>(`${BASE}/webhooks/${id}`, { enabled }),
  );
export const useRemoveWebhook = () => useChange((id: string) => api.delete<Ok<null>>(`${BASE}/webhooks/${id}`));
export const useResendDelivery = () =>
  useChange((id: string) => api.post<Ok<WebhookDelivery>>(`${BASE}/webhookDeliveries/${id}/resend`, {}));
export const useUpdateWebhookEvents = () =>
  useChange(({ id, events }: { id: string; events: WebhookEvent[] }) =>
    api.put<Ok<Webhook>>(`${BASE}/webhooks/${id}`, { events }),
  );
/** A new signing secret (shown once); the previous one also signs for a day (the server's default overlap). */
export const useRotateWebhookSecret = () =>
  useChange((id: string) =>
    api.post<Ok<Webhook & { signingSecret: string }>>(`${BASE}/webhooks/${id}/rotateSecret`, {}),
  );
