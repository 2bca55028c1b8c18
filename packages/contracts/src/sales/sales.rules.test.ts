import { describe, expect, it } from 'vitest';
import {
  allowedOrderActions,
  fenToYuanText,
  formatMoneyFen,
  nextOrderState,
  ORDER_ACTIONS,
  ORDER_STATES,
  orderAmountLines,
  shortfallCreditFen,
  sumFen,
} from './sales.rules';

describe('order state machine', () => {
  it('allows exactly the drawn transitions', () => {
    const allowed = ORDER_STATES.flatMap((s) =>
      allowedOrderActions(s).map((a) => `${s}-${a}->${nextOrderState(s, a)}`),
    );
    expect(allowed.sort()).toEqual(
      [
        'reviewing-approve->pendingPayment',
        'reviewing-reject->rejected',
        'reviewing-cancel->cancelled',
        'rejected-resubmit->reviewing',
        'rejected-cancel->cancelled',
        'pendingPayment-pay->paid',
        'pendingPayment-cancel->cancelled',
        'paid-launch->launched',
        'launched-complete->completed',
      ].sort(),
    );
    const refused = ORDER_STATES.flatMap((s) => ORDER_ACTIONS.filter((a) => nextOrderState(s, a) === null));
    expect(refused.length).toBe(ORDER_STATES.length * ORDER_ACTIONS.length - 9);
  });
});

describe('amount with free materials, in fen', () => {
  const trial = { robotId: 'T1', salesType: 'trial' as const, priceFen: 10_001 };
  const rental = { robotId: 'R1', salesType: 'rental' as const, priceFen: 20_050 };
  it('charges one weekly price up to the free materials, one more per extra material', () => {
    const at = (materials: number) => orderAmountLines([trial, rental], materials, 3).map((l) => l.amountFen);
    expect(at(1)).toEqual([30_003, 60_150]);
    expect(at(2)).toEqual([60_006, 60_150]);
    expect(at(3)).toEqual([90_009, 60_150]);
    expect(at(4)).toEqual([120_012, 120_300]);
    expect(sumFen(at(4))).toBe(240_312);
    expect(fenToYuanText(240_312)).toBe('2403.12');
    expect(fenToYuanText(5)).toBe('0.05');
  });
  it('writes money in the language format of documents (the bill PDF): currency, thousands, 2 decimals', () => {
    expect(formatMoneyFen(180_000, 'zh')).toBe('¥1,800.00');
    expect(formatMoneyFen(180_000, 'en')).toBe('CNY 1,800.00');
    expect(formatMoneyFen(123_456_789, 'zh')).toBe('¥1,234,567.89');
    expect(formatMoneyFen(-30_000, 'zh')).toBe('-¥300.00');
    expect(formatMoneyFen(5, 'en')).toBe('CNY 0.05');
    expect(formatMoneyFen(99_999, 'zh')).toBe('¥999.99');
  });
  it('proposes a credit for missing devices, floored to the fen', () => {
    expect(shortfallCreditFen(10_000, 3, 2)).toBe(3333);
    expect(shortfallCreditFen(10_000, 3, 3)).toBe(0);
    expect(shortfallCreditFen(10_000, 3, 0)).toBe(10_000);
  });
});
