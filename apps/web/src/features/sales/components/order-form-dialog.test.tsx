import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, renderWithApp, resetAfterEach } from '../../../test/render-with-app';
import { OrderFormDialog } from './order-form-dialog';

resetAfterEach();

/** A salesperson whose scope holds no plan and no device: the server answers empty pages. */
function emptyScope() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json(200, { success: true, total: 0, datas: [] })),
  );
}

describe('the new order form with nothing in scope', { timeout: 60_000 }, () => {
  it.each([
    ['zh', '投放计划', '没有可下单的投放计划', /先在“客户管理”中确认客户由你负责/],
    ['en', 'Plan', 'No delivery plan to order', /plans of customers you manage/],
  ] as const)('says why the plan picker is empty and what to do (%s)', async (language, label, why, nextStep) => {
    emptyScope();
    await renderWithApp(<OrderFormDialog open onClose={() => {}} />, language);
    const picker = await screen.findByRole('combobox', { name: label }, { timeout: 30_000 });
    fireEvent.mouseDown(picker);
    expect(await screen.findByText(why)).toBeTruthy();
    expect(screen.getByText(nextStep)).toBeTruthy();
  });
});
