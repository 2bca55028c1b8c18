import type { OrderDeliveryDto, OrderDetailDto } from '@robot-ads/contracts/sales/orders.schemas';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, resetAfterEach } from '../../../test/render-with-app';
import { OrderDetailDrawer } from './order-detail-drawer';

/**
 * The order's delivery in screen-days as a user sees it in the order drawer: the figures (the advertiser
 * sees the same), and the operator's button that accepts the suggested credit into the bill with its reason.
 */
const ORDER = 'a1b2c3d4e5f6a1b2c3d4e5f7';

const baseOrder: OrderDetailDto = {
  id: ORDER,
  orderNo: 'O202611290002',
  name: 'Winter delivery',
  customerId: 'c1',
  customerName: 'Lucky Coffee',
  playlistId: 'p1',
  playlistName: '咖啡 plan',
  state: 'launched',
  actions: [],
  weeks: 2,
  begin: 1_796_400_000,
  end: 1_797_609_600,
  amount: 1234.5,
  amountFen: 123_450,
  quotedAmount: 1234.5,
  quotedAmountFen: 123_450,
  overrideReason: '',
  planDeviceCount: 1,
  actualDeviceCount: 1,
  syncTime: null,
  shortfall: 0,
  proposedCredit: 0,
  proposedCreditFen: 0,
  credit: 0,
  creditFen: 0,
  reviewReason: '',
  createdBy: 'u1',
  createdByName: 'Sally Sales',
  createtime: 1_796_000_000,
  robotIds: ['RSZ1001'],
  lines: [],
  history: [],
};

const delivery: OrderDeliveryDto = {
  id: ORDER,
  contractedScreenDays: 14,
  dueScreenDays: 9,
  deliveredScreenDays: 6,
  shortfallScreenDays: 3,
  suggestedCredit: 264.54,
  suggestedCreditFen: 26_454,
  actualDevices: 1,
  creditBillMonth: '2026-12',
  robots: [],
};

/** The server of the order: its detail, delivery and proof of play, and the credit it grants once. */
function orderServer(opts: { refuse?: string; order?: Partial<OrderDetailDto> } = {}) {
  const order = { ...baseOrder, ...opts.order };
  const credits: unknown[] = [];
  const stub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    switch (url.pathname) {
      case `/api/Orders/${ORDER}`:
        return json(200, { success: true, data: order });
      case '/api/Orders/delivery':
        return json(200, { success: true, data: delivery });
      case '/api/Orders/proofOfPlay':
        return json(404, { success: false, code: 'NOT_FOUND', msg: 'not found' });
      case '/api/Orders/credit': {
        const body = JSON.parse(String(init?.body));
        credits.push(body);
        if (opts.refuse) return json(409, { success: false, code: 'ORDER_CREDIT_GRANTED', msg: opts.refuse });
        order.creditFen = Math.round(body.amount * 100);
        order.credit = body.amount;
        return json(200, { success: true, data: order });
      }
      default:
        return json(404, { success: false, code: 'NOT_FOUND', msg: 'not found' });
    }
  };
  return { credits, stub };
}

const WORDS = {
  zh: {
    contracted: '合同设备天数',
    due: '截至目前应播',
    delivered: '已交付（已核验播放）',
    shortfall: '差额',
    suggested: '建议补偿',
    amount: '¥264.54',
    accept: '接受补偿并计入账单',
    reason: '合同 14 设备天中 3 天未交付',
    granted: '已补偿：¥264.54',
    credit: '补偿',
    confirm: '补偿 ¥264.54 将计入客户“Lucky Coffee”2026-12 月账单，记在订单 O202611290002 名下。',
    ok: '确认补偿',
    cancel: '取消',
  },
  en: {
    contracted: 'Contracted screen-days',
    due: 'Due so far',
    delivered: 'Delivered (verified plays)',
    shortfall: 'Shortfall',
    suggested: 'Suggested credit',
    amount: 'CNY 264.54',
    accept: 'Accept credit into the bill',
    reason: '3 of 14 screen-days not delivered',
    granted: 'Credit granted: CNY 264.54',
    credit: 'Credit',
    confirm: "A credit of CNY 264.54 goes on Lucky Coffee's bill for 2026-12, on the line of order O202611290002.",
    ok: 'Grant the credit',
    cancel: 'Cancel',
  },
} as const;

/** The value shown next to a label of the delivery's table. */
function shownFor(section: HTMLElement, label: string): string {
  const cell = within(section).getByText(label).closest('th');
  return cell?.nextElementSibling?.textContent ?? '';
}

/** The confirmation dialog showing this text. */
async function confirmDialog(text: string): Promise<HTMLElement> {
  const body = await screen.findByText(text, {}, { timeout: 10_000 });
  return body.closest('.ant-modal') as HTMLElement;
}

