import type { AdDto } from '@robot-ads/contracts/ads/ads.schemas';
import type { DeviceEvent } from '@robot-ads/contracts/play-events/play-events.schemas';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../platform/context';
import type { PlaylistRow } from '../playlists/playlists.queries';
import { adIdsOfPlans } from '../playlists/playlists.queries';
import { pullsOfRobot } from '../publishing/publishing.queries';
import { planScheduleOf } from '../schedules/schedules.service';
import { type AuditInput, overlapSpan, type PlanFacts } from './play-events.audit';
import { storedPlaysOfRobot } from './play-events.repository';

/**
 * The length of one play of the ad in ms, as the schedule gives it to the device (docs/device-protocol.md
 * 6.1): its screens one after the other, each as long as its longest material (a picture 10 s, a video its
 * length, in tenths of a second, at least 1 s). Null when the ad has nothing playable.
 */
export function adLengthMs(ad: AdDto): number | null {
  if (ad.kind !== 'video' && ad.kind !== 'picture') return null;
  let total = 0;
  let screens = 0;
  for (const screen of ad.resourcesObjs) {
    let longest = -1;
    for (const r of screen) {
      if (r.kind !== 'video' && r.kind !== 'picture') continue;
      longest = Math.max(longest, Math.max(1, Math.round(r.duration / 100) / 10));
    }
    if (longest < 0) continue;
    total += longest;
    screens++;
  }
  return screens === 0 ? null : Math.round(total * 1000);
}

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

/**
 * What the audit of one robot's batch needs, in a fixed number of statements whatever the batch's size:
 * the plans' ads and their lengths, the robot's publish records of those plans, and its verified plays
 * stored around the batch's span (overlap rule).
 */
export async function auditFacts(
  ctx: AppContext,
  db: DbOrTx,
  robotRef: string,
  plans: PlaylistRow[],
  events: DeviceEvent[],
): Promise<AuditInput> {
  const ids = plans.map((p) => p.id);
  const span = overlapSpan(events);
  // One after the other: a transaction's statements share one connection.
  const adIds = await adIdsOfPlans(db, ids);
  const pulls = await pullsOfRobot(db, robotRef, ids);
  const stored = span ? await storedPlaysOfRobot(db, robotRef, span.from - 3600, span.to) : [];
  const allAds = [...new Set([...adIds.values()].flat())];
  const ads = allAds.length > 0 ? await ctx.ads.getAdsWithResources(allAds, db) : [];
  const lengths = new Map(ads.map((a) => [a.id, adLengthMs(a)]));
  const facts = new Map<string, PlanFacts>();
  for (const plan of plans) {
    facts.set(plan.id, {
      schedule: planScheduleOf(plan),
      ads: new Map((adIds.get(plan.id) ?? []).map((id) => [id, lengths.get(id) ?? null])),
      pulls: pulls
        .filter((p) => p.playlistId === plan.id)
        .map((p) => ({ pullAt: seconds(p.pullAt), cancelledAt: seconds(p.cancelledAt) })),
    });
  }
  return {
    nowS: Math.floor(ctx.clock.now().getTime() / 1000),
    maxAgeDays: ctx.config.EVENT_MAX_AGE_DAYS,
    plans: facts,
    stored: stored.map((s) => ({ id: s.id, startedAt: Math.floor(s.startedAt.getTime() / 1000), watchMs: s.watchMs })),
  };
}
