import type { BillSummaryDto } from '@robot-ads/contracts/sales/bills.schemas';
import type { OrderDto } from '@robot-ads/contracts/sales/orders.schemas';
import { allowedOrderActions, type OrderState } from '@robot-ads/contracts/sales/sales.rules';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { json, renderWithApp, resetAfterEach } from '../../../test/render-with-app';
import BillsPage from './bills-page';
import OrdersPage from './orders-page';

function order(no: string, state: OrderState, amountFen: number): OrderDto {
  return {
    id: `${no}`.padStart(24, '0'),
    orderNo: no,
    name: `Order ${no}`,
    customerId: 'c'.repeat(24),
    customerName: 'Shop A',
    playlistId: 'p'.repeat(24),
    playlistName: 'Plan A',
    state,
    actions: allowedOrderActions(state),
    weeks: 2,
    begin: 1_790_000_000,
    end: 1_790_000_000 + 14 * 86_400,
    amount: amountFen / 100,
    amountFen,
    quotedAmount: amountFen / 100,
    quotedAmountFen: amountFen,
    overrideReason: '',
    planDeviceCount: 3,
    actualDeviceCount: 0,
    syncTime: null,
    shortfall: 0,
    proposedCredit: 0,
    proposedCreditFen: 0,
    credit: 0,
    creditFen: 0,
    reviewReason: '',
    createdBy: 'u'.repeat(24),
    createdByName: 'sales01',
    createtime: 1_790_000_000,
  };
}

/** The server's answers: a list of orders, and what each call asked for. */
function server(routes: Record<string, unknown>) {
  const calls: string[] = [];
  const stub = async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(`${url.pathname}${url.search}`);
    const body = routes[url.pathname];
    return body ? json(200, body) : json(404, { success: false, data: null, code: 'API_NOT_FOUND', msg: 'not found' });
  };
  return { calls, stub };
}

function asUser(role: string, DIY: 'yes' | 'no' = 'yes') {
  sessionStore.set((s) => ({ ...s, user: { ...s.user, role, DIY, principals: '' } as never }));
}

resetAfterEach();

