import { newId } from '@robot-ads/contracts/common/ids';
import { matchesSchedule } from '@robot-ads/contracts/play-events/schedule-match';
import type { PlaybackPlan } from '@robot-ads/contracts/playback/playback.types';
import { simulatePlays } from '@robot-ads/contracts/playback/simulate';
import { formatDate, startOfDayAt } from '@robot-ads/contracts/playback/zoned-time';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createAd, createPlan, deliveryWorld } from '../../../test/delivery';
import { createRobot } from '../../../test/devices';
import { deviceTokenFor, sendEvents } from '../../../test/play-events';
import { publishRecord } from '../../../test/publish-records';
import { ManualClock } from '../../platform/clock';
import { robots, robotTransitions } from '../devices/devices.table';
import { playEvents } from './play-events.table';

/**
 * Property: the verdicts ingest stores equal a recount from the raw events by the rules as docs/statistics.md
 * states them, written here independently with plain UTC arithmetic. Two plans, each playing 09:00-12:00 on
 * its own wall clock, each beginning and ending inside a day's hours:
 * - Shanghai (UTC+8, no DST: 01:00-04:00 UTC), ad A;
 * - Sydney across the start of DST on 2026-10-03 16:00 UTC (AEST, UTC+10: 23:00-02:00 UTC before it;
 *   AEDT, UTC+11: 22:00-01:00 UTC after), ad B. (Sydney is the plan zone of the spec's list with DST;
 *   America/New_York is not one a plan may take: PLAYLIST_TIME_ZONE_INVALID.)
 * Both ads are pictures of 10 s. Each plan comes in two variants, one picked per run: its ad valid throughout, or
 * valid only within a cut period (starting and ending inside the plan's dates, mid-hours) that excludes some
 * plays (adOutsidePeriod). Each run is a new robot with, per plan, a random publish record: none,
 * issued but never pulled, pulled, pulled then cancelled, issued again after a pull (first pull kept, not
 * pulled again or pulled again later). Random plays and scans of either plan, now and then with the other
 * plan's ad, sent in 1-3 batches, each batch also re-sent (a re-sent event keeps its first verdict).
 * Schedule matching (overSchedule) is recounted from the same raw events: per plan and local day of its
 * zone, the plays verified so far (earlier batches, then this batch in start order) against the engine's
 * plays of the robot's two plans that day (the contracts' simulation, tested against the player on its
 * own in simulate.test.ts) by the shared rule `matchesSchedule`.
 */
const clock = new ManualClock(new Date('2026-09-01T00:00:00Z'));
const s = (iso: string) => Date.parse(iso) / 1000;
const NOW = s('2026-10-20T00:00:00Z');
const DAY = 86_400;
const HOUR = 3600;
const DST_START = s('2026-10-03T16:00:00Z');

