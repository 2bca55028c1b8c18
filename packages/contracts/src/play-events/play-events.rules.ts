/** At most this many events in one `POST /api/device/v1/events` batch. */
export const MAX_EVENT_BATCH = 500;

/** Audience age bands a robot's camera reports (counts of people per band). */
export const AGE_BANDS = ['child', 'youth', 'adult', 'middle', 'senior'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];

/**
 * Why a play (or scan) was flagged by the ingest verification (docs/statistics.md, "Proof-of-play verification"), in
 * the order the rules are checked (the first that fails is the reason), except that a new reason is appended
 * (stored codes and partners' lists keep their order): `adOutsidePeriod` is checked right after `adNotInPlan`.
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
  // Bounds on what a robot reports (docs/statistics.md, "Bounds on what a robot reports").
  'robotInactive',
  'implausibleAudience',
  'scanOutsideSchedule',
  'scanWithoutPlay',
  'scanOverLimit',
  // Checked right after adNotInPlan (appended here: the list only grows at its end).
  'adOutsidePeriod',
] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];

/** Verification tolerances (docs/statistics.md, "Proof-of-play verification"). */
export const VERIFICATION_RULES = {
  /**
   * A play may start this long before its pull, around its plan's windows or around its ad's validity period
   * (clock drift, rounding).
   */
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

/**
 * Bounds on what a robot reports (docs/statistics.md, "Bounds on what a robot reports"; docs/device-protocol.md
 * section 10).
 */
export const BOUNDS_RULES = {
  /**
   * The sensor's range: the robot's camera counts people within about 5 m in front of its screen, at most
   * this many in a play of up to 10 s; a longer play in proportion to its length (45 in 15 s).
   */
  audiencePer10s: 30,
  /** A scan belongs to a play that started at most this long after it (clock rounding). */
  scanBeforePlayS: 2,
  /** A scan belongs to a play until this long after the play ended (a phone opening the code late). */
  scanAfterPlayS: 60,
  /** A play backs scans for at most this long from its start (plays longer than this cover no more). */
  scanPlayMaxS: 3600,
  /** Where the ad's length is unknown, a scan window (server-observed scans) lasts this long. */
  scanDefaultWindowS: 10,
} as const;

/** The most people a play of `watchMs` can have in view (the sensor's range, BOUNDS_RULES.audiencePer10s). */
export function audienceCeiling(watchMs: number): number {
  return Math.floor(BOUNDS_RULES.audiencePer10s * Math.max(1, watchMs / 10_000));
}

/** What a robot's sensors reported for one play (the fields of the device event's `audience`). */
export interface AudienceReport {
  age?: Partial<Record<AgeBand, number | undefined>>;
  male?: number;
  female?: number;
  exposure?: number;
  viewers?: number;
}

/** The sums of the age bands and of the sex bands (null: none of that kind reported). */
function bandSums(a: AudienceReport): { ageSum: number | null; sexSum: number | null } {
  const ages = Object.values(a.age ?? {}).filter((n): n is number => n !== undefined);
  return {
    ageSum: ages.length > 0 ? ages.reduce((x, y) => x + y, 0) : null,
    sexSum: a.male !== undefined || a.female !== undefined ? (a.male ?? 0) + (a.female ?? 0) : null,
  };
}

/** The viewers a play's audience counts: `viewers`, else (older devices) its age bands, else its sex bands. */
export function reportedViewers(a: AudienceReport): number {
  const { ageSum, sexSum } = bandSums(a);
  return a.viewers ?? ageSum ?? sexSum ?? 0;
}

/**
 * Whether a play's audience is plausible (docs/statistics.md, "Audience"): the age bands (when any is
 * reported) sum to the viewers, and so do the sex bands (when either is reported); without `viewers`
 * (older devices) the two kinds of band agree with each other; the viewers are at most the people in view
 * (`exposure`, else the sum of the age bands, as the figures count it); and the people in view are at most
 * the sensor's ceiling for the play's length. A robot that reports no bands has nothing to add up.
 */
export function plausibleAudience(a: AudienceReport, watchMs: number): boolean {
  const { ageSum, sexSum } = bandSums(a);
  const viewers = reportedViewers(a);
  if (ageSum !== null && ageSum !== viewers) return false;
  if (sexSum !== null && sexSum !== viewers) return false;
  const exposure = a.exposure ?? ageSum ?? 0;
  if (viewers > exposure) return false;
  return exposure <= audienceCeiling(watchMs);
}
