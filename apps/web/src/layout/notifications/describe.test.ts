import type { NotificationDto } from '@robot-ads/contracts/notifications/notifications.schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n';
import { describeNotification } from './describe';

const message = (name: string, data: Record<string, unknown>) =>
  ({ id: 'm1', _id: 'm1', name, data, createtime: 0, isRead: false }) as unknown as NotificationDto;

beforeAll(async () => {
  await initI18n('zh');
});

describe('sales notifications', () => {
  it('reminds of a follow-up due today (zh)', async () => {
    await i18n.changeLanguage('zh');
    const d = describeNotification(i18n.t, message('lead.follow.reminder', { name: '星巴克', phone: '13712345678' }));
    expect(d).toEqual({ title: '跟进提醒', text: '今天请跟进意向客户“星巴克”（13712345678）', tone: 'info' });
  });

  it('tells the order review result with the reason of a rejection (en)', async () => {
    await i18n.changeLanguage('en');
    const rejected = message('order.review.result', {
      orderNo: 'O1',
      name: 'Spring',
      state: 'rejected',
      reason: 'price',
    });
    expect(describeNotification(i18n.t, rejected).text).toBe('Order O1 "Spring" was rejected: price');
    const approved = message('order.review.result', {
      orderNo: 'O2',
      name: 'Summer',
      state: 'pendingPayment',
      reason: '',
    });
    expect(describeNotification(i18n.t, approved)).toEqual({
      title: 'Order review',
      text: 'Order O2 "Summer" was approved: it is waiting for payment',
      tone: 'success',
    });
  });
});