describe('orders page', { timeout: 60_000 }, () => {
  it('shows the amount in yuan and only the actions the machine allows (zh)', async () => {
    const { stub, calls } = server({
      '/api/Orders/queryByPage': {
        success: true,
        total: 2,
        datas: [order('O1', 'pendingPayment', 123456), order('O2', 'paid', 5000)],
      },
    });
    vi.stubGlobal('fetch', vi.fn(stub));
    asUser('operator');
    await renderWithApp(<OrdersPage />, 'zh');
    const first = (await screen.findByText('Order O1', {}, { timeout: 30_000 })).closest('tr') as HTMLElement;
    expect(within(first).getByText('¥1,234.56')).toBeTruthy();
    expect(within(first).getByText('待付款')).toBeTruthy();
    expect(within(first).getByRole('button', { name: /登记付款/ })).toBeTruthy();
    expect(within(first).getByRole('button', { name: /取消订单/ })).toBeTruthy();
    expect(within(first).queryByRole('button', { name: /^投\s?放$/ })).toBeNull();
    const second = screen.getByText('Order O2').closest('tr') as HTMLElement;
    expect(within(second).getByText('¥50.00')).toBeTruthy();
    expect(within(second).getByRole('button', { name: /^投\s?放$/ })).toBeTruthy();
    expect(within(second).queryByRole('button', { name: /取消订单/ })).toBeNull();
    // Paged on the server.
    expect(
      calls.some((c) => c.startsWith('/api/Orders/queryByPage?') && c.includes('start=0') && c.includes('limit=10')),
    ).toBe(true);
  });

  it('gives an advertiser its orders to read, with no action and no new order (en)', async () => {
    const { stub } = server({
      '/api/Orders/queryByPage': { success: true, total: 1, datas: [order('O3', 'pendingPayment', 990)] },
    });
    vi.stubGlobal('fetch', vi.fn(stub));
    asUser('advertisers');
    await renderWithApp(<OrdersPage />, 'en');
    const row = (await screen.findByText('Order O3', {}, { timeout: 30_000 })).closest('tr') as HTMLElement;
    expect(within(row).getByText('CNY 9.90')).toBeTruthy();
    expect(within(row).getByText('Pending payment')).toBeTruthy();
    expect(within(row).queryByRole('button', { name: 'Record payment' })).toBeNull();
    expect(screen.queryByRole('button', { name: /New order/ })).toBeNull();
  });

  it('shows the customer and the plan whole at 1440 px, wrapping rather than cut (en)', async () => {
    const width = window.innerWidth;
    Object.defineProperty(window, 'innerWidth', { value: 1440, configurable: true, writable: true });
    try {
      const long = {
        ...order('O4', 'pendingPayment', 990),
        customerName: 'Sunshine Plaza Property Management Company Ltd',
        playlistName: 'Spring festival coffee promotion on every lobby robot',
      };
      vi.stubGlobal(
        'fetch',
        vi.fn(server({ '/api/Orders/queryByPage': { success: true, total: 1, datas: [long] } }).stub),
      );
      asUser('operator');
      await renderWithApp(<OrdersPage />, 'en');
      const row = (await screen.findByText('Order O4', {}, { timeout: 30_000 })).closest('tr') as HTMLElement;
      for (const text of [long.customerName, long.playlistName]) {
        const cell = within(row).getByText(text).closest('td') as HTMLElement;
        // The whole text in the cell, which wraps: no ellipsis, neither antd's nor the list's.
        expect(cell.textContent).toBe(text);
        expect(cell.className).toContain('ra-wrap-text-cell');
        expect(cell.className).not.toContain('ant-table-cell-ellipsis');
        expect(cell.querySelector('.ra-cell-ellipsis')).toBeNull();
      }
    } finally {
      Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true });
    }
  });

  it('tells what to do when there is no order yet (en)', async () => {
    vi.stubGlobal('fetch', vi.fn(server({ '/api/Orders/queryByPage': { success: true, total: 0, datas: [] } }).stub));
    asUser('operator');
    await renderWithApp(<OrdersPage />, 'en');
    expect(
      await screen.findByText('Create an order from a delivery plan with New order.', {}, { timeout: 30_000 }),
    ).toBeTruthy();
  });
});

describe('bills page', { timeout: 60_000 }, () => {
  const summary: BillSummaryDto = {
    customerId: 'c'.repeat(24),
    customerName: 'Shop A',
    month: '2026-11',
    openingBalanceFen: 0,
    chargesFen: 200000,
    paymentsFen: 150000,
    creditsFen: 2550,
    balanceFen: 47450,
    openingBalance: 0,
    charges: 2000,
    payments: 1500,
    credits: 25.5,
    balance: 474.5,
  };

  it('lists the month per customer with the balance in yuan (en)', async () => {
    const { stub, calls } = server({ '/api/Bills/queryByPage': { success: true, total: 1, datas: [summary] } });
    vi.stubGlobal('fetch', vi.fn(stub));
    asUser('administrator');
    await renderWithApp(<BillsPage />, 'en');
    const row = (await screen.findByText('Shop A', {}, { timeout: 30_000 })).closest('tr') as HTMLElement;
    expect(within(row).getByText('CNY 2,000.00')).toBeTruthy();
    expect(within(row).getByText('CNY 474.50')).toBeTruthy();
    expect(calls.some((c) => /\/api\/Bills\/queryByPage\?.*month=\d{4}-\d{2}/.test(c))).toBe(true);
  });

  it('says a user without the DIY flag cannot see bills, and asks nothing of the server (zh)', async () => {
    const fetch = vi.fn(server({}).stub);
    vi.stubGlobal('fetch', fetch);
    asUser('advertisers', 'no');
    await renderWithApp(<BillsPage />, 'zh');
    expect(
      await screen.findByText('账单需要DIY权限，请联系管理员为您的账号开通。', {}, { timeout: 30_000 }),
    ).toBeTruthy();
    expect(fetch.mock.calls.filter(([u]) => String(u).includes('/api/Bills'))).toHaveLength(0);
  });
});
