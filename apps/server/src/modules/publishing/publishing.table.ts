import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { robots } from '../devices/devices.table';
import { playlists } from '../playlists/playlists.table';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * One row per plan and device it was published to (spec section 3, publish detail row). state:
 * notIssued, issued, pulled, failed, cancelled. At most one live (not cancelled) row per plan and device.
 */
export const publishRecords = pgTable(
  'publish_records',
  {
    id: text('id').primaryKey(),
    playlistId: text('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    robotRef: text('robot_ref')
      .notNull()
      .references(() => robots.id, { onDelete: 'cascade' }),
    state: text('state').notNull(),
    /** Slots the plan takes on this device (the slot rule at publish time). */
    slots: integer('slots').notNull().default(0),
    materials: integer('materials').notNull().default(0),
    /** Beyond the device's free materials: a fee applies. */
    charged: boolean('charged').notNull().default(false),
    /** Why a device was refused (a catalogue code), when state is failed. */
    failCode: text('fail_code'),
    applicationId: text('application_id'),
    publishedBy: text('published_by').notNull(),
    pubAt: ts('pub_at'),
    /** The device's latest pull (acknowledgement); null again when the plan is issued again. */
    pullAt: ts('pull_at'),
    /**
     * The device's first pull of this record, kept when the plan is issued again: since then the robot holds
     * the plan (an earlier version until it pulls again), which the play audit and proof of play rest on.
     */
    firstPullAt: ts('first_pull_at'),
    cancelledAt: ts('cancelled_at'),
    cancelReason: text('cancel_reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('publish_records_live_uq')
      .on(t.playlistId, t.robotRef)
      .where(sql`${t.state} in ('notIssued', 'issued', 'pulled')`),
    index('publish_records_plan_idx').on(t.playlistId, t.state),
    index('publish_records_robot_idx').on(t.robotRef, t.state),
    // The schedule change feed polls for records created or cancelled since its last look.
    index('publish_records_created_idx').on(t.createdAt),
    index('publish_records_cancelled_idx').on(t.cancelledAt),
  ],
);

export type PublishRecordRow = typeof publishRecords.$inferSelect;

/** Background exports of a plan's publish details: progress and the written file. */
export const publishExports = pgTable(
  'publish_exports',
  {
    key: text('key').primaryKey(),
    playlistId: text('playlist_id').notNull(),
    /** What is exported: 'details' (publish details) or 'consume' (consumption per robot). */
    kind: text('kind').notNull().default('details'),
    state: text('state').notNull().default('queued'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    language: text('language').notNull().default('zh'),
    filterState: text('filter_state'),
    filePath: text('file_path'),
    fileName: text('file_name'),
    createdBy: text('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('publish_exports_created_idx').on(t.createdAt)],
);
