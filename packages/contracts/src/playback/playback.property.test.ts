import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { adHasQuota, DELIVERY_LIMIT, initialPlaybackState, nextPlay } from './play-order.rules';
import type { PlanSchedule, PlaybackPlan } from './playback.types';
import { activeIntervals, isPlanActiveAt } from './schedule.rules';
import { dateKey, wallClock, zonedToUnix } from './zoned-time';

const ZONES = ['UTC', 'Australia/Sydney', 'Asia/Shanghai', 'America/New_York', 'Europe/London', 'Asia/Kolkata'];
const START = Date.UTC(2023, 0, 1) / 1000;
const SPAN = 4 * 365 * 86_400; // 2023-2026, with a leap year and many daylight-saving changes
const hhmm = fc
  .record({ hour: fc.integer({ min: 0, max: 23 }), minute: fc.integer({ min: 0, max: 59 }) })
  .map(({ hour, minute }) => `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`);

const scheduleArb: fc.Arbitrary<PlanSchedule> = fc
  .record({
    zone: fc.constantFrom(...ZONES),
    begin: fc.integer({ min: START, max: START + SPAN }),
    length: fc.integer({ min: 3600, max: 90 * 86_400 }),
    cycle: fc.oneof(
      fc.constant({ type: 'none' as const, data: [] as number[] }),
      fc.constant({ type: 'daily' as const, data: [] as number[] }),
      fc.record({
        type: fc.constant('weekly' as const),
        data: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { minLength: 1, maxLength: 7 }),
      }),
      fc.record({
        type: fc.constant('monthly' as const),
        data: fc.uniqueArray(fc.integer({ min: 1, max: 31 }), { minLength: 1, maxLength: 5 }),
      }),
      fc.record({
        type: fc.constant('time' as const),
        data: fc.uniqueArray(
          fc.integer({ min: START, max: START + SPAN }).map((s) => s * 1000),
          {
            minLength: 1,
            maxLength: 5,
          },
        ),
      }),
    ),
    times: fc.array(fc.record({ begin: hhmm, end: hhmm }), { maxLength: 3 }),
    pauses: fc.array(
      fc.record({ at: fc.integer({ min: 0, max: 90 * 86_400 }), length: fc.integer({ min: 60, max: 3 * 86_400 }) }),
      { maxLength: 2 },
    ),
    cancelled: fc.boolean(),
  })
  .map((r) => ({
    id: 'p',
    priority: 5 as const,
    cycle: r.cycle,
    times: r.times,
    begin: r.begin,
    end: r.begin + r.length,
    timeZone: r.zone,
    playingMode: 'order' as const,
    pauses: r.pauses.map((p) => ({ begin: r.begin + p.at, end: r.begin + p.at + p.length })),
    cancelled: r.cancelled && r.length % 7 === 0,
  }));

