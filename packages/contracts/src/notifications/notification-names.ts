/**
 * The kinds of message the server sends and the live socket's events, without zod: the web's shell
 * (bell, live notices) imports these names on every page, and zod's schemas come only with the pages
 * that need them. `notifications.schemas.ts` re-exports them.
 */

/** The notification (bell and live `message`) of a due follow-up: data { id, name, phone, nextFollowAt }. */
export const LEAD_REMINDER_EVENT = 'lead.follow.reminder';
/** Live event (realtime `message`) to the order's creator and the customer's accounts after a review. */
export const ORDER_REVIEW_EVENT = 'order.review.result';

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
