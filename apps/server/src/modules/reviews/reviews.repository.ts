import { isAdvertiserRole, isOperatorRole } from '@robot-ads/contracts/auth/roles';
import type { AuditFilters } from '@robot-ads/contracts/reviews/reviews.schemas';
import { and, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { descendantIdsSql } from '../../platform/scope';
import { isSuperuser, type SessionUser } from '../../platform/session-user';
import { robotIdOfRef, robotsByRefs } from '../devices/delivery.queries';
import { planFilter, planIdsWhere } from '../playlists/playlists.queries';
import { subtreePlans } from '../playlists/playlists.service';
import { latestRecordState } from '../publishing/publishing.queries';
import { type AdAuditRow, adAuditReviews, adAuditRobots, adAudits } from './reviews.table';

/*
 * Read-only lookups of accounts and robots that the review workflow needs in bulk (which property a
 * device stands in, which property accounts review, which devices an account's property holds).
 */

export { accountNames, accountsOfProperty, propertyReviewers } from '../accounts/delivery.queries';
export { robotsByRobotIds, type TargetRobot } from '../devices/delivery.queries';

/** Robot IDs an application targets, sorted. */
export async function robotIdsOfAudit(db: DbOrTx, auditId: string): Promise<Array<{ ref: string; robotId: string }>> {
  const rows = await db
    .select({ ref: adAuditRobots.robotRef })
    .from(adAuditRobots)
    .where(eq(adAuditRobots.auditId, auditId));
  const found = await robotsByRefs(
    db,
    rows.map((r) => r.ref),
  );
  return found.map((r) => ({ ref: r.ref, robotId: r.robotId }));
}

/** How many devices each application targets (only those in `projectId` when given: a property owner's view). */
export async function robotCounts(
  db: DbOrTx,
  auditIds: string[],
  projectId?: string | null,
): Promise<Map<string, number>> {
  if (auditIds.length === 0) return new Map();
  const ofAudits = inArray(adAuditRobots.auditId, auditIds);
  const rows = await db
    .select({ id: adAuditRobots.auditId, n: sql<number>`count(*)::int` })
    .from(adAuditRobots)
    .where(projectId === undefined ? ofAudits : and(ofAudits, ownProperty(projectId)))
    .groupBy(adAuditRobots.auditId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

/** The robot IDs of these applications that stand in one property, per application. */
export async function robotIdsInProperty(
  db: DbOrTx,
  auditIds: string[],
  projectId: string | null,
): Promise<Map<string, Set<string>>> {
  const byAudit = new Map<string, Set<string>>();
  if (auditIds.length === 0) return byAudit;
  const rows = await db
    .select({ id: adAuditRobots.auditId, ref: adAuditRobots.robotRef })
    .from(adAuditRobots)
    .where(and(inArray(adAuditRobots.auditId, auditIds), ownProperty(projectId)));
  const robotIdOf = new Map(
    (
      await robotsByRefs(
        db,
        rows.map((r) => r.ref),
      )
    ).map((r) => [r.ref, r.robotId]),
  );
  for (const r of rows) {
    const robotId = robotIdOf.get(r.ref);
    if (robotId === undefined) continue;
    const set = byAudit.get(r.id) ?? new Set<string>();
    set.add(robotId);
    byAudit.set(r.id, set);
  }
  return byAudit;
}

/** Targets in one property; no property matches nothing. */
export function ownProperty(projectId: string | null) {
  return projectId ? eq(adAuditRobots.projectId, projectId) : sql`false`;
}

/** How many distinct accounts approved account deliveries of these plans name. */
export async function approvedDeliveryAccountCount(db: DbOrTx, playlistIds: string[]): Promise<number> {
  if (playlistIds.length === 0) return 0;
  const [row] = await db
    .select({ n: sql<number>`count(distinct acc.value)::int` })
    .from(sql`${adAudits}, jsonb_array_elements_text(${adAudits.accounts}) as acc(value)`)
    .where(
      and(inArray(adAudits.playlistId, playlistIds), eq(adAudits.state, 'post'), eq(adAudits.deliveryMode, 'accounts')),
    );
  return row?.n ?? 0;
}

// ---- the application lists: scope and filters ----

export const isOperator = (user: Pick<SessionUser, 'role' | 'principals'>) =>
  isSuperuser(user) || isOperatorRole(user.role);

/** What the scope of the application lists depends on (kept with an export job, as it was when started). */
export type AuditScopeUser = Pick<SessionUser, 'id' | 'role' | 'principals' | 'customer' | 'projectId'>;

/**
 * The plans an operator (not root/admin) may see, those of its account subtree (playlists' planScope), as one
 * condition on playlists built without a query: an operator reads and reviews only their applications.
 */
export const operatorPlans = (user: AuditScopeUser) => subtreePlans(descendantIdsSql(user.id));

/** Applications of plans the operator may see (root/admin: every one). */
function operatorScope(user: AuditScopeUser): SQL | undefined {
  if (isSuperuser(user)) return undefined;
  return or(eq(adAudits.applicantId, user.id), sql`${adAudits.playlistId} in (${planIdsWhere(operatorPlans(user))})`);
}

/** Scope of the lists: application records (view apply) and what the caller reviews (view review). */
function listScope(user: AuditScopeUser, view: 'apply' | 'review'): SQL | undefined {
  const ofProject = (projectId: string) =>
    sql`exists (select 1 from ${adAuditRobots} where ${adAuditRobots.auditId} = ${adAudits.id} and ${adAuditRobots.projectId} = ${projectId})`;
  if (view === 'review') {
    if (isOperator(user)) return operatorScope(user);
    if (user.role === 'project' && user.projectId) return ofProject(user.projectId);
    throw new AppError('AUDIT_NOT_REVIEWER');
  }
  if (isOperator(user)) return operatorScope(user);
  if (isAdvertiserRole(user.role))
    return user.customer ? eq(adAudits.clientId, user.customer) : eq(adAudits.applicantId, user.id);
  if (user.role === 'project' && user.projectId) return ofProject(user.projectId);
  return eq(adAudits.applicantId, user.id);
}

/**
 * The condition of an application list: the caller's scope for the view (AUDIT_NOT_REVIEWER when the caller
 * reviews nothing) and the filters. queryByPage and its export (review-exports.ts) list the same rows.
 */
export function auditWhere(_ctx: unknown, user: AuditScopeUser, q: AuditFilters): SQL | undefined {
  const conds: SQL[] = [];
  const scope = listScope(user, q.view);
  if (scope) conds.push(scope);
  if (q.type) conds.push(eq(adAudits.type, q.type));
  if (q.state) conds.push(eq(adAudits.state, q.state));
  if (q.playListId) conds.push(eq(adAudits.playlistId, q.playListId));
  if (q.name) {
    conds.push(sql`${adAudits.playlistId} in (${planIdsWhere(planFilter({ name: q.name }) as SQL)})`);
  }
  if (q.todo) {
    conds.push(eq(adAudits.state, 'pending'));
    if (isOperator(user)) conds.push(sql`${adAudits.steps} @> '[{"kind":"operator","state":"pending"}]'::jsonb`);
    else if (user.role === 'project' && user.projectId) {
      conds.push(
        sql`${adAudits.steps} @> ${JSON.stringify([{ kind: 'owner', projectId: user.projectId, state: 'pending' }])}::jsonb`,
      );
    }
  }
  return conds.length ? and(...conds) : undefined;
}

export async function countAudits(ctx: { db: DbOrTx }, where: SQL | undefined): Promise<number> {
  const [count] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(adAudits).where(where);
  return count?.n ?? 0;
}

/** One page of a list, newest first (the order of queryByPage and of the export). */
export async function auditRows(ctx: { db: DbOrTx }, where: SQL | undefined, start: number, limit: number) {
  return ctx.db
    .select()
    .from(adAudits)
    .where(where)
    .orderBy(desc(adAudits.createdAt), desc(adAudits.id))
    .offset(start)
    .limit(limit);
}

// ---- applications ----

export async function findAudit(db: DbOrTx, id: string): Promise<AdAuditRow | undefined> {
  const [row] = await db.select().from(adAudits).where(eq(adAudits.id, id));
  return row;
}

/** The application, locked for the rest of the transaction. */
export async function lockAuditRow(db: DbOrTx, id: string): Promise<AdAuditRow | undefined> {
  const [row] = await db.select().from(adAudits).where(eq(adAudits.id, id)).for('update');
  return row;
}

/** Whether the application targets a device of this property. */
export async function auditTouchesProperty(db: DbOrTx, auditId: string, projectId: string): Promise<boolean> {
  const [hit] = await db
    .select({ id: adAuditRobots.auditId })
    .from(adAuditRobots)
    .where(and(eq(adAuditRobots.auditId, auditId), eq(adAuditRobots.projectId, projectId)))
    .limit(1);
  return Boolean(hit);
}

/** Whether another application of this type waits for review on the plan. */
export async function pendingDuplicateExists(
  db: DbOrTx,
  playlistId: string,
  type: string,
  exceptId?: string,
): Promise<boolean> {
  const conds: SQL[] = [eq(adAudits.playlistId, playlistId), eq(adAudits.type, type), eq(adAudits.state, 'pending')];
  if (exceptId) conds.push(ne(adAudits.id, exceptId));
  const [dup] = await db
    .select({ id: adAudits.id })
    .from(adAudits)
    .where(and(...conds))
    .limit(1);
  return Boolean(dup);
}

/** The delivery mode and groups stored on an application. */
export async function auditGroups(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ deliveryMode: adAudits.deliveryMode, adGroupIds: adAudits.adGroupIds })
    .from(adAudits)
    .where(eq(adAudits.id, id));
  return row;
}

export async function insertAudit(db: DbOrTx, row: typeof adAudits.$inferInsert): Promise<void> {
  await db.insert(adAudits).values(row);
}

export async function updateAudit(db: DbOrTx, id: string, patch: Partial<typeof adAudits.$inferInsert>): Promise<void> {
  await db.update(adAudits).set(patch).where(eq(adAudits.id, id));
}

export async function deleteAuditRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(adAudits).where(eq(adAudits.id, id));
}

