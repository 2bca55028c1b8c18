import { z } from 'zod';
import { okEnvelope, pageEnvelope } from '../common/envelope';
import { idSchema } from '../common/ids';
import { pageQuery } from '../common/pagination';
import { DEVICE_TYPES } from '../devices/devices.rules';
import { canonicalTimeZone } from '../playback/zoned-time';
import {
  PLAN_REF_PATTERN,
  SHOOT_DATE_PATTERN,
  SHOOT_REQUIREMENT_STATES,
  SHOOT_TASK_STATES,
  shootNameRefusal,
  TIME_OF_DAY_PATTERN,
} from './shooting.rules';

/*
 * Shooting requirements and records (issue 18; spec sections 2, 4, 5, 8). Paths (docs/shooting.md):
 *   GET  /api/ShootingRequirements/queryByPage          shootQuery            -> page of shootRequirement
 *   GET  /api/ShootingRequirements/checkPlan            planRefQuery          -> shootPlan
 *   GET  /api/ShootingRequirements/filtrateDevice       filtrateDeviceQuery   -> page of filtrateDevice
 *   GET  /api/ShootingRequirements/exportFiltrateDevice filtrateDeviceFilters -> xlsx file
 *   POST /api/ShootingRequirements                      createShootBody       -> shootRequirement
 *   GET  /api/ShootingRequirements/{id}                                       -> shootRequirement
 *   POST /api/ShootingRequirements/cancel               shootIdBody           -> shootRequirement
 *   POST /api/ShootingRequirements/repush               shootIdBody           -> shootRequirement
 *   GET  /api/ShootingRequirements/queryTasks           shootTaskQuery        -> page of shootTask
 *   GET  /api/ShootingRecords/queryByPage               shootRecordQuery      -> page of shootRecord
 *   GET  /api/ShootingRecords/download?id=                                    -> the photo (file)
 *   GET  /api/ShootingRecords/downloadAll               shootRecordFilters    -> zip of the photos
 *   GET  /api/ShootingRecords/export                    shootRecordFilters    -> xlsx file
 * Live: the notifications socket emits `shooting.progress` (shootProgressEvent) to the requirement's
 * creator whenever one of its tasks changes.
 */

export const shootTaskStateSchema = z.enum(SHOOT_TASK_STATES);
export const shootRequirementStateSchema = z.enum(SHOOT_REQUIREMENT_STATES);

const optionalText = z.string().trim().max(100).optional();
const boolish = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean(),
);

/** A promotion plan ID: 24 characters, or the short form (its last 12). */
export const planRefSchema = z
  .string({ message: 'SHOOT_PLAN_ID_LENGTH' })
  .trim()
  .min(1, 'SHOOT_PLAN_ID_REQUIRED')
  .regex(PLAN_REF_PATTERN, 'SHOOT_PLAN_ID_LENGTH');

export const shootNameSchema = z
  .string({ message: 'SHOOT_NAME_REQUIRED' })
  .trim()
  .superRefine((v, c) => {
    const code = shootNameRefusal(v);
    if (code) c.addIssue({ code: 'custom', message: code });
  });

export const shootProgressSchema = z.object({
  total: z.number().int(),
  taken: z.number().int(),
  failed: z.number().int(),
  waiting: z.number().int(),
  cancelled: z.number().int(),
});
export type ShootProgress = z.infer<typeof shootProgressSchema>;

export const shootRequirementSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The plan's full 24-character ID, and its 12-character short form. */
  planId: z.string(),
  planShortId: z.string(),
  planName: z.string(),
  clientName: z.string().nullable(),
  /** YYYY-MM-DD, HH:mm and HH:mm in `timeZone` (the plan's zone unless chosen). */
  shootDate: z.string(),
  beginTime: z.string(),
  endTime: z.string(),
  timeZone: z.string(),
  /** The window as unix seconds [windowBegin, windowEnd). */
  windowBegin: z.number().int(),
  windowEnd: z.number().int(),
  state: shootRequirementStateSchema,
  progress: shootProgressSchema,
  creatorId: z.string(),
  creatorName: z.string().nullable(),
  /** unix seconds */
  createtime: z.number().int(),
  cancelledAt: z.number().int().nullable(),
});
export type ShootRequirementDto = z.infer<typeof shootRequirementSchema>;

/** GET /api/ShootingRequirements/queryByPage. The search form needs one of id, name, planName, planId. */
export const shootQuery = pageQuery.extend({
  id: optionalText,
  name: optionalText,
  planName: optionalText,
  planId: optionalText,
  state: shootRequirementStateSchema.optional(),
  /** YYYY-MM-DD */
  shootDate: z.string().trim().regex(SHOOT_DATE_PATTERN, 'SHOOT_DATE_INVALID').optional(),
});
export type ShootQuery = z.infer<typeof shootQuery>;

