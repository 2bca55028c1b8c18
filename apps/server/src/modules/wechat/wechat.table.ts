import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** Who signed in from the WeChat mini-program (issue 18), one row per openid. */
export const wechatUsers = pgTable(
  'wechat_users',
  {
    id: text('id').primaryKey(),
    openid: text('openid').notNull(),
    unionid: text('unionid'),
    nickname: text('nickname').notNull().default(''),
    avatarUrl: text('avatar_url').notNull().default(''),
    /** Set when the user granted the phone number. */
    phone: text('phone').notNull().default(''),
    /** The robot (robots.id) whose QR code first brought them. */
    robotRef: text('robot_ref'),
    blocked: boolean('blocked').notNull().default(false),
    /** sha-256 of the mini-program session token (one live session per user: a new sign-in replaces it). */
    sessionTokenHash: text('session_token_hash'),
    firstVisitAt: timestamp('first_visit_at', { withTimezone: true }).notNull(),
    lastVisitAt: timestamp('last_visit_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('wechat_users_openid_idx').on(t.openid),
    uniqueIndex('wechat_users_session_idx').on(t.sessionTokenHash),
    index('wechat_users_last_visit_idx').on(t.lastVisitAt, t.id),
    index('wechat_users_robot_idx').on(t.robotRef),
  ],
);
export type WechatUserRow = typeof wechatUsers.$inferSelect;

/** Banners of the mini-program's home page, in `sort` order. */
export const wechatBanners = pgTable(
  'wechat_banners',
  {
    id: text('id').primaryKey(),
    /** A picture registered through the media module (purpose qr). */
    mediaId: text('media_id').notNull(),
    title: text('title').notNull(),
    link: text('link').notNull().default(''),
    sort: integer('sort').notNull(),
    beginAt: timestamp('begin_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('wechat_banners_sort_idx').on(t.sort, t.id)],
);
export type WechatBannerRow = typeof wechatBanners.$inferSelect;
