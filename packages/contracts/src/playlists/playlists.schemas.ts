import { z } from 'zod';
import { okEnvelope, pageEnvelope } from '../common/envelope';
import { idSchema } from '../common/ids';
import { pageQuery } from '../common/pagination';
import { withoutDefaults } from '../common/update-body';
import { DELIVERY_STATUSES } from '../publishing/delivery-status.rules';
import { DEFAULT_TIME_ZONE } from './default-time-zone';

/*
 * Delivery plans (playlists), spec sections 3, 5 and 9.
 *
 * The schedule shape (cycle, times, begin/end, timeZone, priority, playingMode, countLimit, timeLimit)
 * is read by the playback engine (packages/contracts/src/playback/): keep it stable.
 */

// ---------------------------------------------------------------------------------------------
// Enumerations

/** Spec section 9: priority 1 (low, takes no slot), 5 (ordinary, the default), 9 (high, takes all 15). */
export const PRIORITIES = [1, 5, 9] as const;
export type Priority = (typeof PRIORITIES)[number];
export const DEFAULT_PRIORITY: Priority = 5;
export const priorityLabelKey = { 1: 'low', 5: 'ordinary', 9: 'high' } as const satisfies Record<Priority, string>;

/** Repeat cycles. Weeks start on Monday: weekly data are ISO weekdays 1 (Monday) .. 7 (Sunday). */
export const CYCLE_TYPES = ['none', 'time', 'daily', 'weekly', 'monthly'] as const;
export type CycleType = (typeof CYCLE_TYPES)[number];

/** Play modes (spec section 9: sequential, loop, shuffle). */
export const PLAYING_MODES = ['order', 'round', 'random'] as const;
export type PlayingMode = (typeof PLAYING_MODES)[number];

/**
 * Spec section 9: the time-zone options. Each is stored as an IANA zone so that daylight saving and
 * historical offsets are right; the offset shown next to a code is computed from the zone at the
 * moment it is shown, not copied from the spec (AU is +10 in winter and +11 in summer).
 *
 * SD: the spec lists "+3", which was Sudan's offset until 1 November 2017, when Sudan moved to +2.
 * We store Africa/Khartoum, the zone of Sudan, so that plans play at Sudan's real local time; see
 * docs/playlists-time-zones.md. `Asia/Shanghai` is the default zone of a plan that names none (the
 * home market of the product) and is accepted besides the listed ten.
 */
export const TIME_ZONE_OPTIONS = [
  { code: 'AR', zone: 'America/Argentina/Buenos_Aires', specOffset: '-3' },
  { code: 'AU', zone: 'Australia/Sydney', specOffset: '+10' },
  { code: 'JP', zone: 'Asia/Tokyo', specOffset: '+9' },
  { code: 'KR', zone: 'Asia/Seoul', specOffset: '+9' },
  { code: 'MO', zone: 'Asia/Macau', specOffset: '+8' },
  { code: 'SD', zone: 'Africa/Khartoum', specOffset: '+3' },
  { code: 'SG', zone: 'Asia/Singapore', specOffset: '+8' },
  { code: 'TH', zone: 'Asia/Bangkok', specOffset: '+7' },
  { code: 'TW', zone: 'Asia/Taipei', specOffset: '+8' },
  { code: 'HK', zone: 'Asia/Hong_Kong', specOffset: '+8' },
] as const;
export { DEFAULT_TIME_ZONE };
export const TIME_ZONES = [DEFAULT_TIME_ZONE, ...TIME_ZONE_OPTIONS.map((o) => o.zone)] as const;
export type TimeZone = (typeof TIME_ZONES)[number];

/** Accepts an IANA zone of the list or a country code of the list ("JP"); stores the IANA zone. */
export const timeZoneSchema = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    const byCode = TIME_ZONE_OPTIONS.find((o) => o.code === trimmed.toUpperCase());
    return byCode ? byCode.zone : trimmed;
  },
  z.enum(TIME_ZONES, { message: 'PLAYLIST_TIME_ZONE_INVALID' }),
);

/** Spec section 5/9: at most 15 materials in a plan, at most 10 devices for intelligent delivery. */
export const MAX_PLAN_MATERIALS = 15;
export const MAX_INTELLIGENT_DEVICES = 10;

// ---------------------------------------------------------------------------------------------
// Schedule

/** An hour and minute of the plan's local day. {hour: 24, minute: 0} is the end of the day. */
export const clockTime = z
  .object({
    hour: z.number().int().min(0).max(24),
    minute: z.number().int().min(0).max(59),
  })
  .refine((t) => t.hour < 24 || t.minute === 0, { message: 'PLAYLIST_TIME_INVALID' });
export type ClockTime = z.infer<typeof clockTime>;

/** "HH:mm" is accepted as well as {hour, minute}. */
const clockTimeInput = z.preprocess((value) => {
  if (typeof value === 'string') {
    const m = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
    if (m) return { hour: Number(m[1]), minute: Number(m[2]) };
  }
  return value;
}, clockTime);

