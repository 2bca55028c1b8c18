import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** An advertiser's client (spec section 3 "Customer"); advertiser accounts belong to one. */
export const customers = pgTable(
  'customers',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** advertisers or advertiser (spec section 3). */
    category: text('category').notNull().default('advertisers'),
    /** pass, or pending/reject while under customer audit. */
    auditStatus: text('audit_status').notNull().default('pass'),
    phone: text('phone').notNull().default(''),
    industry: text('industry').notNull().default(''),
    /** The operator account that manages this customer (operators see their subtree's customers). */
    ownerId: text('owner_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customers_name_idx').on(t.name), index('customers_owner_idx').on(t.ownerId)],
);

export type CustomerRow = typeof customers.$inferSelect;
