import { describe, expect, it } from 'vitest';
import {
  endOfDayAt,
  endOfLocalDay,
  formatDate,
  formatDateMinute,
  formatDateTime,
  formatOffset,
  monthBounds,
  offsetLabel,
  offsetSeconds,
  startOfDayAt,
  wallClock,
  zonedToUnix,
  zoneLabel,
} from './zoned-time';

const utc = (iso: string) => Date.parse(iso) / 1000;

describe('wall clock in a named zone', () => {
  it('reads Sydney local time from an instant, whatever the machine zone', () => {
    // 2026-01-15 00:00 UTC is 11:00 AEDT (summer, +11).
    expect(wallClock(utc('2026-01-15T00:00:00Z'), 'Australia/Sydney')).toMatchObject({
      year: 2026,
      month: 1,
      day: 15,
      hour: 11,
      minute: 0,
      weekday: 4,
    });
    // In winter Sydney is +10.
    expect(offsetSeconds(utc('2026-07-01T00:00:00Z'), 'Australia/Sydney')).toBe(36_000);
    expect(offsetSeconds(utc('2026-01-01T00:00:00Z'), 'Australia/Sydney')).toBe(39_600);
  });

  it('gives midnight as hour 0, not 24', () => {
    expect(wallClock(utc('2026-03-01T16:00:00Z'), 'Asia/Shanghai')).toMatchObject({ day: 2, hour: 0 });
  });

  it('maps a local time to its instant, and back', () => {
    const t = zonedToUnix({ year: 2024, month: 2, day: 29 }, 8 * 60 + 30, 'Asia/Tokyo');
    expect(t).toBe(utc('2024-02-28T23:30:00Z'));
    expect(wallClock(t, 'Asia/Tokyo')).toMatchObject({ year: 2024, month: 2, day: 29, hour: 8, minute: 30 });
  });

  it('maps a time skipped by spring-forward to the change itself (Sydney, 2026-10-04 02:00 -> 03:00)', () => {
    const change = utc('2026-10-03T16:00:00Z'); // 02:00 AEST = 03:00 AEDT
    expect(zonedToUnix({ year: 2026, month: 10, day: 4 }, 2 * 60 + 30, 'Australia/Sydney')).toBe(change);
    expect(zonedToUnix({ year: 2026, month: 10, day: 4 }, 3 * 60, 'Australia/Sydney')).toBe(change);
    expect(zonedToUnix({ year: 2026, month: 10, day: 4 }, 60, 'Australia/Sydney')).toBe(change - 3600);
  });

  it('maps a time repeated by fall-back to its first occurrence (Sydney, 2026-04-05 03:00 -> 02:00)', () => {
    // 02:30 AEDT (+11) = 15:30 UTC on the 4th; the second 02:30 (AEST) is an hour later.
    expect(zonedToUnix({ year: 2026, month: 4, day: 5 }, 2 * 60 + 30, 'Australia/Sydney')).toBe(
      utc('2026-04-04T15:30:00Z'),
    );
    expect(zonedToUnix({ year: 2026, month: 4, day: 5 }, 3 * 60, 'Australia/Sydney')).toBe(utc('2026-04-04T17:00:00Z'));
  });

  it('accepts 24:00 as the next midnight', () => {
    expect(zonedToUnix({ year: 2026, month: 2, day: 28 }, 1440, 'UTC')).toBe(utc('2026-03-01T00:00:00Z'));
  });
});

describe('times a person reads', () => {
  it('starts the local day by the zone, following daylight saving in Sydney', () => {
    const at = (iso: string) => Date.parse(iso) / 1000;
    expect(new Date(startOfDayAt(at('2026-01-15T05:00:00Z'), 'Australia/Sydney') * 1000).toISOString()).toBe(
      '2026-01-14T13:00:00.000Z', // +11
    );
    expect(new Date(startOfDayAt(at('2026-07-15T05:00:00Z'), 'Australia/Sydney') * 1000).toISOString()).toBe(
      '2026-07-14T14:00:00.000Z', // +10
    );
    expect(wallClock(at('2026-11-23T00:00:00Z'), 'Asia/Tokyo').weekday).toBe(1); // Monday
  });
  it('writes an instant in a stated zone, with the zone said as a person reads it', () => {
    const t = Date.parse('2026-03-31T17:05:09Z') / 1000;
    expect(formatDateTime(t, 'Asia/Shanghai')).toBe('2026-04-01 01:05:09');
    expect(formatDateTime(t, 'UTC')).toBe('2026-03-31 17:05:09');
    expect(formatDateMinute(t, 'Asia/Kolkata')).toBe('2026-03-31 22:35');
    expect(formatDate(t, 'America/New_York')).toBe('2026-03-31');
    expect(zoneLabel('Asia/Shanghai', t)).toBe('Asia/Shanghai (UTC+8)');
    expect(offsetLabel(t, 'Asia/Kolkata')).toBe('UTC+5:30');
    expect(offsetLabel(t, 'America/New_York')).toBe('UTC-4');
    expect(formatOffset(-150)).toBe('-2:30');
  });
  it('bounds a calendar month by the local midnights of the zone', () => {
    const { from, to } = monthBounds('2026-12', 'Asia/Shanghai');
    expect(new Date(from * 1000).toISOString()).toBe('2026-11-30T16:00:00.000Z');
    expect(new Date(to * 1000).toISOString()).toBe('2026-12-31T16:00:00.000Z');
  });
  it('ends a local day at the next local midnight, 23 hours on a spring-forward day', () => {
    // Europe/Berlin moved from +1 to +2 on 2026-03-29 at 02:00.
    const start = startOfDayAt(utc('2026-03-29T10:00:00Z'), 'Europe/Berlin');
    const end = endOfDayAt(utc('2026-03-29T10:00:00Z'), 'Europe/Berlin');
    expect((end - start) / 3600).toBe(23);
    expect(endOfLocalDay({ year: 2026, month: 3, day: 29 }, 'Europe/Berlin')).toBe(end);
    expect(new Date(endOfLocalDay({ year: 2026, month: 12, day: 31 }, 'Asia/Kolkata') * 1000).toISOString()).toBe(
      '2026-12-31T18:30:00.000Z',
    );
  });
});
