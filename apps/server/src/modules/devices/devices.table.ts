import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** Properties (projects): where robots stand; a project account owns one. */
export const projects = pgTable(
  'projects',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    type: text('type').notNull().default('project'),
    province: text('province'),
    city: text('city'),
    district: text('district'),
    address: text('address'),
    contact: text('contact'),
    phone: text('phone'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('projects_name_uq').on(t.name)],
);

/** Scenes (lobby, mall, cinema hall ...), assigned to robots by import. */
export const scenes = pgTable(
  'scenes',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('scenes_name_uq').on(t.name)],
);

export const robots = pgTable(
  'robots',
  {
    id: text('id').primaryKey(),
    robotId: text('robot_id').notNull(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    projectId: text('project_id').references(() => projects.id, { onDelete: 'restrict' }),
    sceneId: text('scene_id').references(() => scenes.id, { onDelete: 'set null' }),
    province: text('province'),
    city: text('city'),
    district: text('district'),
    address: text('address'),
    /** People per play counted as exposure where the robot does not sense its audience (docs/statistics.md). */
    audienceMultiplier: doublePrecision('audience_multiplier').notNull().default(1),
    lng: doublePrecision('lng'),
    lat: doublePrecision('lat'),
    panoramas: jsonb('panoramas').$type<string[]>().notNull().default([]),
    activated: boolean('activated').notNull().default(false),
    activatedAt: ts('activated_at'),
    expireAt: ts('expire_at'),
    inUse: boolean('in_use').notNull().default(true),
    salesType: text('sales_type').notNull().default('trial'),
    hasContract: boolean('has_contract').notNull().default(false),
    postAds: boolean('post_ads').notNull().default(true),
    listType: text('list_type').notNull().default('none'),
    screenRatio: text('screen_ratio').notNull().default('1080_1920'),
    template: integer('template').notNull().default(1),
    priceFen: integer('price_fen'),
    industryName: text('industry_name'),
    /** Connection state as last recorded (transitions are written when it flips). */
    online: boolean('online').notNull().default(false),
    lastHeartbeatAt: ts('last_heartbeat_at'),
    deviceStatus: text('device_status'),
    appVersion: text('app_version'),
    freeStorage: bigint('free_storage', { mode: 'number' }),
    /** sha256 of the activation secret an operator issued; null when none is outstanding. */
    activationSecretHash: text('activation_secret_hash'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('robots_robot_id_uq').on(t.robotId),
    index('robots_project_idx').on(t.projectId),
    index('robots_type_idx').on(t.type),
    index('robots_region_idx').on(t.province, t.city),
    // The schedule change feed polls for robots changed since its last look (heartbeats leave it alone).
    index('robots_updated_idx').on(t.updatedAt),
  ],
);

/** Device tokens (sha256 stored); revoking sets revokedAt. */
export const deviceTokens = pgTable(
  'device_tokens',
  {
    id: text('id').primaryKey(),
    robotRef: text('robot_ref')
      .notNull()
      .references(() => robots.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    uniqueIndex('device_tokens_hash_uq').on(t.tokenHash),
    index('device_tokens_robot_idx').on(t.robotRef),
    // The schedule change feed polls for tokens revoked since its last look.
    index('device_tokens_revoked_idx').on(t.revokedAt),
  ],
);

/** Online/offline transitions, at the moment they happened (offline = last beat + window). */
export const robotTransitions = pgTable(
  'robot_transitions',
  {
    id: text('id').primaryKey(),
    robotRef: text('robot_ref')
      .notNull()
      .references(() => robots.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [index('robot_transitions_robot_at_idx').on(t.robotRef, t.at), index('robot_transitions_at_idx').on(t.at)],
);

/** Background exports of device lists: progress and the written file. */
export const deviceExports = pgTable(
  'device_exports',
  {
    key: text('key').primaryKey(),
    kind: text('kind').notNull(),
    state: text('state').notNull().default('queued'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    filePath: text('file_path'),
    fileName: text('file_name'),
    error: text('error'),
    createdBy: text('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('device_exports_created_idx').on(t.createdAt)],
);

export type RobotRow = typeof robots.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;

/** Every change of a robot's weekly price (issue 17, /screenPriceManage history). Fen, never floats. */
export const devicePriceChanges = pgTable(
  'device_price_changes',
  {
    id: text('id').primaryKey(),
    robotId: text('robot_id').notNull(),
    oldPriceFen: integer('old_price_fen'),
    newPriceFen: integer('new_price_fen'),
    /** The ad group the price was set through, '' when per robot. */
    groupId: text('group_id').notNull().default(''),
    changedBy: text('changed_by').notNull(),
    changedByName: text('changed_by_name').notNull().default(''),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('device_price_changes_robot_idx').on(t.robotId, t.createdAt)],
);
