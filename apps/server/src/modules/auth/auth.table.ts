import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Refresh tokens, stored hashed. Every login starts a family; each refresh marks the used token and
 * issues the next of the same family. Presenting a used token again revokes the whole family.
 * Access tokens carry the family id (sid), so revoking a family also ends its access tokens.
 */
export const refreshTokens = pgTable(
  'auth_refresh_tokens',
  {
    id: text('id').primaryKey(),
    familyId: text('family_id').notNull(),
    userId: text('user_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    remember: integer('remember').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_refresh_family_idx').on(t.familyId), index('auth_refresh_expires_idx').on(t.expiresAt)],
);

/** One row per login family: revoked on logout or on refresh-token reuse. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokeReason: text('revoke_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_sessions_user_idx').on(t.userId), index('auth_sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Failed logins per login name (whether or not such an account exists, so that the answer never
 * tells): after 3 a verification code is required, after 5 the name is locked for 15 minutes.
 */
export const loginAttempts = pgTable('auth_login_attempts', {
  username: text('username').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  captchaHash: text('captcha_hash'),
  captchaExpiresAt: timestamp('captcha_expires_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
