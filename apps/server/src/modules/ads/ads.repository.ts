import { and, asc, count, desc, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsLike } from '../../platform/like';
import type { DataScope } from '../../platform/scope';
import { ownedWhere } from '../media/owned.queries';
import { type AdRow, adResources, advertisements } from './ads.table';

type NewAdRow = typeof advertisements.$inferInsert;
type AdResourceRow = typeof adResources.$inferSelect;

/** The ads a data scope sees (the owner's and customer's rules of materials and media). */
const visible = (scope: DataScope | null): SQL | undefined => (scope ? ownedWhere(scope, advertisements) : undefined);

/** Ads by id, visible in the scope (null: no scope check); missing ids are left out. */
export async function adsByIds(db: DbOrTx, ids: readonly string[], scope: DataScope | null = null): Promise<AdRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(advertisements)
    .where(and(inArray(advertisements.id, [...new Set(ids)]), visible(scope)));
}

export async function findVisibleAd(db: DbOrTx, id: string, scope: DataScope): Promise<AdRow | undefined> {
  const [row] = await db
    .select()
    .from(advertisements)
    .where(and(eq(advertisements.id, id), visible(scope)));
  return row;
}

export async function pageAds(
  db: DbOrTx,
  scope: DataScope,
  q: { start: number; limit: number; name?: string; kind?: string },
): Promise<{ total: number; rows: AdRow[] }> {
  const conds: (SQL | undefined)[] = [visible(scope)];
  if (q.name) conds.push(ilike(advertisements.name, containsLike(q.name)));
  if (q.kind) conds.push(eq(advertisements.kind, q.kind));
  const where = and(...conds);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(advertisements).where(where);
  const rows = await db
    .select()
    .from(advertisements)
    .where(where)
    .orderBy(desc(advertisements.createdAt), desc(advertisements.id))
    .limit(q.limit)
    .offset(q.start);
  return { total, rows };
}

/** The material links of these ads, by ad, screen and position. */
export async function adResourceLinks(db: DbOrTx, adIds: readonly string[]): Promise<AdResourceRow[]> {
  return db
    .select()
    .from(adResources)
    .where(inArray(adResources.adId, [...adIds]))
    .orderBy(asc(adResources.adId), asc(adResources.screen), asc(adResources.position));
}

/** Whether another ad of the same customer (or none) has this name, case aside. */
export async function adNameTaken(
  db: DbOrTx,
  name: string,
  customerId: string | null,
  exceptId?: string,
): Promise<boolean> {
  const [dup] = await db
    .select({ id: advertisements.id })
    .from(advertisements)
    .where(
      and(
        sql`coalesce(${advertisements.customerId}, '') = ${customerId ?? ''}`,
        sql`lower(${advertisements.name}) = lower(${name})`,
        exceptId ? ne(advertisements.id, exceptId) : undefined,
      ),
    );
  return Boolean(dup);
}

/** Replaces an ad's material links. */
export async function replaceAdResources(
  db: DbOrTx,
  adId: string,
  links: { resourceId: string; screen: number; position: number }[],
): Promise<void> {
  await db.delete(adResources).where(eq(adResources.adId, adId));
  if (links.length > 0) await db.insert(adResources).values(links.map((l) => ({ adId, ...l })));
}

export async function insertAd(db: DbOrTx, row: NewAdRow): Promise<AdRow> {
  const [inserted] = await db.insert(advertisements).values(row).returning();
  if (!inserted) throw new Error('ad insert returned nothing');
  return inserted;
}

export async function updateAd(db: DbOrTx, id: string, patch: Partial<NewAdRow>): Promise<AdRow> {
  const [updated] = await db.update(advertisements).set(patch).where(eq(advertisements.id, id)).returning();
  if (!updated) throw new Error('ad update returned nothing');
  return updated;
}

export async function deleteAd(db: DbOrTx, id: string): Promise<void> {
  await db.delete(advertisements).where(eq(advertisements.id, id));
}
