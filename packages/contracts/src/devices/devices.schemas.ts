import { z } from 'zod';
import { idSchema } from '../common/ids';
import { pageQuery } from '../common/pagination';
import { updateOf } from '../common/update-body';
import {
  AMOUNT_MAX,
  DEVICE_STATES,
  DEVICE_TYPES,
  DISTANCES_KM,
  isValidAmount,
  LIST_TYPES,
  NAME_MAX,
  NAME_MIN,
  PROJECT_TYPES,
  ROBOT_ID_PATTERN,
  SALES_TYPES,
  SCREEN_RATIOS,
} from './devices.rules';

export const deviceTypeSchema = z.enum(DEVICE_TYPES);
export const salesTypeSchema = z.enum(SALES_TYPES);
export const deviceStateSchema = z.enum(DEVICE_STATES);
export const listTypeSchema = z.enum(LIST_TYPES);
export const screenRatioSchema = z.enum(SCREEN_RATIOS);
export const projectTypeSchema = z.enum(PROJECT_TYPES);
export const templateSchema = z.union([z.literal(1), z.literal(2)]);

/** Names of 2-15 characters (groups, properties, devices), with no markup or control characters. */
export const nameSchema = z
  .string()
  .trim()
  .min(NAME_MIN, 'NAME_LENGTH')
  .max(NAME_MAX, 'NAME_LENGTH')
  // The control characters (Unicode's Cc) written as their ranges, not \p{Cc}: a pattern in the API document is
  // read by JSON Schema validators without the u flag (Spectral's example check took \p{Cc} for the letters).
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the class refuses control characters
  .regex(/^[^<>"'`\\/;{}\u0000-\u001f\u007f-\u009f]+$/u, 'NAME_ILLEGAL');

export const robotIdSchema = z.string().trim().regex(ROBOT_ID_PATTERN, 'ROBOT_ID_FORMAT');

/** Price per week in yuan: above zero with at most 2 decimals. */
export const amountSchema = z.number().max(AMOUNT_MAX).refine(isValidAmount, 'AMOUNT_INVALID');

const boolish = z.preprocess(
  (v) => (v === 'true' || v === '1' ? true : v === 'false' || v === '0' ? false : v),
  z.boolean(),
);
const optionalText = z.string().trim().max(100).optional();

/** A state-transition of the connection (for "time connected" reports). */
export const transitionSchema = z.object({ kind: z.enum(['online', 'offline']), time: z.number().int() });

/** Spec section 3: the Robot as the back-office sees it. Times are unix seconds. */
export const robotSchema = z.object({
  id: z.string(),
  robotId: z.string(),
  name: z.string(),
  type: deviceTypeSchema,
  sceneId: z.string().nullable(),
  sceneName: z.string().nullable(),
  projectId: z.string().nullable(),
  propertyname: z.string().nullable(),
  projecttype: projectTypeSchema.nullable(),
  install: z.object({ panoramaList: z.array(z.object({ filePath: z.string() })) }),
  province: z.string().nullable(),
  city: z.string().nullable(),
  district: z.string().nullable(),
  address: z.string().nullable(),
  lng: z.number().nullable(),
  lat: z.number().nullable(),
  actTag: z.boolean(),
  activatedAt: z.number().int().nullable(),
  expireTime: z.number().int().nullable(),
  used: z.boolean(),
  state: deviceStateSchema,
  online: z.boolean(),
  salesType: salesTypeSchema,
  isThereAContract: z.boolean(),
  postAds: z.boolean(),
  listType: listTypeSchema,
  screenRatio: screenRatioSchema,
  template: templateSchema,
  /** Used ad slots (spec: shown as 15 minus this, floor 0). */
  resourceNumber: z.number().int(),
  remainingSlots: z.number().int(),
  /** Price per week in yuan. */
  price: z.number().nullable(),
  industryName: z.string().nullable(),
  lastHeartbeat: z.number().int().nullable(),
  appVersion: z.string().nullable(),
  freeStorage: z.number().nullable(),
  distance: z.number().optional(),
  createtime: z.number().int(),
});
export type RobotDto = z.infer<typeof robotSchema>;

export const robotDetailSchema = robotSchema.extend({
  transitions: z.array(transitionSchema),
  hasToken: z.boolean(),
});
export type RobotDetailDto = z.infer<typeof robotDetailSchema>;

/** GET /api/Devices/queryRobotInfo: paged, filtered on the server. */
export const robotQuery = pageQuery.extend({
  robotId: optionalText,
  name: optionalText,
  type: deviceTypeSchema.optional(),
  state: deviceStateSchema.optional(),
  province: optionalText,
  city: optionalText,
  district: optionalText,
  projectId: optionalText,
  propertyname: optionalText,
  sceneName: optionalText,
  salesType: salesTypeSchema.optional(),
  listType: listTypeSchema.optional(),
  postAds: boolish.optional(),
  screenRatio: screenRatioSchema.optional(),
  lng: z.coerce.number().min(-180).max(180).optional(),
  lat: z.coerce.number().min(-90).max(90).optional(),
  distance: z.coerce
    .number()
    .refine((d) => (DISTANCES_KM as readonly number[]).includes(d), 'distance must be 1, 3, 5 or 10')
    .optional(),
});
export type RobotQuery = z.infer<typeof robotQuery>;
export const robotFilters = robotQuery.omit({ start: true, limit: true });
export type RobotFilters = z.infer<typeof robotFilters>;

export const robotIdQuery = z.object({ robotId: z.string().trim().min(1) });

/** POST /api/Devices (designed by us): an operator registers a robot in the inventory. */
export const createRobotBody = z.object({
  robotId: robotIdSchema,
  name: nameSchema,
  type: deviceTypeSchema,
  projectId: z.string().nullable().optional(),
  sceneName: z.string().trim().max(50).nullable().optional(),
  province: z.string().trim().max(30).nullable().optional(),
  city: z.string().trim().max(30).nullable().optional(),
  district: z.string().trim().max(30).nullable().optional(),
  address: z.string().trim().max(200).nullable().optional(),
  lng: z.number().min(-180).max(180).nullable().optional(),
  lat: z.number().min(-90).max(90).nullable().optional(),
  salesType: salesTypeSchema.default('trial'),
  screenRatio: screenRatioSchema.default('1080_1920'),
  template: templateSchema.default(1),
  expireTime: z.number().int().nullable().optional(),
  price: amountSchema.nullable().optional(),
  industryName: z.string().trim().max(50).nullable().optional(),
});
export type CreateRobotBody = z.infer<typeof createRobotBody>;

/** POST /api/Devices/setInfo: the fields a caller may change (project accounts: a subset). */
export const setInfoBody = z.object({
  robotId: z.string().trim().min(1),
  name: nameSchema.optional(),
  type: deviceTypeSchema.optional(),
  projectId: z.string().nullable().optional(),
  sceneName: z.string().trim().max(50).nullable().optional(),
  province: z.string().trim().max(30).nullable().optional(),
  city: z.string().trim().max(30).nullable().optional(),
  district: z.string().trim().max(30).nullable().optional(),
  address: z.string().trim().max(200).nullable().optional(),
  lng: z.number().min(-180).max(180).nullable().optional(),
  lat: z.number().min(-90).max(90).nullable().optional(),
  panoramaList: z
    .array(z.object({ filePath: z.string().trim().min(1).max(500) }))
    .max(20)
    .optional(),
  actTag: z.boolean().optional(),
  used: z.boolean().optional(),
  expireTime: z.number().int().nullable().optional(),
  salesType: salesTypeSchema.optional(),
  isThereAContract: z.boolean().optional(),
  postAds: z.boolean().optional(),
  listType: listTypeSchema.optional(),
  screenRatio: screenRatioSchema.optional(),
  template: templateSchema.optional(),
  price: amountSchema.nullable().optional(),
  industryName: z.string().trim().max(50).nullable().optional(),
});
export type SetInfoBody = z.infer<typeof setInfoBody>;
/** Fields a project account may change on its own property's devices. */
export const PROJECT_EDITABLE_FIELDS = ['name', 'sceneName', 'postAds', 'listType', 'panoramaList'] as const;

/** POST /api/Devices/setPrice (designed by us; /screenPriceManage): one price for several robots. */
export const setPriceBody = z
  .object({
    robotIds: z.array(z.string().trim().min(1)).max(1000).optional(),
    /** An ad group in the caller's scope: every robot of it gets the price (issue 17, price per group). */
    groupId: idSchema.optional(),
    price: amountSchema,
  })
  .refine((v) => (v.robotIds?.length ?? 0) > 0 || v.groupId !== undefined, {
    message: 'DEVICE_LIST_EMPTY',
    path: ['robotIds'],
  });
export type SetPriceBody = z.infer<typeof setPriceBody>;

export const cacheUpdateQuery = z.object({ id: z.string().trim().min(1).optional() });
export const cacheUpdateResult = z.object({ checked: z.number().int(), wentOffline: z.number().int() });

/** GET /api/StatisDevices/queryRobotInfo: the device board. */
export const deviceBoardSchema = z.object({
  total: z.number().int(),
  byState: z.record(deviceStateSchema, z.number().int()),
  byType: z.array(z.object({ type: deviceTypeSchema, total: z.number().int(), online: z.number().int() })),
  onlineRatio: z.number(),
  recentTransitions: z.array(
    z.object({ robotId: z.string(), name: z.string(), kind: z.enum(['online', 'offline']), time: z.number().int() }),
  ),
});
export type DeviceBoard = z.infer<typeof deviceBoardSchema>;

/** GET /api/StatisDevices/queryRobotInfoSimple: map points. */
export const mapQuery = z.object({
  province: optionalText,
  city: optionalText,
  type: deviceTypeSchema.optional(),
  state: deviceStateSchema.optional(),
});
export const mapPointSchema = z.object({
  robotId: z.string(),
  name: z.string(),
  type: deviceTypeSchema,
  state: deviceStateSchema,
  province: z.string().nullable(),
  city: z.string().nullable(),
  lng: z.number(),
  lat: z.number(),
});
export type MapPoint = z.infer<typeof mapPointSchema>;

/** Export of devices (POST /api/Devices/exportRobotInfo) and of a group (GET AdvertGroups/exportRobotInfo). */
export const exportStartSchema = z.object({ key: z.string() });
export const exportStateSchema = z.object({
  key: z.string(),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  progress: z.number().int().min(0).max(100),
  total: z.number().int(),
  done: z.number().int(),
  url: z.string().nullable(),
  fileName: z.string().nullable(),
});
export type ExportState = z.infer<typeof exportStateSchema>;
export const exportKeyQuery = z.object({ key: z.string().trim().min(1) });
export const languageField = z.enum(['zh', 'en']).optional();

// ---- projects (properties), scenes, proprietors ----

export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: projectTypeSchema,
  province: z.string().nullable(),
  city: z.string().nullable(),
  district: z.string().nullable(),
  address: z.string().nullable(),
  contact: z.string().nullable(),
  phone: z.string().nullable(),
  robotCount: z.number().int(),
  owners: z.array(z.object({ accountId: z.string(), username: z.string(), authorized: z.boolean() })),
  createtime: z.number().int(),
});
export type ProjectDto = z.infer<typeof projectSchema>;
export const projectTypeItem = z.object({ value: projectTypeSchema, zh: z.string(), en: z.string() });

