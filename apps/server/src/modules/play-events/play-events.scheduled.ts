import type { AdDto } from '@robot-ads/contracts/ads/ads.schemas';
import type { Interval, PlaybackAd, PlaybackPlan } from '@robot-ads/contracts/playback/playback.types';
import { type HeldPlan, heldWindows, runEngine, type ZoneDays, zoneDays } from '@robot-ads/contracts/playback/simulate';
import type { DbOrTx } from '../../db/client';
import type { PlaylistsContext } from '../playlists/playlists.context';
import { adIdsOfPlans, type PlaylistRow, plansByIds } from '../playlists/playlists.queries';
import { heldRecordsOfRobots } from '../publishing/publishing.queries';
import { planScheduleOf } from '../schedules/schedules.service';

/**
 * Scheduled plays (docs/statistics.md, "Scheduled plays"): what the reference player's engine plays on a
 * robot, with every plan the robot holds, over one local day from a fresh state. The proof-of-play verification
 * (schedule matching), the report, its exports and certificates read this one figure.
 */

/** The length of one play of the ad in ms as the device's schedule gives it; null: nothing playable. */
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
 * A plan's ads as the verification and the engine read them: each one's length (ms), each existing one's validity
 * period (unix seconds, begin inclusive, end exclusive) and the engine's ad.
 */
export interface PlanAds {
  lengths: Map<string, number | null>;
  periods: Map<string, { begin: number; end: number }>;
  engine: PlaybackAd[];
}

/**
 * Each plan's ads, remembered for AD_FACTS_TTL_MS per plan (per application): a batch would otherwise read
 * the plans' ads and materials again. An edit of a plan's ads reaches the verification within that time; robots
 * themselves learn it at their next pull.
 */
const AD_FACTS_TTL_MS = 60_000;
const adFactsCache = new WeakMap<object, Map<string, { at: number; ads: PlanAds }>>();

export async function planAds(ctx: Pick<PlaylistsContext, 'ads'>, db: DbOrTx, planIds: string[]) {
  let cache = adFactsCache.get(ctx);
  if (!cache) {
    cache = new Map();
    adFactsCache.set(ctx, cache);
  }
  const now = Date.now();
  const out = new Map<string, PlanAds>();
  const missing: string[] = [];
  for (const id of new Set(planIds)) {
    const hit = cache.get(id);
    if (hit && now - hit.at < AD_FACTS_TTL_MS) out.set(id, hit.ads);
    else missing.push(id);
  }
  if (missing.length === 0) return out;
  const adIds = await adIdsOfPlans(db, missing);
  const allAds = [...new Set([...adIds.values()].flat())];
  const ads = new Map((allAds.length > 0 ? await ctx.ads.getAdsWithResources(allAds, db) : []).map((a) => [a.id, a]));
  if (cache.size > 10_000) cache.clear();
  for (const id of missing) {
    const lengths = new Map<string, number | null>();
    const periods = new Map<string, { begin: number; end: number }>();
    const engine: PlaybackAd[] = [];
    for (const adId of adIds.get(id) ?? []) {
      const ad = ads.get(adId);
      const length = ad ? adLengthMs(ad) : null;
      lengths.set(adId, length);
      if (ad) periods.set(adId, { begin: ad.begin, end: ad.end });
      // The device plays only ads with something playable (schedule-content.ts), for their length.
      if (ad && length !== null && (ad.kind === 'video' || ad.kind === 'picture')) {
        engine.push({ id: adId, kind: ad.kind, duration: length / 1000, begin: ad.begin, end: ad.end });
      }
    }
    const entry = { lengths, periods, engine };
    cache.set(id, { at: now, ads: entry });
    out.set(id, entry);
  }
  return out;
}

/**
 * Every plan each robot holds or held, with the spans it held it, in the order the device's schedule lists
 * them (highest priority first, then the older plan): three statements (two when the ads are remembered).
 */
export async function carriedPlans(
  ctx: Pick<PlaylistsContext, 'ads'>,
  db: DbOrTx,
  robotRefs: readonly string[],
  /** Already read: the robots' held records, and plan rows (the others are read). */
  known: { records?: HeldRecord[]; plans?: readonly PlaylistRow[] } = {},
): Promise<Map<string, HeldPlan[]>> {
  const records = known.records ?? (await heldRecordsOfRobots(db, robotRefs));
  const planIds = [...new Set(records.map((r) => r.playlistId))];
  const rows = new Map((known.plans ?? []).map((p) => [p.id, p]));
  const missing = planIds.filter((id) => !rows.has(id));
  if (missing.length > 0) for (const p of await plansByIds(db, missing)) rows.set(p.id, p);
  const ads = await planAds(ctx, db, planIds);
  const out = new Map<string, HeldPlan[]>();
  const held = new Map<string, { plan: PlaybackPlan; held: Interval[]; priority: number; created: number }>();
  for (const r of records) {
    const row = rows.get(r.playlistId);
    const engineAds = ads.get(r.playlistId)?.engine ?? [];
    if (!row || !r.pullAt || engineAds.length === 0) continue;
    const key = `${r.robotRef}|${row.id}`;
    let entry = held.get(key);
    if (!entry) {
      const plan = { ...planScheduleOf(row), cancelled: false, ads: engineAds };
      entry = { plan, held: [], priority: plan.priority, created: row.createdAt.getTime() };
      held.set(key, entry);
      const list = out.get(r.robotRef) ?? [];
      list.push(entry);
      out.set(r.robotRef, list);
    }
    const start = Math.floor(r.pullAt.getTime() / 1000);
    const end = r.cancelledAt ? Math.floor(r.cancelledAt.getTime() / 1000) : Number.POSITIVE_INFINITY;
    if (end > start) entry.held.push({ start, end });
  }
  for (const [ref, list] of out) {
    const sorted = (list as (HeldPlan & { priority: number; created: number })[])
      .filter((p) => p.held.length > 0)
      .sort((a, b) => b.priority - a.priority || a.created - b.created)
      .map(({ plan, held: spans }) => ({ plan, held: spans }));
    out.set(ref, sorted);
  }
  return out;
}

