import { type EngineView, engineStep, initialPlaybackState, type PlaybackState } from './play-order.rules';
import type { Interval, PlanSchedule, PlaybackAd, PlaybackPlan } from './playback.types';
import { activeIntervals, nextChangeAt } from './schedule.rules';
import { dateFromEpochDay, dateKey, epochDay, startOfLocalDay, wallClock } from './zoned-time';

/**
 * The reference player's engine run on a simulated clock (docs/statistics.md, "Scheduled plays"): the very
 * rules of `nextPlay` (one `engineStep`), plays back to back, and when nothing may play, a jump to the next
 * instant at which something may (`nextWakeAt`, which the player and the demo robots sleep until too).
 * Windows and local-day boundaries are computed once for the range, so a day costs no Intl call per play.
 */

/** A plan as a robot carried it: the plan and the spans it held it (from its pull to its cancel). */
export interface HeldPlan<A extends PlaybackAd = PlaybackAd> {
  plan: PlaybackPlan<A>;
  held: Interval[];
}

/** One play the engine gives: its start instant (unix seconds, may be fractional), plan, ad and length. */
export interface Occurrence {
  at: number;
  planId: string;
  adId: string;
  seconds: number;
}

/** A zone's local days over a range: the start instant of each and its key, in order. */
export interface ZoneDays {
  starts: number[];
  keys: string[];
}

/** The local days of `timeZone` that meet [from, to): the first starts at or before `from`. */
export function zoneDays(timeZone: string, from: number, to: number): ZoneDays {
  const starts: number[] = [];
  const keys: string[] = [];
  let day = epochDay(wallClock(from, timeZone));
  for (;;) {
    const date = dateFromEpochDay(day);
    const start = startOfLocalDay(date, timeZone);
    if (start >= to && starts.length > 0) break;
    starts.push(start);
    keys.push(dateKey(date));
    day++;
  }
  return { starts, keys };
}

/** The plan's windows in [from, to) while it was held: its schedule's windows cut to the held spans. */
export function heldWindows(plan: PlanSchedule, held: Interval[], from: number, to: number): Interval[] {
  const windows = activeIntervals({ ...plan, cancelled: false }, from, to);
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

/** What `runEngine` needs, computed once for a range: each plan with its windows, each zone's days. */
export interface EngineInput<A extends PlaybackAd = PlaybackAd> {
  plans: { plan: PlaybackPlan<A>; windows: Interval[] }[];
  days: Map<string, ZoneDays>;
  from: number;
  to: number;
  state?: PlaybackState;
}

/**
 * Runs the engine over [from, to): a play starts at `from` (or when the first plan may play), each next
 * one when the last ends; when nothing may play, at the next window start, local day or ad validity start.
 * Returns every play started before `to` and the state after the last.
 */
export function runEngine<A extends PlaybackAd>(input: EngineInput<A>): { plays: Occurrence[]; state: PlaybackState } {
  const { plans, days, from, to } = input;
  const cursor = plans.map(() => 0);
  const zoneCursor = new Map<string, number>();
  let current: PlaybackPlan<A>[] = [];
  let currentAt = Number.NaN;
  const view: EngineView<A> = {
    active(t) {
      if (t === currentAt) return current;
      const out: PlaybackPlan<A>[] = [];
      for (let i = 0; i < plans.length; i++) {
        const { plan, windows } = plans[i] as EngineInput<A>['plans'][number];
        let k = cursor[i] as number;
        while (k < windows.length && (windows[k] as Interval).end <= t) k++;
        cursor[i] = k;
        const w = windows[k];
        if (w && w.start <= t) out.push(plan);
      }
      current = out;
      currentAt = t;
      return out;
    },
    day(plan, t) {
      const zone = days.get(plan.timeZone) as ZoneDays;
      let k = zoneCursor.get(plan.timeZone) ?? 0;
      while (k + 1 < zone.starts.length && (zone.starts[k + 1] as number) <= t) k++;
      zoneCursor.set(plan.timeZone, k);
      return zone.keys[k] as string;
    },
  };
  const wake = (t: number) => {
    let best = Number.POSITIVE_INFINITY;
    for (const { plan, windows } of plans) {
      for (const w of windows) {
        if (w.start > t) {
          best = Math.min(best, w.start);
          break;
        }
      }
      for (const ad of plan.ads) if (typeof ad.begin === 'number' && ad.begin > t) best = Math.min(best, ad.begin);
    }
    for (const zone of days.values()) {
      for (const s of zone.starts) {
        if (s > t) {
          best = Math.min(best, s);
          break;
        }
      }
    }
    return best;
  };
  let state = input.state ?? initialPlaybackState();
  const plays: Occurrence[] = [];
  let t = from;
  while (t < to) {
    const r = engineStep(view, state, t);
    if (r.play) {
      state = r.state;
      plays.push({ at: t, planId: r.play.plan.id, adId: r.play.ad.id, seconds: r.play.seconds });
      t += r.play.seconds > 0 ? r.play.seconds : 1;
    } else {
      t = wake(t);
    }
  }
  return { plays, state };
}

/** The engine input for plans held over [from, to): their windows and the local days of their zones. */
export function engineInput<A extends PlaybackAd>(held: HeldPlan<A>[], from: number, to: number): EngineInput<A> {
  const days = new Map<string, ZoneDays>();
  for (const { plan } of held) if (!days.has(plan.timeZone)) days.set(plan.timeZone, zoneDays(plan.timeZone, from, to));
  return { plans: held.map((h) => ({ plan: h.plan, windows: heldWindows(h.plan, h.held, from, to) })), days, from, to };
}

/** What the engine plays over [from, to) with these plans held, from `state` (a fresh one by default). */
export function simulatePlays<A extends PlaybackAd>(
  held: HeldPlan<A>[],
  from: number,
  to: number,
  state?: PlaybackState,
): { plays: Occurrence[]; state: PlaybackState } {
  return runEngine({ ...engineInput(held, from, to), ...(state ? { state } : {}) });
}

/**
 * When a device with nothing to play looks again (the player and the demo robots sleep until then, as the
 * simulation jumps): the next change of the active plans, the next local day of a plan's zone (its daily
 * limits start again) or the next start of an ad's validity, whichever comes first; null before `horizon`.
 */
export function nextWakeAt(plans: readonly PlaybackPlan[], t: number, horizon: number): number | null {
  let best = nextChangeAt(plans, t, horizon) ?? Number.POSITIVE_INFINITY;
  const zones = new Set(plans.map((p) => p.timeZone));
  for (const zone of zones) {
    const next = startOfLocalDay(dateFromEpochDay(epochDay(wallClock(t, zone)) + 1), zone);
    if (next > t) best = Math.min(best, next);
  }
  for (const plan of plans) {
    for (const ad of plan.ads) if (typeof ad.begin === 'number' && ad.begin > t) best = Math.min(best, ad.begin);
  }
  return best < horizon ? best : null;
}
