/** At most this many events in one `POST /api/device/v1/events` batch. */
export const MAX_EVENT_BATCH = 500;

/** Audience age bands a robot's camera reports (counts of people per band). */
export const AGE_BANDS = ['child', 'youth', 'adult', 'middle', 'senior'] as const;
export type AgeBand = (typeof AGE_BANDS)[number];
