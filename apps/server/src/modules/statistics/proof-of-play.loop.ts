import { DELIVERY_LIMIT, LOOP_SLOTS } from '@robot-ads/contracts/playback/play-order.rules';
import { adLengthMs } from '../play-events/play-events.service';
import type { PlaylistsContext } from '../playlists/playlists.context';
import { adIdsOfPlans, type PlaylistRow } from '../playlists/playlists.queries';

/**
 * The plan's loop on a screen (docs/statistics.md, "Proof-of-play report", scheduled plays), by the slot
 * rule the player follows (docs/device-protocol.md, "Priority and share of voice"): at priority 9 the plan
 * has the screen, its ads one after the other; otherwise the screen loops over 15 slots, the plan's ads one
 * slot each and every other slot a play of 10 s (the delivery limit's length of a play).
 */
export interface PlanLoop {
  /** Plays of the plan in one loop (one per ad). */
  plays: number;
  /** How long one loop lasts (ms). */
  loopMs: number;
  /** At most this many plays a day: 300 per ad (delivery limit), the plan's count and time limits. */
  dayCap: number;
}

const PLAY_MS = DELIVERY_LIMIT.secondsPerPlay * 1000;

/** The loop of a plan whose ads last `lengths` (ms; null: unknown, taken as 10 s). */
export function planLoop(
  plan: Pick<PlaylistRow, 'priority' | 'countLimit' | 'timeLimit'>,
  lengths: (number | null)[],
): PlanLoop {
  const ads = lengths.slice(0, LOOP_SLOTS).map((l) => (l && l > 0 ? l : PLAY_MS));
  const own = ads.reduce((sum, l) => sum + l, 0);
  const loopMs = plan.priority === 9 ? own : own + (LOOP_SLOTS - ads.length) * PLAY_MS;
  let dayCap = ads.length * DELIVERY_LIMIT.playsPerDay;
  if (plan.countLimit && plan.countLimit > 0) dayCap = Math.min(dayCap, plan.countLimit);
  if (plan.timeLimit && plan.timeLimit > 0 && own > 0) {
    dayCap = Math.min(dayCap, Math.floor((plan.timeLimit * 1000 * ads.length) / own));
  }
  return { plays: ads.length, loopMs, dayCap };
}

/** Plays that `minutes` of a day hold: whole loops and the part of one, capped by the day's limits. */
export function scheduledPlays(minutes: number, loop: PlanLoop): number {
  if (loop.plays === 0 || loop.loopMs <= 0 || minutes <= 0) return 0;
  return Math.min(loop.dayCap, Math.floor((minutes * 60_000 * loop.plays) / loop.loopMs));
}

/** verified / scheduled x 100 to two decimals; null without scheduled plays. */
export const deliveredPercent = (verified: number, scheduled: number) =>
  scheduled > 0 ? Math.round((verified / scheduled) * 10_000) / 100 : null;

/** The plan's loop from its ads and their materials now. */
export async function planLoopOf(ctx: PlaylistsContext, plan: PlaylistRow): Promise<PlanLoop> {
  const adIds = (await adIdsOfPlans(ctx.db, [plan.id])).get(plan.id) ?? [];
  const ads = adIds.length > 0 ? await ctx.ads.getAdsWithResources(adIds) : [];
  const byId = new Map(ads.map((a) => [a.id, adLengthMs(a)]));
  return planLoop(
    plan,
    adIds.map((id) => byId.get(id) ?? null),
  );
}