export const projectQuery = pageQuery.extend({
  name: optionalText,
  type: projectTypeSchema.optional(),
  province: optionalText,
});
export const findAllProjectsQuery = z.object({ name: optionalText, type: projectTypeSchema.optional() });

export const projectInput = z.object({
  name: nameSchema,
  type: projectTypeSchema.default('project'),
  province: z.string().trim().max(30).nullable().optional(),
  city: z.string().trim().max(30).nullable().optional(),
  district: z.string().trim().max(30).nullable().optional(),
  address: z.string().trim().max(200).nullable().optional(),
  contact: z.string().trim().max(30).nullable().optional(),
  phone: z.string().trim().max(20).nullable().optional(),
});
export const createMultipleBody = z.object({ projects: z.array(projectInput).min(1).max(200) });
export const updateProjectBody = updateOf(projectInput).extend({ id: z.string().min(1) });
export const projectRobotsQuery = pageQuery.extend({
  projectId: z.string().trim().min(1).optional(),
  robotId: optionalText,
  name: optionalText,
});

/** Owner authorization: an owner (project) account is given a property, and opened or closed. */
export const ownerSchema = z.object({
  accountId: z.string(),
  username: z.string(),
  name: z.string(),
  projectId: z.string().nullable(),
  propertyname: z.string().nullable(),
  authorized: z.boolean(),
});
export type OwnerDto = z.infer<typeof ownerSchema>;
export const addAuthorizationBody = z.object({ projectId: z.string().min(1), accountId: z.string().min(1) });
export const accountIdBody = z.object({ accountId: z.string().min(1) });
export const ownerQuery = pageQuery.extend({ projectId: optionalText, username: optionalText });

