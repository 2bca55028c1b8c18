import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { media } from '../media/media.table';

/** A material (spec section 3 "Resource"): a registered file with its template slot and play settings. */
export const resources = pgTable(
  'resources',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    type: text('type').notNull().default('private'),
    /** ms: the video's own length; pictures and documents play for 10 s. */
    durationMs: integer('duration_ms').notNull(),
    mediaId: text('media_id')
      .notNull()
      .references(() => media.id),
    reLocation: text('re_location').notNull().default('bf'),
    template: integer('template').notNull().default(1),
    slot: integer('slot').notNull().default(1),
    /** A JPEG frame of a video (video/toImage), made once and kept. */
    posterKey: text('poster_key'),
    ownerId: text('owner_id').notNull(),
    customerId: text('customer_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('resources_customer_idx').on(t.customerId, t.createdAt),
    index('resources_owner_idx').on(t.ownerId, t.createdAt),
    index('resources_kind_idx').on(t.kind, t.template, t.slot),
    index('resources_media_idx').on(t.mediaId),
  ],
);

export type ResourceRow = typeof resources.$inferSelect;
