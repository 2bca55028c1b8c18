import { z } from 'zod';
import { ROLES } from '../auth/roles';
import { okEnvelope, pageEnvelope } from '../common/envelope';
import { pageQuery } from '../common/pagination';

/*
 * System administration (spec section 7: the blade-system menu, client and param calls; Blade conventions:
 * submit creates or updates, remove takes ids comma separated). Super and admin (principals root/admin) only.
 */

const nul = (value: string) => !value.includes('\u0000');
const text = (max: number) => z.string().trim().max(max).refine(nul);
const accountList = z.array(text(60).min(1)).max(200);

// ---- menus ----
/** 1: a menu entry (a page or a group), 2: a button permission code. */
export const MENU_CATEGORIES = [1, 2] as const;
export const menuCategory = z.coerce
  .number()
  .int()
  .refine((n) => n === 1 || n === 2)
  .transform((n) => n as 1 | 2);

export interface AdminMenu {
  /** A menu's path, or `button:<code>` for a button. */
  id: string;
  /** The parent's id, '0' at the top. */
  parentId: string;
  category: 1 | 2;
  /** A menu's path, or the button permission code. */
  code: string;
  /** In the caller's language. */
  name: string;
  nameZh: string;
  nameEn: string;
  path: string;
  /** Query the menu link carries (e.g. src=https://… for a /myiframe/ page). */
  query: string;
  icon: string;
  sort: number;
  roles: string[] | null;
  include: string[];
  exclude: string[];
  hidden: boolean;
  /** From the catalogue in the code (edits are stored as overrides); false: added here. */
  seeded: boolean;
  /** Edited here (a catalogue entry with an override, or an added entry). */
  changed: boolean;
  children: AdminMenu[];
}

export const adminMenu = z
  .object({
    id: z.string(),
    parentId: z.string(),
    category: z.union([z.literal(1), z.literal(2)]),
    code: z.string(),
    name: z.string(),
    nameZh: z.string(),
    nameEn: z.string(),
    path: z.string(),
    query: z.string(),
    icon: z.string(),
    sort: z.number().int(),
    roles: z.array(z.string()).nullable(),
    include: z.array(z.string()),
    exclude: z.array(z.string()),
    hidden: z.boolean(),
    seeded: z.boolean(),
    changed: z.boolean(),
    get children(): z.ZodArray<typeof adminMenu> {
      return z.array(adminMenu);
    },
  })
  .meta({ id: 'AdminMenu' });

export const menuListQuery = z.object({
  name: text(60).optional(),
  category: menuCategory.optional(),
});
export const menuListResponse = okEnvelope(z.array(adminMenu));
export const menuDetailQuery = z.object({ id: text(200).min(1) });
export const menuDetailResponse = okEnvelope(adminMenu);

export const menuSubmitBody = z.object({
  /** An existing id updates it; absent or unknown creates. */
  id: text(200).optional(),
  category: menuCategory.default(1),
  parentId: text(200).default('0'),
  path: z
    .string()
    .trim()
    .max(200)
    .regex(/^(\/[\w\-.]+)+$/, 'path')
    .optional(),
  code: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_]{1,59}$/, 'code')
    .optional(),
  nameZh: text(40).default(''),
  nameEn: text(40).default(''),
  query: text(500).default(''),
  icon: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{0,60}$/, 'icon')
    .default(''),
  sort: z.coerce.number().int().min(0).max(1_000_000).default(0),
  roles: z.array(z.enum(ROLES)).max(ROLES.length).nullable().default(null),
  include: accountList.default([]),
  exclude: accountList.default([]),
  hidden: z.boolean().default(false),
});
export type MenuSubmit = z.output<typeof menuSubmitBody>;
export const menuSubmitResponse = okEnvelope(adminMenu);

/** Blade remove: `ids` comma separated. */
export const removeQuery = z.object({ ids: text(4000).min(1) });
export const removeResponse = okEnvelope(z.object({ removed: z.number().int() }));

