import type { NotificationDto, NotificationName } from '@robot-ads/contracts/notifications/notifications.schemas';
import type { TFunction } from 'i18next';

export interface NoticeText {
  title: string;
  text: string;
  /** How the notice looks: good news, something to act on, or plain information. */
  tone: 'success' | 'warning' | 'info';
}

type Describer = (t: TFunction, data: NotificationDto['data']) => NoticeText;

const str = (v: unknown) => String(v ?? '');

/**
 * One title and one sentence for every kind the server sends (`NOTIFICATION_NAMES`): the record type
 * makes a new kind without a text a type error.
 */
const DESCRIBERS: Record<NotificationName, Describer> = {
  'playlist.pulled.ratio': (t, d) => ({
    title: t('notifications.kind.pulledRatio'),
    text: t('notifications.pulledRatio', { name: str(d.name), ratio: Math.round(Number(d.ratio ?? 0) * 1000) / 10 }),
    tone: 'info',
  }),
  'playlist.audit.result': (t, d) => {
    const approved = d.state === 'post';
    const kind = ['apply', 'cancel', 'add', 'pause'].includes(str(d.type)) ? str(d.type) : 'apply';
    return {
      title: t('notifications.kind.auditResult'),
      text: t(approved ? 'notifications.auditApproved' : 'notifications.auditRejected', {
        name: str(d.name),
        type: t(`notifications.applicationType.${kind}`),
        note: str(d.note),
      }),
      tone: approved ? 'success' : 'warning',
    };
  },
  'customer.audit.result': (t, d) => {
    const passed = d.state === 'pass';
    return {
      title: t('notifications.kind.customerAudit'),
      text: t(passed ? 'notifications.customerPassed' : 'notifications.customerRejected', {
        name: str(d.name),
        note: str(d.note),
      }),
      tone: passed ? 'success' : 'warning',
    };
  },
  'lead.follow.reminder': (t, d) => ({
    title: t('notifications.kind.leadReminder'),
    text: t('notifications.leadReminder', { name: str(d.name), phone: str(d.phone) }),
    tone: 'info',
  }),
  'order.review.result': (t, d) => {
    const approved = d.state !== 'rejected';
    return {
      title: t('notifications.kind.orderReview'),
      text: t(approved ? 'notifications.orderApproved' : 'notifications.orderRejected', {
        orderNo: str(d.orderNo),
        name: str(d.name),
        reason: str(d.reason),
      }),
      tone: approved ? 'success' : 'warning',
    };
  },
};

export function isKnownNotification(name: string): name is NotificationName {
  return Object.hasOwn(DESCRIBERS, name);
}

/**
 * The kind of a message (its title) and a sentence about it, in the user's language (`t` of the common
 * namespace). A kind this page does not know gets a neutral text, never another kind's.
 */
export function describeNotification(t: TFunction, message: NotificationDto): NoticeText {
  if (isKnownNotification(message.name)) return DESCRIBERS[message.name](t, message.data);
  return { title: t('notifications.kind.other'), text: t('notifications.other'), tone: 'info' };
}

/** A message about a plan that no longer exists (spec section 4: alert, then mark read). */
export function isAboutCancelledPlan(message: NotificationDto): boolean {
  return message.data.state === 'cancelled' || message.data.type === 'cancelled';
}
