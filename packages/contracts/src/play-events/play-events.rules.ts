/** At most this many events in one `POST /api/device/v1/events` batch. */
export const MAX_EVENT_BATCH = 500;

/** Audience age bands a robot's camera reports (counts of people per band). */
export const AGE_BANDS = ['child', 'youth', 'adult', 'middle', 'senior'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

/**
 * Why a play (or scan) was flagged by the ingest audit (docs/statistics.md, "Proof-of-play audit"), in
 * the order the rules are checked: the first that fails is the reason.
 */
export const FLAG_REASONS = [
  'future',
  'tooOld',
  'notPulled',
  'beforePull',
  'afterCancel',
  'adNotInPlan',
  'outsideSchedule',
  'tooLong',
  'tooShort',
  'overlap',
  'overSchedule',
] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];

/** Audit tolerances (docs/statistics.md, "Proof-of-play audit"). */
export const AUDIT_RULES = {
  /** A play may start this long before its pull or around its plan's windows (clock drift, rounding). */
  scheduleToleranceS: 60,
  /** A play may start this far ahead of the server's clock (a robot's clock running fast). */
  clockSkewS: 300,
  /** Full-length rule: the play lasts the ad's length within this (Broadsign's +-500 ms). */
  lengthToleranceMs: 500,
  /** Two plays on one screen may overlap this much (starts are whole seconds) before the later is flagged. */
  overlapToleranceMs: 1500,
  /**
   * Schedule matching (overSchedule): a play may run this far ahead of the engine's own plays of its plan
   * that day. One loop at most: 15 slots of up to 60 s, as a device's loop position at midnight differs
   * from the fresh start the simulation takes.
   */
  scheduleMatchToleranceS: 900,
} as const;