export interface MenuTreeNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  children: MenuTreeNode[];
}
export const menuTreeNode = z
  .object({
    id: z.string(),
    parentId: z.string(),
    title: z.string(),
    key: z.string(),
    value: z.string(),
    get children(): z.ZodArray<typeof menuTreeNode> {
      return z.array(menuTreeNode);
    },
  })
  .meta({ id: 'MenuTreeNode' });
export const menuTreeResponse = okEnvelope(z.array(menuTreeNode));

// ---- clients ----
export const GRANT_TYPES = ['client_credentials', 'refresh_token', 'password', 'authorization_code'] as const;
export const adminClient = z.object({
  id: z.string(),
  clientId: z.string(),
  grantTypes: z.array(z.string()),
  scope: z.string(),
  accessTokenValidity: z.number().int(),
  refreshTokenValidity: z.number().int(),
  redirectUri: z.string(),
  remark: z.string(),
  createtime: z.number(),
  updatetime: z.number(),
});
export const clientListQuery = pageQuery.extend({ clientId: text(60).optional() });
export const clientPage = pageEnvelope(adminClient);
export const clientDetailQuery = z.object({ id: text(40).min(1) });
export const clientDetailResponse = okEnvelope(adminClient);
export const clientSubmitBody = z.object({
  id: text(40).optional(),
  clientId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{3,60}$/, 'clientId'),
  grantTypes: z.array(z.enum(GRANT_TYPES)).min(1).max(GRANT_TYPES.length),
  scope: text(200).default('all'),
  /** Seconds. */
  accessTokenValidity: z.coerce.number().int().min(60).max(31_536_000).default(3600),
  refreshTokenValidity: z.coerce.number().int().min(60).max(31_536_000).default(604_800),
  redirectUri: text(500).default(''),
  remark: text(200).default(''),
  /** On an update: issue a new secret (shown once in the answer). */
  resetSecret: z.boolean().default(false),
});
/** `clientSecret` is present only when a secret was just issued (creation or reset): shown once. */
export const clientSubmitResponse = okEnvelope(adminClient.extend({ clientSecret: z.string().optional() }));

// ---- parameters ----
export const adminParam = z.object({
  id: z.string(),
  paramName: z.string(),
  paramKey: z.string(),
  paramValue: z.string(),
  remark: z.string(),
  /** Read by the code (cannot be removed; its value is checked). */
  builtin: z.boolean(),
  updatetime: z.number(),
});
export const paramListQuery = pageQuery.extend({
  paramName: text(60).optional(),
  paramKey: text(100).optional(),
});
export const paramPage = pageEnvelope(adminParam);
export const paramDetailQuery = z.object({ id: text(40).min(1) });
export const paramDetailResponse = okEnvelope(adminParam);
export const paramSubmitBody = z.object({
  id: text(40).optional(),
  paramName: text(60).min(1),
  paramKey: z
    .string()
    .trim()
    .regex(/^[A-Za-z][\w.-]{0,99}$/, 'paramKey'),
  paramValue: text(2000),
  remark: text(200).default(''),
});
export const paramSubmitResponse = okEnvelope(adminParam);

// ---- audit log ----
export const AUDIT_ACTIONS = [
  'menu.create',
  'menu.update',
  'menu.remove',
  'client.create',
  'client.update',
  'client.remove',
  'param.create',
  'param.update',
  'param.remove',
] as const;
export const adminAuditEntry = z.object({
  id: z.string(),
  time: z.number(),
  userId: z.string(),
  username: z.string(),
  action: z.string(),
  target: z.string(),
  detail: z.string(),
  ip: z.string(),
  userAgent: z.string(),
});
export const auditListQuery = pageQuery.extend({
  action: z.enum(AUDIT_ACTIONS).optional(),
  username: text(60).optional(),
});
export const auditPage = pageEnvelope(adminAuditEntry);

/** The origins /myiframe may embed (the iframe_allow_list parameter), for any logged-in user. */
export const iframeAllowListResponse = okEnvelope(z.array(z.string()));
