import { z } from 'zod';
import { deviceShootTaskSchema } from '../shooting/shooting.schemas';

/*
 * Schedule delivery under /api/device/v1 (docs/device-protocol.md, "Schedule"). The player imports only
 * the types of this file (`import type`), so zod never reaches its bundle.
 */

/** Where the QR code or the watermark sits on the screen (spec section 9). */
export const OVERLAY_POSITIONS = [
  'upperLeft',
  'upperRight',
  'lowerLeft',
  'lowerRight',
  'bottomCenter',
  'topCenter',
] as const;
export type OverlayPosition = (typeof OVERLAY_POSITIONS)[number];

/** Look-ahead of a delivered schedule: the plans that play within the next 48 hours. */
export const SCHEDULE_LOOKAHEAD_S = 48 * 3600;
/** Devices poll every 60 s, each at its own offset within +-20 % (jitter), so a fleet never polls in step. */
export const SCHEDULE_POLL_INTERVAL_S = 60;
export const SCHEDULE_POLL_JITTER = 0.2;

export const scheduleMedia = z.object({
  /** The material (resource) id, or the overlay picture's id; the same file may serve several ads. */
  id: z.string(),
  kind: z.enum(['video', 'picture']),
  /** A signed download link, valid until `expiresAt`. */
  url: z.string(),
  /** unix seconds */
  expiresAt: z.number().int(),
  size: z.number().int().nullable(),
  /** Hex SHA-256 of the file when known, else null (the device then trusts size and the link). */
  checksum: z.string().nullable(),
  contentType: z.string().nullable(),
  /** Video length or picture show time in seconds, when known. */
  duration: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type ScheduleMedia = z.infer<typeof scheduleMedia>;

/** A QR code or watermark picture (its file is in `media`) and where it sits. */
export const scheduleOverlay = z.object({
  mediaId: z.string(),
  position: z.enum(OVERLAY_POSITIONS),
});
export type ScheduleOverlay = z.infer<typeof scheduleOverlay>;

/** One screen of an ad: the materials shown together (template 2: the banner and the main area). */
export const scheduleScreen = z.object({
  /** Seconds: the longest of its materials (a video its length, a picture 10 s). */
  duration: z.number(),
  /** By slot: slot 1 first. */
  slots: z.array(z.object({ slot: z.number().int(), mediaId: z.string() })),
});
export type ScheduleScreen = z.infer<typeof scheduleScreen>;

/** An ad: one play shows its screens one after the other. */
export const scheduleAd = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['video', 'picture']),
  /** Seconds a play lasts: the sum of its screens. */
  duration: z.number(),
  /** The ad's own validity, unix seconds [begin, end): outside it the ad is skipped. */
  begin: z.number().int(),
  end: z.number().int(),
  /** 1: one full-screen slot (1080x1920); 2: a 1080x600 banner (slot 1) over a 1080x1320 main area (slot 2). */
  template: z.number().int(),
  screens: z.array(scheduleScreen),
  qr: scheduleOverlay.nullable(),
  watermark: scheduleOverlay.nullable(),
});
export type ScheduleAd = z.infer<typeof scheduleAd>;

const clock = z.object({ hour: z.number().int(), minute: z.number().int() });

export const schedulePlan = z.object({
  id: z.string(),
  name: z.string(),
  priority: z.union([z.literal(1), z.literal(5), z.literal(9)]),
  cycle: z.object({ type: z.enum(['none', 'time', 'daily', 'weekly', 'monthly']), data: z.array(z.number()) }),
  times: z.array(z.object({ begin: clock, end: clock })),
  /** unix seconds */
  begin: z.number().int(),
  end: z.number().int(),
  timeZone: z.string(),
  playingMode: z.enum(['order', 'round', 'random']),
  countLimit: z.number().int().nullable(),
  timeLimit: z.number().int().nullable(),
  pauses: z.array(z.object({ begin: z.number().int(), end: z.number().int() })),
  ads: z.array(scheduleAd),
  /** When it plays within the look-ahead, for a device that does not run the playback engine. */
  windows: z.array(z.object({ start: z.number().int(), end: z.number().int() })),
});
export type SchedulePlan = z.infer<typeof schedulePlan>;

export const deviceSchedule = z.object({
  /** Changes whenever anything the device plays changes; also sent as the ETag. */
  version: z.string(),
  robotId: z.string(),
  /** unix seconds: the look-ahead covered, [from, until). */
  from: z.number().int(),
  until: z.number().int(),
  serverTime: z.number().int(),
  /** The screen layout of the robot: template 1 or 2. */
  template: z.number().int(),
  screenRatio: z.string(),
  /** Seconds between polls, and the +- fraction the device spreads them by. */
  pollInterval: z.number().int(),
  pollJitter: z.number(),
  plans: z.array(schedulePlan),
  /** Every file the plans need, once. */
  media: z.array(scheduleMedia),
  /** Open shooting tasks of the robot (photo proof, docs/shooting.md); part of the version. */
  shootTasks: z.array(deviceShootTaskSchema),
});
export type DeviceSchedule = z.infer<typeof deviceSchedule>;

/** POST /api/device/v1/schedule/ack: the device has downloaded every file of this version. */
export const scheduleAckBody = z.object({
  version: z.string().min(1).max(200),
  /** Plans whose media the device holds; all plans of the version when omitted. */
  planIds: z.array(z.string()).max(500).optional(),
});
export type ScheduleAckBody = z.infer<typeof scheduleAckBody>;

export const scheduleAckResult = z.object({
  version: z.string(),
  /** Plans whose publish record moved to pulled by this acknowledgement. */
  pulled: z.array(z.string()),
  /** unix seconds */
  pullTime: z.number().int(),
});

/** GET /api/Schedules/nowPlaying?robotId=: what a robot plays now, as the playback engine decides it. */
export const nowPlayingQuery = z.object({ robotId: z.string().trim().min(1).max(64) });

export const nowPlayingResult = z.object({
  robotId: z.string(),
  /** unix seconds: the instant decided for. */
  at: z.number().int(),
  version: z.string(),
  plans: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      priority: z.number().int(),
      /** The engine's delivery state: notStarted, live, paused, over or cancelled. */
      state: z.enum(['cancelled', 'notStarted', 'live', 'paused', 'over']),
      playingNow: z.boolean(),
      /** Its share of the screen's loop now, 0..1 (priority and slots). */
      share: z.number(),
      ads: z.array(z.object({ id: z.string(), name: z.string() })),
    }),
  ),
});
export type NowPlayingResult = z.infer<typeof nowPlayingResult>;
