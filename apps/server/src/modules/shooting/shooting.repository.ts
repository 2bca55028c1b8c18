import type { ShootTaskState } from '@robot-ads/contracts/shooting/shooting.rules';
import type { ShootQuery } from '@robot-ads/contracts/shooting/shooting.schemas';
import { and, desc, eq, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsLike } from '../../platform/like';
import {
  type ShootRequirementRow,
  type ShootTaskRow,
  shootRecords,
  shootRequirements,
  shootTasks,
} from './shooting.table';

/** The plans whose requirements a caller sees (null: all). */
export type RequirementScope = readonly string[] | null;

/** The condition of a requirement scope (for this file and shooting-records.repository.ts). */
export function requirementsInScope(scope: RequirementScope): SQL | undefined {
  if (scope === null) return undefined;
  return scope.length === 0 ? sql`false` : inArray(shootRequirements.playlistId, [...scope]);
}

// ---- requirements ----

/** One requirement in scope (locked for update when asked: call it with the transaction). */
export async function findRequirement(
  db: DbOrTx,
  id: string,
  scope: RequirementScope,
  forUpdate = false,
): Promise<ShootRequirementRow | undefined> {
  const q = db
    .select()
    .from(shootRequirements)
    .where(and(eq(shootRequirements.id, id), requirementsInScope(scope)))
    .limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

export async function requirementsByIds(db: DbOrTx, ids: readonly string[]): Promise<ShootRequirementRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(shootRequirements)
    .where(inArray(shootRequirements.id, [...ids]));
}

/** The requirements of a plan that are not cancelled. */
export async function uncancelledRequirementIdsOfPlan(db: DbOrTx, planId: string): Promise<string[]> {
  const rows = await db
    .select({ id: shootRequirements.id })
    .from(shootRequirements)
    .where(and(eq(shootRequirements.playlistId, planId), isNull(shootRequirements.cancelledAt)));
  return rows.map((r) => r.id);
}

/** The plans the requirements in scope name. */
export async function planIdsOfRequirements(db: DbOrTx, scope: RequirementScope): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: shootRequirements.playlistId })
    .from(shootRequirements)
    .where(requirementsInScope(scope));
  return rows.map((r) => r.id);
}

/** The state of a requirement is derived from its tasks: the same rule (shooting.rules) in SQL. */
function stateCondition(state: NonNullable<ShootQuery['state']>): SQL {
  const has = (states: string) =>
    sql`exists (select 1 from ${shootTasks} t where t.requirement_id = ${shootRequirements.id} and t.state in ${sql.raw(states)})`;
  const notCancelled = isNull(shootRequirements.cancelledAt);
  switch (state) {
    case 'cancelled':
      return sql`${shootRequirements.cancelledAt} is not null`;
    case 'pushing':
      return and(notCancelled, has(`('notIssued')`)) as SQL;
    case 'pushFailed':
      return and(
        notCancelled,
        has(`('issueFailed')`),
        sql`not ${has(`('notIssued','inProgress','ongoing','success','fail','notTaken','cancelled')`)}`,
      ) as SQL;
    case 'ongoing':
      return and(notCancelled, sql`not ${has(`('notIssued')`)}`, has(`('inProgress','ongoing')`)) as SQL;
    default:
      return and(
        notCancelled,
        sql`not ${has(`('notIssued','inProgress','ongoing')`)}`,
        has(`('success','fail','notTaken','cancelled')`),
      ) as SQL;
  }
}

/** What the requirements list filters on; `planIds` are the plans matching the plan name, when given. */
export interface RequirementFilter {
  scope: RequirementScope;
  id?: string;
  name?: string;
  /** A 24 character plan ID, or the end of one. */
  planRef?: string;
  planIds?: readonly string[];
  shootDate?: string;
  state?: ShootQuery['state'];
}