/** One play period of a day; begin is before end (a period does not cross midnight). */
export const playPeriod = z.object({ begin: clockTimeInput, end: clockTimeInput });
export type PlayPeriod = z.infer<typeof playPeriod>;
/** A play period in a response (no input conversions, so the serializer can encode it). */
export const playPeriodDto = z.object({
  begin: z.object({ hour: z.number().int(), minute: z.number().int() }),
  end: z.object({ hour: z.number().int(), minute: z.number().int() }),
});

/**
 * The repeat cycle:
 * - none: plays the whole time from begin to end; no periods are used.
 * - time: plays on the listed dates (data = unix seconds of any moment of each date, in the plan's zone).
 * - daily: every day, within the periods.
 * - weekly: data = ISO weekdays 1 (Monday) .. 7 (Sunday), within the periods.
 * - monthly: data = days of the month 1..31 (a day the month lacks is skipped), within the periods.
 */
export const cycleSchema = z.object({
  type: z.enum(CYCLE_TYPES).default('none'),
  data: z.array(z.number().int()).default([]),
});
export type Cycle = z.infer<typeof cycleSchema>;
export const cycleDto = z.object({ type: z.enum(CYCLE_TYPES), data: z.array(z.number().int()) });

/** Everything the playback engine needs to know when a plan plays. */
export const planScheduleSchema = z.object({
  /** unix seconds */
  begin: z.number().int(),
  /** unix seconds */
  end: z.number().int(),
  timeZone: timeZoneSchema,
  cycle: cycleSchema,
  times: z.array(playPeriod),
  priority: z.union([z.literal(1), z.literal(5), z.literal(9)]),
  playingMode: z.enum(PLAYING_MODES),
  /** Plays per day per device; null = no limit. */
  countLimit: z.number().int().positive().nullable(),
  /** Seconds of play per day per device; null = no limit. */
  timeLimit: z.number().int().positive().nullable(),
});
export type PlanSchedule = z.infer<typeof planScheduleSchema>;

// ---------------------------------------------------------------------------------------------
// Requests

const positiveIntOrNull = (code: string) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v),
    // At most the int4 column's largest value: a larger limit is refused at the door, naming the field.
    z
      .number({ message: code })
      .int({ message: code })
      .positive({ message: code })
      .max(2_147_483_647, { message: code })
      .nullable(),
  );

const priorityInput = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
  z.union([z.literal(1), z.literal(5), z.literal(9)], { message: 'PLAYLIST_PRIORITY_INVALID' }),
);

/** The advertiser's booking / purchase-order reference: at most this many characters once trimmed. */
export const MAX_EXTERNAL_REF_LENGTH = 64;

/** Trimmed; empty (or only spaces) means none and is stored as null, like null. */
const externalRefInput = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
  z
    .string({ message: 'PLAYLIST_EXTERNAL_REF_INVALID' })
    .trim()
    .max(MAX_EXTERNAL_REF_LENGTH, { message: 'PLAYLIST_EXTERNAL_REF_INVALID' })
    .nullable(),
);

/** Create or edit a plan. Shape rules live here; rules that need "now" are in playlists.rules.ts. */
export const playlistInput = z.object({
  name: z
    .string({ message: 'PLAYLIST_NAME_REQUIRED' })
    .trim()
    .min(2, 'PLAYLIST_NAME_LENGTH')
    .max(50, 'PLAYLIST_NAME_LENGTH'),
  /** The advertiser's client (customer); an advertiser's own customer when omitted; an operator's own plan when empty. */
  clientId: z.string().trim().optional(),
  description: z.string().trim().max(500).optional().default(''),
  /** The advertiser's booking / purchase-order reference (partners reconcile plans with it); null = none. */
  externalRef: externalRefInput.optional().default(null),
  isOrder: z.boolean().optional().default(false),
  /** Ad ids in play order. */
  advertisements: z.preprocess(
    // Ad objects ({id, ...}) are accepted as well as ids.
    (v) =>
      Array.isArray(v) ? v.map((a) => (a && typeof a === 'object' && 'id' in a ? (a as { id: unknown }).id : a)) : v,
    z.array(idSchema, { message: 'PLAYLIST_ADS_REQUIRED' }).min(1, 'PLAYLIST_ADS_REQUIRED').max(50),
  ),
  priority: priorityInput.optional().default(DEFAULT_PRIORITY),
  cycle: cycleSchema.optional().default({ type: 'none', data: [] }),
  times: z.array(playPeriod).max(48).optional().default([]),
  begin: z.number({ message: 'PLAYLIST_BEGIN_REQUIRED' }).int(),
  end: z.number({ message: 'PLAYLIST_END_REQUIRED' }).int(),
  timeZone: timeZoneSchema.optional().default(DEFAULT_TIME_ZONE),
  playingMode: z.enum(PLAYING_MODES, { message: 'PLAYLIST_MODE_INVALID' }).optional(),
  /** Older clients send `mode`; it means the same as playingMode. */
  mode: z.enum(PLAYING_MODES, { message: 'PLAYLIST_MODE_INVALID' }).optional(),
  countLimit: positiveIntOrNull('PLAYLIST_LIMIT_INVALID').optional().default(null),
  timeLimit: positiveIntOrNull('PLAYLIST_LIMIT_INVALID').optional().default(null),
});
export type PlaylistInput = z.input<typeof playlistInput>;
export type PlaylistInputParsed = z.output<typeof playlistInput>;