/** Replaces the devices an application targets. */
export async function replaceAuditTargets(
  db: DbOrTx,
  auditId: string,
  targets: readonly { ref: string; projectId: string | null }[],
): Promise<void> {
  await db.delete(adAuditRobots).where(eq(adAuditRobots.auditId, auditId));
  for (let i = 0; i < targets.length; i += 1000) {
    await db
      .insert(adAuditRobots)
      .values(targets.slice(i, i + 1000).map((t) => ({ auditId, robotRef: t.ref, projectId: t.projectId })))
      .onConflictDoNothing();
  }
}

/**
 * A page of an application's devices (only those of `projectId` when given: a property owner's view), by
 * robot ID, with the plan's latest publish state on each.
 */
export async function auditRobotsPage(
  db: DbOrTx,
  row: Pick<AdAuditRow, 'id' | 'playlistId'>,
  projectId: string | null | undefined,
  start: number,
  limit: number,
): Promise<{ total: number; page: Array<{ ref: string; publishState: string | null }> }> {
  const ofAudit = eq(adAuditRobots.auditId, row.id);
  const where = projectId !== undefined ? and(ofAudit, ownProperty(projectId)) : ofAudit;
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(adAuditRobots).where(where);
  const page = await db
    .select({
      ref: adAuditRobots.robotRef,
      publishState: latestRecordState(row.playlistId, adAuditRobots.robotRef),
    })
    .from(adAuditRobots)
    .where(where)
    .orderBy(robotIdOfRef(adAuditRobots.robotRef))
    .offset(start)
    .limit(limit);
  return { total: count?.n ?? 0, page };
}

export async function insertReview(db: DbOrTx, row: typeof adAuditReviews.$inferInsert): Promise<void> {
  await db.insert(adAuditReviews).values(row);
}
