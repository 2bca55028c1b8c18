import type { LeadQuery } from '@robot-ads/contracts/sales/leads.schemas';
import { and, asc, desc, eq, ilike, inArray, isNotNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsLike } from '../../platform/like';
import { type LeadRow, leadNotes, leads } from './sales.table';

export type LeadNoteRow = typeof leadNotes.$inferSelect;

/** The owners whose leads a caller sees (null: all). */
export type LeadScope = readonly string[] | null;

const inScope = (scope: LeadScope): SQL | undefined => (scope ? inArray(leads.ownerId, [...scope]) : undefined);

/** One lead in scope (locked for update when asked: call it with the transaction). */
export async function findLead(
  db: DbOrTx,
  id: string,
  scope: LeadScope,
  forUpdate = false,
): Promise<LeadRow | undefined> {
  const q = db
    .select()
    .from(leads)
    .where(and(eq(leads.id, id), inScope(scope)))
    .limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row;
}

/** Whether another lead has this phone. */
export async function leadPhoneTaken(db: DbOrTx, phone: string, exceptId?: string): Promise<boolean> {
  const [dup] = await db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.phone, phone), ...(exceptId ? [ne(leads.id, exceptId)] : [])))
    .limit(1);
  return Boolean(dup);
}

/** The phones of this list that leads have already. */
export async function takenLeadPhones(db: DbOrTx, phones: readonly string[]): Promise<string[]> {
  if (phones.length === 0) return [];
  const rows = await db
    .select({ phone: leads.phone })
    .from(leads)
    .where(inArray(leads.phone, [...phones]));
  return rows.map((r) => r.phone);
}

export async function pageLeads(
  db: DbOrTx,
  scope: LeadScope,
  q: LeadQuery,
): Promise<{ total: number; rows: LeadRow[] }> {
  const like = containsLike;
  const where = and(
    inScope(scope),
    q.name ? ilike(leads.name, like(q.name)) : undefined,
    q.phone ? ilike(leads.phone, like(q.phone)) : undefined,
    q.priority ? eq(leads.priority, q.priority) : undefined,
    q.followState ? eq(leads.followState, q.followState) : undefined,
    q.industry ? eq(leads.industry, q.industry) : undefined,
    q.ownerId ? eq(leads.ownerId, q.ownerId) : undefined,
    q.dueBefore !== undefined
      ? and(isNotNull(leads.nextFollowAt), lte(leads.nextFollowAt, new Date(q.dueBefore * 1000)))
      : undefined,
  );
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(leads).where(where);
  const rows = await db
    .select()
    .from(leads)
    .where(where)
    .orderBy(desc(leads.createdAt), desc(leads.id))
    .offset(q.start)
    .limit(q.limit);
  return { total: count?.n ?? 0, rows };
}

/** A lead's notes, oldest first. */
export async function notesOfLead(db: DbOrTx, leadId: string): Promise<LeadNoteRow[]> {
  return db
    .select()
    .from(leadNotes)
    .where(eq(leadNotes.leadId, leadId))
    .orderBy(asc(leadNotes.createdAt), asc(leadNotes.id));
}

/** Inserts the lead unless its phone is taken: the row, or undefined. */
export async function insertLead(db: DbOrTx, row: typeof leads.$inferInsert): Promise<LeadRow | undefined> {
  const [created] = await db.insert(leads).values(row).onConflictDoNothing().returning();
  return created;
}

export async function insertLeads(db: DbOrTx, rows: (typeof leads.$inferInsert)[]): Promise<void> {
  await db.insert(leads).values(rows);
}

export async function updateLead(
  db: DbOrTx,
  id: string,
  patch: Partial<typeof leads.$inferInsert>,
): Promise<LeadRow | undefined> {
  const [updated] = await db.update(leads).set(patch).where(eq(leads.id, id)).returning();
  return updated;
}

/** Deletes a lead and its notes (call it with the transaction). */
export async function deleteLeadWithNotes(db: DbOrTx, id: string): Promise<void> {
  await db.delete(leadNotes).where(eq(leadNotes.leadId, id));
  await db.delete(leads).where(eq(leads.id, id));
}

export async function insertLeadNote(db: DbOrTx, row: typeof leadNotes.$inferInsert): Promise<void> {
  await db.insert(leadNotes).values(row);
}

/** Leads whose next follow-up is due by `until` and was not reminded for that date. */
export async function dueUnremindedLeads(db: DbOrTx, until: Date): Promise<LeadRow[]> {
  return db
    .select()
    .from(leads)
    .where(
      and(
        isNotNull(leads.nextFollowAt),
        lte(leads.nextFollowAt, until),
        or(sql`${leads.remindedFor} is null`, ne(leads.remindedFor, leads.nextFollowAt)),
      ),
    );
}

/** Records that the lead's owner was reminded for this follow-up date. */
export async function markLeadReminded(db: DbOrTx, id: string, nextFollowAt: Date | null): Promise<void> {
  await db.update(leads).set({ remindedFor: nextFollowAt }).where(eq(leads.id, id));
}
