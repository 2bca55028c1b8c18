import { describe, expect, it } from 'vitest';
import type { PlanSchedule as PlanFormSchedule } from '../playlists/playlists.schemas';
import type { PlanSchedule } from './playback.types';
import { activeIntervals, deliveryStatus, isPlanActiveAt, minuteOfDay, nextActiveAt } from './schedule.rules';

const utc = (iso: string) => Date.parse(iso) / 1000;
const HOUR = 3600;

function plan(overrides: Partial<PlanSchedule>): PlanSchedule {
  return {
    id: 'p1',
    priority: 5,
    cycle: { type: 'daily', data: [] },
    times: [],
    begin: utc('2026-01-01T00:00:00Z'),
    end: utc('2027-01-01T00:00:00Z'),
    timeZone: 'UTC',
    playingMode: 'order',
    ...overrides,
  };
}

const total = (spans: { start: number; end: number }[]) => spans.reduce((s, i) => s + i.end - i.start, 0);

describe('the plan as the plan form stores it', () => {
  it('is the engine input as is: {hour, minute} periods, IANA zone, null limits', () => {
    const form: PlanFormSchedule = {
      begin: utc('2026-03-01T00:00:00Z'),
      end: utc('2026-04-01T00:00:00Z'),
      timeZone: 'Australia/Sydney',
      cycle: { type: 'weekly', data: [2] },
      times: [{ begin: { hour: 9, minute: 0 }, end: { hour: 24, minute: 0 } }],
      priority: 5,
      playingMode: 'round',
      countLimit: null,
      timeLimit: null,
    };
    const engine: PlanSchedule = { id: 'p', ...form };
    // Tuesday 2026-03-10 09:30 in Sydney (AEDT, +11) is Monday 22:30 UTC.
    expect(isPlanActiveAt(engine, utc('2026-03-09T22:30:00Z'))).toBe(true);
    expect(isPlanActiveAt(engine, utc('2026-03-10T12:59:59Z'))).toBe(true);
    expect(isPlanActiveAt(engine, utc('2026-03-10T13:00:00Z'))).toBe(false);
  });
});

describe('times of day', () => {
  it('reads HH:mm strings and {hour, minute} objects, and refuses nonsense', () => {
    expect(minuteOfDay('08:30')).toBe(510);
    expect(minuteOfDay({ hour: 23, minute: 59 })).toBe(1439);
    expect(minuteOfDay('24:00')).toBe(1440);
    expect(minuteOfDay('24:30')).toBeNull();
    expect(minuteOfDay('8h')).toBeNull();
  });
});

