import { and, count, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { notifications } from './notifications.table';

type Row = typeof notifications.$inferSelect;

export async function insertNotification(db: DbOrTx, row: typeof notifications.$inferInsert): Promise<Row> {
  const [created] = await db.insert(notifications).values(row).returning();
  if (!created) throw new Error('notification insert returned nothing');
  return created;
}

/** A page of a user's read or unread messages, newest first, with the count of all of them. */
export async function pageNotifications(
  db: DbOrTx,
  userId: string,
  q: { isRead: boolean; start: number; limit: number },
): Promise<{ total: number; rows: Row[] }> {
  const where = and(eq(notifications.userId, userId), eq(notifications.isRead, q.isRead));
  const [total] = await db.select({ n: count() }).from(notifications).where(where);
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .offset(q.start)
    .limit(q.limit);
  return { total: total?.n ?? 0, rows };
}

export async function countUnread(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return row?.n ?? 0;
}

/** Marks one of the user's messages read: the message, or undefined when it is not the user's. */
export async function markRead(db: DbOrTx, userId: string, id: string, at: Date): Promise<Row | undefined> {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true, readAt: at })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  return row;
}
