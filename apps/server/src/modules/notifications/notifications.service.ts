import { newId } from '@robot-ads/contracts/common/ids';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import {
  type NotificationDto,
  type NotificationName,
  SOCKET_EVENTS,
} from '@robot-ads/contracts/notifications/notifications.schemas';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import type { Clock } from '../../platform/clock';
import type { Realtime } from '../../platform/realtime';
import { countUnread, insertNotification, markRead, pageNotifications } from './notifications.repository';
import type { notifications } from './notifications.table';

type Row = typeof notifications.$inferSelect;

export function toNotificationDto(row: Row): NotificationDto {
  return {
    id: row.id,
    _id: row.id,
    name: row.name,
    data: row.data,
    createtime: toUnixSeconds(row.createdAt) ?? 0,
    isRead: row.isRead,
  };
}

/** Messages to users (spec section 3): stored, then emitted live as `message` to the user's room. */
export class NotificationsService {
  constructor(
    private readonly db: DbOrTx,
    private readonly clock: Clock,
    private readonly realtime: () => Realtime | null,
  ) {}

  /**
   * Stores a message for a user and emits it live. Pass `tx` to store it inside the caller's
   * transaction (it is emitted right away; a rolled-back transaction leaves the client to refetch).
   */
  async notify(
    userId: string,
    name: NotificationName,
    data: Record<string, unknown>,
    tx?: DbOrTx,
  ): Promise<NotificationDto> {
    const now = this.clock.now();
    const row = await insertNotification(tx ?? this.db, {
      id: newId(now.getTime()),
      userId,
      name,
      data,
      createdAt: now,
    });
    const dto = toNotificationDto(row);
    this.realtime()?.emitToUser(userId, SOCKET_EVENTS.message, dto);
    return dto;
  }

  async list(
    userId: string,
    q: { isRead: boolean; start: number; limit: number },
  ): Promise<{ data: NotificationDto[]; total: number; unread: number }> {
    const { total, rows } = await pageNotifications(this.db, userId, q);
    const unread = q.isRead ? await countUnread(this.db, userId) : total;
    return { data: rows.map(toNotificationDto), total, unread };
  }

  /** Marks one own message read; other tabs of the user hear `readMessage`. */
  async read(userId: string, messageId: string): Promise<NotificationDto> {
    const row = await markRead(this.db, userId, messageId, this.clock.now());
    if (!row) throw new AppError('NOT_FOUND', {}, 'messageId');
    const dto = toNotificationDto(row);
    this.realtime()?.emitToUser(userId, SOCKET_EVENTS.readMessage, { messageId, id: messageId });
    return dto;
  }
}
