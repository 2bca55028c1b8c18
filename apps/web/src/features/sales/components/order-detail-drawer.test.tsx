import type { OrderDetailDto } from '@robot-ads/contracts/sales/orders.schemas';
import type { ProofOfPlayReport } from '@robot-ads/contracts/statistics/proof-of-play.schemas';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, resetAfterEach } from '../../../test/render-with-app';
import { OrderDetailDrawer } from './order-detail-drawer';

const ORDER = 'a1b2c3d4e5f6a1b2c3d4e5f6';

const order: OrderDetailDto = {
  id: ORDER,
  orderNo: 'O202611290001',
  name: 'Winter proof',
  customerId: 'c1',
  customerName: 'Lucky Coffee',
  playlistId: 'p1',
  playlistName: '咖啡 plan',
  state: 'launched',
  actions: [],
  weeks: 1,
  begin: 1_796_400_000,
  end: 1_797_004_800,
  amount: 200,
  amountFen: 20_000,
  quotedAmount: 200,
  quotedAmountFen: 20_000,
  overrideReason: '',
  planDeviceCount: 2,
  actualDeviceCount: 2,
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
  robotIds: ['RSZ1001', 'RSZ1002'],
  lines: [],
  history: [],
};

const proof: ProofOfPlayReport = {
  playlistId: 'p1',
  planName: '咖啡 plan',
  customerName: 'Lucky Coffee',
  order: { id: ORDER, orderNo: 'O202611290001', name: 'Winter proof' },
  timeZone: 'Asia/Shanghai',
  begin: 1_796_400_000,
  end: 1_796_600_000,
  rows: [
    {
      robotId: 'RSZ1001',
      robotName: 'Robot A',
      day: '2026-11-29',
      scheduledMinutes: 180,
      scheduledPlays: 72,
      verified: 3,
      flagged: 1,
      deliveredPercent: 4.17,
      reasons: { overlap: 1 },
    },
    {
      robotId: 'RSZ1002',
      robotName: 'Robot B',
      day: '2026-11-30',
      scheduledMinutes: 180,
      scheduledPlays: 72,
      verified: 0,
      flagged: 1,
      deliveredPercent: 0,
      reasons: { tooLong: 1 },
    },
  ],
  total: {
    robots: 2,
    scheduledDays: 6,
    deliveredDays: 1,
    scheduledPlays: 432,
    deliveredPercent: 0.69,
    verified: 3,
    flagged: 2,
    verifiedShare: 60,
    reasons: { tooLong: 1, overlap: 1 },
  },
};

/** The order's calls as the server answers them. */
function orderServer() {
  const seen: string[] = [];
  const stub = async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    seen.push(`${url.pathname}?${url.searchParams.toString()}`);
    switch (url.pathname) {
      case `/api/Orders/${ORDER}`:
        return json(200, { success: true, data: order });
      case '/api/Orders/delivery':
        return json(200, {
          success: true,
          data: {
            id: ORDER,
            contractedScreenDays: 14,
            dueScreenDays: 6,
            deliveredScreenDays: 1,
            shortfallScreenDays: 5,
            suggestedCredit: 71.42,
            suggestedCreditFen: 7142,
            robots: [],
          },
        });
      case '/api/Orders/proofOfPlay':
        return json(200, { success: true, data: proof });
      default:
        return json(404, { success: false, code: 'NOT_FOUND', msg: 'not found' });
    }
  };
  return { seen, stub };
}

resetAfterEach();

describe('order drawer: proof of play', () => {
  for (const language of ['zh', 'en'] as const) {
    it(`shows the order's verified share, flagged plays by reason, rows per robot and day and its exports (${language})`, async () => {
      const server = orderServer();
      vi.stubGlobal('fetch', vi.fn(server.stub));
      await renderWithApp(<OrderDetailDrawer id={ORDER} onClose={() => {}} canManage />, language);
      const section = await screen.findByTestId('order-proof-of-play', {}, { timeout: 10_000 });
      const words =
        language === 'zh'
          ? {
              share: '核验率',
              delivered: '交付率',
              overlap: '播放重叠 1',
              tooLong: '时长超出 1',
              pdf: '播放证明书 (PDF)',
              xlsx: '导出 xlsx',
            }
          : {
              share: 'Verified share',
              delivered: 'Delivered %',
              overlap: 'Overlapping play 1',
              tooLong: 'Longer than the ad 1',
              pdf: 'Certificate (PDF)',
              xlsx: 'Export xlsx',
            };
      expect(await within(section).findByText(words.share, {}, { timeout: 10_000 })).toBeTruthy();
      expect(within(section).getByText('60')).toBeTruthy();
      // Verified against scheduled plays: the total and per robot and day.
      const statistic = within(section)
        .getAllByText(words.delivered)
        .map((el) => el.closest('.ant-statistic'))
        .find(Boolean);
      expect(statistic?.textContent).toBe(`${words.delivered}0.69%`);
      expect(within(section).getByText('432')).toBeTruthy();
      expect(within(section).getByText('4.17 %')).toBeTruthy();
      const reasons = within(section).getByTestId('proof-reasons');
      expect(within(reasons).getByText(words.overlap)).toBeTruthy();
      expect(within(reasons).getByText(words.tooLong)).toBeTruthy();
      expect(within(section).getByText('RSZ1002')).toBeTruthy();
      expect(within(section).getByText('2026-11-29')).toBeTruthy();
      const pdf = within(section).getByText(words.pdf).closest('a')?.getAttribute('href') ?? '';
      expect(pdf).toContain('/api/Orders/proofOfPlayExport');
      expect(pdf).toContain(`id=${ORDER}`);
      expect(pdf).toContain('format=pdf');
      expect(pdf).toContain(`language=${language}`);
      const xlsx = within(section).getByText(words.xlsx).closest('a')?.getAttribute('href') ?? '';
      expect(xlsx).toContain('format=xlsx');
      expect(server.seen).toContain(`/api/Orders/proofOfPlay?id=${ORDER}`);
    });
  }
});
