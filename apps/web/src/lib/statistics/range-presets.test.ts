import { describe, expect, it } from 'vitest';
import { monthRange, planRange, todayIn } from './range';

// 2026-11-28 03:00 UTC = 11:00 in Shanghai.
const NOW = Date.UTC(2026, 10, 28, 3) / 1000;
const day = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) / 1000 - 8 * 3600; // Shanghai midnight

describe('report range presets', () => {
  it('open a year plan on its own period, never past today', () => {
    expect(planRange(day(2026, 1, 1), day(2027, 1, 1), 'Asia/Shanghai', NOW)).toEqual({
      from: '2026-01-01',
      to: '2026-11-28',
      timeZone: 'Asia/Shanghai',
    });
    // An ended plan: its whole period, the end exclusive.
    expect(planRange(day(2025, 3, 1), day(2025, 4, 1), 'Asia/Shanghai', NOW)).toMatchObject({
      from: '2025-03-01',
      to: '2025-03-31',
    });
  });

  it('give this month up to today and last month in full, in the zone', () => {
    expect(monthRange(0, 'Asia/Shanghai', NOW)).toMatchObject({ from: '2026-11-01', to: '2026-11-28' });
    expect(monthRange(-1, 'Asia/Shanghai', NOW)).toMatchObject({ from: '2026-10-01', to: '2026-10-31' });
    expect(todayIn('America/Los_Angeles', NOW)).toBe('2026-11-27');
  });
});