async function openDelivery(language: 'zh' | 'en', canManage: boolean) {
  await renderWithApp(<OrderDetailDrawer id={ORDER} onClose={() => {}} canManage={canManage} />, language);
  const section = await screen.findByTestId('order-delivery', {}, { timeout: 10_000 });
  await within(section).findByText(WORDS[language].contracted, {}, { timeout: 10_000 });
  return section;
}

resetAfterEach();

describe('order delivery in screen-days', () => {
  for (const language of ['zh', 'en'] as const) {
    const w = WORDS[language];

    // A drawer, a dialog and three answers: generous on a busy machine.
    it(`shows the screen-days and accepts the suggested credit into the bill with its reason (${language})`, {
      timeout: 90_000,
    }, async () => {
      const server = orderServer();
      vi.stubGlobal('fetch', vi.fn(server.stub));
      const section = await openDelivery(language, true);
      expect(shownFor(section, w.contracted)).toBe('14');
      expect(shownFor(section, w.due)).toBe('9');
      expect(shownFor(section, w.delivered)).toBe('6');
      expect(shownFor(section, w.shortfall)).toBe('3');
      expect(shownFor(section, w.suggested)).toBe(w.amount);

      fireEvent.click(within(section).getByRole('button', { name: w.accept }));
      // First a confirmation: the amount and the bill it lands on (the customer, the month, the order's line).
      const dialog = await confirmDialog(w.confirm);
      expect(server.credits).toEqual([]);
      fireEvent.click(within(dialog).getByRole('button', { name: w.ok }));
      expect(await screen.findByText(w.granted, {}, { timeout: 10_000 })).toBeTruthy();
      // The very amount shown, and the reason in the operator's language, kept with the credit.
      expect(server.credits).toEqual([{ id: ORDER, amount: 264.54, reason: w.reason }]);
      // Granted once: the order now shows its credit and the button is gone.
      await waitFor(() => expect(within(section).queryByRole('button', { name: w.accept })).toBeNull(), {
        timeout: 10_000,
      });
      const drawer = section.closest('.ant-drawer') as HTMLElement;
      await waitFor(() => expect(shownFor(drawer, w.credit)).toBe(w.amount), { timeout: 10_000 });
    });

    it(`shows the advertiser the same figures without the button (${language})`, async () => {
      vi.stubGlobal('fetch', vi.fn(orderServer().stub));
      const section = await openDelivery(language, false);
      expect(shownFor(section, w.delivered)).toBe('6');
      expect(shownFor(section, w.suggested)).toBe(w.amount);
      expect(within(section).queryByRole('button', { name: w.accept })).toBeNull();
    });
  }

  it('shows the server refusal and keeps the button when the credit is refused', async () => {
    const server = orderServer({ refuse: 'This order has already been credited' });
    vi.stubGlobal('fetch', vi.fn(server.stub));
    const section = await openDelivery('en', true);
    fireEvent.click(within(section).getByRole('button', { name: WORDS.en.accept }));
    fireEvent.click(within(await confirmDialog(WORDS.en.confirm)).getByRole('button', { name: WORDS.en.ok }));
    expect(await screen.findByText('This order has already been credited', {}, { timeout: 10_000 })).toBeTruthy();
    expect(within(section).getByRole('button', { name: WORDS.en.accept })).toBeTruthy();
    expect(server.credits).toHaveLength(1);
  });

  it('sends nothing when the operator cancels the confirmation', async () => {
    const server = orderServer();
    vi.stubGlobal('fetch', vi.fn(server.stub));
    const section = await openDelivery('en', true);
    fireEvent.click(within(section).getByRole('button', { name: WORDS.en.accept }));
    fireEvent.click(within(await confirmDialog(WORDS.en.confirm)).getByRole('button', { name: WORDS.en.cancel }));
    // Nothing was sent, nothing granted: the order still offers its credit.
    expect(server.credits).toEqual([]);
    expect(screen.queryByText(WORDS.en.granted)).toBeNull();
    expect(within(section).getByRole('button', { name: WORDS.en.accept })).toBeTruthy();
  });

  for (const [what, order] of [
    ['an order still in review', { state: 'reviewing' as const }],
    ['an approved order that has not begun', { state: 'paid' as const, begin: Math.floor(Date.now() / 1000) + 86_400 }],
  ] as const) {
    it(`offers no credit on ${what}`, async () => {
      vi.stubGlobal('fetch', vi.fn(orderServer({ order }).stub));
      const section = await openDelivery('en', true);
      expect(shownFor(section, WORDS.en.suggested)).toBe(WORDS.en.amount);
      expect(within(section).queryByRole('button', { name: WORDS.en.accept })).toBeNull();
    });
  }
});