export const sceneSchema = z.object({ id: z.string(), name: z.string(), robotCount: z.number().int() });
export const findScenesQuery = z.object({ name: optionalText });

/** One checked row of a device-ID import (spec section 8 reasons). */
export const importRowSchema = z.object({
  row: z.number().int(),
  robotId: z.string(),
  ok: z.boolean(),
  code: z.string().nullable(),
  msg: z.string().nullable(),
  name: z.string().nullable(),
});
export type ImportRow = z.infer<typeof importRowSchema>;
export const importCheckSchema = z.object({
  total: z.number().int(),
  validCount: z.number().int(),
  valid: z.array(z.string()),
  rows: z.array(importRowSchema),
});
export type ImportCheck = z.infer<typeof importCheckSchema>;
/** One row of an owner import (POST /api/Proprietors/importOwners): the owner, its property and robots. */
export const ownerImportRowSchema = z.object({
  row: z.number().int(),
  username: z.string(),
  name: z.string(),
  propertyName: z.string(),
  robotIds: z.array(z.string()),
  ok: z.boolean(),
  /** The first refusal of the row: its catalogue code, the column and the message in the caller's language. */
  code: z.string().nullable(),
  field: z.string().nullable(),
  msg: z.string().nullable(),
});
export type OwnerImportRow = z.infer<typeof ownerImportRowSchema>;
/** The rows checked; `created` is the number of owners created (all rows, or none). */
export const ownerImportSchema = z.object({
  total: z.number().int(),
  validCount: z.number().int(),
  created: z.number().int(),
  rows: z.array(ownerImportRowSchema),
});
export type OwnerImport = z.infer<typeof ownerImportSchema>;
/** Result of importScenes / importAdBlacklist: rows checked, rows applied. */
export const affiliateImportSchema = z.object({
  total: z.number().int(),
  applied: z.number().int(),
  rows: z.array(importRowSchema),
});

export const activationSecretSchema = z.object({ robotId: z.string(), secret: z.string() });
export const robotIdBody = z.object({ robotId: z.string().trim().min(1) });

/** GET /api/Devices/queryDeliveryInfo (/device/index): the plans currently published to a device. */
export const deliveryInfoSchema = z.object({
  playlistId: z.string(),
  name: z.string(),
  priority: z.number().int(),
  state: z.enum(['notIssued', 'issued', 'pulled']),
  pubTime: z.number().int().nullable(),
  pullTime: z.number().int().nullable(),
  begin: z.number().int(),
  end: z.number().int(),
});
export type DeliveryInfo = z.infer<typeof deliveryInfoSchema>;
