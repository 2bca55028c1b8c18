import type { ReviewStep } from '@robot-ads/contracts/reviews/review-state.rules';
import { index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { exportJobColumns } from '../../platform/exports';
import { robots } from '../devices/devices.table';
import { playlists } from '../playlists/playlists.table';

const ts = (name: string) => timestamp(name, { withTimezone: true });

export interface StoredStep extends ReviewStep {
  reviewerId: string | null;
  reviewerName: string | null;
  note: string;
  /** unix seconds of the decision */
  time: number | null;
}

/** Applications (spec section 3, Audit record): apply, cancel, add devices, pause. */
export const adAudits = pgTable(
  'ad_audits',
  {
    id: text('id').primaryKey(),
    playlistId: text('playlist_id')
      .notNull()
      .references(() => playlists.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    state: text('state').notNull(),
    applicantId: text('applicant_id').notNull(),
    applicantName: text('applicant_name').notNull(),
    /** The customer (client) of the plan: advertisers see their customer's applications. */
    clientId: text('client_id').notNull(),
    deliveryMode: text('delivery_mode').notNull(),
    robotIds: jsonb('robot_ids').$type<string[]>().notNull().default([]),
    adGroupIds: jsonb('ad_group_ids').$type<string[]>().notNull().default([]),
    accounts: jsonb('accounts').$type<string[]>().notNull().default([]),
    /** The applicant's note, or the cancellation / pause reason. */
    reason: text('reason').notNull().default(''),
    pauseBeginAt: ts('pause_begin_at'),
    pauseEndAt: ts('pause_end_at'),
    steps: jsonb('steps').$type<StoredStep[]>().notNull(),
    /** The latest reviewer's note (the rejection reason when rejected). */
    note: text('note').notNull().default(''),
    auditAt: ts('audit_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('ad_audits_plan_idx').on(t.playlistId, t.type, t.state),
    index('ad_audits_applicant_idx').on(t.applicantId, t.createdAt),
    index('ad_audits_client_idx').on(t.clientId, t.createdAt),
    index('ad_audits_state_idx').on(t.state, t.createdAt),
  ],
);

/** The devices an application targets, resolved when it is submitted (robots, groups or accounts). */
export const adAuditRobots = pgTable(
  'ad_audit_robots',
  {
    auditId: text('audit_id')
      .notNull()
      .references(() => adAudits.id, { onDelete: 'cascade' }),
    robotRef: text('robot_ref')
      .notNull()
      .references(() => robots.id, { onDelete: 'cascade' }),
    projectId: text('project_id'),
  },
  (t) => [
    primaryKey({ columns: [t.auditId, t.robotRef] }),
    index('ad_audit_robots_project_idx').on(t.projectId, t.auditId),
  ],
);

/** Every review decision (the audit records list: reviewer, opinion, time). */
export const adAuditReviews = pgTable(
  'ad_audit_reviews',
  {
    id: text('id').primaryKey(),
    auditId: text('audit_id')
      .notNull()
      .references(() => adAudits.id, { onDelete: 'cascade' }),
    reviewerId: text('reviewer_id').notNull(),
    reviewerName: text('reviewer_name').notNull(),
    kind: text('kind').notNull(),
    projectId: text('project_id'),
    decision: text('decision').notNull(),
    note: text('note').notNull().default(''),
    at: ts('at').notNull(),
  },
  (t) => [
    index('ad_audit_reviews_audit_idx').on(t.auditId),
    index('ad_audit_reviews_reviewer_idx').on(t.reviewerId, t.at),
  ],
);

/**
 * Background exports of the application lists (POST /api/Ad_Audits/exportAd_audit), run by
 * platform/exports.ts: `params` keeps the list's filters and the caller's scope as they were when started.
 */
export const auditExports = pgTable(
  'audit_exports',
  {
    ...exportJobColumns(),
    language: text('language').notNull().default('zh'),
    timeZone: text('time_zone').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull().default({}),
    error: text('error'),
  },
  (t) => [index('audit_exports_created_idx').on(t.createdAt)],
);

export type AdAuditRow = typeof adAudits.$inferSelect;