// Many generated cases: a generous time-out for a loaded machine (no timing is asserted).
describe('wall clock (properties)', { timeout: 60_000 }, () => {
  it('maps every wall-clock minute back to its first instant, whatever the zone', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES, 'Australia/Lord_Howe', 'America/St_Johns'),
        fc.integer({ min: START / 60, max: (START + SPAN) / 60 }),
        (zone, minute) => {
          const t = minute * 60;
          const w = wallClock(t, zone);
          const back = zonedToUnix(w, w.hour * 60 + w.minute, zone);
          const again = wallClock(back, zone);
          expect([again.year, again.month, again.day, again.hour, again.minute]).toEqual([
            w.year,
            w.month,
            w.day,
            w.hour,
            w.minute,
          ]);
          // The same instant, or the first occurrence of a repeated wall time (at most an hour earlier).
          expect(back).toBeLessThanOrEqual(t);
          expect([0, 1800, 3600]).toContain(t - back);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('active intervals (properties)', { timeout: 60_000 }, () => {
  it('are sorted, disjoint, inside the window and [begin, end), and outside every pause', () => {
    fc.assert(
      fc.property(scheduleArb, fc.integer({ min: 0, max: 10 * 86_400 }), (plan, offset) => {
        const from = plan.begin - 86_400 + offset;
        const to = from + 4 * 86_400;
        const spans = activeIntervals(plan, from, to);
        if (plan.cancelled) expect(spans).toEqual([]);
        spans.forEach((s, i) => {
          expect(s.end).toBeGreaterThan(s.start);
          expect(s.start).toBeGreaterThanOrEqual(Math.max(from, plan.begin));
          expect(s.end).toBeLessThanOrEqual(Math.min(to, plan.end));
          if (i > 0) expect(s.start).toBeGreaterThan((spans[i - 1] as { end: number }).end);
          for (const p of plan.pauses ?? []) expect(s.end <= p.begin || s.start >= p.end).toBe(true);
        });
      }),
      { numRuns: 200 },
    );
  });

  it('agree with the instant check everywhere, including at their edges', () => {
    fc.assert(
      fc.property(scheduleArb, fc.array(fc.integer({ min: 0, max: 3 * 86_400 }), { maxLength: 20 }), (plan, probes) => {
        const from = plan.begin - 3600;
        const to = from + 3 * 86_400;
        const spans = activeIntervals(plan, from, to);
        const instants = [
          ...probes.map((p) => from + p),
          ...spans.flatMap((s) => [s.start - 1, s.start, s.end - 1, s.end]),
        ];
        for (const t of instants) {
          if (t < from || t >= to) continue;
          const inside = spans.some((s) => s.start <= t && t < s.end);
          expect(isPlanActiveAt(plan, t)).toBe(inside);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('do not depend on how the time line is cut into windows', () => {
    fc.assert(
      fc.property(scheduleArb, fc.integer({ min: 1, max: 4 * 86_400 - 1 }), (plan, cut) => {
        const from = plan.begin;
        const to = from + 4 * 86_400;
        const whole = activeIntervals(plan, from, to);
        const parts = [...activeIntervals(plan, from, from + cut), ...activeIntervals(plan, from + cut, to)];
        const merged: { start: number; end: number }[] = [];
        for (const s of parts) {
          const last = merged[merged.length - 1];
          if (last && last.end === s.start) last.end = s.end;
          else merged.push({ ...s });
        }
        expect(merged).toEqual(whole);
      }),
      { numRuns: 150 },
    );
  });

  it('play each daily period exactly on the wall clock of the plan zone, outside daylight-saving changes', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        hhmm,
        hhmm,
        fc.integer({ min: START, max: START + SPAN }),
        (zone, begin, end, t) => {
          const plan: PlanSchedule = {
            id: 'p',
            priority: 5,
            cycle: { type: 'daily', data: [] },
            times: [{ begin, end }],
            begin: START - 86_400,
            end: START + SPAN + 86_400,
            timeZone: zone,
            playingMode: 'order',
          };
          const w = wallClock(t, zone);
          // Only days whose offset is the same throughout this day and the previous one (no clock change).
          const dayStart = zonedToUnix(w, 0, zone);
          fc.pre(zonedToUnix(w, 1440, zone) - dayStart === 86_400);
          fc.pre(zonedToUnix({ ...w, day: w.day - 1 }, 0, zone) === dayStart - 86_400);
          const minute = w.hour * 60 + w.minute;
          const toMin = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3));
          const b = toMin(begin);
          const e = toMin(end);
          const expected = e > b ? minute >= b && minute < e : e === b || minute >= b || minute < e;
          expect(isPlanActiveAt(plan, t)).toBe(expected);
        },
      ),
      { numRuns: 300 },
    );
  });
});

const adArb = fc.record({
  id: fc.string({ minLength: 1, maxLength: 3 }),
  kind: fc.constantFrom('video' as const, 'picture' as const),
  duration: fc.option(fc.integer({ min: 1, max: 30 }), { nil: null }),
});

const planArb: fc.Arbitrary<PlaybackPlan> = fc
  .record({
    id: fc.constantFrom('a', 'b', 'c', 'd'),
    priority: fc.constantFrom(1 as const, 5 as const, 9 as const),
    playingMode: fc.constantFrom('order' as const, 'round' as const, 'random' as const),
    ads: fc.uniqueArray(adArb, { minLength: 1, maxLength: 6, selector: (a) => a.id }),
    countLimit: fc.option(fc.integer({ min: 1, max: 400 }), { nil: null }),
    timeLimit: fc.option(fc.integer({ min: 1, max: 3000 }), { nil: null }),
    zone: fc.constantFrom(...ZONES),
  })
  .map((r) => ({
    id: r.id,
    priority: r.priority,
    playingMode: r.playingMode,
    ads: r.ads,
    countLimit: r.countLimit,
    timeLimit: r.timeLimit,
    timeZone: r.zone,
    cycle: { type: 'none' as const, data: [] },
    times: [],
    begin: START,
    end: START + SPAN,
  }));

const plansArb = fc.uniqueArray(planArb, { minLength: 1, maxLength: 4, selector: (p) => p.id });

describe('play order (properties)', { timeout: 60_000 }, () => {
  it('respect priority, count limits, time limits and the delivery limit over a simulated day', () => {
    fc.assert(
      fc.property(
        plansArb,
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.integer({ min: 0, max: 400 }),
        (plans, seed, n) => {
          let state = initialPlaybackState(seed);
          let t = START + 86_400 * 30;
          const counts = new Map<string, { plays: number; seconds: number; day: string }>();
          const add = (key: string, day: string, seconds: number) => {
            const c = counts.get(key);
            const next =
              c && c.day === day
                ? { day, plays: c.plays + 1, seconds: c.seconds + seconds }
                : { day, plays: 1, seconds };
            counts.set(key, next);
            return next;
          };
          for (let i = 0; i < n; i++) {
            // A priority 9 plan holds the screen while it may still play today.
            const before = state;
            const hasTop = plans.some((p) => p.priority === 9 && p.ads.some((ad) => adHasQuota(p, ad, before, t)));
            const r = nextPlay(plans, state, t);
            state = r.state;
            if (!r.play) break;
            const { plan, ad, seconds } = r.play;
            if (hasTop) expect(plan.priority).toBe(9);
            expect(plan.ads).toContain(ad);
            const day = dateKey(wallClock(t, plan.timeZone));
            const perAd = add(`${plan.id}/${ad.id}`, day, seconds);
            const perPlan = add(plan.id, day, seconds);
            expect(perAd.plays).toBeLessThanOrEqual(DELIVERY_LIMIT.playsPerDay);
            if (plan.countLimit) expect(perPlan.plays).toBeLessThanOrEqual(plan.countLimit);
            if (plan.timeLimit) expect(perPlan.seconds).toBeLessThanOrEqual(plan.timeLimit);
            t += seconds;
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('random mode plays every ad of a round before any ad repeats', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 0, max: 2 ** 31 }), (n, seed) => {
        const plan: PlaybackPlan = {
          id: 'r',
          priority: 5,
          playingMode: 'random',
          ads: Array.from({ length: n }, (_, i) => ({ id: `ad${i}`, kind: 'picture' as const, duration: 10 })),
          timeZone: 'UTC',
          cycle: { type: 'none', data: [] },
          times: [],
          begin: START,
          end: START + SPAN,
        };
        let state = initialPlaybackState(seed);
        const played: string[] = [];
        for (let i = 0; i < n * 3; i++) {
          const r = nextPlay([plan], state, START + 1000 + i * 10);
          state = r.state;
          played.push(r.play?.ad.id ?? '-');
        }
        for (let round = 0; round < 3; round++) {
          expect(new Set(played.slice(round * n, round * n + n)).size).toBe(n);
        }
        if (n > 1) for (let i = 1; i < played.length; i++) expect(played[i]).not.toBe(played[i - 1]);
      }),
      { numRuns: 200 },
    );
  });

  it('give each active priority 5 ad at least its slot in every 15 plays when fillers are present', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 2 ** 31 }), (n, seed) => {
        const main: PlaybackPlan = {
          id: 'm',
          priority: 5,
          playingMode: 'round',
          ads: Array.from({ length: n }, (_, i) => ({ id: `m${i}`, kind: 'picture' as const })),
          timeZone: 'UTC',
          cycle: { type: 'none', data: [] },
          times: [],
          begin: START,
          end: START + SPAN,
        };
        const filler: PlaybackPlan = { ...main, id: 'f', priority: 1, ads: [{ id: 'f0', kind: 'picture' }] };
        let state = initialPlaybackState(seed);
        const played: string[] = [];
        for (let i = 0; i < 30; i++) {
          const r = nextPlay([filler, main], state, START + 1000 + i * 10);
          state = r.state;
          played.push(r.play?.ad.id ?? '-');
        }
        for (let w = 0; w + 15 <= played.length; w++) {
          const window = played.slice(w, w + 15);
          for (const ad of main.ads) expect(window).toContain(ad.id);
          expect(window.filter((id) => id === 'f0')).toHaveLength(15 - n);
        }
      }),
      { numRuns: 100 },
    );
  });
});