interface PlanSpec {
  id: string;
  adId: string;
  begin: number;
  end: number;
  /** The ad's own validity period (begin inclusive, end exclusive). */
  adBegin: number;
  adEnd: number;
  zone: string;
  /** The zone's offset from UTC at an instant (seconds). */
  offset: (at: number) => number;
}
/** Per plan, its variants: [its ad valid throughout, its ad valid within a cut period]. */
const variants: [PlanSpec[], PlanSpec[]] = [[], []];
/** The run's two plans (one variant of each). */
let plans: PlanSpec[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  const w = await deliveryWorld(t, 1);
  const daily = {
    cycle: { type: 'daily', data: [] },
    times: [{ begin: { hour: 9, minute: 0 }, end: { hour: 12, minute: 0 } }],
  };
  const shanghai = { begin: s('2026-09-25T02:00:00Z'), end: s('2026-10-15T02:30:00Z'), zone: 'Asia/Shanghai' };
  // 10:00 AEST on 22 September to 10:30 AEDT on 19 October.
  const sydney = { begin: s('2026-09-22T00:00:00Z'), end: s('2026-10-18T23:30:00Z'), zone: 'Australia/Sydney' };
  // The cut periods: Shanghai 10:10 on 29 September to 09:40 on 9 October; Sydney 10:30 AEST on 27 September
  // to 10:20 AEDT on 13 October. The whole ones: from now (1 September) for 90 days (createAd).
  const whole = { begin: s('2026-09-01T00:00:00Z'), end: s('2026-11-30T00:00:00Z') };
  const cuts = [
    { begin: s('2026-09-29T02:10:00Z'), end: s('2026-10-09T01:40:00Z') },
    { begin: s('2026-09-27T00:30:00Z'), end: s('2026-10-12T23:20:00Z') },
  ];
  for (const [i, spec, offset] of [
    [0, shanghai, () => 8 * HOUR],
    [1, sydney, (at: number) => (at < DST_START ? 10 * HOUR : 11 * HOUR)],
  ] as const) {
    for (const period of [whole, cuts[i] as typeof whole]) {
      const adId = (await createAd(t, w.adv.token, 1, `Prop ad ${'AB'[i]}${variants[i].length}`, period)).id;
      const plan = await createPlan(t, w.adv.token, [adId], {
        ...daily,
        begin: spec.begin,
        end: spec.end,
        timeZone: spec.zone,
      });
      const { begin, end, zone } = spec;
      variants[i].push({ id: plan.id, adId, begin, end, adBegin: period.begin, adEnd: period.end, zone, offset });
    }
  }
  clock.set(new Date(NOW * 1000));
});
afterAll(() => t?.close());

type Ev = {
  id: string;
  type: 'play' | 'scan';
  plan: number;
  adId: string;
  startedAt: number;
  watchDuration?: number;
  audience?: Audience;
};
type PullKind = 'none' | 'issued' | 'pulled' | 'cancelled' | 'reissued' | 'repulled';
/** What the robot was given of one plan: since when it holds it (first pull) and until when (cancel). */
type Held = { kind: PullKind; firstPull: number | null; cancel: number | null };

/** The rules without other plays, in docs/statistics.md's order. */
function ownReason(e: Ev, held: Held): string | null {
  const plan = plans[e.plan] as PlanSpec;
  if (e.startedAt > NOW + 300) return 'future';
  if (e.startedAt < NOW - 30 * DAY) return 'tooOld';
  if (held.firstPull === null) return 'notPulled';
  if (e.startedAt < held.firstPull - 60) return 'beforePull';
  if (held.cancel !== null && e.startedAt >= held.cancel + 60) return 'afterCancel';
  if (e.adId !== plan.adId) return 'adNotInPlan';
  // Plays and scans: the ad's own period, 60 s either side.
  if (e.startedAt < plan.adBegin - 60 || e.startedAt >= plan.adEnd + 60) return 'adOutsidePeriod';
  if (e.type === 'scan') return null;
  const tod = (((e.startedAt + plan.offset(e.startedAt)) % DAY) + DAY) % DAY;
  const inHours = tod >= 9 * HOUR - 60 && tod < 12 * HOUR + 60;
  if (!(e.startedAt >= plan.begin - 60 && e.startedAt < plan.end + 60 && inHours)) return 'outsideSchedule';
  const w = e.watchDuration ?? 0;
  if (w > 10_500) return 'tooLong';
  if (w < 9_500) return 'tooShort';
  return null;
}

/** The plan as the robot's engine plays it: 09:00-12:00 daily, its one picture of 10 s within the ad's period. */
const engineOf = (p: PlanSpec): PlaybackPlan => ({
  id: p.id,
  priority: 5,
  cycle: { type: 'daily', data: [] },
  times: [{ begin: '09:00', end: '12:00' }],
  begin: p.begin,
  end: p.end,
  timeZone: p.zone,
  playingMode: 'order',
  ads: [{ id: p.adId, kind: 'picture', duration: 10, begin: p.adBegin, end: p.adEnd }],
});

