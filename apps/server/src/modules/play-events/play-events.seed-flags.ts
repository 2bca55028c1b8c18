import { newId } from '@robot-ads/contracts/common/ids';
import type { FlagReason } from '@robot-ads/contracts/play-events/play-events.rules';
import type { DeviceEvent } from '@robot-ads/contracts/play-events/play-events.schemas';
import type { DbOrTx } from '../../db/client';
import { addToFlagRollups, insertEvents } from './play-events.repository';
import { flagDeltas } from './play-events.service';
import type { Verdict } from './play-events.verification';

/** A pulled publish record of the demo: the robot, its plan and the plan's ads. */
export interface DemoPull {
  robotRef: string;
  playlistId: string;
  adIds: string[];
}

/**
 * Flagged plays of the demo, so that the verification shows at first look (docs/statistics.md, "Demo history"):
 * the first pulled robot has a clock running 3 hours fast (its last 20 plays are stamped in the future:
 * `future`), the second replays a log of 45 days ago (`tooOld`), and the first also reports 6 plays on top
 * of others (`overlap`). Stored with their verdicts and rolled up by reason, as the ingest does.
 */
export async function seedFlaggedPlays(tx: DbOrTx, pulls: DemoPull[], now: Date) {
  const nowS = Math.floor(now.getTime() / 1000);
  const [skewed, replaying] = pulls;
  const plan: [DemoPull | undefined, FlagReason, number, number][] = [
    [skewed, 'future', nowS + 3 * 3600 - 20 * 240, 20],
    [replaying, 'tooOld', nowS - 45 * 86_400, 24],
    [skewed, 'overlap', nowS - 2 * 86_400 + 3, 6],
  ];
  for (const [pull, reason, from, count] of plan) {
    if (!pull || pull.adIds.length === 0) continue;
    const events: DeviceEvent[] = [];
    for (let i = 0; i < count; i++) {
      events.push({
        id: newId(),
        type: 'play',
        playlistId: pull.playlistId,
        adId: pull.adIds[i % pull.adIds.length] as string,
        startedAt: from + i * 240,
        watchDuration: 10_000,
      });
    }
    const verdicts = new Map<string, Verdict>(events.map((e) => [e.id, { verdict: 'flagged', reason }]));
    await insertEvents(tx, pull.robotRef, events, now, verdicts);
    await addToFlagRollups(tx, flagDeltas(pull.robotRef, events, verdicts));
  }
}
