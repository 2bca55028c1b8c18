import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { exportJobColumns } from '../../platform/exports';

/**
 * One account model for every role (spec sections 3 and 6). The tree runs by parent_id; an
 * operator's data scope is its subtree.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    parentId: text('parent_id'),
    role: text('role').notNull(),
    /** root, admin or '' (spec section 6). */
    principals: text('principals').notNull().default(''),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    /** Validity period; null means open-ended. */
    beginAt: timestamp('begin_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    /** False: the account was created but not put into use yet (login code 4019). */
    used: boolean('used').notNull().default(true),
    /** False: an owner whose authorization was removed (login code 4017). */
    authorized: boolean('authorized').notNull().default(true),
    /** The advertiser's client (customer) id. */
    customerId: text('customer_id'),
    diy: boolean('diy').notNull().default(false),
    autoAudit: boolean('auto_audit').notNull().default(false),
    isSoldOut: boolean('is_sold_out').notNull().default(false),
    projectId: text('project_id'),
    /**
     * Owner (project) accounts: the operator and advertiser accounts whose applications this owner reviews
     * when they target its property; empty means every applicant's.
     */
    reviewApplicants: jsonb('review_applicants').$type<string[]>().notNull().default([]),
    contact: jsonb('contact').$type<{ name: string; phone: string }>().notNull().default({ name: '', phone: '' }),
    phone: text('phone').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    sex: text('sex').notNull().default(''),
    email: text('email').notNull().default(''),
    /** The saved interface language (zh/en), or null to follow the browser. */
    lang: text('lang'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_username_idx').on(t.username),
    index('accounts_parent_idx').on(t.parentId),
    index('accounts_role_idx').on(t.role),
    index('accounts_customer_idx').on(t.customerId),
    index('accounts_project_idx').on(t.projectId),
    index('accounts_contact_phone_idx').on(t.phone),
  ],
);

/**
 * Background xlsx exports of the account lists (accounts, advertiser accounts, owners, customers), run by
 * platform/exports.ts: `params` keeps the list's filters and the caller as they were when started.
 */
export const accountExports = pgTable(
  'account_exports',
  {
    ...exportJobColumns(),
    kind: text('kind').notNull(),
    language: text('language').notNull().default('zh'),
    timeZone: text('time_zone').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    error: text('error'),
  },
  (t) => [index('account_exports_created_idx').on(t.createdAt)],
);

export type AccountRow = typeof accounts.$inferSelect;
export type NewAccountRow = typeof accounts.$inferInsert;
