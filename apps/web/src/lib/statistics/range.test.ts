import { describe, expect, it } from 'vitest';
import { lastDays, PLATFORM_TIME_ZONE, rangeParams, todayRange } from './range';

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

describe("a board's today", () => {
  it("is the platform's day unless the user chose a zone, whatever the computer's zone", () => {
    // 20:00 UTC on 24 Nov is already 25 Nov 04:00 in Shanghai, the platform's zone.
    const now = at('2026-11-24T20:00:00Z');
    expect(PLATFORM_TIME_ZONE).toBe('Asia/Shanghai');
    expect(todayRange(undefined, now)).toEqual({ from: '2026-11-25', to: '2026-11-25', timeZone: 'Asia/Shanghai' });
    expect(rangeParams(todayRange(undefined, now))).toEqual({
      begin: at('2026-11-24T16:00:00Z'),
      end: at('2026-11-25T16:00:00Z'),
      timeZone: 'Asia/Shanghai',
    });
    // A zone the user chose: still 24 Nov in New York.
    expect(rangeParams(todayRange('America/New_York', now))).toEqual({
      begin: at('2026-11-24T05:00:00Z'),
      end: at('2026-11-25T05:00:00Z'),
      timeZone: 'America/New_York',
    });
  });
});
