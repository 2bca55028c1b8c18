import type { DeliveryStatus } from '@robot-ads/contracts/publishing/delivery-status.rules';
import { and, asc, desc, eq, ilike, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsLike } from '../../platform/like';
import type { PlanDeliveryFacts, PlaylistsContext } from './playlists.context';
import { type PlaylistRow, playlistAds, playlists } from './playlists.table';

/*
 * Lookups for plans: their ads (through the ads service) and customer names (read in bulk so that a
 * page of plans costs a fixed number of queries; nothing here writes another module's table).
 */

export interface AdSummary {
  id: string;
  name: string;
  kind: string;
  customerId: string | null;
  template: number;
  /** Materials of the ad that still exist: each takes one slot. */
  materials: number;
}

/** The ads with their materials, through the ads module (materials that vanished are not counted). */
export async function adSummaries(ctx: PlaylistsContext, db: DbOrTx, adIds: string[]): Promise<Map<string, AdSummary>> {
  const out = new Map<string, AdSummary>();
  if (adIds.length === 0) return out;
  const ads = await ctx.ads.getAdsWithResources([...new Set(adIds)], db);
  for (const a of ads) {
    out.set(a.id, {
      id: a.id,
      name: a.name,
      kind: a.kind,
      customerId: a.customerId,
      template: a.template,
      materials: a.resourcesObjs.reduce((n, screen) => n + screen.length, 0),
    });
  }
  return out;
}

/** Ad ids of each plan, in play order. */
export async function adIdsOfPlans(db: DbOrTx, playlistIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (playlistIds.length === 0) return out;
  const rows = await db
    .select()
    .from(playlistAds)
    .where(inArray(playlistAds.playlistId, playlistIds))
    .orderBy(asc(playlistAds.playlistId), asc(playlistAds.position));
  for (const r of rows) {
    const list = out.get(r.playlistId) ?? [];
    list.push(r.adId);
    out.set(r.playlistId, list);
  }
  return out;
}

/** The plans (deleted ones included) that contain this ad. */
export async function planIdsWithAd(db: DbOrTx, adId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ playlistId: playlistAds.playlistId })
    .from(playlistAds)
    .where(eq(playlistAds.adId, adId));
  return rows.map((r) => r.playlistId);
}

