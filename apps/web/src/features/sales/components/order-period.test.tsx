import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, resetAfterEach } from '../../../test/render-with-app';
import { OrderDetailDrawer } from './order-detail-drawer';

resetAfterEach();

const order = {
  id: 'o1',
  orderNo: 'O2026120700011A2B',
  name: 'Spring sale',
  customerId: 'c1',
  customerName: 'Lucky Coffee',
  playlistId: 'p1',
  playlistName: 'Latte Week',
  state: 'approved',
  actions: [],
  weeks: 2,
  begin: 1_796_400_000,
  end: 1_797_609_600,
  amount: 400,
  amountFen: 40_000,
  quotedAmount: 400,
  quotedAmountFen: 40_000,
  overrideReason: '',
  planDeviceCount: 2,
  actualDeviceCount: 0,
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

describe('the order period says its unit', { timeout: 60_000 }, () => {
  it.each([
    ['en', /\(2 weeks\)/],
    ['zh', /\(2 周\)/],
  ] as const)('"2 weeks", not a bare "(2)" (%s)', async (language, period) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        new URL(String(input), 'http://localhost').pathname === '/api/Orders/o1'
          ? json(200, { success: true, data: order })
          : json(404, { success: false, code: 'NOT_FOUND', msg: 'not found' }),
      ),
    );
    await renderWithApp(<OrderDetailDrawer id="o1" onClose={() => {}} canManage={false} />, language);
    expect(await screen.findByText(period, {}, { timeout: 30_000 })).toBeTruthy();
    expect(screen.queryByText(/\(2\)/)).toBeNull();
  });
});
