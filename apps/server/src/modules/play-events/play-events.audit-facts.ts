import type { AdDto } from '@robot-ads/contracts/ads/ads.schemas';
import type { DeviceEvent } from '@robot-ads/contracts/play-events/play-events.schemas';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../platform/context';
import type { PlaylistRow } from '../playlists/playlists.queries';
import { adIdsOfPlans } from '../playlists/playlists.queries';
import type { PublishingContext } from '../publishing/publishing.context';
import { pullsOfRobot } from '../publishing/publishing.queries';
import { planScheduleOf } from '../schedules/schedules.service';
import { type AuditInput, overlapSpan, type PlanFacts } from './play-events.audit';
import { boundsFacts } from './play-events.bounds.queries';
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

/**
 * Each plan's ads and their lengths, remembered for AD_FACTS_TTL_MS per plan (per application): a batch
 * would otherwise read the plans' ads and materials again (four statements). An edit of a plan's ads or
 * their materials reaches the audit within that time; robots themselves learn it at their next pull.
 */
const AD_FACTS_TTL_MS = 60_000;
const adFactsCache = new WeakMap<AppContext, Map<string, { at: number; ads: Map<string, number | null> }>>();

async function planAdLengths(ctx: PublishingContext, db: DbOrTx, planIds: string[]) {
  let cache = adFactsCache.get(ctx);
  if (!cache) {
    cache = new Map();
    adFactsCache.set(ctx, cache);
  }
  const now = Date.now();
  const out = new Map<string, Map<string, number | null>>();
  const missing: string[] = [];
  for (const id of planIds) {
    const hit = cache.get(id);
    if (hit && now - hit.at < AD_FACTS_TTL_MS) out.set(id, hit.ads);
    else missing.push(id);
  }
  if (missing.length === 0) return out;
  const adIds = await adIdsOfPlans(db, missing);
  const allAds = [...new Set([...adIds.values()].flat())];
  const ads = allAds.length > 0 ? await ctx.ads.getAdsWithResources(allAds, db) : [];
  const lengths = new Map(ads.map((a) => [a.id, adLengthMs(a)]));
  if (cache.size > 10_000) cache.clear();
  for (const id of missing) {
    const planAds = new Map((adIds.get(id) ?? []).map((ad) => [ad, lengths.get(ad) ?? null]));
    cache.set(id, { at: now, ads: planAds });
    out.set(id, planAds);
  }
  return out;
}

const seconds = (d: Date | null) => (d ? Math.floor(d.getTime() / 1000) : null);

/**
 * What the audit of one robot's batch needs, in a fixed number of statements whatever the batch's size:
 * the plans' ads and their lengths, the robot's publish records of those plans, and its verified plays
 * stored around the batch's span (overlap rule).
 */
export async function auditFacts(
  ctx: PublishingContext,
  db: DbOrTx,
  robotRef: string,
  plans: PlaylistRow[],
  events: DeviceEvent[],
): Promise<AuditInput> {
  const ids = plans.map((p) => p.id);
  const span = overlapSpan(events);
  // One after the other: a transaction's statements share one connection.
  const lengths = await planAdLengths(ctx, db, ids);
  const pulls = await pullsOfRobot(db, robotRef, ids);
  const stored = span ? await storedPlaysOfRobot(db, robotRef, span.from - 3600, span.to) : [];
  const bounds = await boundsFacts(db, robotRef, events);
  const facts = new Map<string, PlanFacts>();
  for (const plan of plans) {
    facts.set(plan.id, {
      schedule: planScheduleOf(plan),
      ads: lengths.get(plan.id) ?? new Map(),
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
    bounds,
  };
}
