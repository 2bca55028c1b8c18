import { z } from 'zod';
import { okEnvelope, pageEnvelope } from '../common/envelope';
import { idSchema } from '../common/ids';
import { LANGUAGES } from '../common/language';
import { pageQuery } from '../common/pagination';
import { exportStartSchema, exportStateSchema } from '../devices/devices.schemas';
import { isValidTimeZone } from '../playback/zoned-time';
import {
  APPLICATION_STATES,
  APPLICATION_TYPES,
  DELIVERY_MODES,
  REVIEW_STEP_KINDS,
  REVIEW_STEP_STATES,
} from './review-state.rules';

/** The plan id is `playListId` in the spec's calls; `playlistId` is accepted too. */
const withPlanId = <T extends z.ZodRawShape>(shape: T) =>
  z.preprocess(
    (v) => {
      if (v && typeof v === 'object' && !('playListId' in v)) {
        const o = v as Record<string, unknown>;
        if (o.playlistId !== undefined) return { ...o, playListId: o.playlistId };
      }
      return v;
    },
    z.object({
      playListId: z
        .string({ message: 'PLAYLIST_ID_NOT_EXIST' })
        .trim()
        .regex(/^[0-9a-f]{12}([0-9a-f]{12})?$/, 'PLAYLIST_ID_NOT_EXIST'),
      ...shape,
    }),
  );

const robotIdList = z.array(z.string().trim().min(1).max(64)).max(20000);

/** Who/what an application targets. */
const targets = {
  deliveryMode: z.enum(DELIVERY_MODES).optional().default('robots'),
  robotIds: robotIdList.optional().default([]),
  adGroupIds: z.array(idSchema).max(500).optional().default([]),
  accounts: z.array(idSchema).max(500).optional().default([]),
};

/** POST /api/Ad_Audits: a delivery (apply), cancellation, add-devices or pause application. */
export const applyBody = withPlanId({
  type: z.enum(APPLICATION_TYPES).optional().default('apply'),
  ...targets,
  /** The applicant's note; for cancel and pause the (required) reason. */
  reason: z.string().trim().max(500).optional().default(''),
  note: z.string().trim().max(500).optional(),
  /** Pause window, unix seconds. */
  pauseBegin: z.number().int().optional(),
  pauseEnd: z.number().int().optional(),
});
export type ApplyBody = z.output<typeof applyBody>;

export const auditIdBody = z.object({ id: idSchema });
export const decisionBody = z.object({ id: idSchema, note: z.string().trim().max(500).optional().default('') });
export const reapplyBody = z.object({
  id: idSchema,
  deliveryMode: z.enum(DELIVERY_MODES).optional(),
  robotIds: robotIdList.optional(),
  adGroupIds: z.array(idSchema).max(500).optional(),
  accounts: z.array(idSchema).max(500).optional(),
  reason: z.string().trim().max(500).optional(),
});
export const applyUpdateBody = reapplyBody;
export const applyCancelBody = z.object({ id: idSchema, applicant: z.string().trim().optional() });
export const createCancelBody = withPlanId({ reason: z.string().trim().max(500).optional().default('') });
export const createCancelByRobotBody = withPlanId({
  robotIds: robotIdList.min(1, 'DEVICE_LIST_EMPTY'),
  reason: z.string().trim().max(500).optional().default(''),
});
export const createCancelAllBody = z.object({
  playListIds: z.array(idSchema).min(1, 'PLAYLIST_ID_NOT_EXIST').max(200),
  reason: z.string().trim().max(500).optional().default(''),
});

export const AUDIT_VIEWS = ['apply', 'review'] as const;

/** The filters of the application lists (queryByPage) and of their export (exportAd_audit). */
const auditFilters = {
  /** apply: application records (/check/applyRecord); review: what the caller reviews (/check/checkRecord, /auditForm). */
  view: z.enum(AUDIT_VIEWS).optional().default('apply'),
  type: z.enum(APPLICATION_TYPES).optional(),
  state: z.enum(APPLICATION_STATES).optional(),
  /** Only applications waiting for the caller's own decision. */
  todo: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .optional()
    .transform((v) => v === true || v === 'true'),
  name: z.string().trim().optional(),
  playListId: z.string().trim().optional(),
};
export const auditPageQuery = pageQuery.extend(auditFilters);
export type AuditFilters = z.output<z.ZodObject<typeof auditFilters>>;