/**
 * PUT /api/Playlists: name, ads, begin and end as the form sends them; every other field is kept when
 * not sent (no defaults here: docs/conventions.md "PUT").
 */
export const playlistUpdateInput = withoutDefaults(playlistInput).extend({ id: idSchema });
export type PlaylistUpdateParsed = z.output<typeof playlistUpdateInput>;

export const playlistPageQuery = pageQuery.extend({
  name: z.string().trim().optional(),
  clientId: z.string().trim().optional(),
  /** Filter by the derived delivery status (see publishing/delivery-status.rules.ts). */
  status: z
    .string()
    .trim()
    .meta({ description: `One of ${DELIVERY_STATUSES.join(', ')}.`, examples: ['live'] })
    .optional(),
  playListId: z.string().trim().optional(),
});

export const playlistConditionQuery = z.object({
  name: z.string().trim().optional(),
  clientId: z.string().trim().optional(),
  start: z.coerce.number().int().min(0).default(0),
  /** Selectors show at most 100 items; more through search. */
  limit: z.coerce.number().int().min(1).max(100).default(100),
});

export const onlineAdvertisingQuery = z.object({
  start: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(200),
  playListId: z.string().trim().optional(),
  name: z.string().trim().optional(),
});

export const playlistIdQuery = z.object({ playListId: idSchema });

// ---------------------------------------------------------------------------------------------
// Responses

export const playlistAd = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  /** Number of materials of this ad (each counts one slot). */
  materials: z.number().int(),
});

export const auditStates = ['none', 'pending', 'post', 'reject'] as const;
export type PlaylistAuditState = (typeof auditStates)[number];

export const playlistDto = z.object({
  id: z.string(),
  name: z.string(),
  clientId: z.string(),
  clientName: z.string(),
  description: z.string(),
  /** The advertiser's booking / purchase-order reference; null when none was entered. */
  externalRef: z
    .string()
    .nullable()
    .meta({
      description:
        "The advertiser's booking / purchase-order reference, to reconcile plans with bookings; null when none.",
      examples: ['PO-2026-0417'],
    }),
  isOrder: z.boolean(),
  advertisements: z.array(playlistAd),
  mode: z.enum(PLAYING_MODES),
  priority: z.number().int(),
  cycle: cycleDto,
  times: z.array(playPeriodDto),
  begin: z.number().int(),
  end: z.number().int(),
  createtime: z.number().int(),
  timeZone: z.string(),
  playingMode: z.enum(PLAYING_MODES),
  countLimit: z.number().int().nullable(),
  timeLimit: z.number().int().nullable(),
  advertisingtype: z.array(z.string()),
  /** Materials of the plan: the slots it takes at priority 5. */
  materials: z.number().int(),
  audit: z.object({ state: z.enum(auditStates), note: z.string() }),
  /** Copies of audit.state and audit.note (spec section 4). */
  status: z.enum(auditStates),
  postStatus: z.enum(auditStates),
  note: z.string(),
  /** Derived delivery status key (publishing/delivery-status.rules.ts). */
  deliveryStatus: z.string(),
  planPullNumber: z.number().int(),
  alreadyPullNumber: z.number().int(),
  /** alreadyPullNumber / planPullNumber, 0..1 (0 when nothing is published). */
  ratio: z.number(),
  lowPullRate: z.boolean(),
  pauses: z.array(z.object({ begin: z.number().int(), end: z.number().int(), reason: z.string() })),
  cancelled: z.boolean(),
  createdBy: z.string(),
});
export type PlaylistDto = z.infer<typeof playlistDto>;

export const playlistResponse = okEnvelope(playlistDto);
export const playlistPage = pageEnvelope(playlistDto);
export const playingModesResponse = okEnvelope(z.array(z.object({ value: z.enum(PLAYING_MODES), label: z.string() })));

export const clientAndAds = okEnvelope(
  z.object({ clientId: z.string(), clientName: z.string(), advertisements: z.array(playlistAd) }),
);

export const obtainPlaylistResponse = okEnvelope(
  z.object({
    id: z.string(),
    name: z.string(),
    begin: z.number().int(),
    end: z.number().int(),
    createtime: z.number().int(),
    priority: z.number().int(),
    cycle: cycleDto,
    times: z.array(playPeriodDto),
    clientId: z.string(),
    timeZone: z.string(),
  }),
);
