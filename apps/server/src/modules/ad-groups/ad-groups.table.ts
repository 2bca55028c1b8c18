import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { robots } from '../devices/devices.table';

/** Device groups (spec: AdvertGroups); a name is unique per creator. */
export const adGroups = pgTable(
  'ad_groups',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    creatorId: text('creator_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ad_groups_creator_name_uq').on(t.creatorId, t.name)],
);

export const adGroupRobots = pgTable(
  'ad_group_robots',
  {
    groupId: text('group_id')
      .notNull()
      .references(() => adGroups.id, { onDelete: 'cascade' }),
    robotRef: text('robot_ref')
      .notNull()
      .references(() => robots.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.robotRef] }), index('ad_group_robots_robot_idx').on(t.robotRef)],
);
