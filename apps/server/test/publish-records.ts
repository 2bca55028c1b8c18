import { newId } from '@robot-ads/contracts/common/ids';
import { publishRecords } from '../src/modules/publishing/publishing.table';
import type { TestApp } from './build-app';
import { createRobot } from './devices';

/**
 * A publish record of the plan on the robot as the device's acknowledgement leaves it (pulled at `pullAt`),
 * optionally cancelled later: what the play verification checks a play against.
 */
export async function pulledRecord(
  t: TestApp,
  playlistId: string,
  robotRef: string,
  pullAt: Date,
  cancelledAt: Date | null = null,
) {
  await publishRecord(t, {
    playlistId,
    robotRef,
    state: cancelledAt ? 'cancelled' : 'pulled',
    pullAt,
    firstPullAt: pullAt,
    cancelledAt,
  });
}

/**
 * A publish record in any state the publishing flow leaves one in: issued and never pulled (no pull), pulled,
 * issued again after a pull (`firstPullAt` kept, `pullAt` null or a later pull), cancelled.
 */
export async function publishRecord(
  t: TestApp,
  r: {
    playlistId: string;
    robotRef: string;
    state: 'issued' | 'pulled' | 'cancelled';
    pullAt: Date | null;
    firstPullAt: Date | null;
    cancelledAt?: Date | null;
  },
) {
  await t.app.ctx.db.insert(publishRecords).values({
    id: newId(),
    playlistId: r.playlistId,
    robotRef: r.robotRef,
    state: r.state,
    publishedBy: 'test',
    pubAt: r.firstPullAt ?? r.pullAt,
    pullAt: r.pullAt,
    firstPullAt: r.firstPullAt,
    cancelledAt: r.cancelledAt ?? null,
  });
}

/** Trial robots at 100 yuan a week, one a name, each having pulled the plan on 2026-11-28 (the proof-of-play tests). */
export async function pulledTrialRobots<const N extends readonly string[]>(t: TestApp, planId: string, names: N) {
  const robots: { id: string; robotId: string }[] = [];
  for (const name of names) {
    const robot = await createRobot(t, { name, salesType: 'trial', priceFen: 10_000 });
    await pulledRecord(t, planId, robot.id, new Date('2026-11-28T00:00:00Z'));
    robots.push(robot);
  }
  return robots as { [K in keyof N]: { id: string; robotId: string } };
}
