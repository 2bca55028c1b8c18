import { newId } from '@robot-ads/contracts/common/ids';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createAd, createPlan, deliveryWorld } from '../../../test/delivery';
import { createRobot } from '../../../test/devices';
import { deviceTokenFor, sendEvents } from '../../../test/play-events';
import { ManualClock } from '../../platform/clock';
import { DEFAULT_PARTITION, dayPartitions, ensureDayPartitions } from './play-events.partitions';
import { removeOldEvents } from './play-events.retention';
import { playEvents, playRollups } from './play-events.table';

/**
 * play_events partitioned by UTC day (docs/statistics.md, "Raw events: day partitions and retention"):
 * where events land, the maintenance that makes partitions ahead and moves rows out of the default
 * partition, and retention that drops whole old days. The tests run in order on one database and clock.
 */
const T0 = new Date('2026-11-22T07:00:00Z');
const DAY_S = 86_400;
const clock = new ManualClock(T0);
let t: TestApp;
let planId: string;
let adId: string;
let token: string;

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { EVENT_RETENTION_DAYS: '20', EVENT_AUDIT: 'off' } });
  const w = await deliveryWorld(t, 1);
  adId = (await createAd(t, w.adv.token, 1, 'Coffee')).id;
  planId = (await createPlan(t, w.adv.token, [adId])).id;
  token = await deviceTokenFor(t, (await createRobot(t, {})).id);
});
afterAll(() => t?.close());

const t0 = T0.getTime() / 1000;
const play = (startedAt: number) => ({
  id: newId(),
  type: 'play',
  playlistId: planId,
  adId,
  startedAt,
  watchDuration: 5_000,
});
/** The partition each event is stored in, by event id. */
async function partitionsOf(ids: string[]): Promise<Record<string, string>> {
  const rows = await t.app.ctx.db
    .select({ id: playEvents.id, part: sql<string>`tableoid::regclass::text` })
    .from(playEvents)
    .where(inArray(playEvents.id, ids));
  return Object.fromEntries(rows.map((r) => [r.id, r.part]));
}
async function rolledPlays(): Promise<number> {
  const [r] = await t.app.ctx.db
    .select({ n: sql<number>`coalesce(sum(${playRollups.plays}), 0)::int` })
    .from(playRollups)
    .where(eq(playRollups.playlistId, planId));
  return r?.n ?? 0;
}
const names = async () => (await dayPartitions(t.app.ctx.db)).map((p) => p.name);
const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `play_events_p202611${String(from + i).padStart(2, '0')}`);

type Event = ReturnType<typeof play>;
let today: Event;
let yesterday: Event;
let inTwoDays: Event;
let monthAgo: Event;
let inTwoMonths: Event;
let inTenDays: Event;
beforeAll(() => {
  today = play(t0 - 3600);
  yesterday = play(t0 - DAY_S);
  inTwoDays = play(t0 + 2 * DAY_S);
  monthAgo = play(t0 - 30 * DAY_S);
  inTwoMonths = play(t0 + 60 * DAY_S);
  inTenDays = play(t0 + 10 * DAY_S);
});

