import { describe, expect, it } from 'vitest';
import { checkCycle, checkPeriods, checkPlan, checkWindow } from './playlists.rules';
import { playlistInput, timeZoneSchema } from './playlists.schemas';

const t = (h: number, m = 0) => ({ hour: h, minute: m });
const codes = (issues: { code: string }[]) => issues.map((i) => i.code);

describe('play periods', () => {
  it('accepts touching periods and refuses overlapping ones', () => {
    expect(
      checkPeriods([
        { begin: t(9), end: t(10) },
        { begin: t(10), end: t(11) },
      ]),
    ).toEqual([]);
    expect(
      codes(
        checkPeriods([
          { begin: t(9), end: t(10, 30) },
          { begin: t(10), end: t(11) },
        ]),
      ),
    ).toEqual(['PLAYLIST_TIMES_CONFLICT']);
    expect(
      codes(
        checkPeriods([
          { begin: t(8), end: t(20) },
          { begin: t(9), end: t(10) },
        ]),
      ),
    ).toEqual(['PLAYLIST_TIMES_CONFLICT']);
  });

  it('refuses a period whose begin is not before its end', () => {
    expect(codes(checkPeriods([{ begin: t(10), end: t(10) }]))).toEqual(['END_BEFORE_START']);
    expect(codes(checkPeriods([{ begin: t(22), end: t(6) }]))).toEqual(['END_BEFORE_START']);
    expect(checkPeriods([{ begin: t(0), end: t(24) }])).toEqual([]);
  });
});

describe('cycles', () => {
  const p = [{ begin: t(9), end: t(10) }];
  it('weekly days are 1 (Monday) .. 7 (Sunday)', () => {
    expect(checkCycle({ type: 'weekly', data: [1, 7] }, p)).toEqual([]);
    expect(codes(checkCycle({ type: 'weekly', data: [0] }, p))).toEqual(['PLAYLIST_CYCLE_DATA_INVALID']);
    expect(codes(checkCycle({ type: 'weekly', data: [8] }, p))).toEqual(['PLAYLIST_CYCLE_DATA_INVALID']);
    expect(codes(checkCycle({ type: 'weekly', data: [] }, p))).toEqual(['PLAYLIST_CYCLE_DATA_REQUIRED']);
  });
  it('monthly days are 1..31; time needs dates; repeating cycles need a period', () => {
    expect(checkCycle({ type: 'monthly', data: [1, 31] }, p)).toEqual([]);
    expect(codes(checkCycle({ type: 'monthly', data: [32] }, p))).toEqual(['PLAYLIST_CYCLE_DATA_INVALID']);
    expect(codes(checkCycle({ type: 'time', data: [] }, p))).toEqual(['PLAYLIST_CYCLE_DATA_REQUIRED']);
    expect(codes(checkCycle({ type: 'daily', data: [] }, []))).toEqual(['PLAYLIST_TIMES_REQUIRED']);
    expect(checkCycle({ type: 'none', data: [] }, [])).toEqual([]);
  });
});

