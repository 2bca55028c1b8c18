import { newId } from '@robot-ads/contracts/common/ids';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createAd, createPlan, deliveryWorld } from '../../../test/delivery';
import { createRobot } from '../../../test/devices';
import { deviceTokenFor, sendEvents } from '../../../test/play-events';
import { ManualClock } from '../../platform/clock';

/**
 * Property: for random raw events and a random zone, every day, week and month figure of the reports
 * equals a direct recount of the raw events in that zone (local dates found with Intl, not our code).
 */
const clock = new ManualClock(new Date('2026-12-01T00:00:00Z'));
let t: TestApp;
let w: Awaited<ReturnType<typeof deliveryWorld>>;
let planId: string;
let adIds: string[];

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { EVENT_AUDIT: 'off' } });
  w = await deliveryWorld(t, 1);
  adIds = [(await createAd(t, w.adv.token, 1, 'Ad A')).id, (await createAd(t, w.adv.token, 1, 'Ad B')).id];
  planId = (await createPlan(t, w.adv.token, adIds, { timeZone: 'Asia/Shanghai' })).id;
});
afterAll(() => t?.close());

const ZONES = [
  'Asia/Shanghai',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'America/St_Johns',
  'America/New_York',
  'Europe/London',
  'UTC',
];
/** Six weeks around the DST changes of early October (Sydney, Lord Howe, Chatham) and early November. */
const WINDOW_BEGIN = Date.parse('2026-09-20T00:00:00Z') / 1000;
const WINDOW_S = 45 * 86_400;

const audience = fc.record(
  {
    age: fc.record({ adult: fc.nat(5), senior: fc.nat(3) }),
    male: fc.nat(4),
    female: fc.nat(4),
    viewers: fc.nat(5),
    dwellMs: fc.nat(60_000),
    exposure: fc.nat(9),
  },
  { requiredKeys: ['age'] },
);
const event = fc.record({
  scan: fc.boolean(),
  offset: fc.integer({ min: 0, max: WINDOW_S - 1 }),
  ad: fc.nat(1),
  watch: fc.nat(60_000),
  audience: fc.option(audience, { nil: undefined }),
});

function localParts(unix: number, zone: string) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(unix * 1000));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}
const iso = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
function labels(unix: number, zone: string) {
  const { year, month, day } = localParts(unix, zone);
  const date = new Date(Date.UTC(year, month - 1, day));
  const monday = new Date(date.getTime() - ((date.getUTCDay() + 6) % 7) * 86_400_000);
  return {
    day: iso(year, month, day),
    week: iso(monday.getUTCFullYear(), monday.getUTCMonth() + 1, monday.getUTCDate()),
    month: iso(year, month, 1).slice(0, 7),
  };
}

type Figures = {
  plays: number;
  watchDuration: number;
  exposure: number;
  exposureSense: number;
  viewers: number;
  scans: number;
};
const empty = (): Figures => ({ plays: 0, watchDuration: 0, exposure: 0, exposureSense: 0, viewers: 0, scans: 0 });

describe('reports equal a recount of the raw events', () => {
  it('for random events in random zones (days, weeks, months, totals)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(event, { minLength: 1, maxLength: 60 }),
        fc.constantFrom(...ZONES),
        async (events, zone) => {
          const robot = await createRobot(t, {});
          const token = await deviceTokenFor(t, robot.id);
          const sent = events.map((e) => ({
            id: newId(),
            type: e.scan ? 'scan' : 'play',
            playlistId: planId,
            adId: adIds[e.ad],
            startedAt: WINDOW_BEGIN + e.offset,
            ...(e.scan ? {} : { watchDuration: e.watch, ...(e.audience ? { audience: e.audience } : {}) }),
          }));
          const res = await sendEvents(t, token, sent);
          expect(res.json().data.accepted).toBe(sent.length);

          const expected = {
            day: new Map<string, Figures>(),
            week: new Map<string, Figures>(),
            month: new Map<string, Figures>(),
          };
          const total = empty();
          for (const e of events) {
            const l = labels(WINDOW_BEGIN + e.offset, zone);
            const sensed = e.audience ? (e.audience.exposure ?? e.audience.age.adult + e.audience.age.senior) : 0;
            const add = (f: Figures) => {
              if (e.scan) {
                f.scans += 1;
                return;
              }
              f.plays += 1;
              f.watchDuration += e.watch;
              f.exposureSense += sensed;
              f.exposure += e.audience ? sensed : 1;
              // Without `viewers` (older devices) the age bands are the viewers (docs/statistics.md, "Audience").
              f.viewers += e.audience ? (e.audience.viewers ?? e.audience.age.adult + e.audience.age.senior) : 0;
            };
            for (const unit of ['day', 'week', 'month'] as const) {
              const map = expected[unit];
              const f = map.get(l[unit]) ?? empty();
              add(f);
              map.set(l[unit], f);
            }
            add(total);
          }

          const range = `begin=${WINDOW_BEGIN - 2 * 86_400}&end=${WINDOW_BEGIN + WINDOW_S + 2 * 86_400}`;
          for (const [unit, path] of [
            ['day', 'statisticsDaysByPlaylistId'],
            ['week', 'statisticsWeekByPlaylistId'],
            ['month', 'statisticsMonthByPlaylistId'],
          ] as const) {
            const r = await t.app.inject({
              method: 'GET',
              url: `/api/Advertisements/${path}?playlistId=${planId}&robotId=${robot.robotId}&timeZone=${zone}&${range}`,
              headers: bearer(w.operator.token),
            });
            expect(r.statusCode, r.body).toBe(200);
            const data = r.json().data;
            const got = new Map<string, Figures>();
            for (const p of data.points) {
              if (p.plays + p.scans === 0) continue;
              got.set(p.label, {
                plays: p.plays,
                watchDuration: p.watchDuration,
                exposure: p.exposure,
                exposureSense: p.exposureSense,
                viewers: p.viewers,
                scans: p.scans,
              });
            }
            expect(Object.fromEntries(got), `${unit} in ${zone}`).toEqual(Object.fromEntries(expected[unit]));
            const { standingTime: _s, ...totals } = data.total;
            expect(totals).toEqual(total);
          }
        },
      ),
      { numRuns: 12 },
    );
  });
});
