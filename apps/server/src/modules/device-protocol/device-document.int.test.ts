import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createAd, createPlan, deliveryWorld } from '../../../test/delivery';
import { createRobot } from '../../../test/devices';
import { deviceTokenFor, sendEvents } from '../../../test/play-events';
import { pulledRecord } from '../../../test/publish-records';
import { ManualClock } from '../../platform/clock';

/**
 * The device document's own example of `POST /api/device/v1/events` (docs/device-protocol.md), sent by a robot
 * that pulled the plan: the proof-of-play audit verifies every event. The test substitutes only the ids the
 * example cannot know (the plan `playlistId` and the ad `adId`, made here); the times, the play length, the
 * schedule version and the audience are the example's own. The plan plays every day 09:00-18:00 Asia/Shanghai
 * and the robot pulled it the day before the example's play, which the robot reports five minutes after it.
 */
const clock = new ManualClock(new Date('2026-11-20T00:00:00Z'));
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(() => t?.close());

interface EventsExample {
  events: Array<{ playlistId: string; adId: string; startedAt: number; [key: string]: unknown }>;
}

describe('the device document’s events example', () => {
  it('is verified in full for a robot that pulled the plan: accepted, none flagged', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/device/openapi.json' })).json();
    const example = structuredClone(
      doc.paths['/api/device/v1/events'].post.requestBody.content['application/json'].example as EventsExample,
    );
    expect(example.events.length).toBeGreaterThan(0);

    const w = await deliveryWorld(t, 1);
    const adId = (await createAd(t, w.adv.token, 1, 'Example ad')).id;
    const planId = (
      await createPlan(t, w.adv.token, [adId], {
        cycle: { type: 'weekly', data: [1, 2, 3, 4, 5, 6, 7] },
        times: [{ begin: { hour: 9, minute: 0 }, end: { hour: 18, minute: 0 } }],
      })
    ).id;
    const robot = await createRobot(t, { robotId: 'RSZ1001' });
    const lastPlay = Math.max(...example.events.map((e) => e.startedAt));
    await pulledRecord(t, planId, robot.id, new Date((lastPlay - 86_400) * 1000));
    clock.set(new Date((lastPlay + 300) * 1000));

    const events = example.events.map((e) => ({ ...e, playlistId: planId, adId }));
    const res = await sendEvents(t, await deviceTokenFor(t, robot.id), events);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      accepted: events.length,
      duplicates: 0,
      ignored: 0,
      flagged: 0,
      flaggedEvents: [],
    });
    // The answer the document shows for it is the one the server gives.
    expect(res.json()).toEqual(
      doc.paths['/api/device/v1/events'].post.responses['200'].content['application/json'].example,
    );
  });
});
