import type { PlanSchedule, PlaybackAd, PlaybackPlan } from './playback.types';
import { activePlansAt } from './schedule.rules';
import { dateKey, wallClock } from './zoned-time';

/** Spec section 9: a device delivers an ad for 10 seconds a play and at most 300 plays a day. */
export const DELIVERY_LIMIT = { secondsPerPlay: 10, playsPerDay: 300 } as const;

/** A device screen's loop has 15 slots (spec section 9: device slots). */
export const LOOP_SLOTS = 15;

/** What a device remembers between plays; plain JSON so the player can keep it in IndexedDB. */
export interface PlaybackState {
  /** Position in the current loop of slots. */
  slot: number;
  /** Per plan: the local day of its last play and the index of the next ad (order and round modes). */
  cursors: Record<string, { day: string; next: number }>;
  /** Per plan (random mode): ad ids not yet played in this round. */
  bags: Record<string, string[]>;
  /**
   * Plays and seconds on the local day `day` of the plan's zone, per plan (`planId`, for its count and
   * time limits) and per ad of a plan (`planId/adId`, for the delivery limit).
   */
  counters: Record<string, { day: string; plays: number; seconds: number }>;
  /** The last ad played, to avoid the same ad twice in a row when a round restarts. */
  lastAdKey: string | null;
  /** State of the pseudo-random generator (mulberry32), so shuffles replay the same from a saved state. */
  seed: number;
}

export function initialPlaybackState(seed = 1): PlaybackState {
  return { slot: 0, cursors: {}, bags: {}, counters: {}, lastAdKey: null, seed: seed >>> 0 };
}

export interface Play<A extends PlaybackAd = PlaybackAd> {
  plan: PlaybackPlan<A>;
  ad: A;
  /** How long the play lasts: a picture its duration (10 s by default), a video its length. */
  seconds: number;
}

/** Seconds a play of the ad lasts. */
export function playSeconds(ad: PlaybackAd): number {
  const duration = typeof ad.duration === 'number' && ad.duration > 0 ? ad.duration : 0;
  if (ad.kind === 'picture') return duration > 0 ? duration : DELIVERY_LIMIT.secondsPerPlay;
  return duration > 0 ? duration : DELIVERY_LIMIT.secondsPerPlay;
}

function counterKey(planId: string, adId?: string): string {
  return adId === undefined ? planId : `${planId}/${adId}`;
}

function localDay(plan: { timeZone: string }, t: number): string {
  return dateKey(wallClock(t, plan.timeZone));
}

/** Plays and seconds counted today (in the plan's zone) under a counter key. */
function counted(state: PlaybackState, key: string, today: string): { plays: number; seconds: number } {
  const c = state.counters[key];
  return c && c.day === today ? { plays: c.plays, seconds: c.seconds } : { plays: 0, seconds: 0 };
}

/**
 * Whether the ad may still play today on this device: the ad below the delivery limit of 300 plays,
 * the plan below its count limit and, with this play, within its time limit (seconds a day).
 */
export function adHasQuota(plan: PlaybackPlan, ad: PlaybackAd, state: PlaybackState, t: number): boolean {
  return adHasQuotaOn(plan, ad, state, localDay(plan, t));
}

function adHasQuotaOn(plan: PlaybackPlan, ad: PlaybackAd, state: PlaybackState, today: string): boolean {
  if (counted(state, counterKey(plan.id, ad.id), today).plays >= DELIVERY_LIMIT.playsPerDay) return false;
  const planToday = counted(state, counterKey(plan.id), today);
  const { countLimit, timeLimit } = plan;
  if (typeof countLimit === 'number' && countLimit > 0 && planToday.plays >= countLimit) return false;
  if (typeof timeLimit === 'number' && timeLimit > 0 && planToday.seconds + playSeconds(ad) > timeLimit) return false;
  return true;
}

/** Whether the instant is within the ad's own validity, when it has one. */
export function adInWindow(ad: PlaybackAd, t: number): boolean {
  if (typeof ad.begin === 'number' && t < ad.begin) return false;
  if (typeof ad.end === 'number' && t >= ad.end) return false;
  return true;
}

