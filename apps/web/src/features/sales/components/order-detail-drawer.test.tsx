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
  order: {
    id: ORDER,
    orderNo: 'O202611290001',
    name: 'Winter proof',
    screens: 2,
    contractedScreenDays: 14,
    dueScreenDays: 6,
    deliveredScreenDays: 1,
    notPulled: [],
  },
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
function orderServer(data: OrderDetailDto = order, report: ProofOfPlayReport = proof) {
  const seen: string[] = [];
  const stub = async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    seen.push(`${url.pathname}?${url.searchParams.toString()}`);
    switch (url.pathname) {
      case `/api/Orders/${ORDER}`:
        return json(200, { success: true, data });
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
            actualDevices: 1,
            creditBillMonth: '2026-12',
            robots: [],
          },
        });
      case '/api/Orders/proofOfPlay':
        return json(200, { success: true, data: report });
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

describe('order drawer: the amount line by line', () => {
  const line = (robotId: string, priceFen: number, extraMaterials = 0) => ({
    robotId,
    robotName: `Robot ${robotId}`,
    salesType: 'rental' as const,
    price: priceFen / 100,
    freeMaterials: 3,
    extraMaterials,
    amount: (priceFen * 2 * (1 + extraMaterials)) / 100,
    amountFen: priceFen * 2 * (1 + extraMaterials),
  });
  const booked: OrderDetailDto = {
    ...order,
    weeks: 2,
    amount: 900,
    amountFen: 90_000,
    quotedAmount: 900,
    quotedAmountFen: 90_000,
    lines: [line('RSZ1001', 15_000), line('RSZ1002', 15_000, 1)],
  };

  it('shows each line with its unit price, weeks and amount, and the lines add up to the total (zh)', async () => {
    vi.stubGlobal('fetch', vi.fn(orderServer(booked).stub));
    await renderWithApp(<OrderDetailDrawer id={ORDER} onClose={() => {}} canManage />, 'zh');
    const lines = await screen.findByTestId('order-lines', {}, { timeout: 10_000 });
    const row = (robotId: string) =>
      [...(within(lines).getByText(`Robot ${robotId} (${robotId})`).closest('tr')?.querySelectorAll('td') ?? [])].map(
        (td) => td.textContent,
      );
    // Device, sales type, unit price, weeks, free, extra materials, factor, amount.
    expect(row('RSZ1001')).toEqual([
      'Robot RSZ1001 (RSZ1001)',
      expect.any(String),
      '¥150.00',
      '2',
      '3',
      '0',
      '×1',
      '¥300.00',
    ]);
    expect(row('RSZ1002')).toEqual([
      'Robot RSZ1002 (RSZ1002)',
      expect.any(String),
      '¥150.00',
      '2',
      '3',
      '1',
      '×2',
      '¥600.00',
    ]);
    expect(within(lines).getByTestId('order-lines-total').textContent).toBe('¥900.00');
  });

  it('shows a changed amount as its own line so the lines still add up to the total (en)', async () => {
    const changed = { ...booked, amount: 850, amountFen: 85_000, overrideReason: 'loyal customer' };
    vi.stubGlobal('fetch', vi.fn(orderServer(changed).stub));
    await renderWithApp(<OrderDetailDrawer id={ORDER} onClose={() => {}} canManage />, 'en');
    const lines = await screen.findByTestId('order-lines', {}, { timeout: 10_000 });
    const adjustment = within(lines).getByText('Amount changed: loyal customer').closest('tr');
    expect(adjustment?.lastElementChild?.textContent).toBe('-CNY 50.00');
    expect(within(lines).getByTestId('order-lines-total').textContent).toBe('CNY 850.00');
  });

  it('shows what the order contracted above its proof of play, and the screens that have not pulled the plan (en)', async () => {
    const waiting = {
      ...proof,
      order: { ...(proof.order as NonNullable<ProofOfPlayReport['order']>), notPulled: ['RSZ1002'] },
    };
    vi.stubGlobal('fetch', vi.fn(orderServer(order, waiting).stub));
    await renderWithApp(<OrderDetailDrawer id={ORDER} onClose={() => {}} canManage />, 'en');
    const contract = await screen.findByTestId('order-contract', {}, { timeout: 10_000 });
    expect(contract.textContent).toBe('Contracted: 2 screens, 14 screen-days; due to date 6, delivered 1');
    expect(
      screen.getByText(
        "Not yet pulled by 1 of the order's 2 screens: RSZ1002 (their screen-days are contracted and due all the same)",
      ),
    ).toBeTruthy();
  });
});