describe('which plans are active', () => {
  it('plays a daily period on the wall clock of the plan zone, not the machine zone', () => {
    const p = plan({ timeZone: 'Asia/Shanghai', times: [{ begin: '08:00', end: '10:00' }] });
    // 08:30 in Shanghai is 00:30 UTC.
    expect(isPlanActiveAt(p, utc('2026-03-10T00:30:00Z'))).toBe(true);
    expect(isPlanActiveAt(p, utc('2026-03-10T02:00:00Z'))).toBe(false);
    expect(isPlanActiveAt(p, utc('2026-03-09T23:59:59Z'))).toBe(false);
  });

  it('honours begin (inclusive) and end (exclusive)', () => {
    const p = plan({ cycle: { type: 'none', data: [] }, begin: 1000, end: 2000 });
    expect(isPlanActiveAt(p, 999)).toBe(false);
    expect(isPlanActiveAt(p, 1000)).toBe(true);
    expect(isPlanActiveAt(p, 1999)).toBe(true);
    expect(isPlanActiveAt(p, 2000)).toBe(false);
  });

  it('stops during a pause and resumes after it', () => {
    const pauseBegin = utc('2026-05-01T10:00:00Z');
    const p = plan({ pauses: [{ begin: pauseBegin, end: pauseBegin + 2 * HOUR }] });
    expect(isPlanActiveAt(p, pauseBegin - 1)).toBe(true);
    expect(isPlanActiveAt(p, pauseBegin + HOUR)).toBe(false);
    expect(isPlanActiveAt(p, pauseBegin + 2 * HOUR)).toBe(true);
    expect(deliveryStatus(p, pauseBegin + HOUR).state).toBe('paused');
  });

  it('never plays a cancelled plan', () => {
    const p = plan({ cancelled: true });
    expect(isPlanActiveAt(p, utc('2026-05-01T10:00:00Z'))).toBe(false);
    expect(deliveryStatus(p, utc('2026-05-01T10:00:00Z')).state).toBe('cancelled');
  });

  it('plays weekly on the chosen weekdays (Monday = 1, Sunday = 7 or 0)', () => {
    const p = plan({ cycle: { type: 'weekly', data: [1, 0] } });
    expect(isPlanActiveAt(p, utc('2026-03-02T12:00:00Z'))).toBe(true); // Monday
    expect(isPlanActiveAt(p, utc('2026-03-03T12:00:00Z'))).toBe(false); // Tuesday
    expect(isPlanActiveAt(p, utc('2026-03-08T12:00:00Z'))).toBe(true); // Sunday
  });

  it('runs an overnight period into the next morning, counted on the day it begins', () => {
    const p = plan({ cycle: { type: 'weekly', data: [5] }, times: [{ begin: '22:00', end: '02:00' }] });
    expect(isPlanActiveAt(p, utc('2026-03-06T23:00:00Z'))).toBe(true); // Friday night
    expect(isPlanActiveAt(p, utc('2026-03-07T01:30:00Z'))).toBe(true); // Saturday early morning
    expect(isPlanActiveAt(p, utc('2026-03-07T23:00:00Z'))).toBe(false); // Saturday night
    expect(isPlanActiveAt(p, utc('2026-03-06T01:00:00Z'))).toBe(false); // Friday early (Thursday's night)
  });

  it('plays the dated days of a time cycle (dates as unix seconds of the day in the plan zone)', () => {
    const p = plan({
      timeZone: 'Asia/Tokyo',
      cycle: { type: 'time', data: [utc('2026-04-10T03:00:00Z')] },
    });
    // Tokyo 2026-04-10 is 2026-04-09T15:00Z .. 2026-04-10T15:00Z.
    expect(activeIntervals(p, utc('2026-04-01T00:00:00Z'), utc('2026-05-01T00:00:00Z'))).toEqual([
      { start: utc('2026-04-09T15:00:00Z'), end: utc('2026-04-10T15:00:00Z') },
    ]);
  });
});

describe('month ends and leap days', () => {
  it('plays day 31 of a monthly cycle only in months that have one, including at month end', () => {
    const p = plan({ cycle: { type: 'monthly', data: [31] }, times: [{ begin: '23:00', end: '24:00' }] });
    expect(isPlanActiveAt(p, utc('2026-01-31T23:30:00Z'))).toBe(true);
    expect(isPlanActiveAt(p, utc('2026-02-28T23:30:00Z'))).toBe(false);
    expect(isPlanActiveAt(p, utc('2026-04-30T23:30:00Z'))).toBe(false);
    expect(isPlanActiveAt(p, utc('2026-05-01T00:00:00Z'))).toBe(false);
    const spans = activeIntervals(p, utc('2026-01-01T00:00:00Z'), utc('2027-01-01T00:00:00Z'));
    expect(spans).toHaveLength(7);
  });

  it('plays day 29 of a monthly cycle on 29 February of a leap year only', () => {
    const p = plan({
      cycle: { type: 'monthly', data: [29] },
      begin: utc('2024-01-01T00:00:00Z'),
      end: utc('2026-01-01T00:00:00Z'),
    });
    expect(isPlanActiveAt(p, utc('2024-02-29T12:00:00Z'))).toBe(true);
    expect(isPlanActiveAt(p, utc('2024-02-28T12:00:00Z'))).toBe(false);
    expect(isPlanActiveAt(p, utc('2025-02-28T12:00:00Z'))).toBe(false);
    expect(isPlanActiveAt(p, utc('2025-03-29T12:00:00Z'))).toBe(true);
  });

  it('runs a period into the next month and the next year across midnight', () => {
    const p = plan({ times: [{ begin: '22:00', end: '02:00' }], end: utc('2028-01-01T00:00:00Z') });
    expect(isPlanActiveAt(p, utc('2026-12-31T23:30:00Z'))).toBe(true);
    expect(isPlanActiveAt(p, utc('2027-01-01T01:30:00Z'))).toBe(true);
    expect(isPlanActiveAt(p, utc('2027-01-01T02:00:00Z'))).toBe(false);
  });

  it('plays a leap-day dated cycle only on 29 February', () => {
    const p = plan({
      cycle: { type: 'time', data: [utc('2024-02-29T00:00:00Z') * 1000] },
      begin: utc('2024-01-01T00:00:00Z'),
    });
    expect(total(activeIntervals(p, utc('2024-02-01T00:00:00Z'), utc('2024-04-01T00:00:00Z')))).toBe(24 * HOUR);
    expect(isPlanActiveAt(p, utc('2024-03-01T00:00:00Z'))).toBe(false);
  });

  it('ends a recurring plan at its end instant, including the last day up to it', () => {
    const p = plan({
      times: [{ begin: '18:00', end: '20:00' }],
      end: utc('2026-06-30T19:00:00Z'),
    });
    expect(isPlanActiveAt(p, utc('2026-06-30T18:30:00Z'))).toBe(true);
    expect(isPlanActiveAt(p, utc('2026-06-30T19:00:00Z'))).toBe(false);
    expect(deliveryStatus(p, utc('2026-06-30T19:30:00Z')).state).toBe('over');
  });
});

