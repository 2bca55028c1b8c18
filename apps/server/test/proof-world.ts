import type { ManualClock } from '../src/platform/clock';
import type { TestApp } from './build-app';
import { deliveryWorld, morningPlan } from './delivery';
import { at, deviceTokenFor, playEvent, sendEvents } from './play-events';
import { pulledTrialRobots } from './publish-records';

/**
 * The world of the proof-of-play report and certificate tests: a plan playing 09:00-12:00 Shanghai daily
 * (`morningPlan`), pulled by two trial robots, the clock then at 2026-12-01 06:00 UTC; robot A has reported
 * three full plays on 11-29 and a fourth that overlaps them. `play` makes another play of the plan's ad.
 */
export async function proofWorld(t: TestApp, clock: ManualClock, label: string) {
  const w = await deliveryWorld(t, 1);
  const { adId, planId } = await morningPlan(t, w.adv.token, `${label} ad`, `咖啡 ${label} plan`);
  clock.set(new Date('2026-12-01T06:00:00Z'));
  const [robotA, robotB] = await pulledTrialRobots(t, planId, ['Robot A', 'Robot B']);
  const play = (iso: string, watch = 10_000) => playEvent(planId, adId, at(iso), { watchDuration: watch });
  await sendEvents(t, await deviceTokenFor(t, robotA.id), [
    play('2026-11-29T02:00:00Z'),
    play('2026-11-29T02:00:20Z'),
    play('2026-11-29T02:00:40Z'),
    play('2026-11-29T02:00:45Z'),
  ]);
  return { w, adId, planId, robotA: robotA as RobotRef, robotB: robotB as RobotRef, play };
}

type RobotRef = { id: string; robotId: string };