/** The engine's plays of `plan` on the robot over the local day (of the plan's zone) of `at`, from a fresh state. */
function scheduledOf(held: Held[], plan: number, at: number): number[] {
  const spec = plans[plan] as PlanSpec;
  const from = startOfDayAt(at, spec.zone);
  const to = startOfDayAt(from + 30 * HOUR, spec.zone);
  const carried = plans.flatMap((p, i) => {
    const h = held[i] as Held;
    if (h.firstPull === null) return [];
    return [{ plan: engineOf(p), held: [{ start: h.firstPull, end: h.cancel ?? Number.POSITIVE_INFINITY }] }];
  });
  return simulatePlays(carried, from, to)
    .plays.filter((o) => o.planId === spec.id)
    .map((o) => o.at);
}

// ---- Bounds on what a robot reports (docs/statistics.md, "Bounds on what a robot reports") ----------------
type Audience = { age?: Record<string, number>; male?: number; female?: number; exposure?: number; viewers?: number };
/** None, a plausible one (bands add up to the viewers) or any numbers (mostly implausible). */
const audienceArb: fc.Arbitrary<Audience | undefined> = fc.oneof(
  fc.constant(undefined),
  fc.record({ adult: fc.nat(4), youth: fc.nat(4), male: fc.nat(8), extra: fc.nat(20) }).map((x) => {
    const viewers = x.adult + x.youth;
    return {
      age: { adult: x.adult, youth: x.youth },
      male: Math.min(x.male, viewers),
      female: viewers - Math.min(x.male, viewers),
      viewers,
      exposure: viewers + x.extra,
    };
  }),
  fc.record(
    { age: fc.record({ adult: fc.nat(100_000) }), male: fc.nat(9), viewers: fc.nat(9), exposure: fc.nat(100_000) },
    { requiredKeys: [] },
  ),
);
/** The audience rule, written out: bands sum to the viewers, viewers at most exposure, exposure at most 30 per 10 s of play (at least 30). */
function implausible(a: Audience | undefined, watchMs: number): boolean {
  if (!a) return false;
  const ages = Object.values(a.age ?? {});
  const ageSum = ages.length > 0 ? ages.reduce((x, y) => x + y, 0) : null;
  const sexSum = a.male !== undefined || a.female !== undefined ? (a.male ?? 0) + (a.female ?? 0) : null;
  const viewers = a.viewers ?? ageSum ?? sexSum ?? 0;
  if ((ageSum !== null && ageSum !== viewers) || (sexSum !== null && sexSum !== viewers)) return true;
  const exposure = a.exposure ?? ageSum ?? 0;
  return viewers > exposure || exposure > Math.floor(30 * Math.max(1, watchMs / 10_000));
}
/** The robot's service: in service throughout, out of use from an instant (and maybe back later), or expired. */
type Service = { offFrom: number | null; offTo: number | null; expireAt: number | null };
const serviceArb = fc.record({
  kind: fc.constantFrom('always', 'always', 'outOfUse', 'backInUse', 'expired'),
  day: fc.integer({ min: -30, max: 0 }),
  second: fc.integer({ min: 0, max: 86_399 }),
  back: fc.integer({ min: 60, max: 10 * 86_400 }),
});
async function serve(
  robotRef: string,
  h: { kind: string; day: number; second: number; back: number },
): Promise<Service> {
  const at = Math.floor(NOW / DAY) * DAY + h.day * DAY + h.second;
  const record = (kind: string, x: number) =>
    t.app.ctx.db.insert(robotTransitions).values({ id: newId(), robotRef, kind, at: new Date(x * 1000) });
  if (h.kind === 'expired') {
    await t.app.ctx.db
      .update(robots)
      .set({ expireAt: new Date(at * 1000) })
      .where(eq(robots.id, robotRef));
    return { offFrom: null, offTo: null, expireAt: at };
  }
  if (h.kind === 'outOfUse' || h.kind === 'backInUse') {
    await record('outOfUse', at);
    if (h.kind === 'backInUse') await record('inUse', at + h.back);
    else await t.app.ctx.db.update(robots).set({ inUse: false }).where(eq(robots.id, robotRef));
    return { offFrom: at, offTo: h.kind === 'backInUse' ? at + h.back : null, expireAt: null };
  }
  return { offFrom: null, offTo: null, expireAt: null };
}
const inactive = (sv: Service, at: number) =>
  (sv.expireAt !== null && at >= sv.expireAt) ||
  (sv.offFrom !== null && at >= sv.offFrom && (sv.offTo === null || at < sv.offTo));
