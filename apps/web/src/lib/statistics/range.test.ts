import { describe, expect, it } from 'vitest';
import { lastDays, rangeParams } from './range';

const at = (iso: string) => Date.parse(iso) / 1000;

describe('report ranges', () => {
  it('takes the last days in the report zone, today included', () => {
    // 2026-11-25 01:00 in Shanghai is still 2026-11-24 in UTC.
    expect(lastDays(30, 'Asia/Shanghai', at('2026-11-24T17:00:00Z'))).toEqual({
      from: '2026-10-27',
      to: '2026-11-25',
      timeZone: 'Asia/Shanghai',
    });
  });
  it('sends local midnights as unix seconds, half-hour zones included', () => {
    expect(rangeParams({ from: '2026-11-01', to: '2026-11-01', timeZone: 'Asia/Kolkata' })).toEqual({
      begin: at('2026-10-31T18:30:00Z'),
      end: at('2026-11-01T18:30:00Z'),
      timeZone: 'Asia/Kolkata',
    });
  });
  it('keeps a 25-hour daylight-saving day whole', () => {
    // Sydney leaves daylight saving on 2026-04-05 (03:00 back to 02:00).
    const { begin, end } = rangeParams({ from: '2026-04-05', to: '2026-04-05', timeZone: 'Australia/Sydney' });
    expect(end - begin).toBe(25 * 3600);
  });
});
