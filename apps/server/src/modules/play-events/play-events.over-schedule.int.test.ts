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
import { playEvents } from './play-events.table';

/**
 * A robot cannot mint plays (docs/statistics.md, "Matching the schedule"): the plan plays 08:00-11:00 and
 * 17:00-21:00 Shanghai time, one picture ad of 10 s; the robot pulled it the day before and then reports a
 * play every 21 s through the plan's hours of one day (1,199 plays). The engine gives that robot 300 plays
 * of the ad that day (its delivery limit): 300 are verified, every other play is flagged overSchedule.
 */
const clock = new ManualClock(new Date('2026-11-20T00:00:00Z'));
let t: TestApp;
let planId: string;
let adId: string;
const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);

beforeAll(async () => {
  t = await buildTestApp({ clock });
  const w = await deliveryWorld(t, 1);
  adId = (await createAd(t, w.adv.token, 1, 'Latte ad')).id;
  planId = (
    await createPlan(t, w.adv.token, [adId], {
      name: 'Latte replay',
      cycle: { type: 'daily', data: [] },
      times: [
        { begin: { hour: 8, minute: 0 }, end: { hour: 11, minute: 0 } },
        { begin: { hour: 17, minute: 0 }, end: { hour: 21, minute: 0 } },
      ],
    })
  ).id;
  clock.set(new Date('2026-12-02T00:00:00Z'));
});
afterAll(() => t?.close());

describe('a robot replaying a play every 21 s through a day', () => {
  it('gets at most the scheduled plays verified, the rest flagged overSchedule, and the report at most 100 %', async () => {
    const robot = await createRobot(t, {});
    await pulledRecord(t, planId, robot.id, new Date('2026-11-29T00:00:00Z'));
    const token = await deviceTokenFor(t, robot.id);
    const plays: object[] = [];
    // 08:00-11:00 (00:00-03:00 UTC) and 17:00-21:00 (09:00-13:00 UTC) Shanghai on 2026-11-30.
    for (const [from, to] of [
      [at('2026-11-30T00:00:00Z'), at('2026-11-30T03:00:00Z')],
      [at('2026-11-30T09:00:00Z'), at('2026-11-30T13:00:00Z')],
    ] as const) {
      for (let s = from; s < to; s += 21) {
        plays.push({ id: newId(), type: 'play', playlistId: planId, adId, startedAt: s, watchDuration: 10_000 });
      }
    }
    expect(plays.length).toBeGreaterThanOrEqual(1199);
    const flagged = new Map<string, string>();
    let verified = 0;
    for (let i = 0; i < plays.length; i += 500) {
      const res = await sendEvents(t, token, plays.slice(i, i + 500));
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      verified += data.accepted - data.flagged;
      for (const f of data.flaggedEvents as { id: string; reason: string }[]) flagged.set(f.id, f.reason);
      expect(data.flaggedEvents).toHaveLength(data.flagged);
    }
    expect(verified).toBe(300);
    expect(flagged.size).toBe(plays.length - 300);
    expect(new Set(flagged.values())).toEqual(new Set(['overSchedule']));
    const stored = await t.app.ctx.db
      .select({ id: playEvents.id })
      .from(playEvents)
      .where(and(eq(playEvents.robotRef, robot.id), eq(playEvents.reason, 'overSchedule')));
    expect(stored).toHaveLength(plays.length - 300);

    const op = await loginAs(t, 'super', { principals: 'root' });
    const range = `begin=${at('2026-11-29T16:00:00Z')}&end=${at('2026-11-30T16:00:00Z')}`;
    const report = await t.app.inject({
      url: `/api/Statis/proofOfPlayByPlaylistId?playlistId=${planId}&${range}`,
      headers: bearer(op.token),
    });
    const data = report.json().data;
    expect(data.total).toMatchObject({ scheduledPlays: 300, verified: 300, deliveredPercent: 100 });
    expect(data.total.reasons).toEqual({ overSchedule: plays.length - 300 });
  });
});
