import { z } from 'zod';
import { okEnvelope } from '../common/envelope';
import { idSchema } from '../common/ids';

export {
  NOTIFICATION_NAMES,
  type NotificationName,
  SOCKET_EVENTS,
} from './notification-names';

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