export const planRefQuery = z.object({ planId: planRefSchema });

/** GET /api/ShootingRequirements/checkPlan: the plan a requirement may name (approved, not bound). */
export const shootPlanSchema = z.object({
  id: z.string(),
  shortId: z.string(),
  name: z.string(),
  clientName: z.string().nullable(),
  begin: z.number().int(),
  end: z.number().int(),
  timeZone: z.string(),
  /** Robots the plan is published to (issued or pulled). */
  robotCount: z.number().int(),
});
export type ShootPlanDto = z.infer<typeof shootPlanSchema>;

/** POST /api/ShootingRequirements */
export const createShootBody = z.object({
  planId: planRefSchema,
  name: shootNameSchema,
  shootDate: z.string({ message: 'SHOOT_DATE_REQUIRED' }).trim().regex(SHOOT_DATE_PATTERN, 'SHOOT_DATE_INVALID'),
  beginTime: z.string({ message: 'SHOOT_TIME_INVALID' }).trim().regex(TIME_OF_DAY_PATTERN, 'SHOOT_TIME_INVALID'),
  endTime: z.string({ message: 'SHOOT_TIME_INVALID' }).trim().regex(TIME_OF_DAY_PATTERN, 'SHOOT_TIME_INVALID'),
  /** IANA zone; the plan's zone when omitted. */
  timeZone: z.string().trim().min(1).max(64).optional(),
  robotIds: z.array(z.string().trim().min(1).max(64)).min(1, 'DEVICE_LIST_EMPTY').max(5000),
});
export type CreateShootBody = z.infer<typeof createShootBody>;

export const shootIdBody = z.object({ id: idSchema });
export const shootIdParams = z.object({ id: idSchema });

/** GET /api/ShootingRequirements/filtrateDevice: robots the plan is published to, to choose from. */
export const filtrateDeviceFilters = z.object({
  planId: planRefSchema,
  robotId: optionalText,
  name: optionalText,
  type: z.enum(DEVICE_TYPES).optional(),
  province: optionalText,
  city: optionalText,
  district: optionalText,
  sceneName: optionalText,
  propertyname: optionalText,
  online: boolish.optional(),
  language: z.enum(['zh', 'en']).optional(),
});
export const filtrateDeviceQuery = pageQuery.extend(filtrateDeviceFilters.shape);
export type FiltrateDeviceQuery = z.infer<typeof filtrateDeviceQuery>;

