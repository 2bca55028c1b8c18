/**
 * The playback engine's input: a plan's schedule as delivered to a device. It mirrors the plan fields of
 * the product (spec section 3, Playlist) in plain types, so the engine stays dependency-free and the
 * browser player bundles it without zod.
 */

export type CycleType = 'none' | 'time' | 'daily' | 'weekly' | 'monthly';
export type PlayingMode = 'order' | 'round' | 'random';
export type Priority = 1 | 5 | 9;

/** A time of day: `"HH:mm"` or `{ hour, minute }`. `"24:00"` is the end of the day. */
export type TimeOfDay = string | { hour: number; minute: number };

export interface DailyPeriod {
  begin: TimeOfDay;
  /** An end at or before the begin runs past midnight into the next day. */
  end: TimeOfDay;
}

export interface PlanCycle {
  type: CycleType;
  /**
   * weekly: ISO weekdays 1 (Monday) ... 7 (Sunday), 0 is accepted as Sunday; monthly: days of the month
   * 1-31 (a day the month does not have is skipped that month, as the plan form says); time: the dates to
   * play, as unix seconds (milliseconds are accepted) of any instant on that date in the plan's zone;
   * none and daily: ignored.
   */
  data: number[];
}

export interface Pause {
  /** unix seconds */
  begin: number;
  /** unix seconds, exclusive */
  end: number;
}

/** The schedule of one plan (playlist) on one device. */
export interface PlanSchedule {
  id: string;
  priority: Priority;
  cycle: PlanCycle;
  /** Daily play periods; empty means all day. */
  times: DailyPeriod[];
  /** unix seconds, inclusive */
  begin: number;
  /** unix seconds, exclusive */
  end: number;
  /** IANA zone in which cycle days and daily periods are read. */
  timeZone: string;
  playingMode: PlayingMode;
  /** Plays of the plan per local day on this device; null or 0: no limit (each ad still at most 300). */
  countLimit?: number | null;
  /** Seconds of play of the plan per local day on this device; null or 0: no limit. */
  timeLimit?: number | null;
  pauses?: Pause[];
  /** A cancelled plan never plays. */
  cancelled?: boolean;
}

export interface PlaybackAd {
  id: string;
  kind: 'video' | 'picture';
  /** Seconds; a picture without a duration shows for the delivery limit's seconds per play. */
  duration?: number | null;
  /** The ad's own validity (unix seconds, begin inclusive, end exclusive): outside it the ad does not play. */
  begin?: number | null;
  end?: number | null;
}

export interface PlaybackPlan<A extends PlaybackAd = PlaybackAd> extends PlanSchedule {
  ads: A[];
}

/** An active span of a plan, [start, end) in unix seconds. */
export interface Interval {
  start: number;
  end: number;
}
