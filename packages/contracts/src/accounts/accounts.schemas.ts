import { z } from 'zod';
import { sessionInfo, yesNo } from '../auth/auth.schemas';
import { newPasswordSchema } from '../auth/password.rules';
import { ADVERTISER_ROLES, PRINCIPALS, ROLES } from '../auth/roles';
import { okEnvelope, pageEnvelope } from '../common/envelope';
import { idSchema } from '../common/ids';
import { LANGUAGES } from '../common/language';
import { pageQuery } from '../common/pagination';
import { updateOf } from '../common/update-body';
import { customerQuery } from '../customers/customers.schemas';
import { exportStartSchema, exportStateSchema, ownerQuery } from '../devices/devices.schemas';
import { isValidTimeZone } from '../playback/zoned-time';

/** Account states of spec section 4. */
export const ACCOUNT_STATUSES = ['enabled', 'disabled'] as const;

/** An account as lists and details show it (spec section 3 "Account"); never the password hash. */
export const accountDto = z.object({
  id: z.string(),
  parentId: z.string().nullable(),
  role: z.enum(ROLES),
  principals: z.enum(PRINCIPALS),
  name: z.string(),
  /** The login name (the spec calls it both account and username). */
  account: z.string(),
  username: z.string(),
  begin: z.number().nullable().describe('validity start, unix seconds'),
  end: z.number().nullable().describe('validity end, unix seconds'),
  status: z.enum(ACCOUNT_STATUSES),
  used: z.boolean(),
  authorized: z.boolean(),
  customer: z.string().nullable(),
  customerName: z.string().nullable(),
  diy: yesNo,
  autoAudit: yesNo,
  isSoldOut: z.boolean(),
  projectId: z.string().nullable(),
  contact: z.object({ name: z.string(), phone: z.string() }),
  phone: z.string(),
  avatar: z.string(),
  sex: z.enum(['male', 'female', '']),
  email: z.string(),
  createtime: z.number().describe('unix seconds'),
});
export type AccountDto = z.infer<typeof accountDto>;

export const accountResponse = okEnvelope(accountDto);
export const accountPage = pageEnvelope(accountDto);
export const accountListResponse = okEnvelope(z.array(accountDto));
export const currentUserResponse = okEnvelope(sessionInfo);

export const usersQuery = pageQuery.extend({
  role: z.enum(ROLES).optional(),
  name: z.string().trim().max(64).optional(),
});
export const childrenQuery = z.object({ id: idSchema.optional() });
export const childProjectQuery = pageQuery.extend({ name: z.string().trim().max(64).optional() });

/**
 * PUT /api/Users: one's own profile; the rules (by locale) are `profileSchema` in accounts.rules. A body
 * with the language alone (`{ lang }`) saves the language without touching (or checking) the profile.
 */
export const profileBody = z.object({
  id: idSchema.optional(),
  name: z.string().max(64).optional(),
  phone: z.string().max(32).optional(),
  email: z.string().max(254).optional(),
  sex: z.string().max(16).optional(),
  avatar: z.string().max(1000).optional(),
  contactPhone: z.string().max(32).optional(),
  lang: z.enum(['zh', 'en']).optional(),
});

const unixSeconds = z.number().int().min(0).nullable().optional();

/** AdvertiserUsers: POST (create) and PUT (update) an advertiser account. */
export const advertiserCreateBody = z.object({
  username: z
    .string()
    .trim()
    .min(2, 'NAME_LENGTH')
    .max(32)
    .regex(/^[A-Za-z0-9_.@-]+$/, 'NAME_ILLEGAL'),
  password: newPasswordSchema,
  name: z.string().trim().min(1, 'NAME_REQUIRED').max(15, 'NAME_LENGTH'),
  role: z.enum(ADVERTISER_ROLES).default('advertisers'),
  customer: idSchema,
  diy: z.union([yesNo, z.boolean()]).optional().default(false),
  begin: unixSeconds,
  end: unixSeconds,
  phone: z.string().trim().max(32).optional().default(''),
  email: z.string().trim().max(254).optional().default(''),
  status: z.enum(ACCOUNT_STATUSES).optional().default('enabled'),
  parentId: idSchema.optional(),
});
export const advertiserUpdateBody = updateOf(advertiserCreateBody.omit({ username: true, password: true })).extend({
  id: idSchema,
  password: newPasswordSchema.optional(),
});

export const advertiserPageQuery = pageQuery.extend({
  /** The managing (parent) account whose advertisers to list; default the caller's whole scope. */
  user: idSchema.optional(),
  account: z.string().trim().max(64).optional(),
  name: z.string().trim().max(64).optional(),
});
export const findByUserIdQuery = z.object({ id: idSchema.optional(), userId: idSchema.optional() });

/** Roles an operator may give a sub-account (principals are never set through the API). */
export const MANAGED_ROLES = ['super', 'administrator', 'operator', 'project', 'hide'] as const;

