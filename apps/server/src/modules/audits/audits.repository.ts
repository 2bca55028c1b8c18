import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts } from '../accounts/accounts.table';
import { robots } from '../devices/devices.table';
import { adAuditRobots, adAudits } from './audits.table';

/*
 * Read-only lookups of accounts and robots that the review workflow needs in bulk (which property a
 * device stands in, which property accounts review, which devices an account's property holds).
 */

export interface TargetRobot {
  ref: string;
  robotId: string;
  projectId: string | null;
}

export async function robotsByRobotIds(db: DbOrTx, robotIds: string[]): Promise<TargetRobot[]> {
  if (robotIds.length === 0) return [];
  return db
    .select({ ref: robots.id, robotId: robots.robotId, projectId: robots.projectId })
    .from(robots)
    .where(inArray(robots.robotId, [...new Set(robotIds)]));
}

/** Project accounts of these properties and whether they approve automatically (autoAudit yes). */
export async function propertyReviewers(
  db: DbOrTx,
  projectIds: string[],
  applicantId: string,
): Promise<Array<{ projectId: string; accountId: string; autoAudit: boolean }>> {
  if (projectIds.length === 0) return [];
  const rows = await db
    .select({
      projectId: accounts.projectId,
      accountId: accounts.id,
      autoAudit: accounts.autoAudit,
      reviewApplicants: accounts.reviewApplicants,
    })
    .from(accounts)
    .where(and(eq(accounts.role, 'project'), inArray(accounts.projectId, projectIds), eq(accounts.enabled, true)));
  // Owner authorization of reviews: an owner limited to some applicants does not review the others'.
  return rows
    .filter((r) => (r.reviewApplicants ?? []).length === 0 || r.reviewApplicants.includes(applicantId))
    .map((r) => ({ projectId: r.projectId as string, accountId: r.accountId, autoAudit: r.autoAudit }));
}

export async function accountNames(db: DbOrTx, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(inArray(accounts.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Those of these accounts that stand for one property (a property owner's view of an application's accounts). */
export async function accountsOfProperty(db: DbOrTx, ids: string[], projectId: string | null): Promise<Set<string>> {
  if (ids.length === 0 || !projectId) return new Set();
  const rows = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(inArray(accounts.id, [...new Set(ids)]), eq(accounts.projectId, projectId)));
  return new Set(rows.map((r) => r.id));
}

/** Robot IDs an application targets. */
export async function robotIdsOfAudit(db: DbOrTx, auditId: string): Promise<Array<{ ref: string; robotId: string }>> {
  return db
    .select({ ref: robots.id, robotId: robots.robotId })
    .from(adAuditRobots)
    .innerJoin(robots, eq(robots.id, adAuditRobots.robotRef))
    .where(eq(adAuditRobots.auditId, auditId))
    .orderBy(robots.robotId);
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
    .select({ id: adAuditRobots.auditId, robotId: robots.robotId })
    .from(adAuditRobots)
    .innerJoin(robots, eq(robots.id, adAuditRobots.robotRef))
    .where(and(inArray(adAuditRobots.auditId, auditIds), ownProperty(projectId)));
  for (const r of rows) {
    const set = byAudit.get(r.id) ?? new Set<string>();
    set.add(r.robotId);
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