/** The bounds of an event its own rules verified: service, audience, a scan inside its plan's hours (+-120 s). */
function boundsReason(e: Ev, sv: Service): string | null {
  if (inactive(sv, e.startedAt)) return 'robotInactive';
  if (e.type === 'play') return implausible(e.audience, e.watchDuration ?? 0) ? 'implausibleAudience' : null;
  const plan = plans[e.plan] as PlanSpec;
  const tod = (((e.startedAt + plan.offset(e.startedAt)) % DAY) + DAY) % DAY;
  const inHours = tod >= 9 * HOUR - 120 && tod < 12 * HOUR + 120;
  return e.startedAt >= plan.begin - 120 && e.startedAt < plan.end + 120 && inHours ? null : 'scanOutsideSchedule';
}
const byStart = (a: Ev, b: Ev) => a.startedAt - b.startedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
/**
 * The scans of one batch against every verified play so far (earlier batches and this one): a play of the
 * same plan and ad from 2 s after the scan to 60 s after its end backs one scan; earlier batches' verified
 * scans take theirs first, then this batch's in start order, each the earliest free play.
 */
function recountScans(batch: Ev[], expected: Map<string, string | null>, verified: Ev[]) {
  const plays = verified.filter((p) => p.type === 'play').sort(byStart);
  const taken = new Set<Ev>();
  const covers = (s: Ev, free: boolean) =>
    plays.find(
      (p) =>
        p.plan === s.plan &&
        p.adId === s.adId &&
        s.startedAt >= p.startedAt - 2 &&
        s.startedAt <= p.startedAt + Math.min(Math.ceil((p.watchDuration ?? 0) / 1000), 3600) + 60 &&
        (!free || !taken.has(p)),
    );
  for (const s of verified.filter((x) => x.type === 'scan' && !batch.includes(x)).sort(byStart)) {
    const p = covers(s, true);
    if (p) taken.add(p);
  }
  for (const s of batch.filter((x) => x.type === 'scan' && expected.get(x.id) === null).sort(byStart)) {
    const p = covers(s, true);
    if (p) taken.add(p);
    else expected.set(s.id, covers(s, false) ? 'scanOverLimit' : 'scanWithoutPlay');
  }
}
// ---- end of the bounds -----------------------------------------------------------------------------------

/** Seconds of a UTC day around each plan's hours (Shanghai; Sydney in AEST and AEDT), and any second. */
const nearHours = (plan: number): fc.Arbitrary<number> =>
  plan === 0
    ? fc.integer({ min: HOUR - 120, max: 4 * HOUR + 120 })
    : fc.oneof(fc.integer({ min: 22 * HOUR - 120, max: DAY - 1 }), fc.integer({ min: 0, max: 2 * HOUR + 120 }));
const anySecond = fc.integer({ min: 0, max: DAY - 1 });

