import { newId } from '@robot-ads/contracts/common/ids';
import { asc, inArray } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createAd, createPlan, deliveryWorld } from '../../../test/delivery';
import { createRobot } from '../../../test/devices';
import { deviceTokenFor, sendEvents } from '../../../test/play-events';
import { ManualClock } from '../../platform/clock';
import { rangeParts, rebuildCalendarRollups } from './play-events.calendar';
import { type RollupGrouping, sumRollups } from './play-events.queries';
import { playCalendarRollups, playEvents, playPlanCalendarRollups } from './play-events.table';

const s = (iso: string) => Date.parse(iso) / 1000;

describe('rangeParts: which rows a range reads', () => {
  const begin = s('2026-01-10T05:15:00Z');
  const end = s('2026-04-03T10:00:00Z');

  it('Asia/Shanghai totals: whole +8 months, whole +8 days, quarter rows at the edges', () => {
    const parts = rangeParts(begin, end, 'Asia/Shanghai', { calendar: true, months: true });
    expect(parts.quarters).toEqual([
      [begin, s('2026-01-10T16:00:00Z')],
      [s('2026-04-02T16:00:00Z'), end],
    ]);
    expect(parts.days).toEqual([
      [s('2026-01-10T16:00:00Z'), s('2026-01-31T16:00:00Z')],
      [s('2026-03-31T16:00:00Z'), s('2026-04-02T16:00:00Z')],
    ]);
    expect(parts.months).toEqual([[s('2026-01-31T16:00:00Z'), s('2026-03-31T16:00:00Z')]]);
  });

  it('day and week buckets use no month rows; a zone without +8 midnights uses quarter rows only', () => {
    const days = rangeParts(begin, end, 'Asia/Shanghai', { calendar: true, months: false });
    expect(days.months).toEqual([]);
    expect(days.days).toEqual([[s('2026-01-10T16:00:00Z'), s('2026-04-02T16:00:00Z')]]);
    for (const zone of ['Europe/Berlin', 'Asia/Kolkata', 'UTC']) {
      expect(rangeParts(begin, end, zone, { calendar: true, months: true })).toEqual({
        quarters: [[begin, end]],
        days: [],
        weeks: [],
        months: [],
      });
    }
    expect(rangeParts(begin, end, 'Asia/Singapore', { calendar: true, months: true })).toEqual(
      rangeParts(begin, end, 'Asia/Shanghai', { calendar: true, months: true }),
    );
  });

  it('weeks (Monday 00:00 +8) where allowed: between the months, and for week buckets', () => {
    // 2026-01-12 and 2026-01-26 are Mondays; February and March are whole months.
    const parts = rangeParts(begin, end, null, { calendar: true, months: true, weeks: true });
    expect(parts.weeks).toEqual([[s('2026-01-11T16:00:00Z'), s('2026-01-25T16:00:00Z')]]);
    expect(parts.days).toEqual([
      [s('2026-01-10T16:00:00Z'), s('2026-01-11T16:00:00Z')],
      [s('2026-01-25T16:00:00Z'), s('2026-01-31T16:00:00Z')],
      [s('2026-03-31T16:00:00Z'), s('2026-04-02T16:00:00Z')],
    ]);
    expect(parts.months).toEqual([[s('2026-01-31T16:00:00Z'), s('2026-03-31T16:00:00Z')]]);
    const weekly = rangeParts(begin, end, 'Asia/Shanghai', { calendar: true, months: false, weeks: true });
    expect(weekly.months).toEqual([]);
    expect(weekly.weeks).toEqual([[s('2026-01-11T16:00:00Z'), s('2026-03-29T16:00:00Z')]]);
    expect(rangeParts(begin, end, 'Asia/Kolkata', { calendar: true, months: false, weeks: true }).weeks).toEqual([]);
  });

  it('totals in any zone (no bucket) read every calendar row inside the range; hours never do', () => {
    expect(rangeParts(begin, end, null, { calendar: true, months: true })).toEqual(
      rangeParts(begin, end, 'Asia/Shanghai', { calendar: true, months: true }),
    );
    expect(rangeParts(begin, end, 'Asia/Shanghai', { calendar: false, months: false }).quarters).toEqual([
      [begin, end],
    ]);
    const short = rangeParts(s('2026-01-10T16:00:00Z'), s('2026-01-11T15:45:00Z'), null, {
      calendar: true,
      months: true,
    });
    expect(short.days).toEqual([]);
  });
});

const clock = new ManualClock(new Date('2027-01-10T00:00:00Z'));
let t: TestApp;
let planId: string;
let adIds: string[];

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { EVENT_AUDIT: 'off' } });
  const w = await deliveryWorld(t, 1);
  adIds = [(await createAd(t, w.adv.token, 1, 'Ad A')).id, (await createAd(t, w.adv.token, 1, 'Ad B')).id];
  planId = (await createPlan(t, w.adv.token, adIds, { timeZone: 'Asia/Shanghai' })).id;
});
afterAll(() => t?.close());

const WINDOW_BEGIN = s('2026-09-10T00:00:00Z');
const WINDOW_S = 90 * 86_400;
const QUARTER_S = 900;

