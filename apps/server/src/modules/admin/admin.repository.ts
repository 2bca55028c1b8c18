import { and, asc, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsLike } from '../../platform/like';
import { adminClients, adminMenus, adminParams, adminRevisions } from './admin.table';

type ClientRow = typeof adminClients.$inferSelect;
type ClientValues = Omit<typeof adminClients.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'secretHash'>;
type ParamRow = typeof adminParams.$inferSelect;
type NewParamRow = typeof adminParams.$inferInsert;
type MenuRow = typeof adminMenus.$inferSelect;
type NewMenuRow = typeof adminMenus.$inferInsert;

// ---- revisions of the cached sets ----

/** Bumps a set's revision; called inside the transaction of the change. */
export async function bumpRevision(db: DbOrTx, name: string): Promise<void> {
  await db
    .insert(adminRevisions)
    .values({ name, revision: 1 })
    .onConflictDoUpdate({ target: adminRevisions.name, set: { revision: sql`${adminRevisions.revision} + 1` } });
}

export async function readRevision(db: DbOrTx, name: string): Promise<number> {
  const [row] = await db.select().from(adminRevisions).where(eq(adminRevisions.name, name));
  return row?.revision ?? 0;
}

// ---- OAuth clients ----

export async function pageClients(
  db: DbOrTx,
  q: { start: number; limit: number; clientId?: string },
): Promise<{ total: number; rows: ClientRow[] }> {
  const where = q.clientId ? ilike(adminClients.clientId, containsLike(q.clientId)) : undefined;
  const [total] = await db.select({ n: count() }).from(adminClients).where(where);
  const rows = await db
    .select()
    .from(adminClients)
    .where(where)
    .orderBy(desc(adminClients.createdAt), desc(adminClients.id))
    .offset(q.start)
    .limit(q.limit);
  return { total: total?.n ?? 0, rows };
}

export async function findClient(db: DbOrTx, id: string): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(adminClients).where(eq(adminClients.id, id));
  return row;
}

export async function findClientByClientId(db: DbOrTx, clientId: string): Promise<ClientRow | undefined> {
  const [row] = await db.select().from(adminClients).where(eq(adminClients.clientId, clientId));
  return row;
}

export async function clientsByIds(db: DbOrTx, ids: readonly string[]): Promise<ClientRow[]> {
  return db
    .select()
    .from(adminClients)
    .where(inArray(adminClients.id, [...ids]));
}

export async function insertClient(
  db: DbOrTx,
  row: ClientValues & { id: string; secretHash: string; createdAt: Date; updatedAt: Date },
): Promise<void> {
  await db.insert(adminClients).values(row);
}

export async function updateClient(
  db: DbOrTx,
  id: string,
  patch: ClientValues & { secretHash?: string; updatedAt: Date },
): Promise<void> {
  await db.update(adminClients).set(patch).where(eq(adminClients.id, id));
}

export async function deleteClients(db: DbOrTx, ids: readonly string[]): Promise<void> {
  await db.delete(adminClients).where(inArray(adminClients.id, [...ids]));
}

// ---- system parameters ----

export async function allParams(db: DbOrTx): Promise<ParamRow[]> {
  return db.select().from(adminParams);
}

/** Stores the rows of parameters that have none (the built-in defaults); existing keys are kept. */
export async function insertMissingParams(db: DbOrTx, rows: NewParamRow[]): Promise<void> {
  await db.insert(adminParams).values(rows).onConflictDoNothing();
}

export async function pageParams(
  db: DbOrTx,
  q: { start: number; limit: number; paramName?: string; paramKey?: string },
): Promise<{ total: number; rows: ParamRow[] }> {
  const filters: SQL[] = [];
  if (q.paramName) filters.push(ilike(adminParams.paramName, containsLike(q.paramName)));
  if (q.paramKey) filters.push(ilike(adminParams.paramKey, containsLike(q.paramKey)));
  const where = filters.length ? and(...filters) : undefined;
  const [total] = await db.select({ n: count() }).from(adminParams).where(where);
  const rows = await db
    .select()
    .from(adminParams)
    .where(where)
    .orderBy(asc(adminParams.paramKey))
    .offset(q.start)
    .limit(q.limit);
  return { total: total?.n ?? 0, rows };
}

export async function findParam(db: DbOrTx, id: string): Promise<ParamRow | undefined> {
  const [row] = await db.select().from(adminParams).where(eq(adminParams.id, id));
  return row;
}

export async function findParamByKey(db: DbOrTx, paramKey: string): Promise<ParamRow | undefined> {
  const [row] = await db.select().from(adminParams).where(eq(adminParams.paramKey, paramKey));
  return row;
}

export async function paramsByIds(db: DbOrTx, ids: readonly string[]): Promise<ParamRow[]> {
  return db
    .select()
    .from(adminParams)
    .where(inArray(adminParams.id, [...ids]));
}

export async function insertParam(db: DbOrTx, row: NewParamRow): Promise<void> {
  await db.insert(adminParams).values(row);
}

export async function updateParam(db: DbOrTx, id: string, patch: Partial<NewParamRow>): Promise<void> {
  await db.update(adminParams).set(patch).where(eq(adminParams.id, id));
}

export async function deleteParams(db: DbOrTx, ids: readonly string[]): Promise<void> {
  await db.delete(adminParams).where(inArray(adminParams.id, [...ids]));
}

// ---- menu edits ----

export async function allMenuRows(db: DbOrTx): Promise<MenuRow[]> {
  return db.select().from(adminMenus);
}

/** Inserts the row, or on an existing id sets what `onConflict` gives. */
export async function upsertMenuRow(
  db: DbOrTx,
  row: NewMenuRow,
  onConflict: Partial<Pick<NewMenuRow, 'data' | 'removed' | 'updatedAt' | 'updatedBy'>>,
): Promise<void> {
  await db.insert(adminMenus).values(row).onConflictDoUpdate({ target: adminMenus.id, set: onConflict });
}

export async function deleteMenuRow(db: DbOrTx, id: string): Promise<void> {
  await db.delete(adminMenus).where(eq(adminMenus.id, id));
}
