import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A partner application: client credentials (the secret only as an argon2 hash) and its limits. */
export const openApiUsers = pgTable(
  'open_api_users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    accountId: text('account_id').notNull(),
    contact: text('contact').notNull().default(''),
    clientId: text('client_id').notNull(),
    secretHash: text('secret_hash').notNull(),
    /** The secret before the last rotation, valid until previousSecretUntil (the overlap). */
    previousSecretHash: text('previous_secret_hash'),
    previousSecretUntil: ts('previous_secret_until'),
    interfaces: jsonb('interfaces').$type<string[]>().notNull().default([]),
    ipRanges: jsonb('ip_ranges').$type<string[]>().notNull().default([]),
    rateLimit: integer('rate_limit').notNull(),
    dailyQuota: integer('daily_quota').notNull(),
    validFrom: ts('valid_from'),
    validUntil: ts('valid_until'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [uniqueIndex('open_api_users_client_id').on(t.clientId), index('open_api_users_name').on(t.name)],
);
export type OpenApiUserRow = typeof openApiUsers.$inferSelect;

/** A partner session: one issued client-credentials token; revocation is read on every call. */
export const openSessions = pgTable(
  'open_sessions',
  {
    id: text('id').primaryKey(),
    apiUserId: text('api_user_id').notNull(),
    ip: text('ip').notNull(),
    issuedAt: ts('issued_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    lastUsedAt: ts('last_used_at'),
    calls: integer('calls').notNull().default(0),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('open_sessions_user').on(t.apiUserId, t.issuedAt), index('open_sessions_expires').on(t.expiresAt)],
);

/** Calls per application and UTC day (the daily quota). */
export const openUsage = pgTable(
  'open_usage',
  {
    apiUserId: text('api_user_id').notNull(),
    day: text('day').notNull(),
    calls: integer('calls').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.apiUserId, t.day] })],
);

/** Interfaces root switched off (an interface tagged 'open' is enabled unless listed here as disabled). */
export const openInterfaces = pgTable('open_interfaces', {
  key: text('key').primaryKey(),
  enabled: boolean('enabled').notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** Refused addresses (IP or CIDR), clients and accounts, with a reason and an optional expiry. */
export const openBlacklist = pgTable(
  'open_blacklist',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<'ip' | 'client' | 'account'>().notNull(),
    value: text('value').notNull(),
    reason: text('reason').notNull().default(''),
    expiresAt: ts('expires_at'),
    createdAt: ts('created_at').notNull(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [index('open_blacklist_kind').on(t.kind, t.createdAt)],
);

/** A secret before a rotation (or merged in by the endpoints migration): it also signs until `until` (unix s). */
export interface RetiringSecret {
  secret: string;
  until: number;
}

/**
 * A partner's webhook endpoint (Standard Webhooks): one URL per application, one signing secret (kept: the
 * receiver verifies with it), the event types it hears; retiring secrets sign as well until their time.
 */
export const openWebhooks = pgTable(
  'open_webhooks',
  {
    id: text('id').primaryKey(),
    apiUserId: text('api_user_id').notNull(),
    events: jsonb('events').$type<string[]>().notNull().default([]),
    url: text('url').notNull(),
    signingSecret: text('signing_secret').notNull(),
    retiringSecrets: jsonb('retiring_secrets').$type<RetiringSecret[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [uniqueIndex('open_webhooks_endpoint').on(t.apiUserId, t.url)],
);

/**
 * The outbox of partner events: written in the transaction of the change that causes the event (a
 * rollback leaves none), then fanned out to the subscriptions concerned by the relay (dispatchedAt set).
 */
export const openPartnerEvents = pgTable(
  'open_partner_events',
  {
    id: text('id').primaryKey(),
    event: text('event').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** The owning accounts concerned (null: every subscriber); a superuser-owned application hears all. */
    accountIds: jsonb('account_ids').$type<string[] | null>(),
    createdAt: ts('created_at').notNull(),
    dispatchedAt: ts('dispatched_at'),
  },
  (t) => [index('open_partner_events_pending').on(t.dispatchedAt, t.createdAt)],
);

export const DELIVERY_ROW_STATES = ['pending', 'delivered', 'failed', 'refused'] as const;

export const openWebhookDeliveries = pgTable(
  'open_webhook_deliveries',
  {
    id: text('id').primaryKey(),
    webhookId: text('webhook_id').notNull(),
    /** The event (webhook-id): the same for every attempt and resend, and for every subscription it went to. */
    eventId: text('event_id').notNull().default(''),
    event: text('event').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    state: text('state').$type<(typeof DELIVERY_ROW_STATES)[number]>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatus: integer('last_status'),
    lastError: text('last_error').notNull().default(''),
    createdAt: ts('created_at').notNull(),
    deliveredAt: ts('delivered_at'),
  },
  (t) => [
    index('open_webhook_deliveries_hook').on(t.webhookId, t.createdAt),
    index('open_webhook_deliveries_event').on(t.eventId),
  ],
);
