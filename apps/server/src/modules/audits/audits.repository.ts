import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { robotsByRefs } from '../devices/delivery.queries';
import { adAuditRobots, adAudits } from './audits.table';

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
