import { and, count, desc, eq, gt, ilike, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/statements';
import { containsLike } from '../../platform/like';
import {
  type OpenApiUserRow,
  openApiUsers,
  openBlacklist,
  openInterfaces,
  openSessions,
  openUsage,
  openWebhooks,
} from './open-platform.table';

const likeOf = containsLike;

/** A page of one table's rows, newest first, and the count of all that match. */
async function pageOf<T extends PgTable & { id: AnyPgColumn }>(
  db: DbOrTx,
  table: T,
  newest: AnyPgColumn,
  where: SQL | undefined,
  q: { start: number; limit: number },
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(where)
      .orderBy(desc(newest), desc(table.id))
      .offset(q.start)
      .limit(q.limit),
    db
      .select({ n: count() })
      .from(table as PgTable)
      .where(where),
  ]);
  return { rows: rows as T['$inferSelect'][], total: total?.n ?? 0 };
}

export async function apiUserById(db: DbOrTx, id: string): Promise<OpenApiUserRow | null> {
  const [row] = await db.select().from(openApiUsers).where(eq(openApiUsers.id, id));
  return row ?? null;
}

export async function apiUserByClientId(db: DbOrTx, clientId: string): Promise<OpenApiUserRow | null> {
  const [row] = await db.select().from(openApiUsers).where(eq(openApiUsers.clientId, clientId));
  return row ?? null;
}

export async function apiUsersPage(db: DbOrTx, q: { start: number; limit: number; name?: string }) {
  const where = q.name ? ilike(openApiUsers.name, likeOf(q.name)) : undefined;
  return pageOf(db, openApiUsers, openApiUsers.createdAt, where, q);
}

export async function insertApiUser(db: DbOrTx, row: typeof openApiUsers.$inferInsert) {
  await db.insert(openApiUsers).values(row);
}

export async function updateApiUser(db: DbOrTx, id: string, set: Partial<typeof openApiUsers.$inferInsert>) {
  const [row] = await db.update(openApiUsers).set(set).where(eq(openApiUsers.id, id)).returning();
  return row ?? null;
}

export async function deleteApiUser(db: DbOrTx, id: string) {
  await db.delete(openSessions).where(eq(openSessions.apiUserId, id));
  await db.delete(openWebhooks).where(eq(openWebhooks.apiUserId, id));
  const rows = await db.delete(openApiUsers).where(eq(openApiUsers.id, id)).returning({ id: openApiUsers.id });
  return rows.length > 0;
}

// ---- sessions
export async function insertSession(db: DbOrTx, row: typeof openSessions.$inferInsert) {
  await db.insert(openSessions).values(row);
}

/** Whether a partner session is live (not revoked, not expired) and the application's calls of the day. */
export async function sessionState(
  db: DbOrTx,
  sessionId: string,
  apiUserId: string,
  day: string,
  now: Date,
): Promise<{ live: boolean; calls: number }> {
  const at = now.toISOString();
  const rows = await rowsOf<{ live: number; calls: number }>(
    db,
    sql`
    select
      (select count(*) from ${openSessions} where id = ${sessionId} and api_user_id = ${apiUserId}
        and revoked_at is null and expires_at > ${at}::timestamptz)::int as live,
      coalesce((select calls from ${openUsage} where api_user_id = ${apiUserId} and day = ${day}), 0)::int as calls`,
  );
  return { live: (rows[0]?.live ?? 0) > 0, calls: rows[0]?.calls ?? 0 };
}

/** Adds calls counted in memory to a session (and its last use). */
export async function addSessionCalls(db: DbOrTx, sessionId: string, calls: number, lastUsed: Date) {
  await db
    .update(openSessions)
    .set({
      calls: sql`${openSessions.calls} + ${calls}`,
      lastUsedAt: sql`greatest(coalesce(${openSessions.lastUsedAt}, ${lastUsed.toISOString()}::timestamptz), ${lastUsed.toISOString()}::timestamptz)`,
    })
    .where(eq(openSessions.id, sessionId));
}

/** Adds calls to an application's day; answers the day's total (every instance's). */
export async function addUsage(db: DbOrTx, apiUserId: string, day: string, calls: number): Promise<number> {
  const [row] = await db
    .insert(openUsage)
    .values({ apiUserId, day, calls })
    .onConflictDoUpdate({
      target: [openUsage.apiUserId, openUsage.day],
      set: { calls: sql`${openUsage.calls} + ${calls}` },
    })
    .returning({ calls: openUsage.calls });
  return row?.calls ?? calls;
}

export async function sessionsPage(
  db: DbOrTx,
  q: { start: number; limit: number; apiUserId?: string; state: 'live' | 'all' },
  now: Date,
) {
  const conditions: SQL[] = [];
  if (q.apiUserId) conditions.push(eq(openSessions.apiUserId, q.apiUserId));
  if (q.state === 'live') conditions.push(isNull(openSessions.revokedAt), gt(openSessions.expiresAt, now));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        session: openSessions,
        apiUserName: openApiUsers.name,
        clientId: openApiUsers.clientId,
      })
      .from(openSessions)
      .innerJoin(openApiUsers, eq(openApiUsers.id, openSessions.apiUserId))
      .where(where)
      .orderBy(desc(openSessions.issuedAt), desc(openSessions.id))
      .offset(q.start)
      .limit(q.limit),
    db.select({ n: count() }).from(openSessions).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function revokeSession(db: DbOrTx, id: string, now: Date) {
  const rows = await db
    .update(openSessions)
    .set({ revokedAt: now })
    .where(and(eq(openSessions.id, id), isNull(openSessions.revokedAt)))
    .returning({ id: openSessions.id, apiUserId: openSessions.apiUserId });
  return rows[0] ?? null;
}

export async function deleteExpiredSessions(db: DbOrTx, before: Date) {
  await db.delete(openSessions).where(lte(openSessions.expiresAt, before));
}

// ---- interfaces and blacklist (the per-instance snapshot)
export async function interfaceSwitches(db: DbOrTx) {
  return db.select().from(openInterfaces);
}

export async function putInterfaceSwitch(db: DbOrTx, key: string, enabled: boolean, now: Date) {
  await db
    .insert(openInterfaces)
    .values({ key, enabled, updatedAt: now })
    .onConflictDoUpdate({ target: openInterfaces.key, set: { enabled, updatedAt: now } });
}

export async function liveBlacklist(db: DbOrTx, now: Date) {
  return db
    .select()
    .from(openBlacklist)
    .where(or(isNull(openBlacklist.expiresAt), gt(openBlacklist.expiresAt, now)));
}

export async function blacklistPage(db: DbOrTx, q: { start: number; limit: number; kind?: string }) {
  const where = q.kind ? eq(openBlacklist.kind, q.kind as 'ip') : undefined;
  return pageOf(db, openBlacklist, openBlacklist.createdAt, where, q);
}

export async function insertBlacklist(db: DbOrTx, row: typeof openBlacklist.$inferInsert) {
  const [inserted] = await db.insert(openBlacklist).values(row).returning();
  if (!inserted) throw new Error('blacklist entry not inserted');
  return inserted;
}

export async function deleteBlacklist(db: DbOrTx, id: string) {
  const rows = await db.delete(openBlacklist).where(eq(openBlacklist.id, id)).returning();
  return rows[0] ?? null;
}
