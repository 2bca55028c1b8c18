import { z } from 'zod';
import { okEnvelope, pageEnvelope } from '../common/envelope';
import { ID_PATTERN, idSchema } from '../common/ids';
import { AGE_BANDS, FLAG_REASONS, MAX_EVENT_BATCH } from './play-events.rules';

const count = z.number().int().min(0).max(100_000);
/** Unix seconds, no earlier than 2020 and not absurdly far ahead. */
const unixSeconds = z.number().int().min(1_577_836_800).max(4_102_444_800);

/**
 * What the robot's sensors counted during one play (docs/statistics.md): `exposure` people who had the
 * screen in view (when absent: the sum of the age bands), `viewers` people who looked at it, `dwellMs`
 * the viewers' summed dwell time in ms.
 */
export const audienceSchema = z.object({
  age: z.partialRecord(z.enum(AGE_BANDS), count).optional(),
  male: count.optional(),
  female: count.optional(),
  exposure: count.optional(),
  viewers: count.optional(),
  dwellMs: z
    .number()
    .int()
    .min(0)
    .max(24 * 3600_000)
    .optional(),
});
export type Audience = z.infer<typeof audienceSchema>;

/** One play of an ad item, reported when it finishes (watchDuration in ms). */
export const playEventSchema = z.object({
  id: z.string().regex(ID_PATTERN, 'invalid id'),
  type: z.literal('play'),
  playlistId: idSchema,
  adId: idSchema,
  resourceId: idSchema.optional(),
  startedAt: unixSeconds,
  watchDuration: z
    .number()
    .int()
    .min(0)
    .max(24 * 3600_000),
  audience: audienceSchema.optional(),
  /** The schedule version the robot played from (optional: older devices do not send it); kept as proof. */
  scheduleVersion: z.string().trim().min(1).max(64).optional(),
});
/** A QR code scanned on the screen while an ad played. */
export const scanEventSchema = z.object({
  id: z.string().regex(ID_PATTERN, 'invalid id'),
  type: z.literal('scan'),
  playlistId: idSchema,
  adId: idSchema,
  resourceId: idSchema.optional(),
  startedAt: unixSeconds,
  scheduleVersion: z.string().trim().min(1).max(64).optional(),
});
export const deviceEventSchema = z.discriminatedUnion('type', [playEventSchema, scanEventSchema]);
export type DeviceEvent = z.infer<typeof deviceEventSchema>;
export type PlayEvent = z.infer<typeof playEventSchema>;

export const eventBatchBody = z.object({
  events: z.array(deviceEventSchema).min(1).max(MAX_EVENT_BATCH),
});
export type EventBatch = z.infer<typeof eventBatchBody>;

/**
 * accepted: new events stored; duplicates: ids already stored (a re-sent batch); ignored: events of
 * plans that do not exist. Every id of the batch is settled: the device may delete them all.
 */
export const eventBatchResult = okEnvelope(
  z.object({
    accepted: z.number().int(),
    duplicates: z.number().int(),
    ignored: z.number().int(),
    /** Of the accepted events, those the verification flagged (stored with their reason, not counted in reports). */
    flagged: z.number().int(),
    /** Each flagged event of `flagged`: its id and the reason (a FLAG_REASONS code, docs/device-protocol.md). */
    flaggedEvents: z.array(z.object({ id: z.string(), reason: z.enum(FLAG_REASONS) })),
  }),
);

const planIdOf = (v: unknown) => {
  if (v && typeof v === 'object' && !('playListId' in v)) {
    const o = v as Record<string, unknown>;
    const alt = o.playlistId ?? o.id;
    if (alt !== undefined) return { ...o, playListId: alt };
  }
  return v;
};
const planId = z
  .string({ message: 'PLAYLIST_ID_NOT_EXIST' })
  .trim()
  .regex(/^[0-9a-f]{12}([0-9a-f]{12})?$/, 'PLAYLIST_ID_NOT_EXIST');

/** `GET /api/Publishes/consume`: paged, `limit=-1` returns every row. */
export const consumeQuery = z.preprocess(
  planIdOf,
  z.object({
    playListId: planId,
    start: z.coerce.number().int().min(0).default(0),
    limit: z.coerce
      .number()
      .int()
      .refine((n) => n === -1 || (n >= 1 && n <= 1000), 'limit')
      .default(10),
  }),
);
/**
 * `GET /api/Publishes/consumeExportAndProgress`: with playListId it starts an export (background job);
 * with the returned key it reports the export's progress (and the download url once done).
 */
export const consumeExportQuery = z.preprocess(
  planIdOf,
  z
    .object({
      playListId: planId.optional(),
      key: z.string().trim().min(1).optional(),
      language: z.enum(['zh', 'en']).optional(),
    })
    .refine((q) => q.playListId !== undefined || q.key !== undefined, {
      message: 'PLAYLIST_ID_NOT_EXIST',
      path: ['playListId'],
    }),
);

/** One consumption row: a robot's plays of the plan (watchDuration in ms; shown in seconds). */
export const consumeRow = z.object({
  robotId: z.string(),
  name: z.string(),
  propertyname: z.string(),
  plays: z.number().int(),
  scans: z.number().int(),
  watchDuration: z.number().int(),
  lastPlayTime: z.number().int().nullable(),
});
export type ConsumeRow = z.infer<typeof consumeRow>;
export const consumePage = pageEnvelope(consumeRow);
