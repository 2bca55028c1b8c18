import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { exportJobColumns } from '../../platform/exports';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/** A booked amount line (price at quote time), kept on the order. */
export interface OrderLine {
  robotRef: string;
  robotId: string;
  robotName: string;
  salesType: 'trial' | 'rental' | 'sales';
  priceFen: number;
  freeMaterials: number;
  extraMaterials: number;
  amountFen: number;
}

/** Orders (issue 17, docs/sales.md): money in integer fen only. */
export const orders = pgTable(
  'sales_orders',
  {
    id: text('id').primaryKey(),
    orderNo: text('order_no').notNull().unique(),
    name: text('name').notNull(),
    customerId: text('customer_id').notNull(),
    /** The customer's managing account when the order was made (scope of salespeople). */
    customerOwnerId: text('customer_owner_id'),
    playlistId: text('playlist_id').notNull(),
    playlistName: text('playlist_name').notNull(),
    state: text('state').notNull().default('reviewing'),
    weeks: integer('weeks').notNull(),
    beginAt: ts('begin_at').notNull(),
    endAt: ts('end_at').notNull(),
    materials: integer('materials').notNull(),
    lines: jsonb('lines').$type<OrderLine[]>().notNull(),
    amountFen: integer('amount_fen').notNull(),
    quotedAmountFen: integer('quoted_amount_fen').notNull(),
    overrideReason: text('override_reason').notNull().default(''),
    actualDeviceCount: integer('actual_device_count').notNull().default(0),
    syncedAt: ts('synced_at'),
    creditFen: integer('credit_fen').notNull().default(0),
    reviewReason: text('review_reason').notNull().default(''),
    /** When the amount became owed (approval), paid, credited: the bill's lines. */
    approvedAt: ts('approved_at'),
    paidAt: ts('paid_at'),
    creditedAt: ts('credited_at'),
    createdBy: text('created_by').notNull(),
    createdByName: text('created_by_name').notNull().default(''),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('sales_orders_customer_idx').on(t.customerId, t.createdAt),
    index('sales_orders_state_idx').on(t.state),
  ],
);
export type OrderRow = typeof orders.$inferSelect;

/** Every transition of an order (who, when, why). */
export const orderHistory = pgTable(
  'sales_order_history',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id').notNull(),
    action: text('action').notNull(),
    fromState: text('from_state').notNull().default(''),
    toState: text('to_state').notNull(),
    actorId: text('actor_id').notNull(),
    actorName: text('actor_name').notNull().default(''),
    reason: text('reason').notNull().default(''),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('sales_order_history_order_idx').on(t.orderId, t.createdAt)],
);

/** Intended customers (leads): a small CRM (issue 17). */
export const leads = pgTable(
  'sales_leads',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    phone: text('phone').notNull().unique(),
    industry: text('industry').notNull().default(''),
    province: text('province').notNull().default(''),
    city: text('city').notNull().default(''),
    source: text('source').notNull().default('other'),
    priority: text('priority').notNull().default('ordinary'),
    followState: text('follow_state').notNull().default('notFollowed'),
    ownerId: text('owner_id').notNull(),
    ownerName: text('owner_name').notNull().default(''),
    nextFollowAt: ts('next_follow_at'),
    /** The nextFollowAt a reminder was sent for (one notification per date). */
    remindedFor: ts('reminded_for'),
    customerId: text('customer_id'),
    lastNoteAt: ts('last_note_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('sales_leads_owner_idx').on(t.ownerId, t.createdAt), index('sales_leads_next_idx').on(t.nextFollowAt)],
);
export type LeadRow = typeof leads.$inferSelect;

export const leadNotes = pgTable(
  'sales_lead_notes',
  {
    id: text('id').primaryKey(),
    leadId: text('lead_id').notNull(),
    authorId: text('author_id').notNull(),
    authorName: text('author_name').notNull().default(''),
    content: text('content').notNull(),
    followState: text('follow_state').notNull().default(''),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('sales_lead_notes_lead_idx').on(t.leadId, t.createdAt)],
);

/** Branches: regional accounts (agents) and the provinces/cities they sell in (docs/sales.md). */
export const branches = pgTable('sales_branches', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  accountId: text('account_id').notNull().unique(),
  regions: jsonb('regions').$type<Array<{ province: string; city: string }>>().notNull(),
  createdBy: text('created_by').notNull(),
  createdAt: ts('created_at').notNull(),
});
export type BranchRow = typeof branches.$inferSelect;

/** Background xlsx exports of leads and orders (platform/exports.ts): the caller and filters are kept. */
export const salesExports = pgTable('sales_exports', {
  ...exportJobColumns(),
  kind: text('kind').notNull(),
  filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
  user: jsonb('user').$type<Record<string, unknown>>().notNull(),
  lang: text('lang').notNull().default('zh'),
});