/** POST /api/Users (ours): create a sub-account under a super/administrator account in scope. */
export const accountCreateBody = z.object({
  username: z
    .string()
    .trim()
    .min(2, 'NAME_LENGTH')
    .max(32)
    .regex(/^[A-Za-z0-9_.@-]+$/, 'NAME_ILLEGAL'),
  password: newPasswordSchema,
  name: z.string().trim().min(1, 'NAME_REQUIRED').max(15, 'NAME_LENGTH'),
  role: z.enum(MANAGED_ROLES),
  parentId: idSchema.optional(),
  begin: unixSeconds,
  end: unixSeconds,
  status: z.enum(ACCOUNT_STATUSES).optional().default('enabled'),
  used: z.boolean().optional().default(true),
  autoAudit: z.union([yesNo, z.boolean()]).optional().default(false),
  isSoldOut: z.boolean().optional().default(false),
  projectId: z.string().trim().max(64).nullable().optional(),
  phone: z.string().trim().max(32).optional().default(''),
  email: z.string().trim().max(254).optional().default(''),
  contact: z.object({ name: z.string().trim().max(32), phone: z.string().trim().max(32) }).optional(),
});
/** PUT /api/Users/{id} (ours): update a sub-account in scope; password resets it. */
export const accountUpdateBody = updateOf(accountCreateBody.omit({ username: true, password: true })).extend({
  password: newPasswordSchema.optional(),
});

// ---- user management (issue 16) ----

/**
 * Role ranks: nobody gives an account a role above its own (ROLE_ELEVATION); root and admin
 * principals may give any role. Owner, advertiser and hidden roles rank below every operator role.
 */
export const ROLE_RANK: Record<(typeof ROLES)[number], number> = {
  super: 3,
  administrator: 2,
  operator: 1,
  project: 0,
  advertisers: 0,
  advertisers_special: 0,
  hide: 0,
};
export function canGiveRole(
  actor: { role: (typeof ROLES)[number]; principals: string },
  target: (typeof ROLES)[number],
): boolean {
  if (actor.principals === 'root' || actor.principals === 'admin') return true;
  return ROLE_RANK[target] <= ROLE_RANK[actor.role];
}

/** POST /api/Users/resetPassword (ours): an operator sets a new password of an account in its subtree. */
export const resetChildPasswordBody = z.object({ id: idSchema, password: newPasswordSchema });

/** POST /api/Users/status (ours): enable or disable an account in the caller's subtree (not root/admin). */
export const accountStatusBody = z.object({ id: idSchema, status: z.enum(ACCOUNT_STATUSES) });

/** GET /api/Users/queryByPage and V3_* also take these filters (ours). */
export const accountTreeQuery = usersQuery.extend({
  /** Only the direct children of this account (in scope). */
  parentId: idSchema.optional(),
  status: z.enum(ACCOUNT_STATUSES).optional(),
});

/**
 * GET /api/Proprietors/updateContact (spec section 7): an owner (project) account's contact name and
 * phone; the owner itself, or an operator for an owner in its subtree. The phone must be unique
 * (CONTACT_PHONE_EXISTS) and follow the locale's phone rule.
 */
export const ownerContactQuery = z.object({
  id: idSchema.optional(),
  name: z.string().trim().max(32).optional().default(''),
  phone: z.string().trim().max(32),
});

/**
 * Owner authorization of reviews (ours): whose applications an owner (project account) reviews when they
 * target its property. No applicant listed: every applicant's. autoAudit `yes`: the owner's step passes
 * by itself.
 * - GET /api/Proprietors/reviewScope?accountId=   - PUT /api/Proprietors/reviewScope
 */
export const ownerReviewScopeDto = z.object({
  accountId: z.string(),
  autoAudit: yesNo,
  applicants: z.array(z.object({ id: z.string(), account: z.string(), name: z.string(), role: z.enum(ROLES) })),
});
export const ownerReviewScopeResponse = okEnvelope(ownerReviewScopeDto);
export const ownerReviewScopeQuery = z.object({ accountId: idSchema });
export const ownerReviewScopeBody = z.object({
  accountId: idSchema,
  autoAudit: yesNo.optional(),
  /** Operator (super, administrator, operator) and advertiser accounts; at most 200. */
  applicantIds: z.array(idSchema).max(200),
});

// ---- xlsx exports of the account lists (issue 16), with progress (platform/exports.ts on the server) ----

/** What every list export takes besides the list's filters: the workbook's language and the dates' zone. */
const listExportOptions = {
  language: z.enum(LANGUAGES).optional(),
  timeZone: z.string().trim().refine(isValidTimeZone, 'TIME_ZONE_INVALID').optional(),
};
const noPaging = { start: true, limit: true } as const;
/** POST /api/Users/export: the accounts queryByPage lists with these filters. */
export const usersExportBody = accountTreeQuery.omit(noPaging).extend(listExportOptions);
/** POST /api/AdvertiserUsers/export: the advertiser accounts queryUserByPage lists. */
export const advertisersExportBody = advertiserPageQuery.omit(noPaging).extend(listExportOptions);
/** POST /api/Proprietors/export: the owner accounts Proprietors/authorization lists. */
export const ownersExportBody = ownerQuery.omit(noPaging).extend(listExportOptions);
/** POST /api/Customers/export: the customers GET /api/Customers lists. */
export const customersExportBody = customerQuery.omit(noPaging).extend(listExportOptions);
export const listExportStarted = okEnvelope(exportStartSchema);
export const listExportProgress = okEnvelope(exportStateSchema);
