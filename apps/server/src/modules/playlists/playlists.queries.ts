import { type AnyColumn, and, eq, ilike, inArray, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { adsChangedSince } from '../ads/ads.queries';
import { customerIdsOwnedBy } from '../customers/delivery.queries';
import { playlistAds, playlists } from './playlists.table';

/*
 * For other modules (shooting): plans by a promotion plan ID, 24 characters or the short form (its last 12).
 */
export { type AdSummary, adIdsOfPlans, adSummaries } from './playlists.repository';
export type { PlaylistRow } from './playlists.table';

import { containsLike } from '../../platform/like';
import type { PlaylistRow } from './playlists.table';

/** Live plans within `scope` whose ID is `ref` (24) or ends with it (12); at most 2 (2 means ambiguous). */
export async function plansByRef(db: DbOrTx, ref: string, scope: SQL | undefined) {
  const idCond = ref.length === 24 ? eq(playlists.id, ref) : like(playlists.id, `%${ref}`);
  return db
    .select()
    .from(playlists)
    .where(and(idCond, isNull(playlists.deletedAt), scope))
    .limit(2);
}

/** Plans by id (deleted ones too: a requirement's history outlives its plan). */
export async function plansByIds(db: DbOrTx, ids: readonly string[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return db.select().from(playlists).where(inArray(playlists.id, unique));
}

/** A customer's live plans, oldest first (the demo orders book them). */
export async function plansOfClient(db: DbOrTx, clientId: string) {
  return db
    .select()
    .from(playlists)
    .where(and(eq(playlists.clientId, clientId), isNull(playlists.deletedAt)))
    .orderBy(playlists.createdAt);
}

/** Of these plans, the ids of those whose name contains `name`. */
export async function planIdsNamed(db: DbOrTx, ids: readonly string[], name: string): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const pattern = containsLike(name);
  const rows = await db
    .select({ id: playlists.id })
    .from(playlists)
    .where(and(inArray(playlists.id, unique), ilike(playlists.name, pattern)));
  return rows.map((r) => r.id);
}

/** Subquery: ids of the running plans (not deleted, not ended at `now`): their records hold device slots. */
export function runningPlanIds(now: Date): SQL {
  return sql`select ${playlists.id} from ${playlists} where ${playlists.endAt} > ${now} and ${playlists.deletedAt} is null`;
}

/** Subquery: ids of the plans (deleted ones included) that contain this ad. */
export function planIdsWithAdSql(adId: string): SQL {
  return sql`select ${playlistAds.playlistId} from ${playlistAds} where ${playlistAds.adId} = ${adId}`;
}

/** Publishing by an operator is its approval: the plan shows as approved. */
export async function markPlanApproved(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db.update(playlists).set({ auditState: 'post', updatedAt: now }).where(eq(playlists.id, id));
}

/** Subquery: ids of the plans (deleted ones included) for which `condition` on the plans table holds. */
export function planIdsWhere(condition: SQL): SQL {
  return sql`select ${playlists.id} from ${playlists} where ${condition}`;
}

/** Condition on the plans table: the name contains `name`, the customer is `clientId` (each when given). */
export function planFilter(f: { name?: string; clientId?: string }): SQL | undefined {
  const conds: SQL[] = [];
  if (f.name) conds.push(ilike(playlists.name, containsLike(f.name)));
  if (f.clientId) conds.push(eq(playlists.clientId, f.clientId));
  return conds.length > 0 ? and(...conds) : undefined;
}

/** The plan row, locked for the caller's transaction (an approved application's effect). */
export async function lockPlan(db: DbOrTx, id: string): Promise<PlaylistRow | undefined> {
  const [row] = await db.select().from(playlists).where(eq(playlists.id, id)).for('update');
  return row;
}

/** A delivery application's outcome shown on its plan (audit state and note). */
export async function setPlanAudit(db: DbOrTx, id: string, state: string, note: string, now: Date): Promise<void> {
  await db.update(playlists).set({ auditState: state, auditNote: note, updatedAt: now }).where(eq(playlists.id, id));
}

/** Adds an approved pause to the plan's pauses. */
export async function setPlanPauses(db: DbOrTx, id: string, pauses: PlaylistRow['pauses'], now: Date): Promise<void> {
  await db.update(playlists).set({ pauses, updatedAt: now }).where(eq(playlists.id, id));
}

/** Of these plans (deleted ones included), those for which `condition` on the plans table holds. */
export async function plansByIdsWhere(db: DbOrTx, ids: readonly string[], condition: SQL) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return db
    .select()
    .from(playlists)
    .where(and(inArray(playlists.id, unique), condition))
    .limit(unique.length);
}

/**
 * For the schedule change feed (schedules): plans changed after `since` (an edit, a pause, a deletion),
 * or holding an ad or material changed after it, as rows `(playlist_id, at)`.
 */
export function plansChangedSince(since: Date): SQL {
  return sql`select p.id as playlist_id, p.updated_at as at from ${playlists} p where p.updated_at > ${since}
    union all
    select pa.playlist_id, c.at from (${adsChangedSince(since)}) c join ${playlistAds} pa on pa.ad_id = c.ad_id`;
}

/**
 * The plans of an operator's account subtree: created in it, or of a customer it manages. `accountIds`
 * is the subtree, as a list or as a subquery (descendantIdsSql).
 */
export function subtreePlans(accountIds: string[] | SQL): SQL {
  const inSubtree = (column: AnyColumn) =>
    Array.isArray(accountIds) ? inArray(column, accountIds) : sql`${column} in (${accountIds})`;
  return or(inSubtree(playlists.createdBy), sql`${playlists.clientId} in (${customerIdsOwnedBy(inSubtree)})`) as SQL;
}

/** Condition on the plans table: the plans of one customer. */
export function plansOfCustomer(customerId: string): SQL {
  return eq(playlists.clientId, customerId);
}

/** Condition on the plans table that no plan meets (a caller who may see none). */
export function noPlans(): SQL {
  return sql`false`;
}