export const filtrateDeviceSchema = z.object({
  robotId: z.string(),
  name: z.string(),
  type: z.string(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  district: z.string().nullable(),
  address: z.string().nullable(),
  sceneName: z.string().nullable(),
  propertyname: z.string().nullable(),
  online: z.boolean(),
  /** The plan's publish state on the robot: issued or pulled. */
  publishState: z.string(),
  /** unix seconds, null until pulled */
  pullTime: z.number().int().nullable(),
});
export type FiltrateDeviceDto = z.infer<typeof filtrateDeviceSchema>;

export const shootTaskSchema = z.object({
  id: z.string(),
  requirementId: z.string(),
  robotId: z.string(),
  robotName: z.string(),
  place: z.string(),
  online: z.boolean(),
  state: shootTaskStateSchema,
  /** unix seconds */
  issuedAt: z.number().int().nullable(),
  confirmedAt: z.number().int().nullable(),
  finishedAt: z.number().int().nullable(),
  failReason: z.string().nullable(),
  /** The record (photo) when taken. */
  recordId: z.string().nullable(),
});
export type ShootTaskDto = z.infer<typeof shootTaskSchema>;

export const shootTaskQuery = pageQuery.extend({
  id: idSchema,
  state: shootTaskStateSchema.optional(),
  robotId: optionalText,
});

export const shootRecordFilters = z.object({
  requirementId: idSchema.optional(),
  /** Requirement name (contains). */
  name: optionalText,
  planId: optionalText,
  robotId: optionalText,
  robotName: optionalText,
  /** takenAt range, unix seconds [begin, end). */
  begin: z.coerce.number().int().min(0).optional(),
  end: z.coerce.number().int().min(0).optional(),
  language: z.enum(['zh', 'en']).optional(),
  /** The IANA zone the export writes times in (the reader's); default the platform's. Its column title says it. */
  timeZone: z
    .string()
    .trim()
    .refine((v) => canonicalTimeZone(v) !== undefined, 'TIME_ZONE_INVALID')
    .transform((v) => canonicalTimeZone(v) as string)
    .optional(),
});
export const shootRecordQuery = pageQuery.extend(shootRecordFilters.shape);
export type ShootRecordQuery = z.infer<typeof shootRecordQuery>;

export const shootRecordSchema = z.object({
  id: z.string(),
  taskId: z.string(),
  requirementId: z.string(),
  requirementName: z.string(),
  planId: z.string(),
  planName: z.string(),
  robotId: z.string(),
  robotName: z.string(),
  /** Province city district address, and the scene / property when known. */
  place: z.string(),
  /** unix seconds, by the robot's (server-synchronised) clock */
  takenAt: z.number().int(),
  /** The ad on screen when the photo was taken. */
  adId: z.string().nullable(),
  adName: z.string().nullable(),
  contentType: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** A signed link to show the photo (valid a few hours). */
  url: z.string(),
  /** unix seconds: when it reached the server */
  uploadedAt: z.number().int(),
  /**
   * Photo check (docs/shooting.md): how far the photo is from the ad's material (0 = the same picture,
   * about 32 = unrelated; null: not measured), and whether it is beyond the threshold and needs review.
   */
  matchDistance: z.number().int().nullable(),
  needsReview: z.boolean(),
});
export type ShootRecordDto = z.infer<typeof shootRecordSchema>;

export const shootRecordIdQuery = z.object({ id: idSchema });

/** Socket event `shooting.progress` on the notifications socket. */
export const shootProgressEvent = z.object({
  id: z.string(),
  name: z.string(),
  state: shootRequirementStateSchema,
  progress: shootProgressSchema,
});
export type ShootProgressEvent = z.infer<typeof shootProgressEvent>;
export const SHOOT_PROGRESS_EVENT = 'shooting.progress';

export const shootRequirementResponse = okEnvelope(shootRequirementSchema);
export const shootRequirementPage = pageEnvelope(shootRequirementSchema);
export const shootPlanResponse = okEnvelope(shootPlanSchema);
export const filtrateDevicePage = pageEnvelope(filtrateDeviceSchema);
export const shootTaskPage = pageEnvelope(shootTaskSchema);
export const shootRecordPage = pageEnvelope(shootRecordSchema);

// ---- device side, under /api/device/v1 (device token) ----

/** A task in the schedule feed (`shootTasks` of GET /api/device/v1/schedule). */
export const deviceShootTaskSchema = z.object({
  id: z.string(),
  requirementId: z.string(),
  planId: z.string(),
  /** The plan's ads: the photo is taken while one of them is on screen. */
  adIds: z.array(z.string()),
  /** unix seconds [windowBegin, windowEnd) */
  windowBegin: z.number().int(),
  windowEnd: z.number().int(),
  state: z.enum(['inProgress', 'ongoing']),
});
export type DeviceShootTask = z.infer<typeof deviceShootTaskSchema>;

/** GET /api/device/v1/shootTasks: the robot's open tasks (the same list the schedule feed carries). */
export const deviceShootTasksResponse = okEnvelope(z.object({ tasks: z.array(deviceShootTaskSchema) }));

/** POST /api/device/v1/shootTasks/ack: the robot holds these tasks (inProgress -> ongoing). */
export const deviceShootAckBody = z.object({ ids: z.array(idSchema).min(1).max(500) });
export const deviceShootAckResponse = okEnvelope(z.object({ confirmed: z.array(z.string()) }));

/** POST /api/device/v1/shootTasks/uploadCredentials: a signed form to upload the photo of one task. */
export const deviceShootUploadBody = z.object({ taskId: idSchema });
export const deviceShootUploadResponse = okEnvelope(
  z.object({
    dir: z.string(),
    /** unix seconds */
    expiresAt: z.number().int(),
    maxBytes: z.number().int(),
    /** multipart POST to url: `fields`, then `key` (under `dir`), `Content-Type`, then the file last. */
    upload: z.object({ method: z.literal('POST'), url: z.string(), fields: z.record(z.string(), z.string()) }),
  }),
);

/** POST /api/device/v1/shootTasks/photo: register the uploaded photo (checked from its bytes). */
export const deviceShootPhotoBody = z.object({
  taskId: idSchema,
  key: z.string().trim().min(1).max(500),
  /** unix seconds, within the task's window */
  takenAt: z.number().int().min(0),
  /** The ad on screen (one of the task's adIds). */
  adId: idSchema,
});
/** POST /api/device/v1/shootTasks/fail: the robot could not take the photo. */
export const deviceShootFailBody = z.object({ taskId: idSchema, reason: z.string().trim().min(1).max(200) });
export const deviceShootResultResponse = okEnvelope(z.object({ taskId: z.string(), state: shootTaskStateSchema }));
