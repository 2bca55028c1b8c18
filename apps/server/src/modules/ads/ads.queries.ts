import { asc, count, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
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
