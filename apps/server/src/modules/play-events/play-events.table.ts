import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Raw proof-of-play events as robots report them (append-only). The id is generated on the device,
 * so a re-sent batch inserts nothing twice. No foreign keys: history outlives deleted plans and ads.
 *
 * In the database the table is `PARTITION BY RANGE (started_at)`: one partition per UTC day
 * (`play_events_pYYYYMMDD`) plus `play_events_default` (migration `*_play_events_by_day`, hand-written: drizzle cannot
 * express partitioning). The primary key holds the partition key, (id, started_at): a device re-sends
 * the same payload, so a re-sent event has both again. Partitions: play-events.partitions.ts.
 */
export const playEvents = pgTable(
  'play_events',
  {
    id: text('id').notNull(),
    type: text('type').notNull(),
    robotRef: text('robot_ref').notNull(),
    playlistId: text('playlist_id').notNull(),
    adId: text('ad_id').notNull(),
    resourceId: text('resource_id'),
    startedAt: ts('started_at').notNull(),
    watchMs: integer('watch_ms').notNull().default(0),
    audience: jsonb('audience'),
    receivedAt: ts('received_at').notNull(),
    /** The ingest verification's verdict, kept for ever (a re-sent event keeps its first): docs/statistics.md. */
    verdict: text('verdict').$type<'verified' | 'flagged'>().notNull().default('verified'),
    /** Why it was flagged (a FLAG_REASONS code); null when verified. */
    reason: text('reason'),
    /** The schedule version the robot said it played from (optional in the protocol). */
    scheduleVersion: text('schedule_version'),
  },
  (t) => [primaryKey({ columns: [t.id, t.startedAt] }), index('play_events_robot_idx').on(t.robotRef, t.startedAt)],
);

/** The summed figures of a rollup row (quarter, day, week or month). */
const rollupMeasures = () => ({
  plays: integer('plays').notNull().default(0),
  scans: integer('scans').notNull().default(0),
  watchMs: bigint('watch_ms', { mode: 'number' }).notNull().default(0),
  ageChild: integer('age_child').notNull().default(0),
  ageYouth: integer('age_youth').notNull().default(0),
  ageAdult: integer('age_adult').notNull().default(0),
  ageMiddle: integer('age_middle').notNull().default(0),
  ageSenior: integer('age_senior').notNull().default(0),
  male: integer('male').notNull().default(0),
  female: integer('female').notNull().default(0),
  /** Plays that reported an audience (the robot sensed); the others count plays x multiplier as exposure. */
  sensedPlays: integer('sensed_plays').notNull().default(0),
  exposureSense: integer('exposure_sense').notNull().default(0),
  viewers: integer('viewers').notNull().default(0),
  dwellMs: bigint('dwell_ms', { mode: 'number' }).notNull().default(0),
});

/**
 * Quarter-hour rollups (UTC quarter x plan x ad x robot), updated in the ingest's transaction: reports
 * read these, never the raw events. Quarter hours lie in one local hour of every IANA zone, so day, week,
 * month and hour reports are exact in any zone (docs/statistics.md). The column keeps its first name
 * `hour` (it held hours before the grain became quarter hours).
 */
export const playRollups = pgTable(
  'play_rollups',
  {
    quarter: ts('hour').notNull(),
    playlistId: text('playlist_id').notNull(),
    adId: text('ad_id').notNull(),
    robotRef: text('robot_ref').notNull(),
    ...rollupMeasures(),
    lastPlayAt: ts('last_play_at'),
  },
  (t) => [
    primaryKey({ columns: [t.quarter, t.playlistId, t.adId, t.robotRef] }),
    // A robot's newest quarter of a plan (its last play, for the consumption list): read backwards.
    index('play_rollups_plan_robot_idx').on(t.playlistId, t.robotRef, t.quarter),
    index('play_rollups_plan_quarter_idx').on(t.playlistId, t.quarter),
  ],
);

/**
 * Calendar rollups: the quarter rows summed per local day, week (from Monday) and month of the fixed UTC+8 calendar
 * (Asia/Shanghai, the default report zone; `period` 'day', 'week' or 'month', `start` the instant of its local
 * midnight), per plan x ad x robot. Written next to the quarter rows (same transaction, same deltas) and
 * backfilled from them by migration. Reports read them for the whole days and months of a range whose
 * local midnights in the report's zone are those of UTC+8, quarter rows for everything else
 * (docs/statistics.md, "Calendar rollups"). Kept forever, like the quarter rows.
 */
export const playCalendarRollups = pgTable(
  'play_calendar_rollups',
  {
    playlistId: text('playlist_id').notNull(),
    period: text('period').$type<'day' | 'week' | 'month'>().notNull(),
    start: ts('start').notNull(),
    adId: text('ad_id').notNull(),
    robotRef: text('robot_ref').notNull(),
    ...rollupMeasures(),
  },
  (t) => [primaryKey({ columns: [t.playlistId, t.period, t.start, t.adId, t.robotRef] })],
);

/**
 * The calendar rollups summed over robots (plan x ad per UTC+8 day, week and month): what a report without a
 * robot filter and without per-robot groups reads for its whole days and months (a customer's 1,000
 * robots are one row here). Exposure adds (multiplier - 1) x unsensed plays of the robots whose audience
 * multiplier is not 1, read from their rows in play_calendar_rollups.
 */
export const playPlanCalendarRollups = pgTable(
  'play_plan_calendar_rollups',
  {
    playlistId: text('playlist_id').notNull(),
    period: text('period').$type<'day' | 'week' | 'month'>().notNull(),
    start: ts('start').notNull(),
    adId: text('ad_id').notNull(),
    ...rollupMeasures(),
  },
  (t) => [primaryKey({ columns: [t.playlistId, t.period, t.start, t.adId] })],
);

/**
 * Flagged plays and scans (the ingest verification refused to count them), per UTC quarter x plan x ad x robot x
 * reason: written in the ingest transaction next to the rollups of the verified ones (which are the
 * tables above). The proof-of-play report reads them; bills, delivery and the other reports never do.
 */
export const playFlagRollups = pgTable(
  'play_flag_rollups',
  {
    quarter: ts('quarter').notNull(),
    playlistId: text('playlist_id').notNull(),
    adId: text('ad_id').notNull(),
    robotRef: text('robot_ref').notNull(),
    reason: text('reason').notNull(),
    plays: integer('plays').notNull().default(0),
    scans: integer('scans').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.quarter, t.playlistId, t.adId, t.robotRef, t.reason] }),
    index('play_flag_rollups_plan_idx').on(t.playlistId, t.quarter),
  ],
);
