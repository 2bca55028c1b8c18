import { type AnyColumn, and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { publishedToProperty } from '../publishing/publishing.queries';
import { adAuditRobots, adAudits } from './reviews.table';

/*
 * For the plans (PlanDeliveryFacts, passed to playlists by buildApp): what the delivery applications
 * say of a plan. The conditions are correlated on the plan id column given.
 */

/** Of these plans, those with a delivery application waiting for review. */
export async function pendingPlans(db: DbOrTx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ id: adAudits.playlistId })
    .from(adAudits)
    .where(
      and(inArray(adAudits.playlistId, ids), inArray(adAudits.type, ['apply', 'add']), eq(adAudits.state, 'pending')),
    );
  return new Set(rows.map((r) => r.id));
}

/** The plan has a delivery application waiting for review. */
export function pendingApplication(planId: AnyColumn): SQL {
  return sql`exists (select 1 from ${adAudits} where ${adAudits.playlistId} = ${planId} and ${adAudits.type} in ('apply', 'add') and ${adAudits.state} = 'pending')`;
}

/** The plan has an application for a device of this property. */
export function appliedToProperty(planId: AnyColumn, projectId: string): SQL {
  return sql`exists (select 1 from ${adAudits} join ${adAuditRobots} on ${adAuditRobots.auditId} = ${adAudits.id}
        where ${adAudits.playlistId} = ${planId} and ${adAuditRobots.projectId} = ${projectId})`;
}

/** Withdraws the plan's pending applications. */
export async function withdrawPendingApplications(db: DbOrTx, playlistId: string, now: Date): Promise<void> {
  await db
    .update(adAudits)
    .set({ state: 'withdrawn', updatedAt: now })
    .where(and(eq(adAudits.playlistId, playlistId), eq(adAudits.state, 'pending')));
}

/** The plan was published to, or applied for, a device of this property. */
export function planReachesProperty(planId: AnyColumn, projectId: string): SQL {
  return or(publishedToProperty(planId, projectId), appliedToProperty(planId, projectId)) as SQL;
}
