import { newId } from '@robot-ads/contracts/common/ids';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createAd, createPlan, deliveryWorld } from '../../../test/delivery';
import { createRobot } from '../../../test/devices';
import { deviceTokenFor, sendEvents } from '../../../test/play-events';
import { pulledRecord } from '../../../test/publish-records';
import { ManualClock } from '../../platform/clock';
import { playEvents, playFlagRollups } from './play-events.table';

/**
 * Each verification rule on one play (docs/statistics.md, "Proof-of-play verification"). The plan plays every day
 * 09:00-12:00 Asia/Shanghai (01:00-04:00 UTC) from 2026-11-20; its one picture ad lasts 10 s; the robot
 * pulled it on 2026-11-25. Now is 2026-12-01 00:00 UTC. The reference player plays that ad back to back from
 * 09:00 until its delivery limit of 300 plays a day (09:50): those are the day's scheduled plays.
 */
const clock = new ManualClock(new Date('2026-11-20T00:00:00Z'));
let t: TestApp;
let planId: string;
let adId: string;
let otherAdId: string;
let robot: { id: string };
let token: string;
let adv: string;
/** A plan like the first whose one ad is valid only from 2026-11-26 02:00 to 2026-11-28 02:00 UTC (10:00 local). */
let periodPlanId: string;
let periodAdId: string;
const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const PULL = new Date('2026-11-25T00:00:00Z');

beforeAll(async () => {
  t = await buildTestApp({ clock });
  const w = await deliveryWorld(t, 1);
  adv = w.adv.token;
  adId = (await createAd(t, adv, 1, 'Audit ad')).id;
  otherAdId = (await createAd(t, adv, 1, 'Other ad')).id;
  planId = (
    await createPlan(t, adv, [adId], {
      cycle: { type: 'weekly', data: [1, 2, 3, 4, 5, 6, 7] },
      times: [{ begin: { hour: 9, minute: 0 }, end: { hour: 12, minute: 0 } }],
    })
  ).id;
  periodAdId = (
    await createAd(t, adv, 1, 'Period ad', { begin: at('2026-11-26T02:00:00Z'), end: at('2026-11-28T02:00:00Z') })
  ).id;
  periodPlanId = (
    await createPlan(t, adv, [periodAdId], {
      cycle: { type: 'daily', data: [] },
      times: [{ begin: { hour: 9, minute: 0 }, end: { hour: 12, minute: 0 } }],
    })
  ).id;
  clock.set(new Date('2026-12-01T00:00:00Z'));
  robot = await createRobot(t, {});
  token = await deviceTokenFor(t, robot.id);
  await pulledRecord(t, planId, robot.id, PULL);
});
afterAll(() => t?.close());

const play = (startedAt: number, over: Record<string, unknown> = {}) => ({
  id: newId(),
  type: 'play',
  playlistId: planId,
  adId,
  startedAt,
  watchDuration: 10_000,
  ...over,
});

async function verdicts(robotRef: string) {
  const rows = await t.app.ctx.db
    .select({
      id: playEvents.id,
      verdict: playEvents.verdict,
      reason: playEvents.reason,
      v: playEvents.scheduleVersion,
    })
    .from(playEvents)
    .where(eq(playEvents.robotRef, robotRef));
  return new Map(rows.map((r) => [r.id, r]));
}