const eventArb = fc.integer({ min: 0, max: 1 }).chain((plan) =>
  fc.record({
    plan: fc.constant(plan),
    // From 33 days before now to 10 minutes after (the last 30 days are not too old).
    day: fc.integer({ min: -33, max: 0 }),
    // Mostly in or around the plan's own hours.
    second: fc.oneof({ arbitrary: nearHours(plan), weight: 3 }, { arbitrary: anySecond, weight: 1 }),
    otherAd: fc.integer({ min: 0, max: 9 }),
    // A third of the plays a few seconds after the run's anchor instead (plays that may overlap).
    nearAnchor: fc.option(fc.integer({ min: 0, max: 40 }), { freq: 2 }),
    watch: fc.constantFrom(9_000, 9_499, 9_600, 10_000, 10_000, 10_400, 10_501, 11_000),
    scanEvent: fc.integer({ min: 0, max: 9 }),
    audience: audienceArb,
  }),
);

const heldArb = fc.record({
  kind: fc.constantFrom<PullKind>('none', 'issued', 'pulled', 'cancelled', 'reissued', 'repulled'),
  // Mostly pulled before the plans begin, else any time in the last 32 days.
  pullDay: fc.oneof({ arbitrary: fc.integer({ min: -32, max: -28 }), weight: 2 }, fc.integer({ min: -32, max: 0 })),
  pullSecond: anySecond,
  later: fc.integer({ min: 60, max: 25 * DAY }),
});

/** Stores the record the kind describes; returns since when and until when the robot holds the plan. */
async function give(
  robotRef: string,
  plan: PlanSpec,
  h: { kind: PullKind; pullDay: number; pullSecond: number; later: number },
): Promise<Held> {
  const pull = Math.floor(NOW / DAY) * DAY + h.pullDay * DAY + h.pullSecond;
  const at = (x: number) => new Date(x * 1000);
  const base = { playlistId: plan.id, robotRef };
  switch (h.kind) {
    case 'none':
      return { kind: h.kind, firstPull: null, cancel: null };
    case 'issued':
      await publishRecord(t, { ...base, state: 'issued', pullAt: null, firstPullAt: null });
      return { kind: h.kind, firstPull: null, cancel: null };
    case 'pulled':
      await publishRecord(t, { ...base, state: 'pulled', pullAt: at(pull), firstPullAt: at(pull) });
      return { kind: h.kind, firstPull: pull, cancel: null };
    case 'cancelled':
      await publishRecord(t, {
        ...base,
        state: 'cancelled',
        pullAt: at(pull),
        firstPullAt: at(pull),
        cancelledAt: at(pull + h.later),
      });
      return { kind: h.kind, firstPull: pull, cancel: pull + h.later };
    case 'reissued':
      await publishRecord(t, { ...base, state: 'issued', pullAt: null, firstPullAt: at(pull) });
      return { kind: h.kind, firstPull: pull, cancel: null };
    case 'repulled':
      await publishRecord(t, { ...base, state: 'pulled', pullAt: at(pull + h.later), firstPullAt: at(pull) });
      return { kind: h.kind, firstPull: pull, cancel: null };
  }
}

