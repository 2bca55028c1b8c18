import { z } from 'zod';
import { okEnvelope } from '../common/envelope';
import { idSchema } from '../common/ids';
import { LEAD_REMINDER_EVENT } from '../sales/leads.schemas';
import { ORDER_REVIEW_EVENT } from '../sales/orders.schemas';

/**
 * Every kind of message the server sends (spec section 3, plus the sales reminders and order reviews).
 * The server's `notify` only takes these names, and the web has a title and a text for each.
 */
export const NOTIFICATION_NAMES = [
  'playlist.pulled.ratio',
  'playlist.audit.result',
  'customer.audit.result',
  LEAD_REMINDER_EVENT,
  ORDER_REVIEW_EVENT,
] as const;
export type NotificationName = (typeof NOTIFICATION_NAMES)[number];

/** Live socket events (spec section 3): `message` carries a new notification. */
export const SOCKET_EVENTS = { message: 'message', readMessage: 'readMessage', error: 'error' } as const;

export const notificationData = z
  .object({
    id: z.string().optional(),
    name: z.string().optional(),
    ratio: z.number().optional(),
    state: z.string().optional(),
    type: z.string().optional(),
  })
  .catchall(z.unknown());

export const notificationDto = z.object({
  id: z.string(),
  _id: z.string(),
  name: z.string(),
  data: notificationData,
  createtime: z.number().describe('unix seconds'),
  isRead: z.boolean(),
});
export type NotificationDto = z.infer<typeof notificationDto>;

const boolish = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');

/** Spec section 9: notification page size 10 (changeable). */
export const queryMessageQuery = z.object({
  isRead: boolish.optional().default(false),
  start: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(10),
});
export const queryMessageResponse = z.object({
  success: z.literal(true),
  data: z.array(notificationDto),
  total: z.number().int(),
  /** Unread messages of the caller (the bell's badge). */
  unread: z.number().int(),
});
export const readMessageBody = z.object({ messageId: idSchema });
export const readMessageResponse = okEnvelope(notificationDto);