/**
 * POST exportAd_audit: the applications queryByPage lists with the same filters, as an .xlsx written in the
 * background. `language` (default the caller's) names the headers and labels; times are written as the wall
 * clock of `timeZone` (an IANA zone, default Asia/Shanghai): the web sends the browser's, as the pages show.
 */
export const auditExportBody = z.object({
  ...auditFilters,
  language: z.enum(LANGUAGES).optional(),
  timeZone: z.string().trim().refine(isValidTimeZone, 'TIME_ZONE_INVALID').optional(),
});
export type AuditExportBody = z.output<typeof auditExportBody>;
export const auditExportStarted = okEnvelope(exportStartSchema);
export const auditExportProgress = okEnvelope(exportStateSchema);

export const auditRobotsQuery = pageQuery.extend({ id: idSchema });
export const planRobotsQuery = pageQuery.extend({
  id: z.string().trim().optional(),
  playListId: z.string().trim().optional(),
  robotId: z.string().trim().optional(),
  robotName: z.string().trim().optional(),
  sceneName: z.string().trim().optional(),
  propertyname: z.string().trim().optional(),
});

export const reviewStepDto = z.object({
  kind: z.enum(REVIEW_STEP_KINDS),
  projectId: z.string().nullable(),
  propertyname: z.string().nullable(),
  state: z.enum(REVIEW_STEP_STATES),
  reviewerName: z.string().nullable(),
  note: z.string(),
  time: z.number().int().nullable(),
});

export const auditDto = z.object({
  id: z.string(),
  applicant: z.string().describe('the applicant name'),
  applicantId: z.string(),
  applicant_slave: z.string().describe('the account that submitted it (same as applicant here)'),
  playlistId: z.string(),
  playlist: z.object({
    id: z.string(),
    name: z.string(),
    clientName: z.string(),
    priority: z.number().int(),
    begin: z.number().int(),
    end: z.number().int(),
    advertisements: z.array(
      z.object({ id: z.string(), name: z.string(), kind: z.string(), materials: z.number().int() }),
    ),
    cancelled: z.boolean(),
  }),
  type: z.enum(APPLICATION_TYPES),
  state: z.enum(APPLICATION_STATES),
  note: z.string().describe('the latest reviewer note (the rejection reason)'),
  reason: z.string().describe("the applicant's note or cancellation / pause reason"),
  auditTime: z.number().int().nullable(),
  createtime: z.number().int(),
  deliveryMode: z.enum(DELIVERY_MODES),
  robotIds: z.array(z.string()),
  adGroupIds: z.array(z.string()),
  accounts: z.array(z.string()),
  accountArr: z.array(z.object({ id: z.string(), name: z.string() })),
  robotCount: z.number().int(),
  pauseBegin: z.number().int().nullable(),
  pauseEnd: z.number().int().nullable(),
  steps: z.array(reviewStepDto),
  /** The caller's own step: pending means the caller can confirm or reject now. */
  myStep: z.enum(REVIEW_STEP_STATES).nullable(),
  mine: z.boolean().describe('the caller is the applicant'),
});
export type AuditDto = z.infer<typeof auditDto>;

export const auditResponse = okEnvelope(auditDto);
export const auditPage = pageEnvelope(auditDto);
export const auditListResponse = okEnvelope(z.array(auditDto));

export const auditRobotDto = z.object({
  robotId: z.string(),
  name: z.string(),
  type: z.string(),
  propertyname: z.string().nullable(),
  sceneName: z.string().nullable(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  /** The plan's publish state on this device, when it has one. */
  publishState: z.string().nullable(),
});
export const auditRobotPage = pageEnvelope(auditRobotDto);