describe('verification verdicts equal a recount from raw events', () => {
  it('for random plays, scans, batches, plans, zones (DST) and publish records', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(eventArb, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 1, max: 3 }),
        fc.tuple(heldArb, heldArb),
        // Which variant of each plan (its ad valid throughout or within a cut period).
        fc.tuple(fc.nat(1), fc.nat(1)),
        serviceArb,
        fc
          .integer({ min: 0, max: 1 })
          .chain((plan) =>
            fc.record({ plan: fc.constant(plan), day: fc.integer({ min: -25, max: -1 }), second: nearHours(plan) }),
          ),
        async (raw, batchCount, given, variant, service, anchor) => {
          plans = [variants[0][variant[0]] as PlanSpec, variants[1][variant[1]] as PlanSpec];
          const robot = await createRobot(t, {});
          const sv = await serve(robot.id, service);
          const held = [
            await give(robot.id, plans[0] as PlanSpec, given[0]),
            await give(robot.id, plans[1] as PlanSpec, given[1]),
          ];
          const token = await deviceTokenFor(t, robot.id);
          const today = Math.floor(NOW / DAY) * DAY;
          const events: Ev[] = raw.map((r) => {
            const plan = r.nearAnchor === null ? r.plan : anchor.plan;
            const own = plans[plan] as PlanSpec;
            const other = plans[1 - plan] as PlanSpec;
            const at =
              r.nearAnchor === null
                ? today + r.day * DAY + r.second
                : today + anchor.day * DAY + anchor.second + r.nearAnchor;
            return {
              id: newId(),
              type: r.scanEvent === 0 ? 'scan' : 'play',
              plan,
              adId: r.otherAd === 0 ? other.adId : own.adId,
              startedAt: Math.min(NOW + 600, at),
              ...(r.scanEvent === 0 ? {} : { watchDuration: r.watch, ...(r.audience ? { audience: r.audience } : {}) }),
            };
          });
          const size = Math.ceil(events.length / batchCount);
          const batches: Ev[][] = [];
          for (let i = 0; i < events.length; i += size) batches.push(events.slice(i, i + size));

          // The recount: batch by batch, a batch's verified plays (of either plan: one screen) in start order
          // (then id) against every verified play so far (ends beyond 1.5 s of overlap).
          const expected = new Map<string, string | null>();
          const busy: { start: number; end: number }[] = [];
          const counted = new Map<string, number>();
          for (const batch of batches) {
            for (const e of batch) expected.set(e.id, ownReason(e, held[e.plan] as Held));
            // Bounds: after the own rules.
            for (const e of batch) if (expected.get(e.id) === null) expected.set(e.id, boundsReason(e, sv));
            const plays = batch
              .filter((e) => e.type === 'play' && expected.get(e.id) === null)
              .sort((a, b) => a.startedAt - b.startedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
            for (const e of plays) {
              const start = e.startedAt * 1000;
              const end = start + (e.watchDuration ?? 0);
              if (busy.some((b) => start < b.end - 1500 && b.start < end - 1500)) {
                expected.set(e.id, 'overlap');
                continue;
              }
              const day = formatDate(e.startedAt, (plans[e.plan] as PlanSpec).zone);
              const planKey = `${e.plan}|${day}`;
              const adKey = `${e.plan}|${e.adId}|${day}`;
              const counts = { planPlays: counted.get(planKey) ?? 0, adPlays: counted.get(adKey) ?? 0 };
              if (!matchesSchedule(scheduledOf(held, e.plan, e.startedAt), e.startedAt, counts)) {
                expected.set(e.id, 'overSchedule');
                continue;
              }
              counted.set(planKey, counts.planPlays + 1);
              counted.set(adKey, counts.adPlays + 1);
              busy.push({ start, end });
            }
            // Bounds: the scans last, once every play's verdict is known.
            const verifiedSoFar = events.filter((e) => expected.get(e.id) === null);
            recountScans(batch, expected, verifiedSoFar);
          }

          for (const batch of batches) {
            const payload = batch.map(({ plan, ...e }) => ({ ...e, playlistId: (plans[plan] as PlanSpec).id }));
            const res = await sendEvents(t, token, payload);
            expect(res.statusCode).toBe(200);
            const again = await sendEvents(t, token, payload);
            expect(again.json().data.duplicates).toBe(batch.length);
          }
          const stored = await t.app.ctx.db
            .select({ id: playEvents.id, verdict: playEvents.verdict, reason: playEvents.reason })
            .from(playEvents)
            .where(eq(playEvents.robotRef, robot.id));
          expect(stored).toHaveLength(events.length);
          for (const row of stored) {
            const e = events.find((x) => x.id === row.id);
            const why = `${JSON.stringify(e)} held ${JSON.stringify(held[e?.plan ?? 0])}`;
            expect(row.reason, why).toBe(expected.get(row.id));
            expect(row.verdict).toBe(expected.get(row.id) ? 'flagged' : 'verified');
          }
        },
      ),
      { numRuns: 30 },
    );
  }, 300_000);
});
