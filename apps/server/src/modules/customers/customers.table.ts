import { boolean, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** An advertiser's client (spec section 3 "Customer"); advertiser accounts belong to one. */
export const customers = pgTable(
  'customers',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** advertisers or advertiser (spec section 3). */
    category: text('category').notNull().default('advertisers'),
    /** unsubmitted, pending, pass or reject (customer audit); rows before the review existed are pass. */
    auditStatus: text('audit_status').notNull().default('pass'),
    /** The reason of the last rejection. */
    auditNote: text('audit_note').notNull().default(''),
    phone: text('phone').notNull().default(''),
    industry: text('industry').notNull().default(''),
    province: text('province').notNull().default(''),
    city: text('city').notNull().default(''),
    district: text('district').notNull().default(''),
    contacts: jsonb('contacts').$type<Array<{ name: string; phone: string }>>().notNull().default([]),
    /** The operator account that manages this customer (operators see their subtree's customers). */
    ownerId: text('owner_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('customers_name_idx').on(t.name),
    index('customers_owner_idx').on(t.ownerId),
    index('customers_audit_status_idx').on(t.auditStatus),
  ],
);

export type CustomerRow = typeof customers.$inferSelect;

/** Enterprise information of a customer (/account/customer/mainInfo): one row per customer. */
export const customerEnterprises = pgTable('customer_enterprises', {
  customerId: text('customer_id').primaryKey(),
  enterpriseName: text('enterprise_name').notNull(),
  contactName: text('contact_name').notNull().default(''),
  contactPhone: text('contact_phone').notNull().default(''),
  province: text('province').notNull().default(''),
  creditCode: text('credit_code').notNull(),
  legalPersonIdNumber: text('legal_person_id_number').notNull(),
  licenceMediaId: text('licence_media_id').notNull(),
  licenceValidUntil: timestamp('licence_valid_until', { withTimezone: true }),
  qualifications: jsonb('qualifications')
    .$type<Array<{ mediaId: string; begin: number | null; end: number | null }>>()
    .notNull()
    .default([]),
  agent: boolean('agent').notNull().default(false),
  updatedBy: text('updated_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export type CustomerEnterpriseRow = typeof customerEnterprises.$inferSelect;
/** What a save writes to a customer's enterprise row. */
export type EnterpriseValues = Omit<typeof customerEnterprises.$inferInsert, 'customerId'>;

/** A customer review application: the submitted enterprise information and its decision. */
export const customerAudits = pgTable(
  'customer_audits',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    applicantId: text('applicant_id').notNull(),
    applicantName: text('applicant_name').notNull().default(''),
    /** pending, pass or reject. */
    state: text('state').notNull().default('pending'),
    note: text('note').notNull().default(''),
    reviewerId: text('reviewer_id'),
    reviewerName: text('reviewer_name').notNull().default(''),
    /** The enterprise information as submitted (customer_enterprises columns, times in unix seconds). */
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    auditedAt: timestamp('audited_at', { withTimezone: true }),
  },
  (t) => [
    index('customer_audits_customer_idx').on(t.customerId),
    index('customer_audits_applicant_idx').on(t.applicantId),
    index('customer_audits_state_idx').on(t.state),
  ],
);
export type CustomerAuditRow = typeof customerAudits.$inferSelect;