function bump(state: PlaybackState, key: string, today: string, seconds: number): PlaybackState['counters'] {
  const c = counted(state, key, today);
  return { [key]: { day: today, plays: c.plays + 1, seconds: c.seconds + seconds } };
}

/**
 * The loop of slots at an instant, as plan ids: priority 9 plans take the whole screen (sharing it in
 * turn when several are active); otherwise each priority 5 plan takes one slot per ad, interleaved, and
 * priority 1 plans fill the slots left of the 15 (or the whole loop when no priority 5 plan plays).
 */
export function buildLoop(plans: readonly PlaybackPlan[]): string[] {
  const top = plans.filter((p) => p.priority === 9);
  if (top.length > 0) return top.map((p) => p.id);
  const normal = plans.filter((p) => p.priority !== 1 && p.priority !== 9);
  const filler = plans.filter((p) => p.priority === 1);
  const loop: string[] = [];
  const remaining = normal.map((p) => ({ id: p.id, left: Math.max(1, p.ads.length) }));
  while (remaining.some((r) => r.left > 0)) {
    for (const r of remaining) {
      if (r.left > 0) {
        loop.push(r.id);
        r.left--;
      }
    }
  }
  if (filler.length > 0) {
    const free = loop.length === 0 ? Math.max(filler.length, 1) : Math.max(0, LOOP_SLOTS - loop.length);
    for (let i = 0; i < free; i++) loop.push((filler[i % filler.length] as PlaybackPlan).id);
  }
  return loop;
}

export function nextRandom(seed: number): { value: number; seed: number } {
  // mulberry32
  const s = (seed + 0x6d2b79f5) >>> 0;
  let r = Math.imul(s ^ (s >>> 15), 1 | s);
  r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
  return { value: ((r ^ (r >>> 14)) >>> 0) / 4294967296, seed: s };
}

function pickAd<A extends PlaybackAd>(
  plan: PlaybackPlan<A>,
  eligible: A[],
  state: PlaybackState,
  today: string,
): { ad: A; state: PlaybackState } {
  if (plan.playingMode === 'random') {
    const eligibleIds = new Set(eligible.map((a) => a.id));
    let bag = (state.bags[plan.id] ?? []).filter((id) => eligibleIds.has(id));
    let seed = state.seed;
    if (bag.length === 0) {
      bag = eligible.map((a) => a.id);
      for (let i = bag.length - 1; i > 0; i--) {
        const r = nextRandom(seed);
        seed = r.seed;
        const j = Math.floor(r.value * (i + 1));
        [bag[i], bag[j]] = [bag[j] as string, bag[i] as string];
      }
      // A new round does not begin with the ad that ended the last one.
      if (bag.length > 1 && state.lastAdKey === counterKey(plan.id, bag[0] as string)) {
        [bag[0], bag[1]] = [bag[1] as string, bag[0] as string];
      }
    }
    const [id, ...rest] = bag;
    const ad = eligible.find((a) => a.id === id) as A;
    return { ad, state: { ...state, seed, bags: { ...state.bags, [plan.id]: rest } } };
  }
  // order restarts from the first ad each local day; round carries on where it stopped.
  const cursor = state.cursors[plan.id];
  let next = cursor ? cursor.next : 0;
  if (plan.playingMode === 'order' && cursor && cursor.day !== today) next = 0;
  const n = plan.ads.length;
  let ad: A | undefined;
  let index = next;
  for (let step = 0; step < n; step++) {
    const candidate = plan.ads[(next + step) % n] as A;
    if (eligible.includes(candidate)) {
      ad = candidate;
      index = (next + step) % n;
      break;
    }
  }
  const chosen = ad ?? (eligible[0] as A);
  return {
    ad: chosen,
    state: { ...state, cursors: { ...state.cursors, [plan.id]: { day: today, next: (index + 1) % n } } },
  };
}

/**
 * How the engine sees time: the plans active at an instant and a plan's local day. The live player reads
 * them from the wall clock (`liveView`); the simulation (simulate.ts) from windows and day boundaries it
 * computed once for a range. Both give the same answers, so both run the same rules.
 */
