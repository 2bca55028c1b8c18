import { describe, expect, it } from 'vitest';
import { DeviceTokenCache } from '../devices/device-tokens';
import { lookahead, matchesVersion } from './schedules.service';

describe('schedule look-ahead', () => {
  it('covers at least the next 48 hours from any instant, and stays the same all day', () => {
    const morning = Date.parse('2026-03-10T00:00:01Z') / 1000;
    const night = Date.parse('2026-03-10T23:59:59Z') / 1000;
    for (const t of [morning, night]) {
      const { from, until, linksExpireAt } = lookahead(t);
      expect(from).toBe(Date.parse('2026-03-10T00:00:00Z') / 1000);
      expect(until - t).toBeGreaterThanOrEqual(48 * 3600);
      // Links outlive the day the version is served on by at least a day.
      expect(linksExpireAt - t).toBeGreaterThanOrEqual(24 * 3600);
    }
  });
});

describe('If-None-Match', () => {
  it('matches the version quoted, weak, in a list, or *', () => {
    expect(matchesVersion('"abc"', 'abc')).toBe(true);
    expect(matchesVersion('W/"abc"', 'abc')).toBe(true);
    expect(matchesVersion('"x", "abc"', 'abc')).toBe(true);
    expect(matchesVersion('*', 'abc')).toBe(true);
    expect(matchesVersion('"abd"', 'abc')).toBe(false);
    expect(matchesVersion(undefined, 'abc')).toBe(false);
  });
});

describe('device token cache', () => {
  it('forgets evicted tokens and drops the oldest beyond its size', () => {
    const cache = new DeviceTokenCache(2);
    cache.set('a', { robotRef: 'r1', robotId: 'R1' });
    cache.set('b', { robotRef: 'r2', robotId: 'R2' });
    cache.evict(['a']);
    expect(cache.get('a')).toBeUndefined();
    cache.set('c', { robotRef: 'r3', robotId: 'R3' });
    cache.set('d', { robotRef: 'r4', robotId: 'R4' });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('d')).toEqual({ robotRef: 'r4', robotId: 'R4' });
  });
});
