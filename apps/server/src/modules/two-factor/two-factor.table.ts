import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/accounts.table';

/** The two-factor login setting of an advertiser account (no row: off). */
export const advertiserTwoFactor = pgTable('advertiser_two_factor', {
  userId: text('user_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  /** sms (the account's phone) or email (its e-mail address). */
  channel: text('channel').notNull().default('sms'),
  /** The operator who last changed it. */
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One-time login codes, per login name (also for names without an account or without two-factor,
 * so that the send limit answers the same for every name). Only the code's hash is kept.
 */
export const advertiserTwoFactorCodes = pgTable('advertiser_two_factor_codes', {
  username: text('username').primaryKey(),
  /** Null when nothing was sent (unknown name, two-factor off) or the code was used or voided. */
  codeHash: text('code_hash'),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
  /** Wrong tries of the current code. */
  failures: integer('failures').notNull().default(0),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
});

export type AdvertiserTwoFactorRow = typeof advertiserTwoFactor.$inferSelect;