/** A page of the requirements that match, newest first, and how many match. */
export async function pageRequirements(
  db: DbOrTx,
  f: RequirementFilter,
  page: { start: number; limit: number },
): Promise<{ total: number; rows: ShootRequirementRow[] }> {
  const conds: (SQL | undefined)[] = [requirementsInScope(f.scope)];
  if (f.id) conds.push(eq(shootRequirements.id, f.id));
  if (f.name) conds.push(ilike(shootRequirements.name, containsLike(f.name)));
  if (f.planRef) {
    const ref = f.planRef;
    conds.push(
      ref.length === 24 ? eq(shootRequirements.playlistId, ref) : ilike(shootRequirements.playlistId, `%${ref}`),
    );
  }
  if (f.planIds)
    conds.push(f.planIds.length === 0 ? sql`false` : inArray(shootRequirements.playlistId, [...f.planIds]));
  if (f.shootDate) conds.push(eq(shootRequirements.shootDate, f.shootDate));
  if (f.state) conds.push(stateCondition(f.state));
  const where = and(...conds);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(shootRequirements).where(where);
  const rows = await db
    .select()
    .from(shootRequirements)
    .where(where)
    .orderBy(desc(shootRequirements.createdAt), desc(shootRequirements.id))
    .limit(page.limit)
    .offset(page.start);
  return { total: Number(count?.n ?? 0), rows };
}

export async function insertRequirement(
  db: DbOrTx,
  row: typeof shootRequirements.$inferInsert,
): Promise<ShootRequirementRow> {
  const [inserted] = await db.insert(shootRequirements).values(row).returning();
  return inserted as ShootRequirementRow;
}

export async function markRequirementCancelled(db: DbOrTx, id: string, now: Date): Promise<ShootRequirementRow> {
  const [updated] = await db
    .update(shootRequirements)
    .set({ cancelledAt: now, updatedAt: now })
    .where(eq(shootRequirements.id, id))
    .returning();
  return updated as ShootRequirementRow;
}

// ---- tasks ----