describe('delivery window', () => {
  const now = new Date('2026-11-22T07:00:00Z'); // 15:00 in Shanghai
  const s = (iso: string) => Date.parse(iso) / 1000;
  it('begin before end', () => {
    expect(
      codes(
        checkWindow(
          { begin: s('2026-11-23T00:00:00Z'), end: s('2026-11-23T00:00:00Z'), timeZone: 'Asia/Shanghai' },
          now,
        ),
      ),
    ).toContain('END_BEFORE_START');
  });
  it('begin not earlier than today in the plan zone, end not earlier than now', () => {
    // 00:00 Shanghai today = 16:00Z yesterday: allowed; one second earlier: refused.
    const todayShanghai = s('2026-11-21T16:00:00Z');
    expect(
      checkWindow({ begin: todayShanghai, end: s('2026-12-01T00:00:00Z'), timeZone: 'Asia/Shanghai' }, now),
    ).toEqual([]);
    expect(
      codes(checkWindow({ begin: todayShanghai - 1, end: s('2026-12-01T00:00:00Z'), timeZone: 'Asia/Shanghai' }, now)),
    ).toEqual(['PLAYLIST_BEGIN_PAST']);
    expect(
      codes(checkWindow({ begin: todayShanghai, end: s('2026-11-22T06:59:59Z'), timeZone: 'Asia/Shanghai' }, now)),
    ).toContain('PLAYLIST_END_PAST');
  });
  it('keeps an unchanged past begin acceptable when editing', () => {
    const plan = { begin: s('2026-11-01T00:00:00Z'), end: s('2026-12-01T00:00:00Z'), timeZone: 'Asia/Tokyo' };
    expect(checkWindow(plan, now, { begin: plan.begin })).toEqual([]);
    expect(codes(checkWindow(plan, now))).toEqual(['PLAYLIST_BEGIN_PAST']);
  });
  it('checkPlan gathers every rule', () => {
    const issues = checkPlan(
      {
        begin: s('2026-11-23T00:00:00Z'),
        end: s('2026-11-22T23:00:00Z'),
        timeZone: 'Asia/Tokyo',
        cycle: { type: 'weekly', data: [9] },
        times: [
          { begin: t(9), end: t(11) },
          { begin: t(10), end: t(12) },
        ],
      },
      now,
    );
    expect(codes(issues)).toEqual(['END_BEFORE_START', 'PLAYLIST_CYCLE_DATA_INVALID', 'PLAYLIST_TIMES_CONFLICT']);
  });
});

describe('time zones', () => {
  it('accepts the listed zones and their codes, stores the IANA zone', () => {
    expect(timeZoneSchema.parse('JP')).toBe('Asia/Tokyo');
    expect(timeZoneSchema.parse('sd')).toBe('Africa/Khartoum');
    expect(timeZoneSchema.parse('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
    expect(timeZoneSchema.safeParse('Europe/Paris').success).toBe(false);
  });
});

describe('plan input', () => {
  const base = { name: 'Coffee', advertisements: ['0123456789abcdef01234567'], begin: 1, end: 2 };
  it('priority 1, 5 (default) or 9', () => {
    expect(playlistInput.parse(base).priority).toBe(5);
    expect(playlistInput.parse({ ...base, priority: 9 }).priority).toBe(9);
    const bad = playlistInput.safeParse({ ...base, priority: 3 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('PLAYLIST_PRIORITY_INVALID');
  });
  it('play modes order, round, random', () => {
    expect(playlistInput.parse({ ...base, playingMode: 'random' }).playingMode).toBe('random');
    expect(playlistInput.safeParse({ ...base, playingMode: 'shuffle' }).error?.issues[0]?.message).toBe(
      'PLAYLIST_MODE_INVALID',
    );
  });
  it('limits are positive integers or empty', () => {
    expect(playlistInput.parse({ ...base, countLimit: 300 }).countLimit).toBe(300);
    expect(playlistInput.parse({ ...base, countLimit: '' }).countLimit).toBeNull();
    for (const bad of [0, -1, 1.5, 'abc']) {
      expect(playlistInput.safeParse({ ...base, timeLimit: bad }).error?.issues[0]?.message).toBe(
        'PLAYLIST_LIMIT_INVALID',
      );
    }
  });
  it('periods accept HH:mm as well as {hour, minute}', () => {
    const parsed = playlistInput.parse({ ...base, times: [{ begin: '08:30', end: { hour: 9, minute: 0 } }] });
    expect(parsed.times[0]).toEqual({ begin: { hour: 8, minute: 30 }, end: { hour: 9, minute: 0 } });
  });
  it('needs at least one ad', () => {
    expect(playlistInput.safeParse({ ...base, advertisements: [] }).error?.issues[0]?.message).toBe(
      'PLAYLIST_ADS_REQUIRED',
    );
  });
});
