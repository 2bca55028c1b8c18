import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The one audit log: every change on the system administration pages (source `system`) and on the open
 * platform pages, and every partner call (source `openPlatform`): who, when, what, from where.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: text('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    source: text('source').$type<'system' | 'openPlatform'>().notNull(),
    /** user: a change made by a logged-in user; partner: a partner call. */
    actorKind: text('actor_kind').$type<'user' | 'partner'>().notNull(),
    userId: text('user_id').notNull().default(''),
    /** The username, or the client id of a partner. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull().default(''),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    /** HTTP status of a partner call; 200 for changes. */
    status: integer('status').notNull().default(200),
  },
  (t) => [
    index('audit_log_source_at').on(t.source, t.at),
    index('audit_log_actor').on(t.source, t.actorKind, t.actor, t.at),
  ],
);
export type AuditLogInsert = typeof auditLog.$inferInsert;
export type AuditLogRow = typeof auditLog.$inferSelect;
