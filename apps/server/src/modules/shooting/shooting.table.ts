import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/*
 * Shooting requirements (docs/shooting.md). Plans and robots are referenced by id without a foreign key:
 * their tables belong to other modules, and a requirement's history outlives a deleted plan or robot.
 */

/** A requirement: photo proof of one plan on chosen robots within a window. */
export const shootRequirements = pgTable(
  'shoot_requirements',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    playlistId: text('playlist_id').notNull(),
    shootDate: text('shoot_date').notNull(),
    beginTime: text('begin_time').notNull(),
    endTime: text('end_time').notNull(),
    timeZone: text('time_zone').notNull(),
    windowBegin: ts('window_begin').notNull(),
    windowEnd: ts('window_end').notNull(),
    creatorId: text('creator_id').notNull(),
    creatorName: text('creator_name'),
    cancelledAt: ts('cancelled_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('shoot_requirements_plan_idx').on(t.playlistId),
    index('shoot_requirements_created_idx').on(t.createdAt),
  ],
);
export type ShootRequirementRow = typeof shootRequirements.$inferSelect;

/** One robot's task of a requirement; state as SHOOT_TASK_STATES. */
export const shootTasks = pgTable(
  'shoot_tasks',
  {
    id: text('id').primaryKey(),
    requirementId: text('requirement_id')
      .notNull()
      .references(() => shootRequirements.id, { onDelete: 'cascade' }),
    robotRef: text('robot_ref').notNull(),
    state: text('state').notNull(),
    issuedAt: ts('issued_at'),
    confirmedAt: ts('confirmed_at'),
    finishedAt: ts('finished_at'),
    failReason: text('fail_reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Every change: the schedule change feed looks for tasks changed since its last look. */
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shoot_tasks_requirement_robot_uq').on(t.requirementId, t.robotRef),
    index('shoot_tasks_robot_idx').on(t.robotRef, t.state),
    index('shoot_tasks_state_idx').on(t.state),
    index('shoot_tasks_updated_idx').on(t.updatedAt),
  ],
);
export type ShootTaskRow = typeof shootTasks.$inferSelect;

/** The photo of a task (one per task). */
export const shootRecords = pgTable(
  'shoot_records',
  {
    id: text('id').primaryKey(),
    taskId: text('task_id')
      .notNull()
      .references(() => shootTasks.id, { onDelete: 'cascade' }),
    requirementId: text('requirement_id').notNull(),
    robotRef: text('robot_ref').notNull(),
    objectKey: text('object_key').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    width: integer('width'),
    height: integer('height'),
    adId: text('ad_id'),
    takenAt: ts('taken_at').notNull(),
    uploadedAt: ts('uploaded_at').notNull().defaultNow(),
    /**
     * Photo check (docs/shooting.md): the distance (0-64) between the photo and the ad's material
     * (photo-match.ts), null when it could not be measured (no still of the material); a photo farther
     * than PHOTO_MATCH_MAX_DISTANCE needs review.
     */
    matchDistance: integer('match_distance'),
    needsReview: boolean('needs_review').notNull().default(false),
  },
  (t) => [
    uniqueIndex('shoot_records_task_uq').on(t.taskId),
    index('shoot_records_requirement_idx').on(t.requirementId, t.takenAt),
    index('shoot_records_taken_idx').on(t.takenAt),
  ],
);
export type ShootRecordRow = typeof shootRecords.$inferSelect;

export const OPEN_TASK_SQL = sql`('inProgress', 'ongoing')`;
