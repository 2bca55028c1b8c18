import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Front-end error log entries sent by browsers (spec section 8), listed for root. */
export const frontendErrors = pgTable(
  'frontend_errors',
  {
    id: text('id').primaryKey(),
    userId: text('user_id'),
    username: text('username'),
    url: text('url').notNull(),
    /** The browser's time of the error, unix seconds. */
    time: integer('time').notNull(),
    type: text('type').notNull(),
    message: text('message').notNull(),
    stack: text('stack').notNull().default(''),
    info: text('info').notNull().default(''),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('frontend_errors_created_idx').on(t.createdAt)],
);
