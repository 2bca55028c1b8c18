import { and, asc, count, desc, eq, ilike, inArray, max, or, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsLike } from '../../platform/like';
import { type WechatBannerRow, type WechatUserRow, wechatBanners, wechatUsers } from './wechat.table';

export async function userPage(
  db: DbOrTx,
  f: { keyword?: string; robotRefs?: string[]; blocked?: boolean; start: number; limit: number },
): Promise<{ total: number; rows: WechatUserRow[] }> {
  const like = f.keyword ? containsLike(f.keyword) : null;
  const conditions: (SQL | undefined)[] = [
    like
      ? or(ilike(wechatUsers.openid, like), ilike(wechatUsers.nickname, like), ilike(wechatUsers.phone, like))
      : undefined,
    f.robotRefs
      ? f.robotRefs.length
        ? inArray(wechatUsers.robotRef, f.robotRefs)
        : eq(wechatUsers.id, '')
      : undefined,
    f.blocked !== undefined ? eq(wechatUsers.blocked, f.blocked) : undefined,
  ];
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(wechatUsers).where(where);
  const rows = await db
    .select()
    .from(wechatUsers)
    .where(where)
    .orderBy(desc(wechatUsers.lastVisitAt), desc(wechatUsers.id))
    .offset(f.start)
    .limit(f.limit);
  return { total: total?.n ?? 0, rows };
}

export async function userById(db: DbOrTx, id: string): Promise<WechatUserRow | null> {
  const [row] = await db.select().from(wechatUsers).where(eq(wechatUsers.id, id));
  return row ?? null;
}

export async function userByOpenid(db: DbOrTx, openid: string): Promise<WechatUserRow | null> {
  const [row] = await db.select().from(wechatUsers).where(eq(wechatUsers.openid, openid));
  return row ?? null;
}

export async function userBySession(db: DbOrTx, tokenHash: string): Promise<WechatUserRow | null> {
  const [row] = await db.select().from(wechatUsers).where(eq(wechatUsers.sessionTokenHash, tokenHash));
  return row ?? null;
}

export async function insertUser(db: DbOrTx, row: typeof wechatUsers.$inferInsert): Promise<WechatUserRow> {
  const [inserted] = await db.insert(wechatUsers).values(row).returning();
  if (!inserted) throw new Error('wechat user insert returned nothing');
  return inserted;
}

export async function updateUser(
  db: DbOrTx,
  id: string,
  set: Partial<typeof wechatUsers.$inferInsert>,
): Promise<WechatUserRow | null> {
  const [row] = await db.update(wechatUsers).set(set).where(eq(wechatUsers.id, id)).returning();
  return row ?? null;
}

export async function bannerPage(
  db: DbOrTx,
  page: { start: number; limit: number },
): Promise<{ total: number; rows: WechatBannerRow[] }> {
  const [total] = await db.select({ n: count() }).from(wechatBanners);
  const rows = await db
    .select()
    .from(wechatBanners)
    .orderBy(asc(wechatBanners.sort), asc(wechatBanners.id))
    .offset(page.start)
    .limit(page.limit);
  return { total: total?.n ?? 0, rows };
}

/** Enabled banners in order; the schedule is judged by the caller (the shared rule). */
export async function enabledBanners(db: DbOrTx): Promise<WechatBannerRow[]> {
  return db
    .select()
    .from(wechatBanners)
    .where(eq(wechatBanners.enabled, true))
    .orderBy(asc(wechatBanners.sort), asc(wechatBanners.id))
    .limit(200);
}

export async function bannerById(db: DbOrTx, id: string): Promise<WechatBannerRow | null> {
  const [row] = await db.select().from(wechatBanners).where(eq(wechatBanners.id, id));
  return row ?? null;
}

export async function nextBannerSort(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ top: max(wechatBanners.sort) }).from(wechatBanners);
  return (row?.top ?? -1) + 1;
}

export async function insertBanner(db: DbOrTx, row: typeof wechatBanners.$inferInsert): Promise<WechatBannerRow> {
  const [inserted] = await db.insert(wechatBanners).values(row).returning();
  if (!inserted) throw new Error('banner insert returned nothing');
  return inserted;
}

export async function updateBanner(
  db: DbOrTx,
  id: string,
  set: Partial<typeof wechatBanners.$inferInsert>,
): Promise<WechatBannerRow | null> {
  const [row] = await db.update(wechatBanners).set(set).where(eq(wechatBanners.id, id)).returning();
  return row ?? null;
}

export async function deleteBanner(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(wechatBanners).where(eq(wechatBanners.id, id)).returning({ id: wechatBanners.id });
  return rows.length > 0;
}

export async function bannerIds(db: DbOrTx, ids: string[]): Promise<string[]> {
  const rows = await db.select({ id: wechatBanners.id }).from(wechatBanners).where(inArray(wechatBanners.id, ids));
  return rows.map((r) => r.id);
}
