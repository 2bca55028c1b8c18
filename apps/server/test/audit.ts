import { newId } from '@robot-ads/contracts/common/ids';
import { publishRecords } from '../src/modules/publishing/publishing.table';
import type { TestApp } from './build-app';

/**
 * A publish record of the plan on the robot as the device's acknowledgement leaves it (pulled at `pullAt`),
 * optionally cancelled later: what the play audit checks a play against.
 */
export async function pulledRecord(
  t: TestApp,
  playlistId: string,
  robotRef: string,
  pullAt: Date,
  cancelledAt: Date | null = null,
) {
  await t.app.ctx.db.insert(publishRecords).values({
    id: newId(),
    playlistId,
    robotRef,
    state: cancelledAt ? 'cancelled' : 'pulled',
    publishedBy: 'test',
    pubAt: pullAt,
    pullAt,
    cancelledAt,
  });
}