/** The task states of each requirement. */
export async function taskStatesByRequirement(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, ShootTaskState[]>> {
  const out = new Map<string, ShootTaskState[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({ requirementId: shootTasks.requirementId, state: shootTasks.state })
    .from(shootTasks)
    .where(inArray(shootTasks.requirementId, [...ids]));
  for (const r of rows) {
    const list = out.get(r.requirementId) ?? [];
    list.push(r.state as ShootTaskState);
    out.set(r.requirementId, list);
  }
  return out;
}

export async function insertTasks(db: DbOrTx, rows: (typeof shootTasks.$inferInsert)[]): Promise<void> {
  await db.insert(shootTasks).values(rows);
}

export async function updateTask(db: DbOrTx, id: string, patch: Partial<typeof shootTasks.$inferInsert>) {
  await db.update(shootTasks).set(patch).where(eq(shootTasks.id, id));
}

/** Cancels the requirement's tasks that are not finished yet. */
export async function cancelUnfinishedTasks(db: DbOrTx, requirementId: string, now: Date): Promise<void> {
  await db
    .update(shootTasks)
    .set({ state: 'cancelled', finishedAt: now, updatedAt: now })
    .where(
      and(
        eq(shootTasks.requirementId, requirementId),
        inArray(shootTasks.state, ['notIssued', 'inProgress', 'ongoing']),
      ),
    );
}

/** Puts the requirement's issueFailed tasks back to notIssued (to be pushed again). */
export async function reissueFailedTasks(db: DbOrTx, requirementId: string, now: Date): Promise<void> {
  await db
    .update(shootTasks)
    .set({ state: 'notIssued', finishedAt: null, failReason: null, updatedAt: now })
    .where(and(eq(shootTasks.requirementId, requirementId), eq(shootTasks.state, 'issueFailed')));
}

/** A requirement's tasks (of one state, when given), each with its record's id when it has one. */
export async function tasksWithRecordIds(
  db: DbOrTx,
  requirementId: string,
  state?: ShootTaskState,
): Promise<{ task: ShootTaskRow; recordId: string | null }[]> {
  return db
    .select({ task: shootTasks, recordId: shootRecords.id })
    .from(shootTasks)
    .leftJoin(shootRecords, eq(shootRecords.taskId, shootTasks.id))
    .where(and(eq(shootTasks.requirementId, requirementId), state ? eq(shootTasks.state, state) : undefined));
}

/** The notIssued tasks (of one requirement, or all) with their plan and window end, locked: call it in a transaction. */
export async function lockPendingTasks(db: DbOrTx, requirementId?: string) {
  return db
    .select({ task: shootTasks, planId: shootRequirements.playlistId, windowEnd: shootRequirements.windowEnd })
    .from(shootTasks)
    .innerJoin(shootRequirements, eq(shootRequirements.id, shootTasks.requirementId))
    .where(
      and(eq(shootTasks.state, 'notIssued'), requirementId ? eq(shootTasks.requirementId, requirementId) : undefined),
    )
    .for('update', { of: shootTasks });
}

/** Open tasks whose window is over become notTaken: the requirement of each. */
export async function expireOpenTasks(db: DbOrTx, now: Date): Promise<string[]> {
  const ended = await db
    .update(shootTasks)
    .set({ state: 'notTaken', finishedAt: now, updatedAt: now })
    .where(
      and(
        inArray(shootTasks.state, ['inProgress', 'ongoing']),
        sql`${shootTasks.requirementId} in (select id from ${shootRequirements} where ${shootRequirements.windowEnd} <= ${now})`,
      ),
    )
    .returning({ requirementId: shootTasks.requirementId });
  return ended.map((e) => e.requirementId);
}

// ---- the robot's side ----

/** The robot's inProgress tasks among these become ongoing: those confirmed. */
export async function confirmIssuedTasks(db: DbOrTx, robotRef: string, ids: string[], now: Date) {
  return db
    .update(shootTasks)
    .set({ state: 'ongoing', confirmedAt: now, updatedAt: now })
    .where(and(inArray(shootTasks.id, ids), eq(shootTasks.robotRef, robotRef), eq(shootTasks.state, 'inProgress')))
    .returning({ id: shootTasks.id, requirementId: shootTasks.requirementId });
}

/** A task of this robot with its requirement. */
export async function findRobotTask(db: DbOrTx, robotRef: string, taskId: string) {
  const [row] = await db
    .select({ task: shootTasks, req: shootRequirements })
    .from(shootTasks)
    .innerJoin(shootRequirements, eq(shootRequirements.id, shootTasks.requirementId))
    .where(and(eq(shootTasks.id, taskId), eq(shootTasks.robotRef, robotRef)))
    .limit(1);
  return row;
}

/** The task, locked: call it in a transaction. */
export async function lockTask(db: DbOrTx, id: string): Promise<ShootTaskRow | undefined> {
  const [locked] = await db.select().from(shootTasks).where(eq(shootTasks.id, id)).for('update');
  return locked;
}

/** An open (inProgress or ongoing) task fails with the robot's reason. */
export async function failOpenTask(db: DbOrTx, id: string, reason: string, now: Date): Promise<void> {
  await db
    .update(shootTasks)
    .set({ state: 'fail', failReason: reason, finishedAt: now, updatedAt: now })
    .where(and(eq(shootTasks.id, id), inArray(shootTasks.state, ['inProgress', 'ongoing'])));
}

// ---- records ----

export async function insertRecord(db: DbOrTx, row: typeof shootRecords.$inferInsert): Promise<void> {
  await db.insert(shootRecords).values(row);
}

/** Stores a record's photo check (photo-check.ts). */
export async function setPhotoMatch(db: DbOrTx, id: string, matchDistance: number, needsReview: boolean) {
  await db.update(shootRecords).set({ matchDistance, needsReview }).where(eq(shootRecords.id, id));
}
