import type { NotificationDto } from '@robot-ads/contracts/notifications/notifications.schemas';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../lib/i18n';
import { describeNotification } from './describe';

const message = (data: NotificationDto['data']): NotificationDto => ({
  id: 'm1',
  _id: 'm1',
  name: 'customer.audit.result',
  data,
  createtime: 1_800_000_000,
  isRead: false,
});

beforeAll(async () => {
  await initI18n('en');
});

describe('customer review notifications', () => {
  it('say whether the enterprise information passed, and why it was rejected', () => {
    const t = i18n.getFixedT('en', 'common');
    expect(describeNotification(t, message({ name: 'Lucky Coffee', state: 'pass' }))).toEqual({
      title: 'Customer review',
      text: 'The enterprise information of "Lucky Coffee" is approved: you can now apply for delivery',
    });
    expect(
      describeNotification(t, message({ name: 'Lucky Coffee', state: 'reject', note: 'Blurred licence' })).text,
    ).toBe('The enterprise information of "Lucky Coffee" was rejected: Blurred licence');
  });
});
