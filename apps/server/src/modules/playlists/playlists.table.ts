import type { Cycle, PlayPeriod } from '@robot-ads/contracts/playlists/playlists.schemas';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export interface PlanPause {
  /** unix seconds */
  begin: number;
  end: number;
  reason: string;
}

/** Delivery plans (spec section 3, Playlist). A deleted plan keeps its row (deletedAt) so that links say "cancelled". */
export const playlists = pgTable(
  'playlists',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** The advertiser's customer (client). */
    clientId: text('client_id').notNull(),
    description: text('description').notNull().default(''),
    /** The advertiser's own booking / purchase-order reference (partners reconcile plans with it); null = none. */
    externalRef: text('external_ref'),
    isOrder: boolean('is_order').notNull().default(false),
    priority: integer('priority').notNull().default(5),
    cycle: jsonb('cycle').$type<Cycle>().notNull(),
    times: jsonb('times').$type<PlayPeriod[]>().notNull().default([]),
    beginAt: ts('begin_at').notNull(),
    endAt: ts('end_at').notNull(),
    timeZone: text('time_zone').notNull(),
    playingMode: text('playing_mode').notNull().default('order'),
    countLimit: integer('count_limit'),
    timeLimit: integer('time_limit'),
    /** Materials of the plan's ads (slots taken at priority 5), kept when the ads are set. */
    materials: integer('materials').notNull().default(0),
    advertisingType: jsonb('advertising_type').$type<string[]>().notNull().default([]),
    /** none, pending, post, reject: the state of its latest delivery application. */
    auditState: text('audit_state').notNull().default('none'),
    auditNote: text('audit_note').notNull().default(''),
    pauses: jsonb('pauses').$type<PlanPause[]>().notNull().default([]),
    createdBy: text('created_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    deletedAt: ts('deleted_at'),
  },
  (t) => [
    index('playlists_client_idx').on(t.clientId, t.createdAt),
    index('playlists_created_idx').on(t.createdAt),
    index('playlists_name_idx').on(t.name),
  ],
);

/** The ads of a plan, in play order. */
export const playlistAds = pgTable(
  'playlist_ads',
  {
    playlistId: text('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    adId: text('ad_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.playlistId, t.position] }), index('playlist_ads_ad_idx').on(t.adId)],
);

export type PlaylistRow = typeof playlists.$inferSelect;
