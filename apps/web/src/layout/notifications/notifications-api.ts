import type {
  NotificationDto,
  queryMessageResponse,
  readMessageBody,
  readMessageResponse,
} from '@robot-ads/contracts/notifications/notifications.schemas';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, apiGetWhole } from '../../lib/api-client';

/** Spec section 9: notification page size 10. */
export const NOTIFICATION_PAGE_SIZE = 10;

export const notificationsKey = ['notifications'] as const;

export const messagesQuery = (isRead: boolean, page: number, pageSize = NOTIFICATION_PAGE_SIZE) =>
  queryOptions({
    queryKey: [...notificationsKey, isRead ? 'read' : 'unread', page, pageSize],
    queryFn: () =>
      apiGetWhole<z.infer<typeof queryMessageResponse>>('/api/Notifies/queryMessage', {
        query: { isRead, start: (page - 1) * pageSize, limit: pageSize },
      }),
    placeholderData: (previous) => previous,
  });

/** The badge: the unread count (the first unread page carries it). */
export function useUnreadCount(): number {
  const { data } = useQuery(messagesQuery(false, 1));
  return data?.unread ?? 0;
}

export function useMessages(isRead: boolean, page: number, pageSize?: number, enabled = true) {
  return useQuery({ ...messagesQuery(isRead, page, pageSize), enabled });
}

export function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (messageId: string): Promise<NotificationDto> => {
      const body: z.input<typeof readMessageBody> = { messageId };
      return api.post<z.infer<typeof readMessageResponse>>('/api/Notifies/readMessage', body, { silent: true });
    },
    onSettled: () => client.invalidateQueries({ queryKey: notificationsKey }),
  });
}
