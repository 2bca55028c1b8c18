import { asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { resourcesChangedSince } from '../resources/resources.queries';
import { adResources, advertisements } from './ads.table';

// ---------------------------------------------------------------------------------------------
// For the publishing module (helper B): what the section 8 deliverability check reads of an ad.

export interface AdDeliverability {
  template: number;
  /** Materials linked to the ad, on all its screens. */
  materials: number;
}

/** Template and material count of each existing ad, in one query; missing ids are left out. */
export async function adDeliverability(db: DbOrTx, adIds: string[]): Promise<Map<string, AdDeliverability>> {
  if (adIds.length === 0) return new Map();
  const rows = await db
    .select({ id: advertisements.id, template: advertisements.template, materials: count(adResources.resourceId) })
    .from(advertisements)
    .leftJoin(adResources, eq(adResources.adId, advertisements.id))
    .where(inArray(advertisements.id, [...new Set(adIds)]))
    .groupBy(advertisements.id);
  return new Map(rows.map((r) => [r.id, { template: r.template, materials: Number(r.materials) }]));
}

// ---------------------------------------------------------------------------------------------
// For the statistics module: names and first material of the ads in a report.

export interface AdSummary {
  name: string;
  kind: string;
  /** The ad's first material (first screen, first position), if any. */
  resourceId: string | null;
}

/** Name, kind and first material of each existing ad; missing ids are left out. */
export async function adSummaries(db: DbOrTx, adIds: readonly string[]): Promise<Map<string, AdSummary>> {
  const ids = [...new Set(adIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: advertisements.id, name: advertisements.name, kind: advertisements.kind })
    .from(advertisements)
    .where(inArray(advertisements.id, ids));
  const materials = await db
    .select({ adId: adResources.adId, resourceId: adResources.resourceId })
    .from(adResources)
    .where(inArray(adResources.adId, ids))
    .orderBy(asc(adResources.adId), asc(adResources.screen), asc(adResources.position));
  const first = new Map<string, string>();
  for (const m of materials) if (!first.has(m.adId)) first.set(m.adId, m.resourceId);
  return new Map(rows.map((r) => [r.id, { name: r.name, kind: r.kind, resourceId: first.get(r.id) ?? null }]));
}

// ---------------------------------------------------------------------------------------------
// For the play-events module: where a scan of an ad's QR code leads (GET /q/:code).

/** The stored QR target of the ad (http/https), or null when it has none or does not exist. */
export async function adQrTarget(db: DbOrTx, adId: string): Promise<string | null> {
  const [row] = await db
    .select({ target: advertisements.qrTarget })
    .from(advertisements)
    .where(eq(advertisements.id, adId));
  return row?.target ?? null;
}

// ---------------------------------------------------------------------------------------------
// For the schedule change feed (schedules): ads whose playback may have changed.

/** Ads changed after `since`, or holding a material changed after it, as rows `(ad_id, at)`. */
export function adsChangedSince(since: Date): SQL {
  return sql`select ${advertisements.id} as ad_id, ${advertisements.updatedAt} as at from ${advertisements} where ${advertisements.updatedAt} > ${since}
    union all
    select ar.ad_id, m.at from (${resourcesChangedSince(since)}) m join ${adResources} ar on ar.resource_id = m.resource_id`;
}

// ---------------------------------------------------------------------------------------------
// For the demo delivery seeder (reviews): a customer's ads by name, and the kinds of ads.

/** A customer's ads, name -> id. */
export async function adIdsByName(db: DbOrTx, customerId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ id: advertisements.id, name: advertisements.name })
    .from(advertisements)
    .where(eq(advertisements.customerId, customerId));
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** The kinds (picture, video) of these ads, each once. */
export async function adKinds(db: DbOrTx, adIds: string[]): Promise<string[]> {
  const rows = await db
    .selectDistinct({ kind: advertisements.kind })
    .from(advertisements)
    .where(inArray(advertisements.id, adIds));
  return rows.map((r) => r.kind);
}

/**
 * The material an ad's screen shows largest: on its first screen, the last position (template 2: the
 * main area under the banner). Null for an ad without materials. For the shooting photo check.
 */
export async function adMainResourceId(db: DbOrTx, adId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: adResources.resourceId, screen: adResources.screen, position: adResources.position })
    .from(adResources)
    .where(eq(adResources.adId, adId))
    .orderBy(asc(adResources.screen), sql`${adResources.position} desc`)
    .limit(1);
  return row?.id ?? null;
}

/** For the resources module: which ads use these materials (passed to ResourcesService by buildApp). */
export async function adsUsingResources(
  db: DbOrTx,
  resourceIds: string[],
): Promise<{ resourceId: string; adName: string }[]> {
  if (resourceIds.length === 0) return [];
  return db
    .select({ resourceId: adResources.resourceId, adName: advertisements.name })
    .from(adResources)
    .innerJoin(advertisements, eq(advertisements.id, adResources.adId))
    .where(inArray(adResources.resourceId, resourceIds))
    .orderBy(asc(advertisements.name));
}
