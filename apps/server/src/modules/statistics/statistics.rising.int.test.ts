import { newId } from '@robot-ads/contracts/common/ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createAd, createPlan, deliveryWorld } from '../../../test/delivery';
import { createRobot } from '../../../test/devices';
import { at, deviceTokenFor, playEvent, sendEvents } from '../../../test/play-events';
import { ManualClock } from '../../platform/clock';
import { publishRecords } from '../publishing/publishing.table';

/**
 * Boards compare like with like (docs/statistics.md, measures, `rising`): a period not over yet counts to
 * now (the end of the current quarter hour) against the same span of the previous period. Now is
 * Wednesday 25 Nov 2026 09:04 in Asia/Shanghai (01:04 UTC), the platform's zone (TIME_ZONE).
 */
const clock = new ManualClock(new Date('2026-11-25T01:04:00Z'));
let t: TestApp;
let w: Awaited<ReturnType<typeof deliveryWorld>>;

async function rising(begin: string, end: string, extra = '') {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/Advertisements/statisticsByClientIdExRising?clientId=${w.customerId}&begin=${at(begin)}&end=${at(end)}${extra}`,
    headers: { ...bearer(w.operator.token), 'accept-language': 'en' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { EVENT_AUDIT: 'off', TIME_ZONE: 'Asia/Shanghai' } });
  w = await deliveryWorld(t, 1);
  const adId = (await createAd(t, w.adv.token, 1, 'Latte')).id;
  const planId = (await createPlan(t, w.adv.token, [adId], { timeZone: 'Asia/Shanghai' })).id;
  const robot = await createRobot(t, { projectId: w.property.id });
  await t.app.ctx.db
    .insert(publishRecords)
    .values({ id: newId(), playlistId: planId, robotRef: robot.id, state: 'pulled', publishedBy: w.operator.user.id });
  const play = (iso: string) => playEvent(planId, adId, at(iso));
  const res = await sendEvents(t, await deviceTokenFor(t, robot.id), [
    // This week (from Monday 23 Nov, local): Monday 10:00, Tuesday 08:20 and 13:00 x3, today 08:30 x2.
    play('2026-11-23T02:00:00Z'),
    play('2026-11-24T00:20:00Z'),
    play('2026-11-24T05:00:00Z'),
    play('2026-11-24T05:01:00Z'),
    play('2026-11-24T05:02:00Z'),
    play('2026-11-25T00:30:00Z'),
    play('2026-11-25T00:31:00Z'),
    // The week before: Tuesday 10:00, Wednesday 08:30 (before 09:15), Wednesday 11:00 and Friday (after).
    play('2026-11-17T02:00:00Z'),
    play('2026-11-18T00:30:00Z'),
    play('2026-11-18T03:00:00Z'),
    play('2026-11-20T02:00:00Z'),
  ]);
  expect(res.json().data).toMatchObject({ accepted: 11 });
});
afterAll(() => t?.close());

describe('rising figures compare like with like', () => {
  it('compares today so far with the same hours of the day before', async () => {
    // Today, local: 25 Nov 00:00 to 26 Nov 00:00 in Shanghai.
    const d = await rising('2026-11-24T16:00:00Z', '2026-11-25T16:00:00Z');
    expect(d.timeZone).toBe('Asia/Shanghai');
    // To 09:15 today against yesterday to 09:15 (not yesterday's 13:00 plays).
    expect(d.end).toBe(at('2026-11-25T01:15:00Z'));
    expect(d.previousBegin).toBe(at('2026-11-23T16:00:00Z'));
    expect(d.previousEnd).toBe(at('2026-11-24T01:15:00Z'));
    expect(d.figures.plays).toEqual({ value: 2, previous: 1, change: 100 });
    expect(d.points).toEqual([expect.objectContaining({ label: '2026-11-25', value: 2, previous: 1 })]);
  });

  it('compares a week so far with the same days of the week before', async () => {
    // This week, local: Monday 23 Nov to Monday 30 Nov.
    const d = await rising('2026-11-22T16:00:00Z', '2026-11-29T16:00:00Z');
    expect(d.end).toBe(at('2026-11-25T01:15:00Z'));
    expect(d.previousEnd).toBe(at('2026-11-18T01:15:00Z'));
    expect(d.figures.plays).toEqual({ value: 7, previous: 2, change: 250 });
    expect(
      d.points.map((p: { label: string; value: number; previous: number }) => [p.label, p.value, p.previous]),
    ).toEqual([
      ['2026-11-23', 1, 0],
      ['2026-11-24', 4, 1],
      ['2026-11-25', 2, 1],
    ]);
  });

  it('compares a period that is over in full', async () => {
    // Last week, local: both weeks whole.
    const d = await rising('2026-11-15T16:00:00Z', '2026-11-22T16:00:00Z');
    expect(d.end).toBe(at('2026-11-22T16:00:00Z'));
    expect(d.figures.plays).toEqual({ value: 4, previous: 0, change: null });
  });

  it("takes today in the zone asked for, else the platform's, never the reader's computer's", async () => {
    // Today in Berlin (UTC+1): 25 Nov 00:00 to 26 Nov 00:00 local; now is 02:04 there.
    const d = await rising('2026-11-24T23:00:00Z', '2026-11-25T23:00:00Z', '&timeZone=Europe/Berlin');
    expect(d.timeZone).toBe('Europe/Berlin');
    expect(d.end).toBe(at('2026-11-25T01:15:00Z'));
    expect(d.previousEnd).toBe(at('2026-11-24T01:15:00Z'));
    // Today so far in Berlin holds the two plays of 00:30 UTC; yesterday to 02:15 Berlin time holds the 00:20 one.
    expect(d.figures.plays).toEqual({ value: 2, previous: 1, change: 100 });
  });
});