const event = fc.record({
  scan: fc.boolean(),
  offset: fc.integer({ min: 0, max: WINDOW_S - 1 }),
  ad: fc.nat(1),
  watch: fc.nat(60_000),
  audience: fc.option(
    fc.record({ age: fc.record({ adult: fc.nat(5) }), male: fc.nat(4), viewers: fc.nat(5), dwellMs: fc.nat(9_000) }),
    { nil: undefined },
  ),
});
const grouping: fc.Arbitrary<RollupGrouping> = fc.oneof(
  fc.constantFrom<RollupGrouping>('total', 'ad', 'robot'),
  fc.record({
    unit: fc.constantFrom('hour' as const, 'day' as const, 'week' as const, 'month' as const),
    timeZone: fc.constantFrom('Asia/Shanghai', 'Asia/Singapore', 'Asia/Kolkata', 'Australia/Sydney', 'UTC'),
  }),
);

const planCalendarRows = () =>
  t.app.ctx.db
    .select()
    .from(playPlanCalendarRollups)
    .orderBy(
      asc(playPlanCalendarRollups.playlistId),
      asc(playPlanCalendarRollups.period),
      asc(playPlanCalendarRollups.start),
      asc(playPlanCalendarRollups.adId),
    );
const calendarRows = () =>
  t.app.ctx.db
    .select()
    .from(playCalendarRollups)
    .orderBy(
      asc(playCalendarRollups.playlistId),
      asc(playCalendarRollups.period),
      asc(playCalendarRollups.start),
      asc(playCalendarRollups.adId),
      asc(playCalendarRollups.robotRef),
    );

describe('calendar rollups', () => {
  it('the ingest keeps them equal to the backfill, and reports read the same sums as from quarter rows alone', async () => {
    const robots = [await createRobot(t, {}), await createRobot(t, {})];
    await fc.assert(
      fc.asyncProperty(
        fc.array(event, { minLength: 1, maxLength: 40 }),
        fc.nat(1),
        fc.array(
          fc.record({ from: fc.nat(WINDOW_S / QUARTER_S), length: fc.integer({ min: 1, max: WINDOW_S / QUARTER_S }) }),
          { minLength: 1, maxLength: 4 },
        ),
        grouping,
        fc.constantFrom('none', 'multiplier', 'robot filter'),
        async (events, robotIndex, ranges, group, selection) => {
          const robot = robots[robotIndex] as { id: string };
          const token = await deviceTokenFor(t, robot.id);
          const sent = events.map((e) => ({
            id: newId(),
            type: e.scan ? 'scan' : 'play',
            playlistId: planId,
            adId: adIds[e.ad],
            startedAt: WINDOW_BEGIN + e.offset,
            ...(e.scan ? {} : { watchDuration: e.watch, ...(e.audience ? { audience: e.audience } : {}) }),
          }));
          expect((await sendEvents(t, token, sent)).json().data.accepted).toBe(sent.length);

          const maintained = await calendarRows();
          const maintainedPlan = await planCalendarRows();
          await rebuildCalendarRollups(t.app.ctx.db);
          expect(await calendarRows()).toEqual(maintained);
          expect(await planCalendarRows()).toEqual(maintainedPlan);

          for (const r of ranges) {
            const from = WINDOW_BEGIN - 86_400 + r.from * QUARTER_S;
            const sel = {
              playlistIds: [planId],
              from: new Date(from * 1000),
              to: new Date((from + r.length * QUARTER_S) * 1000),
              ...(selection === 'multiplier' ? { multipliers: new Map([[robot.id, 2.5]]) } : {}),
              ...(selection === 'robot filter' ? { robotRefs: [robot.id] } : {}),
            };
            const sortByKey = (rows: { key: string }[]) => [...rows].sort((a, b) => a.key.localeCompare(b.key));
            const read = sortByKey(await sumRollups(t.app.ctx.db, sel, group));
            const reference = sortByKey(await sumRollups(t.app.ctx.db, { ...sel, quarterRowsOnly: true }, group));
            expect(read).toEqual(reference);
          }
        },
      ),
      { numRuns: 20 },
    );
  });
});

describe('raw events past EVENT_RETENTION_DAYS', () => {
  it('the nightly clean-up removes them and keeps every rollup', async () => {
    const robot = await createRobot(t, {});
    const token = await deviceTokenFor(t, robot.id);
    const days = t.app.ctx.config.EVENT_RETENTION_DAYS;
    const now = Math.floor(clock.now().getTime() / 1000);
    const old = { id: newId(), startedAt: now - (days + 2) * 86_400 };
    const recent = { id: newId(), startedAt: now - (days - 2) * 86_400 };
    const sent = [old, recent].map((e) => ({
      ...e,
      type: 'play',
      playlistId: planId,
      adId: adIds[0],
      watchDuration: 5,
    }));
    expect((await sendEvents(t, token, sent)).json().data.accepted).toBe(2);

    const removed = await t.app.ctx.jobs.runCleanups();
    expect(removed['play-events.old-raw-events']).toBe(1);
    const left = await t.app.ctx.db
      .select({ id: playEvents.id })
      .from(playEvents)
      .where(inArray(playEvents.id, [old.id, recent.id]));
    expect(left.map((r) => r.id)).toEqual([recent.id]);
    const sel = {
      playlistIds: [planId],
      robotRefs: [robot.id],
      from: new Date((now - 3 * 366 * 86_400) * 1000),
      to: new Date(now * 1000),
    };
    for (const quarterRowsOnly of [true, false]) {
      const [sum] = await sumRollups(t.app.ctx.db, { ...sel, quarterRowsOnly }, 'total');
      expect(sum?.plays).toBe(2);
    }
  });
});