export interface EngineView<A extends PlaybackAd = PlaybackAd> {
  /** The plans that play at `t`, in the device's order. */
  active(t: number): readonly PlaybackPlan<A>[];
  /** The local day key (`YYYY-MM-DD`, or any key equal within one local day) of the plan's zone at `t`. */
  day(plan: PlanSchedule, t: number): string;
}

/** The engine's view of the plans on the wall clock (Intl), as a device has it. */
export function liveView<A extends PlaybackAd>(plans: readonly PlaybackPlan<A>[]): EngineView<A> {
  return { active: (t) => activePlansAt(plans, t), day: localDay };
}

/**
 * The engine's one step (the rules of `nextPlay`) on a view of time: the active plans, their loop by
 * priority, the plan of the current slot, then its ad by play mode among the ads still within their daily
 * limits. Returns the play (or null when nothing may play at `t`) and the state after it, with the play
 * counted. Pure.
 */
export function engineStep<A extends PlaybackAd>(
  view: EngineView<A>,
  state: PlaybackState,
  t: number,
): { play: Play<A> | null; state: PlaybackState } {
  const withQuota: { plan: PlaybackPlan<A>; eligible: A[]; today: string }[] = [];
  for (const plan of view.active(t)) {
    const today = view.day(plan, t);
    const eligible = plan.ads.filter((ad) => adInWindow(ad, t) && adHasQuotaOn(plan, ad, state, today));
    if (eligible.length > 0) withQuota.push({ plan, eligible, today });
  }
  if (withQuota.length === 0) return { play: null, state };
  const loop = buildLoop(withQuota.map((p) => p.plan as unknown as PlaybackPlan));
  const slot = state.slot % loop.length;
  const planId = loop[slot];
  const entry = withQuota.find((p) => p.plan.id === planId) ?? (withQuota[0] as (typeof withQuota)[number]);
  const picked = pickAd(entry.plan, entry.eligible, state, entry.today);
  const key = counterKey(entry.plan.id, picked.ad.id);
  const today = entry.today;
  const seconds = playSeconds(picked.ad);
  const s = picked.state;
  return {
    play: { plan: entry.plan, ad: picked.ad, seconds },
    state: {
      ...s,
      slot: (slot + 1) % loop.length,
      counters: {
        ...s.counters,
        ...bump(s, key, today, seconds),
        ...bump(s, counterKey(entry.plan.id), today, seconds),
      },
      lastAdKey: key,
    },
  };
}

/**
 * The next play at instant `t`: the active plans (in the device's plans' own zones), their loop by
 * priority, the plan of the current slot, then its ad by play mode among the ads still within their
 * daily limits. Returns the play (or null when nothing may play now) and the state after it, with the
 * play counted. Pure: the same plans, state and instant always give the same answer.
 */
export function nextPlay<A extends PlaybackAd>(
  plans: readonly PlaybackPlan<A>[],
  state: PlaybackState,
  t: number,
): { play: Play<A> | null; state: PlaybackState } {
  return engineStep(liveView(plans), state, t);
}

/** Drops counters of past days and state of plans no longer in the schedule, so the state stays small. */
export function compactState(state: PlaybackState, plans: readonly PlaybackPlan[], t: number): PlaybackState {
  const ids = new Set(plans.map((p) => p.id));
  const byId = new Map(plans.map((p) => [p.id, p]));
  const counters: PlaybackState['counters'] = {};
  for (const [key, value] of Object.entries(state.counters)) {
    const slash = key.indexOf('/');
    const planId = slash < 0 ? key : key.slice(0, slash);
    const plan = byId.get(planId);
    if (plan && value.day === localDay(plan, t)) counters[key] = value;
  }
  const keep = <T>(record: Record<string, T>) =>
    Object.fromEntries(Object.entries(record).filter(([id]) => ids.has(id))) as Record<string, T>;
  return { ...state, counters, cursors: keep(state.cursors), bags: keep(state.bags) };
}
