import { count, eq, inArray } from 'drizzle-orm';
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
