import type { NotificationDto } from '@robot-ads/contracts/notifications/notifications.schemas';
import type { TFunction } from 'i18next';

/** The kind of a message (its title) and a sentence about it, in the user's language. */
export function describeNotification(t: TFunction, message: NotificationDto): { title: string; text: string } {
  const name = String(message.data.name ?? '');
  if (message.name === 'playlist.pulled.ratio') {
    const ratio = Math.round(Number(message.data.ratio ?? 0) * 1000) / 10;
    return { title: t('notifications.kind.pulledRatio'), text: t('notifications.pulledRatio', { name, ratio }) };
  }
  if (message.name === 'customer.audit.result') {
    const passed = message.data.state === 'pass';
    return {
      title: t('notifications.kind.customerAudit'),
      text: t(passed ? 'notifications.customerPassed' : 'notifications.customerRejected', {
        name,
        note: String(message.data.note ?? ''),
      }),
    };
  }
  if (message.name === 'lead.follow.reminder') {
    return {
      title: t('notifications.kind.leadReminder'),
      text: t('notifications.leadReminder', { name, phone: String(message.data.phone ?? '') }),
    };
  }
  if (message.name === 'order.review.result') {
    const approved = message.data.state !== 'rejected';
    return {
      title: t('notifications.kind.orderReview'),
      text: t(approved ? 'notifications.orderApproved' : 'notifications.orderRejected', {
        orderNo: String(message.data.orderNo ?? ''),
        name,
        reason: String(message.data.reason ?? ''),
      }),
    };
  }
  const approved = message.data.state === 'post';
  return {
    title: t('notifications.kind.auditResult'),
    text: t('notifications.auditResult', {
      name,
      state: t(approved ? 'notifications.auditPass' : 'notifications.auditReject'),
    }),
  };
}

/** A message about a plan that no longer exists (spec section 4: alert, then mark read). */
export function isAboutCancelledPlan(message: NotificationDto): boolean {
  return message.data.state === 'cancelled' || message.data.type === 'cancelled';
}
