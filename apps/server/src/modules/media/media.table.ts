import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A file in storage that passed the upload rules: what its bytes are (sniffed type, pixel size,
 * video length), its size and sha256 (devices verify downloads with them), and who uploaded it.
 */
export const media = pgTable(
  'media',
  {
    id: text('id').primaryKey(),
    objectKey: text('object_key').notNull(),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    ext: text('ext').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    width: integer('width'),
    height: integer('height'),
    durationMs: integer('duration_ms'),
    template: integer('template').notNull().default(1),
    slot: integer('slot').notNull().default(1),
    /** A small JPEG for lists (pictures at registration, videos when their poster is made). */
    thumbnailKey: text('thumbnail_key'),
    /** What it was uploaded for: `material`, or `qr` (a QR code or watermark picture of an ad, checked by the QR rules). */
    purpose: text('purpose').notNull().default('material'),
    ownerId: text('owner_id').notNull(),
    customerId: text('customer_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('media_object_key_idx').on(t.objectKey),
    index('media_owner_idx').on(t.ownerId),
    index('media_customer_idx').on(t.customerId),
  ],
);

export type MediaRow = typeof media.$inferSelect;

/**
 * Upload policies handed out by GET /api/Media/oss: which upload directories may hold files not yet
 * registered, and until when. Once every policy of a directory has expired (plus a grace period), the
 * files in it that no media row registers are deleted (media-uploads.ts).
 */
export const mediaUploadPolicies = pgTable(
  'media_upload_policies',
  {
    id: text('id').primaryKey(),
    ownerId: text('owner_id').notNull(),
    dir: text('dir').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('media_upload_policies_dir_idx').on(t.dir, t.expiresAt),
    index('media_upload_policies_expires_idx').on(t.expiresAt),
  ],
);
