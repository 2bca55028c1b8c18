import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { resources } from '../resources/resources.table';

/** An advertisement (spec section 3): materials arranged in screens, shown between begin and end. */
export const advertisements = pgTable(
  'advertisements',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    beginAt: timestamp('begin_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    timeZone: text('time_zone').notNull(),
    template: integer('template').notNull().default(1),
    ownerId: text('owner_id').notNull(),
    customerId: text('customer_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Names are unique within a customer (operators' own ads share the empty customer).
    uniqueIndex('advertisements_name_idx').on(sql`coalesce(${t.customerId}, '')`, sql`lower(${t.name})`),
    index('advertisements_customer_idx').on(t.customerId, t.createdAt),
    index('advertisements_owner_idx').on(t.ownerId, t.createdAt),
  ],
);

export const adResources = pgTable(
  'ad_resources',
  {
    adId: text('ad_id')
      .notNull()
      .references(() => advertisements.id, { onDelete: 'cascade' }),
    resourceId: text('resource_id')
      .notNull()
      .references(() => resources.id),
    screen: integer('screen').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.adId, t.screen, t.position] }), index('ad_resources_resource_idx').on(t.resourceId)],
);

export type AdRow = typeof advertisements.$inferSelect;
