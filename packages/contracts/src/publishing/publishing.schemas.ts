import { z } from 'zod';
import { okEnvelope, pageEnvelope } from '../common/envelope';
import { ID_PATTERN, idSchema } from '../common/ids';
import { pageQuery } from '../common/pagination';
import { DEVICE_TYPES } from '../devices/devices.rules';
import { MAX_INTELLIGENT_DEVICES } from '../playlists/playlists.schemas';
import { PUBLISH_STATES } from './delivery-status.rules';

/** `playListId` as the spec names it; `playlistId` and `id` are accepted too. */
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
const withPlan = <T extends z.ZodRawShape>(shape: T) =>
  z.preprocess(planIdOf, z.object({ playListId: planId, ...shape }));

const robotIds = z.array(z.string().trim().min(1).max(64)).max(20000);

export const publishWithRobotsBody = withPlan({ robotIds: robotIds.min(1, 'DEVICE_LIST_EMPTY') });
export const publishWithAdGroupsBody = withPlan({
  adGroupIds: z.array(idSchema).min(1, 'PUBLISH_SELECTION_REQUIRED').max(500),
});
export const publishWithAccountBody = withPlan({
  accounts: z.array(idSchema).min(1, 'PUBLISH_SELECTION_REQUIRED').max(500),
});
/**
 * Intelligent delivery: at most 10 devices, named or chosen by filters (distance from a point,
 * region, type), nearest first.
 */
export const publishWithModeBody = withPlan({
  robotIds: robotIds.max(MAX_INTELLIGENT_DEVICES, 'PUBLISH_TOO_MANY_DEVICES').optional(),
  count: z
    .number()
    .int()
    .min(1)
    .max(MAX_INTELLIGENT_DEVICES, 'PUBLISH_TOO_MANY_DEVICES')
    .optional()
    .default(MAX_INTELLIGENT_DEVICES),
  distance: z.union([z.literal(1), z.literal(3), z.literal(5), z.literal(10)]).optional(),
  lng: z.number().min(-180).max(180).optional(),
  lat: z.number().min(-90).max(90).optional(),
  province: z.string().trim().optional(),
  city: z.string().trim().optional(),
  district: z.string().trim().optional(),
  type: z.enum(DEVICE_TYPES).optional(),
});
export const cancelByRobotsBody = withPlan({
  robotIds: robotIds.min(1, 'DEVICE_LIST_EMPTY'),
  reason: z.string({ message: 'CANCEL_REASON_REQUIRED' }).trim().min(1, 'CANCEL_REASON_REQUIRED').max(500),
});
export const cancelByAccountsBody = withPlan({
  accounts: z.array(idSchema).min(1, 'PUBLISH_SELECTION_REQUIRED').max(500),
  reason: z.string({ message: 'CANCEL_REASON_REQUIRED' }).trim().min(1, 'CANCEL_REASON_REQUIRED').max(500),
});
/** Batch cancellation by import: the file's device IDs (multipart) or the IDs themselves (JSON). */
export const cancelByImportBody = withPlan({
  robotIds: robotIds.min(1, 'DEVICE_LIST_EMPTY'),
  reason: z.string({ message: 'CANCEL_REASON_REQUIRED' }).trim().min(1, 'CANCEL_REASON_REQUIRED').max(500),
});

export const planQuery = z.preprocess(planIdOf, z.object({ playListId: planId }));

export const publishDetailQuery = z.preprocess(
  planIdOf,
  pageQuery.extend({
    playListId: planId,
    state: z.enum(PUBLISH_STATES).optional(),
    robotId: z.string().trim().optional(),
    province: z.string().trim().optional(),
    city: z.string().trim().optional(),
  }),
);

export const exportDetailQuery = z.preprocess(
  planIdOf,
  z.object({
    playListId: planId,
    state: z.enum(PUBLISH_STATES).optional(),
    language: z.enum(['zh', 'en']).optional(),
  }),
);

/** Filters of the cross-plan publish record lists (queryBycondition and failedReport). */
const recordFilters = {
  playListId: z.string().trim().optional(),
  /** Plan name, contains. */
  name: z.string().trim().optional(),
  /** Device ID, contains. */
  robotId: z.string().trim().optional(),
  clientId: z.string().trim().regex(ID_PATTERN, 'CUSTOMER_NOT_FOUND').optional(),
  province: z.string().trim().optional(),
  city: z.string().trim().optional(),
};

/** failedReport: queryBycondition with the state fixed to failed (failed records have no pubTime). */
export const failedReportQuery = pageQuery.extend(recordFilters);

const pubTime = z.coerce.number().int().min(0).max(32503680000).optional();
/** GET queryBycondition (/publish/info): publish records across plans; pubTime in [beginTime, endTime]. */
export const publishInfoQuery = pageQuery
  .extend({ ...recordFilters, state: z.enum(PUBLISH_STATES).optional(), beginTime: pubTime, endTime: pubTime })
  .refine((q) => q.beginTime === undefined || q.endTime === undefined || q.endTime > q.beginTime, {
    message: 'END_BEFORE_START',
    path: ['endTime'],
  });
