import {
  NOTIFICATION_NAMES,
  type NotificationDto,
  type NotificationName,
} from '@robot-ads/contracts/notifications/notifications.schemas';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, resetAfterEach } from '../../test/render-with-app';
import LiveNotices from './live-notices';

resetAfterEach();
// The notices already shown are remembered in the browser: each test starts with none.
beforeEach(() => localStorage.clear());

/** What the server sends for each kind (a new kind without a sample here is a type error). */
const SAMPLES: Record<NotificationName, Record<string, unknown>> = {
  'playlist.pulled.ratio': { id: 'p1', name: 'Latte Week', ratio: 0.5 },
  'playlist.audit.result': { id: 'p2', name: 'Mocha Days', type: 'apply', state: 'reject', note: 'blurry' },
  'customer.audit.result': { name: 'Lucky Coffee', state: 'pass' },
  'lead.follow.reminder': { id: 'l1', name: 'Star Tea', phone: '13712345678' },
  'order.review.result': { id: 'o1', orderNo: 'O-7', name: 'Spring', state: 'rejected', reason: 'price' },
};

const EXPECTED: Record<'zh' | 'en', Record<NotificationName | 'unknown', [string, string]>> = {
  zh: {
    'playlist.pulled.ratio': ['拉取率提醒', '计划“Latte Week”的拉取率为 50%'],
    'playlist.audit.result': ['审核结果', '计划“Mocha Days”的投放申请被驳回：blurry'],
    'customer.audit.result': ['客户审核', '“Lucky Coffee”的企业信息已审核通过，现在可以申请投放'],
    'lead.follow.reminder': ['跟进提醒', '今天请跟进意向客户“Star Tea”（13712345678）'],
    'order.review.result': ['订单审核', '订单O-7“Spring”已被驳回：price'],
    unknown: ['系统消息', '你收到一条新消息'],
  },
  en: {
    'playlist.pulled.ratio': ['Pull rate', 'Plan "Latte Week" has been pulled by 50% of its devices'],
    'playlist.audit.result': ['Review result', 'Delivery application for "Mocha Days" rejected: blurry'],
    'customer.audit.result': [
      'Customer review',
      'The enterprise information of "Lucky Coffee" is approved: you can now apply for delivery',
    ],
    'lead.follow.reminder': ['Follow-up reminder', 'Follow up intended customer "Star Tea" (13712345678) today'],
    'order.review.result': ['Order review', 'Order O-7 "Spring" was rejected: price'],
    unknown: ['Message', 'You have a new message'],
  },
};

const message = (name: string, i: number): NotificationDto => ({
  id: `m${i}`,
  _id: `m${i}`,
  name,
  data: SAMPLES[name as NotificationName] ?? { name: 'Latte Week', ratio: 0.5, state: 'post' },
  createtime: 1_700_000_000 + i,
  isRead: false,
});

describe.each(['zh', 'en'] as const)('live notices for users without the bell (%s)', (language) => {
  it('give every kind the server sends its own title and text, and an unknown kind a neutral one', async () => {
    const kinds = [...NOTIFICATION_NAMES, 'shooting.new.kind'];
    const messages = kinds.map(message);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('/api/Notifies/queryMessage')
          ? json(200, { success: true, data: [...messages].reverse(), total: messages.length, unread: messages.length })
          : json(200, { success: true, data: null }),
      ),
    );
    await renderWithApp(<LiveNotices />, language);

    const expected = EXPECTED[language];
    for (const name of NOTIFICATION_NAMES) {
      const [title, text] = expected[name];
      const notice = (await screen.findByText(text)).closest('.ant-notification-notice') as HTMLElement;
      expect(within(notice).getByText(title)).toBeTruthy();
    }
    const [title, text] = expected.unknown;
    const unknown = (await screen.findByText(text)).closest('.ant-notification-notice') as HTMLElement;
    expect(within(unknown).getByText(title)).toBeTruthy();
    // The unknown kind's data looks like a pull ratio, yet only the real pull-ratio message says so.
    expect(screen.getAllByText(expected['playlist.pulled.ratio'][1])).toHaveLength(1);
    expect(document.querySelectorAll('.ant-notification-notice')).toHaveLength(kinds.length);
  });
});

describe('a notice is shown once until something new happens', () => {
  it('does not show again after a reload, even when the server still has it unread; a new message shows', {
    timeout: 60_000,
  }, async () => {
    const unread = [message('playlist.pulled.ratio', 1)];
    const reads: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).includes('/api/Notifies/readMessage')) {
          reads.push(JSON.parse(String(init?.body)).messageId);
          // The mark does not reach the server (a reload before it is sent, a failed call).
          return json(500, { success: false, code: 'UNKNOWN', msg: 'down' });
        }
        if (String(input).includes('/api/Notifies/queryMessage'))
          return json(200, { success: true, data: [...unread].reverse(), total: unread.length, unread: unread.length });
        return json(200, { success: true, data: null });
      }),
    );
    const text = EXPECTED.en['playlist.pulled.ratio'][1];
    const first = await renderWithApp(<LiveNotices />, 'en');
    expect(await screen.findByText(text)).toBeTruthy();
    expect(reads).toEqual(['m1']);
    first.unmount();
    for (const n of document.querySelectorAll('.ant-notification-notice')) n.remove();

    // The page loaded again: the same unread message, no notice; then a new one arrives and shows.
    unread.push({ ...message('playlist.pulled.ratio', 2), data: { id: 'p1', name: 'Latte Week', ratio: 0.75 } });
    await renderWithApp(<LiveNotices />, 'en');
    expect(await screen.findByText('Plan "Latte Week" has been pulled by 75% of its devices')).toBeTruthy();
    expect(screen.queryByText(text)).toBeNull();
  });
});
