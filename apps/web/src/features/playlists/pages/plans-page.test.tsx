import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { planFixture } from '../../../test/plan-fixture';
import { json, renderWithApp, resetAfterEach } from '../../../test/render-with-app';
import PlansPage from './plans-page';

resetAfterEach();
const width = window.innerWidth;
afterEach(() => Object.defineProperty(window, 'innerWidth', { value: width, configurable: true, writable: true }));

const plan = (name: string, over: Record<string, unknown>) => planFixture(name, over);

const serve = (plans: object[]) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).includes('/api/Playlists/queryByPage')
        ? json(200, { success: true, total: plans.length, datas: plans })
        : json(200, { success: true, total: 0, datas: [], data: [] }),
    ),
  );

describe("the plan list: the advertiser's booking reference", { timeout: 90_000 }, () => {
  it.each([
    ['en', 'Booking reference'],
    ['zh', '客户订单参考号'],
  ] as const)('a wide screen shows it in its own column, "-" when none (%s)', async (language, header) => {
    Object.defineProperty(window, 'innerWidth', { value: 1920, configurable: true, writable: true });
    serve([plan('Latte Week', { externalRef: 'PO-2026-0417' }), plan('Draft Ideas', {})]);
    await renderWithApp(<PlansPage />, language);
    const row = async (name: string) =>
      (await screen.findByText(name, {}, { timeout: 30_000 })).closest('tr') as HTMLElement;
    expect(within(await row('Latte Week')).getByText('PO-2026-0417')).toBeTruthy();
    expect(within(await row('Draft Ideas')).getByText('-')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: header })).toBeTruthy();
  });

  it('a 1280 px window leaves the secondary column out (the key columns fit)', async () => {
    Object.defineProperty(window, 'innerWidth', { value: 1280, configurable: true, writable: true });
    serve([plan('Latte Week', { externalRef: 'PO-2026-0417' })]);
    await renderWithApp(<PlansPage />, 'en');
    await screen.findByText('Latte Week', {}, { timeout: 30_000 });
    expect(screen.queryByText('PO-2026-0417')).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Booking reference' })).toBeNull();
  });
});

describe('the plan list: devices pulled', { timeout: 90_000 }, () => {
  it.each([
    ['en', 'Issued after review', 'Not issued yet'],
    ['zh', '审核通过后下发', '尚未下发'],
  ] as const)('a plan with nothing issued says so instead of "0/0" (%s)', async (language, pending, none) => {
    const plans = [
      plan('Latte Week', {}),
      plan('Cold Brew Launch', {
        deliveryStatus: 'pendingReview',
        planPullNumber: 0,
        alreadyPullNumber: 0,
        audit: { state: 'pending', note: '' },
      }),
      plan('Draft Ideas', { deliveryStatus: 'notDelivered', planPullNumber: 0, alreadyPullNumber: 0 }),
    ];
    serve(plans);
    await renderWithApp(<PlansPage />, language);
    const row = async (name: string) =>
      (await screen.findByText(name, {}, { timeout: 30_000 })).closest('tr') as HTMLElement;
    expect(within(await row('Latte Week')).getByText('5/6')).toBeTruthy();
    expect(within(await row('Cold Brew Launch')).getByText(pending)).toBeTruthy();
    expect(within(await row('Draft Ideas')).getByText(none)).toBeTruthy();
    expect(screen.queryByText('0/0')).toBeNull();
  });
});