describe('play_events by day', () => {
  it('has the partitions of yesterday to a week ahead from the start', async () => {
    expect(await names()).toEqual(range(21, 29));
  });

  it('stores each event in its UTC day partition, far past and future in the default; a re-sent batch adds nothing', async () => {
    const batch = [today, yesterday, inTwoDays, monthAgo, inTwoMonths];
    expect((await sendEvents(t, token, batch)).json().data).toEqual({
      accepted: 5,
      duplicates: 0,
      ignored: 0,
      flagged: 0,
      flaggedEvents: [],
    });
    expect(await partitionsOf(batch.map((e) => e.id))).toEqual({
      [today.id]: 'play_events_p20261122',
      [yesterday.id]: 'play_events_p20261121',
      [inTwoDays.id]: 'play_events_p20261124',
      [monthAgo.id]: DEFAULT_PARTITION,
      [inTwoMonths.id]: DEFAULT_PARTITION,
    });
    expect(await rolledPlays()).toBe(5);

    expect((await sendEvents(t, token, batch)).json().data).toEqual({
      accepted: 0,
      duplicates: 5,
      ignored: 0,
      flagged: 0,
      flaggedEvents: [],
    });
    expect(await rolledPlays()).toBe(5);
    const [stored] = await t.app.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(playEvents)
      .where(
        inArray(
          playEvents.id,
          batch.map((e) => e.id),
        ),
      );
    expect(stored?.n).toBe(5);
  });

  it('the maintenance makes the missing days idempotently and moves their rows out of the default', async () => {
    expect((await sendEvents(t, token, [inTenDays])).json().data.accepted).toBe(1);
    expect(await partitionsOf([inTenDays.id])).toEqual({ [inTenDays.id]: DEFAULT_PARTITION });
    expect(await ensureDayPartitions(t.app.ctx)).toEqual([]);

    clock.set(new Date(T0.getTime() + 5 * DAY_S * 1000));
    expect(await ensureDayPartitions(t.app.ctx)).toEqual([
      'play_events_p20261130',
      'play_events_p20261201',
      'play_events_p20261202',
      'play_events_p20261203',
      'play_events_p20261204',
    ]);
    expect(await ensureDayPartitions(t.app.ctx)).toEqual([]);
    expect(await partitionsOf([inTenDays.id])).toEqual({ [inTenDays.id]: 'play_events_p20261202' });
    expect(await partitionsOf([inTwoMonths.id])).toEqual({ [inTwoMonths.id]: DEFAULT_PARTITION });
    // Still the same event after the move: sent again, it is a duplicate.
    expect((await sendEvents(t, token, [inTenDays])).json().data).toEqual({
      accepted: 0,
      duplicates: 1,
      ignored: 0,
      flagged: 0,
      flaggedEvents: [],
    });
    expect(await rolledPlays()).toBe(6);
  });

  it('retention drops the old days whole and deletes old default rows; rollups and recent events stay', async () => {
    // 20 days of retention from 2026-12-14T07:00: whole days before 2026-11-24T07:00 go.
    clock.set(new Date(T0.getTime() + 22 * DAY_S * 1000));
    expect(await removeOldEvents(t.app.ctx)).toBe(3);
    expect(await names()).toEqual([
      ...range(24, 30),
      'play_events_p20261201',
      'play_events_p20261202',
      'play_events_p20261203',
      'play_events_p20261204',
    ]);
    const ids = [today, yesterday, inTwoDays, monthAgo, inTwoMonths, inTenDays].map((e) => e.id);
    expect(Object.keys(await partitionsOf(ids)).sort()).toEqual([inTwoDays.id, inTwoMonths.id, inTenDays.id].sort());
    expect(await rolledPlays()).toBe(6);
    expect(await removeOldEvents(t.app.ctx)).toBe(0);

    // A late event of a day already dropped lands in the default partition.
    const late = play(t0 - DAY_S + 3600);
    expect((await sendEvents(t, token, [late])).json().data.accepted).toBe(1);
    expect(await partitionsOf([late.id])).toEqual({ [late.id]: DEFAULT_PARTITION });
    expect(await rolledPlays()).toBe(7);
  });

  it('instances that run the maintenance at once, while events arrive, make each partition once', async () => {
    // 2026-12-14: yesterday to a week ahead (12-13 to 12-21) are missing.
    const arriving = play(t0 + 23 * DAY_S);
    const [a, b, sent] = await Promise.all([
      ensureDayPartitions(t.app.ctx),
      ensureDayPartitions(t.app.ctx),
      sendEvents(t, token, [arriving]),
    ]);
    expect(sent.json().data.accepted).toBe(1);
    expect([...a, ...b].sort()).toEqual([
      'play_events_p20261213',
      'play_events_p20261214',
      'play_events_p20261215',
      'play_events_p20261216',
      'play_events_p20261217',
      'play_events_p20261218',
      'play_events_p20261219',
      'play_events_p20261220',
      'play_events_p20261221',
    ]);
    expect(await partitionsOf([arriving.id])).toEqual({ [arriving.id]: 'play_events_p20261215' });
    expect(await rolledPlays()).toBe(8);
  });
});
