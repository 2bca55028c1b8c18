import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { media } from '../media/media.table';
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
    /** The QR code shown over the ad (a media uploaded with purpose qr) and where (OVERLAY_POSITIONS). */
    qrMediaId: text('qr_media_id').references(() => media.id),
    qrPosition: text('qr_position'),
    /** Where a scan of the QR code leads (http/https); only with a QR code (docs/statistics.md, "QR scans"). */
    qrTarget: text('qr_target'),
    /** The watermark picture (same upload rules as the QR code) and where. */
    watermarkMediaId: text('watermark_media_id').references(() => media.id),
    watermarkPosition: text('watermark_position'),
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
    // A picture always has a position and a position always a picture.
    check('advertisements_qr_pair', sql`(${t.qrMediaId} is null) = (${t.qrPosition} is null)`),
    check('advertisements_qr_target', sql`${t.qrTarget} is null or ${t.qrMediaId} is not null`),
    check('advertisements_watermark_pair', sql`(${t.watermarkMediaId} is null) = (${t.watermarkPosition} is null)`),
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