export type PublishInfoQuery = z.infer<typeof publishInfoQuery>;

export const accountsQuery = z.object({
  accounts: z
    .union([z.array(idSchema), idSchema, z.string()])
    .transform((v) => (Array.isArray(v) ? v : String(v).split(',')).map((s) => s.trim()).filter(Boolean)),
});

export const accountsByConditionQuery = pageQuery.extend({ name: z.string().trim().optional() });

// ---------------------------------------------------------------------------------------------
// Responses

export const publishRowResult = z.object({
  row: z.number().int(),
  robotId: z.string(),
  ok: z.boolean(),
  code: z.string().nullable(),
  msg: z.string().nullable(),
  name: z.string().nullable(),
});

export const publishOutcome = okEnvelope(
  z.object({
    total: z.number().int(),
    published: z.number().int(),
    /** Devices where the plan goes beyond the free materials (a fee applies). */
    charged: z.number().int(),
    rows: z.array(publishRowResult),
  }),
);

export const cancelOutcome = okEnvelope(z.object({ cancelled: z.number().int() }));
export const reissueOutcome = okEnvelope(z.object({ issued: z.number().int() }));

/** Spec section 3: a publish detail row. */
export const publishDetailRow = z.object({
  id: z.string(),
  robotId: z.string(),
  name: z.string(),
  type: z.string(),
  state: z.enum(PUBLISH_STATES),
  pullState: z.enum(['notPulled', 'pulled']),
  pubTime: z.number().int().nullable(),
  pullTime: z.number().int().nullable(),
  /** When the record was made: the publish attempt (a failed record has no pubTime). Unix seconds. */
  createTime: z.number().int(),
  province: z.string().nullable(),
  city: z.string().nullable(),
  propertyname: z.string().nullable(),
  projecttype: z.string().nullable(),
  install: z.object({ panoramaList: z.array(z.object({ filePath: z.string() })) }),
  /** Remaining ad slots of the device (15 minus used, at least 0). */
  resourceNumber: z.number().int(),
  charged: z.boolean(),
  failCode: z.string().nullable(),
  failMsg: z.string().nullable(),
  cancelReason: z.string().nullable(),
  cancelTime: z.number().int().nullable(),
});
export type PublishDetailRow = z.infer<typeof publishDetailRow>;
export const publishDetailPage = pageEnvelope(publishDetailRow);

/** A publish record across plans (/publish/info, /failedReport): the detail row with its plan and customer. */
export const publishInfoRow = publishDetailRow.extend({
  playlistId: z.string(),
  playlistName: z.string(),
  clientId: z.string().nullable(),
  clientName: z.string().nullable(),
});
export type PublishInfoRow = z.infer<typeof publishInfoRow>;
export const publishInfoPage = pageEnvelope(publishInfoRow);
export const failedReportRow = publishInfoRow;
export const failedReportPage = publishInfoPage;

/** GET /api/Publishes/query: a plan's publish summary and pull numbers (spec section 3 statistics points). */
export const publishSummary = okEnvelope(
  z.object({
    playlistId: z.string(),
    total: z.number().int(),
    notIssued: z.number().int(),
    issued: z.number().int(),
    pulled: z.number().int(),
    failed: z.number().int(),
    cancelled: z.number().int(),
    planPullNumber: z.number().int(),
    alreadyPullNumber: z.number().int(),
    ratio: z.number(),
    lowPullRate: z.boolean(),
    deliveryStatus: z.string(),
  }),
);

export const robotIdsResponse = okEnvelope(z.array(z.string()));
export const countResponse = okEnvelope(z.object({ total: z.number().int() }));
export const cancelTimeResponse = okEnvelope(
  z.object({ cancelTime: z.number().int().nullable(), reason: z.string().nullable() }),
);
export const deleteCheckResponse = okEnvelope(
  z.object({ id: z.string(), canDelete: z.boolean(), devices: z.number().int() }),
);
export const accountOption = z.object({
  id: z.string(),
  name: z.string(),
  account: z.string(),
  projectId: z.string().nullable(),
  robots: z.number().int(),
});
export const accountOptionPage = pageEnvelope(accountOption);

/** Result of checking an imported device list against a plan (queryPublishByImport). */
export const importPublishCheck = okEnvelope(
  z.object({
    total: z.number().int(),
    validCount: z.number().int(),
    valid: z.array(z.string()),
    rows: z.array(publishRowResult),
  }),
);

export const exportStarted = okEnvelope(z.object({ key: z.string() }));
export const exportProgress = okEnvelope(
  z.object({
    key: z.string(),
    state: z.string(),
    total: z.number().int(),
    done: z.number().int(),
    url: z.string().nullable(),
  }),
);
