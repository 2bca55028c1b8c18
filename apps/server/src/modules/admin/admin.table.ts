import { bigint, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Menu management: the catalogue in the code is the seed; an edit of a catalogue entry is stored as an
 * override row (seeded = true, the edited fields in `data`), an added entry as a row of its own, a removed
 * catalogue entry as a row with removed = true.
 */
export const adminMenus = pgTable('admin_menus', {
  /** The menu's path, or `button:<code>`. */
  id: text('id').primaryKey(),
  category: integer('category').notNull(),
  seeded: boolean('seeded').notNull(),
  removed: boolean('removed').notNull().default(false),
  /** The editable fields (AdminMenuData). */
  data: jsonb('data').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  updatedBy: text('updated_by').notNull(),
});

/** OAuth clients of the blade-system client calls; the secret is stored hashed (shown once). */
export const adminClients = pgTable('admin_clients', {
  id: text('id').primaryKey(),
  clientId: text('client_id').notNull().unique(),
  secretHash: text('secret_hash').notNull(),
  grantTypes: jsonb('grant_types').$type<string[]>().notNull(),
  scope: text('scope').notNull().default('all'),
  accessTokenValidity: integer('access_token_validity').notNull(),
  refreshTokenValidity: integer('refresh_token_validity').notNull(),
  redirectUri: text('redirect_uri').notNull().default(''),
  remark: text('remark').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** System parameters (spec section 3). */
export const adminParams = pgTable('admin_params', {
  id: text('id').primaryKey(),
  paramName: text('param_name').notNull(),
  paramKey: text('param_key').notNull().unique(),
  paramValue: text('param_value').notNull(),
  remark: text('remark').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/**
 * One counter per cached set (menus, params): bumped in the transaction of every change, read by each
 * instance's cache (at most once a second) to know its copy is stale.
 */
export const adminRevisions = pgTable('admin_revisions', {
  name: text('name').primaryKey(),
  revision: bigint('revision', { mode: 'number' }).notNull(),
});