/** A publish record the robot pulled: its plan, since when it holds it and its cancel time. */
export type HeldRecord = Awaited<ReturnType<typeof heldRecordsOfRobots>>[number];

const CACHE_SIZE = 5000;
function remember<V>(cache: Map<string, V>, key: string, make: () => V): V {
  let v = cache.get(key);
  if (v === undefined) {
    v = make();
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    cache.set(key, v);
  }
  return v;
}

/** Windows (held or not) by schedule and span, and zones' days by span: computing them reads Intl. */
const windowCache = new Map<string, Interval[]>();
const dayCache = new Map<string, ZoneDays>();
/**
 * The engine's plays of a day by its shape: with a fresh state, what plays depends only on the plans'
 * rules, their windows, ad validity and local-day changes relative to the day's start, so days of the same
 * shape (most days of a daily plan) are simulated once. Values: each plan's starts, relative, sorted.
 */
const shapeCache = new Map<string, Map<string, { at: number; adId: string }[]>>();

/**
 * The engine's plays over [from, to) (one local day) of a robot holding `carried`, from a fresh state:
 * each plan's start instants (unix seconds), sorted. Plans without plays are absent.
 */
export function scheduledStarts(carried: readonly HeldPlan[], from: number, to: number): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const [planId, plays] of scheduledPlays(carried, from, to))
    out.set(
      planId,
      plays.map((p) => p.at),
    );
  return out;
}

/** The same plays with their ads (the demo history is written from them). */
export function scheduledPlays(
  carried: readonly HeldPlan[],
  from: number,
  to: number,
): Map<string, { at: number; adId: string }[]> {
  const plans = carried.map(({ plan, held }) => {
    const { ads: _ads, ...schedule } = plan;
    const windows = remember(windowCache, `${JSON.stringify(schedule)}|${from}|${to}`, () =>
      heldWindows(schedule, [{ start: from, end: to }], from, to),
    );
    return { plan, windows: cut(windows, held) };
  });
  const days = new Map<string, ZoneDays>();
  for (const { plan } of plans) {
    if (!days.has(plan.timeZone)) {
      days.set(
        plan.timeZone,
        remember(dayCache, `${plan.timeZone}|${from}|${to}`, () => zoneDays(plan.timeZone, from, to)),
      );
    }
  }
  const rel = (t: number) => Math.max(-1, Math.min(to - from + 1, t - from));
  const shape = JSON.stringify([
    to - from,
    plans
      .filter((p) => p.windows.length > 0)
      .map(({ plan, windows }) => [
        plan.id,
        plan.priority,
        plan.playingMode,
        plan.countLimit ?? null,
        plan.timeLimit ?? null,
        plan.timeZone,
        plan.ads.map((a) => [a.id, a.kind, a.duration, rel(a.begin ?? -1e12), rel(a.end ?? 1e12)]),
        windows.map((w) => [w.start - from, w.end - from]),
      ]),
    [...days].map(([zone, d]) => [zone, d.starts.map((s) => s - from)]),
  ]);
  const relative = remember(shapeCache, shape, () => {
    const active = plans.filter((p) => p.windows.length > 0);
    const out = new Map<string, { at: number; adId: string }[]>();
    if (active.length === 0) return out;
    for (const o of runEngine({ plans: active, days, from, to }).plays) {
      const list = out.get(o.planId) ?? [];
      list.push({ at: o.at - from, adId: o.adId });
      out.set(o.planId, list);
    }
    return out;
  });
  const out = new Map<string, { at: number; adId: string }[]>();
  for (const [planId, plays] of relative)
    out.set(
      planId,
      plays.map((p) => ({ at: p.at + from, adId: p.adId })),
    );
  return out;
}

function cut(windows: Interval[], held: Interval[]): Interval[] {
  const out: Interval[] = [];
  for (const w of windows) {
    for (const h of held) {
      const start = Math.max(w.start, h.start);
      const end = Math.min(w.end, h.end);
      if (end > start) out.push({ start, end });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}