/** A live (not deleted) plan meeting `scope` (every plan when absent), locked when `forUpdate`. */
export async function findPlanInScope(
  db: DbOrTx,
  id: string,
  scope: SQL | undefined,
  forUpdate: boolean,
  withDeleted = false,
): Promise<PlaylistRow | undefined> {
  const q = db
    .select()
    .from(playlists)
    .where(and(eq(playlists.id, id), ...(withDeleted ? [] : [isNull(playlists.deletedAt)]), ...(scope ? [scope] : [])))
    .limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/** Ids of the plans meeting `scope` (deleted ones too), of one customer when `clientId` is given. */
export async function planIdsInScope(db: DbOrTx, scope: SQL | undefined, clientId?: string): Promise<string[]> {
  const rows = await db
    .select({ id: playlists.id })
    .from(playlists)
    .where(and(clientId !== undefined ? eq(playlists.clientId, clientId) : undefined, scope));
  return rows.map((r) => r.id);
}

export interface PlanPageFilter {
  name?: string;
  clientId?: string;
  playListId?: string;
  /** The caller's plan scope, when limited. */
  scope?: SQL;
  /** The delivery status condition (deliveryStatusCondition), when filtered. */
  status?: SQL;
  /** Further conditions of the list (online, history). */
  extra: SQL[];
}

/** One page of live plans, newest first, and how many match. */
export async function planPage(db: DbOrTx, f: PlanPageFilter, page: { start: number; limit: number }) {
  const conds: SQL[] = [isNull(playlists.deletedAt), ...f.extra];
  if (f.scope) conds.push(f.scope);
  if (f.name) conds.push(ilike(playlists.name, containsLike(f.name)));
  if (f.clientId) conds.push(eq(playlists.clientId, f.clientId));
  if (f.playListId) conds.push(eq(playlists.id, f.playListId));
  if (f.status) conds.push(f.status);
  const where = and(...conds);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(playlists).where(where);
  const rows = await db
    .select()
    .from(playlists)
    .where(where)
    .orderBy(desc(playlists.createdAt), desc(playlists.id))
    .offset(page.start)
    .limit(page.limit);
  return { total: count?.n ?? 0, rows };
}

/** SQL form of deliveryStatus for list filters (same cases, same order); null for an unknown status. */
export function deliveryStatusCondition(delivery: PlanDeliveryFacts, status: DeliveryStatus, now: Date): SQL | null {
  const liveCount = (state?: string) => delivery.recordCount(playlists.id, state);
  const pendingExists = delivery.pendingApplication(playlists.id);
  const live = sql`${liveCount()} > 0`;
  const ended = sql`${playlists.endAt} <= ${now}`;
  switch (status) {
    case 'cancelled':
      return sql`(${liveCount()} = 0 and ${liveCount('cancelled')} > 0 and not ${pendingExists})`;
    case 'pendingReview':
      return sql`(${liveCount()} = 0 and ${pendingExists})`;
    case 'notDelivered':
      return sql`(${liveCount()} = 0 and not ${pendingExists} and ${liveCount('cancelled')} = 0)`;
    case 'ended':
      return sql`(${live} and ${ended})`;
    case 'toBeIssued':
      return sql`(${live} and not ${ended} and ${liveCount('notIssued')} = ${liveCount()})`;
    case 'notStarted':
      return sql`(${live} and not ${ended} and ${liveCount('notIssued')} < ${liveCount()} and ${playlists.beginAt} > ${now})`;
    case 'issued':
      return sql`(${live} and not ${ended} and ${playlists.beginAt} <= ${now} and ${liveCount('pulled')} = 0 and ${liveCount('issued')} > 0)`;
    case 'live':
      return sql`(${live} and not ${ended} and ${playlists.beginAt} <= ${now} and ${liveCount('pulled')} > 0)`;
    default:
      return null;
  }
}

/** The online delivery list's conditions: delivered to devices and not ended. */
export function onlineConditions(delivery: PlanDeliveryFacts, now: Date): SQL[] {
  return [sql`${delivery.recordCount(playlists.id)} > 0`, sql`${playlists.endAt} > ${now}`];
}

/** The history list's condition: ever published (any record). */
export function everPublishedCondition(delivery: PlanDeliveryFacts): SQL {
  return delivery.everPublished(playlists.id);
}

/** A new plan's row (without its id) and its ads in play order. */
export async function insertPlan(
  db: DbOrTx,
  id: string,
  adIds: string[],
  values: Omit<typeof playlists.$inferInsert, 'id'>,
): Promise<void> {
  await db.insert(playlists).values({ id, ...values });
  await db.insert(playlistAds).values(adIds.map((adId, position) => ({ playlistId: id, position, adId })));
}

/** Edits a plan's row and replaces its ads (in play order). */
export async function updatePlanFields(
  db: DbOrTx,
  id: string,
  adIds: string[],
  values: Partial<typeof playlists.$inferInsert>,
): Promise<void> {
  await db.update(playlists).set(values).where(eq(playlists.id, id));
  await db.delete(playlistAds).where(eq(playlistAds.playlistId, id));
  await db.insert(playlistAds).values(adIds.map((adId, position) => ({ playlistId: id, position, adId })));
}

/** A deleted plan keeps its row (links to it say "the plan has been cancelled"). */
export async function markPlanDeleted(db: DbOrTx, id: string, now: Date): Promise<void> {
  await db.update(playlists).set({ deletedAt: now, updatedAt: now }).where(eq(playlists.id, id));
}