describe('daylight saving (Australia/Sydney)', () => {
  const sydney = (overrides: Partial<PlanSchedule>) =>
    plan({ timeZone: 'Australia/Sydney', begin: utc('2026-01-01T00:00:00Z'), ...overrides });

  it('keeps 09:00-17:00 local across spring-forward (8 real hours both days)', () => {
    const p = sydney({ times: [{ begin: '09:00', end: '17:00' }] });
    // 2026-10-04 is the change day; 09:00 AEST on 3 Oct = 23:00Z on 2 Oct; 09:00 AEDT on 4 Oct = 22:00Z on 3 Oct.
    const before = activeIntervals(p, utc('2026-10-02T12:00:00Z'), utc('2026-10-03T12:00:00Z'));
    const after = activeIntervals(p, utc('2026-10-03T12:00:00Z'), utc('2026-10-04T12:00:00Z'));
    expect(before).toEqual([{ start: utc('2026-10-02T23:00:00Z'), end: utc('2026-10-03T07:00:00Z') }]);
    expect(after).toEqual([{ start: utc('2026-10-03T22:00:00Z'), end: utc('2026-10-04T06:00:00Z') }]);
  });

  it('shortens a period that spans the skipped hour, and empties one inside it', () => {
    const spanning = sydney({ times: [{ begin: '01:00', end: '04:00' }] });
    const inside = sydney({ times: [{ begin: '02:00', end: '03:00' }] });
    const day = [utc('2026-10-03T12:00:00Z'), utc('2026-10-04T12:00:00Z')] as const;
    expect(total(activeIntervals(spanning, ...day))).toBe(2 * HOUR);
    expect(total(activeIntervals(inside, ...day))).toBe(0);
  });

  it('lengthens a period that spans the repeated hour and plays it continuously', () => {
    const p = sydney({ times: [{ begin: '01:00', end: '04:00' }] });
    const spans = activeIntervals(p, utc('2026-04-04T12:00:00Z'), utc('2026-04-05T12:00:00Z'));
    expect(spans).toHaveLength(1);
    expect(total(spans)).toBe(4 * HOUR);
  });

  it('makes an all-day daily plan 23 and 25 hours long on the change days', () => {
    const p = sydney({ cycle: { type: 'weekly', data: [7] } }); // both changes fall on Sundays
    const spring = activeIntervals(p, utc('2026-10-01T00:00:00Z'), utc('2026-10-08T00:00:00Z'));
    const autumn = activeIntervals(p, utc('2026-04-01T00:00:00Z'), utc('2026-04-08T00:00:00Z'));
    expect(total(spring)).toBe(23 * HOUR);
    expect(total(autumn)).toBe(25 * HOUR);
  });
});

describe('delivery status', () => {
  it('is not started before the begin, live between periods, over when no dated day is left', () => {
    const p = plan({
      begin: utc('2026-03-01T00:00:00Z'),
      times: [{ begin: '08:00', end: '09:00' }],
    });
    expect(deliveryStatus(p, utc('2026-02-01T00:00:00Z')).state).toBe('notStarted');
    expect(deliveryStatus(p, utc('2026-03-05T12:00:00Z'))).toEqual({ state: 'live', playingNow: false });
    expect(deliveryStatus(p, utc('2026-03-05T08:30:00Z'))).toEqual({ state: 'live', playingNow: true });
    const dated = plan({ cycle: { type: 'time', data: [utc('2026-03-02T00:00:00Z') * 1000] } });
    expect(deliveryStatus(dated, utc('2026-03-03T00:00:00Z')).state).toBe('over');
    expect(nextActiveAt(dated, utc('2026-02-01T00:00:00Z'), utc('2026-12-01T00:00:00Z'))).toBe(
      utc('2026-03-02T00:00:00Z'),
    );
  });
});
