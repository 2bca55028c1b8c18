import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../platform/context';
import { playlistAds } from './playlists.table';

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
export async function adSummaries(ctx: AppContext, db: DbOrTx, adIds: string[]): Promise<Map<string, AdSummary>> {
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