describe('the proof-of-play verification on ingest', () => {
  it('verifies a full-length play of a pulled plan in its hours, and flags each broken rule with its reason', async () => {
    const day = '2026-11-30T';
    const cases: [object & { id: string }, string | null][] = [
      [play(at(`${day}01:20:00Z`), { scheduleVersion: 'v-abc' }), null],
      [play(at(`${day}01:20:11Z`), { watchDuration: 10_400 }), null],
      [play(at(`${day}01:20:05Z`)), 'overlap'],
      [play(at(`${day}01:30:00Z`), { watchDuration: 10_600 }), 'tooLong'],
      [play(at(`${day}01:40:00Z`), { watchDuration: 9_400 }), 'tooShort'],
      [play(at(`${day}06:00:00Z`)), 'outsideSchedule'],
      [play(at(`${day}00:59:30Z`)), null],
      [play(at(`${day}01:45:00Z`), { adId: otherAdId }), 'adNotInPlan'],
      [play(at('2026-12-01T00:10:00Z')), 'future'],
      [play(at('2026-12-01T00:04:00Z'), { watchDuration: 10_000 }), 'outsideSchedule'],
      [play(at('2026-10-30T02:00:00Z')), 'tooOld'],
      [play(at('2026-11-24T02:00:00Z')), 'beforePull'],
    ];
    const res = await sendEvents(
      t,
      token,
      cases.map(([e]) => e),
    );
    expect(res.statusCode).toBe(200);
    const flaggedCount = cases.filter(([, r]) => r !== null).length;
    expect(res.json().data).toMatchObject({ accepted: cases.length, duplicates: 0, ignored: 0, flagged: flaggedCount });
    // The answer names each flagged event and its reason.
    expect(new Map(res.json().data.flaggedEvents.map((f: { id: string; reason: string }) => [f.id, f.reason]))).toEqual(
      new Map(cases.filter(([, r]) => r !== null).map(([e, r]) => [e.id, r])),
    );
    const stored = await verdicts(robot.id);
    for (const [e, reason] of cases) {
      expect(stored.get(e.id)?.reason ?? null, JSON.stringify(e)).toBe(reason);
      expect(stored.get(e.id)?.verdict).toBe(reason ? 'flagged' : 'verified');
    }
    expect(stored.get(cases[0]?.[0].id as string)?.v).toBe('v-abc');

    // Reports count the verified plays only; the flagged ones are kept by reason.
    const q = `playlistId=${planId}&begin=${at('2026-11-01T00:00:00Z')}&end=${at('2026-12-02T00:00:00Z')}`;
    const report = await t.app.inject({
      url: `/api/Advertisements/statisticsDaysByPlaylistId?${q}`,
      headers: bearer((await loginAs(t, 'super', { principals: 'root' })).token),
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data.total.plays).toBe(cases.length - flaggedCount);
    const flags = await t.app.ctx.db
      .select({ reason: playFlagRollups.reason, plays: playFlagRollups.plays })
      .from(playFlagRollups)
      .where(eq(playFlagRollups.playlistId, planId));
    const byReason = new Map<string, number>();
    for (const f of flags) byReason.set(f.reason, (byReason.get(f.reason) ?? 0) + f.plays);
    expect(Object.fromEntries(byReason)).toEqual({
      overlap: 1,
      tooLong: 1,
      tooShort: 1,
      outsideSchedule: 2,
      adNotInPlan: 1,
      future: 1,
      tooOld: 1,
      beforePull: 1,
    });

    // Re-sent: nothing inserted, each keeps its first verdict, no figure moves.
    const again = await sendEvents(
      t,
      token,
      cases.map(([e]) => e),
    );
    expect(again.json().data).toEqual({
      accepted: 0,
      duplicates: cases.length,
      ignored: 0,
      flagged: 0,
      flaggedEvents: [],
    });
    const after = await verdicts(robot.id);
    for (const [e, reason] of cases) expect(after.get(e.id)?.reason ?? null).toBe(reason);
  });

  it("flags plays and scans of an ad outside its own validity period, inside the plan's windows and after the pull", async () => {
    const r = await createRobot(t, {});
    await pulledRecord(t, periodPlanId, r.id, PULL);
    const tk = await deviceTokenFor(t, r.id);
    const of = (startedAt: number, over: Record<string, unknown> = {}) =>
      play(startedAt, { playlistId: periodPlanId, adId: periodAdId, ...over });
    const { watchDuration: _length, ...scanAfterEnd } = of(at('2026-11-30T01:30:05Z'), { type: 'scan' });
    const cases: [object & { id: string }, string | null][] = [
      [of(at('2026-11-30T01:30:00Z')), 'adOutsidePeriod'], // after its end, inside the plan's windows
      [of(at('2026-11-27T01:30:00Z')), null], // the good play
      [of(at('2026-11-25T01:30:00Z')), 'adOutsidePeriod'], // after the pull, before its begin
      [of(at('2026-11-26T01:58:59Z')), 'adOutsidePeriod'], // 61 s before its begin
      [of(at('2026-11-26T01:59:00Z')), null], // within the 60 s tolerance of its begin
      [of(at('2026-11-28T02:00:50Z')), null], // within the 60 s tolerance of its end
      [of(at('2026-11-28T02:01:00Z')), 'adOutsidePeriod'], // its end + 60 s
      [scanAfterEnd, 'adOutsidePeriod'], // a scan after its end
    ];
    const res = await sendEvents(
      t,
      tk,
      cases.map(([e]) => e),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ accepted: cases.length, flagged: 5 });
    expect(new Map(res.json().data.flaggedEvents.map((f: { id: string; reason: string }) => [f.id, f.reason]))).toEqual(
      new Map(cases.filter(([, why]) => why !== null).map(([e, why]) => [e.id, why])),
    );
    const stored = await verdicts(r.id);
    for (const [e, reason] of cases) expect(stored.get(e.id)?.reason ?? null, JSON.stringify(e)).toBe(reason);

    // The statistics count the three verified plays only; the flagged ones are kept under their reason.
    const q = `playlistId=${periodPlanId}&begin=${at('2026-11-01T00:00:00Z')}&end=${at('2026-12-02T00:00:00Z')}`;
    const report = await t.app.inject({
      url: `/api/Advertisements/statisticsDaysByPlaylistId?${q}`,
      headers: bearer((await loginAs(t, 'super', { principals: 'root' })).token),
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data.total.plays).toBe(3);
    const flags = await t.app.ctx.db
      .select({ reason: playFlagRollups.reason, plays: playFlagRollups.plays, scans: playFlagRollups.scans })
      .from(playFlagRollups)
      .where(eq(playFlagRollups.playlistId, periodPlanId));
    const sum = (k: 'plays' | 'scans') => flags.reduce((n, f) => n + f[k], 0);
    expect(new Set(flags.map((f) => f.reason))).toEqual(new Set(['adOutsidePeriod']));
    expect({ plays: sum('plays'), scans: sum('scans') }).toEqual({ plays: 4, scans: 1 });
  });

  it('flags plays of a plan the robot never pulled, and plays after its publish was cancelled', async () => {
    const stranger = await createRobot(t, {});
    const strangerToken = await deviceTokenFor(t, stranger.id);
    const e1 = play(at('2026-11-30T02:00:00Z'));
    const r1 = await sendEvents(t, strangerToken, [e1]);
    expect(r1.json().data.flagged).toBe(1);
    expect((await verdicts(stranger.id)).get(e1.id)?.reason).toBe('notPulled');

    const cancelled = await createRobot(t, {});
    await pulledRecord(t, planId, cancelled.id, PULL, new Date('2026-11-29T00:00:00Z'));
    const cancelledToken = await deviceTokenFor(t, cancelled.id);
    const before = play(at('2026-11-28T01:30:00Z'));
    const afterCancel = play(at('2026-11-30T02:00:00Z'));
    const r2 = await sendEvents(t, cancelledToken, [before, afterCancel]);
    expect(r2.json().data).toMatchObject({ accepted: 2, flagged: 1 });
    const v = await verdicts(cancelled.id);
    expect(v.get(before.id)?.verdict).toBe('verified');
    expect(v.get(afterCancel.id)?.reason).toBe('afterCancel');
  });

  it('checks overlap against plays stored by an earlier batch, and with EVENT_MAX_AGE_DAYS a week offline loses nothing', async () => {
    const r = await createRobot(t, {});
    await pulledRecord(t, planId, r.id, PULL);
    const tk = await deviceTokenFor(t, r.id);
    const first = play(at('2026-11-26T01:30:00Z'));
    await sendEvents(t, tk, [first]);
    const clash = play(at('2026-11-26T01:30:04Z'));
    const next = play(at('2026-11-26T01:30:10Z'));
    const res = await sendEvents(t, tk, [clash, next]);
    expect(res.json().data).toMatchObject({ accepted: 2, flagged: 1 });
    const v = await verdicts(r.id);
    expect(v.get(clash.id)?.reason).toBe('overlap');
    expect(v.get(next.id)?.verdict).toBe('verified');
    expect(t.app.ctx.config.EVENT_MAX_AGE_DAYS).toBe(30);
    const rows = await t.app.ctx.db
      .select({ n: playEvents.id })
      .from(playEvents)
      .where(and(eq(playEvents.robotRef, r.id), eq(playEvents.verdict, 'verified')));
    expect(rows).toHaveLength(2);
  });
});
