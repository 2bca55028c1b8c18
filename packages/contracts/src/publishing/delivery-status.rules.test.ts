import { describe, expect, it } from 'vitest';
import { deliveryStatus, isLowPullRate, pullRatio } from './delivery-status.rules';

const base = {
  begin: 100,
  end: 200,
  now: 150,
  cancelled: false,
  pendingApplication: false,
  notIssued: 0,
  issued: 0,
  pulled: 0,
};

describe('delivery status', () => {
  it('derives every label', () => {
    expect(deliveryStatus(base)).toBe('notDelivered');
    expect(deliveryStatus({ ...base, pendingApplication: true })).toBe('pendingReview');
    expect(deliveryStatus({ ...base, cancelled: true, issued: 1 })).toBe('cancelled');
    expect(deliveryStatus({ ...base, notIssued: 2 })).toBe('toBeIssued');
    expect(deliveryStatus({ ...base, issued: 2, now: 50 })).toBe('notStarted');
    expect(deliveryStatus({ ...base, issued: 2 })).toBe('issued');
    expect(deliveryStatus({ ...base, issued: 1, pulled: 1 })).toBe('live');
    expect(deliveryStatus({ ...base, pulled: 1, now: 200 })).toBe('ended');
  });
  it('flags a pull rate below 80 %', () => {
    expect(pullRatio(10, 8)).toBe(0.8);
    expect(isLowPullRate(10, 8)).toBe(false);
    expect(isLowPullRate(10, 7)).toBe(true);
    expect(isLowPullRate(0, 0)).toBe(false);
  });
});
