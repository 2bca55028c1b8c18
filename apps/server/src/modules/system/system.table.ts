import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Deployment-wide settings kept in the database so that every instance on it agrees. */
export const systemSettings = pgTable('system_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
