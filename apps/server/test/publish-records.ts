import { newId } from '@robot-ads/contracts/common/ids';
import { publishRecords } from '../src/modules/publishing/publishing.table';
import type { TestApp } from './build-app';

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
