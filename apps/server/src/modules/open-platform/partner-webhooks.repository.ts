import { and, asc, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { openApiUsers, openPartnerEvents, openWebhookDeliveries, openWebhooks } from './open-platform.table';

/** Partner webhooks: endpoints, the event outbox and the delivery log (open-platform owns them). */
export async function insertWebhook(db: DbOrTx, row: typeof openWebhooks.$inferInsert) {
  const [inserted] = await db.insert(openWebhooks).values(row).returning();
  if (!inserted) throw new Error('webhook not inserted');
  return inserted;
}

export async function deleteWebhook(db: DbOrTx, id: string) {
  const rows = await db.delete(openWebhooks).where(eq(openWebhooks.id, id)).returning({ id: openWebhooks.id });
  return rows.length > 0;
}

/** Subscriptions, newest first, with their application's name. */
export async function webhooksPage(db: DbOrTx, q: { start: number; limit: number; apiUserId?: string }) {
  const where = q.apiUserId ? eq(openWebhooks.apiUserId, q.apiUserId) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ hook: openWebhooks, apiUserName: openApiUsers.name })
      .from(openWebhooks)
      .leftJoin(openApiUsers, eq(openApiUsers.id, openWebhooks.apiUserId))
      .where(where)
      .orderBy(desc(openWebhooks.createdAt), desc(openWebhooks.id))
      .offset(q.start)
      .limit(q.limit),
    db.select({ n: count() }).from(openWebhooks).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The endpoint of an application at a URL (there is at most one). */
export async function webhookByUrl(db: DbOrTx, apiUserId: string, url: string) {
  const [row] = await db
    .select()
    .from(openWebhooks)
    .where(and(eq(openWebhooks.apiUserId, apiUserId), eq(openWebhooks.url, url)));
  return row ?? null;
}

export async function webhookById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(openWebhooks).where(eq(openWebhooks.id, id));
  return row ?? null;
}

export async function updateWebhook(
  db: DbOrTx,
  id: string,
  set: Partial<Pick<typeof openWebhooks.$inferInsert, 'enabled' | 'events' | 'signingSecret' | 'retiringSecrets'>>,
) {
  const [row] = await db.update(openWebhooks).set(set).where(eq(openWebhooks.id, id)).returning();
  return row ?? null;
}

/** The enabled endpoints that hear an event, of enabled applications (optionally of one owning account's). */
export async function subscribers(db: DbOrTx, event: string, accountIds?: readonly string[]) {
  const rows = await db
    .select({ hook: openWebhooks, accountId: openApiUsers.accountId })
    .from(openWebhooks)
    .innerJoin(openApiUsers, eq(openApiUsers.id, openWebhooks.apiUserId))
    .where(
      and(
        sql`${openWebhooks.events} @> ${JSON.stringify([event])}::jsonb`,
        eq(openWebhooks.enabled, true),
        eq(openApiUsers.enabled, true),
      ),
    );
  return accountIds ? rows.filter((r) => accountIds.includes(r.accountId)) : rows;
}

export async function insertDeliveries(db: DbOrTx, rows: (typeof openWebhookDeliveries.$inferInsert)[]) {
  if (rows.length > 0) await db.insert(openWebhookDeliveries).values(rows);
}

/** Deliveries of one event that wait for their first attempt (queued by the relay). */
export async function freshDeliveriesOfEvent(db: DbOrTx, eventId: string): Promise<string[]> {
  const rows = await db
    .select({ id: openWebhookDeliveries.id })
    .from(openWebhookDeliveries)
    .where(
      and(
        eq(openWebhookDeliveries.eventId, eventId),
        eq(openWebhookDeliveries.state, 'pending'),
        eq(openWebhookDeliveries.attempts, 0),
      ),
    );
  return rows.map((r) => r.id);
}

// ---- the outbox

export async function insertPartnerEvent(db: DbOrTx, row: typeof openPartnerEvents.$inferInsert) {
  await db.insert(openPartnerEvents).values(row);
}

/** The oldest events not fanned out yet, locked (another instance's relay skips them). */
export async function lockPendingEvents(db: DbOrTx, limit: number) {
  return db
    .select()
    .from(openPartnerEvents)
    .where(isNull(openPartnerEvents.dispatchedAt))
    .orderBy(asc(openPartnerEvents.createdAt), asc(openPartnerEvents.id))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markEventDispatched(db: DbOrTx, id: string, at: Date) {
  await db.update(openPartnerEvents).set({ dispatchedAt: at }).where(eq(openPartnerEvents.id, id));
}

export async function partnerEventById(db: DbOrTx, id: string) {
  const [row] = await db.select().from(openPartnerEvents).where(eq(openPartnerEvents.id, id));
  return row ?? null;
}

export async function deliveriesOfEvent(db: DbOrTx, eventId: string) {
  return db.select().from(openWebhookDeliveries).where(eq(openWebhookDeliveries.eventId, eventId));
}

export async function deliveryWithHook(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ delivery: openWebhookDeliveries, hook: openWebhooks })
    .from(openWebhookDeliveries)
    .innerJoin(openWebhooks, eq(openWebhooks.id, openWebhookDeliveries.webhookId))
    .where(eq(openWebhookDeliveries.id, id));
  return row ?? null;
}

export async function updateDelivery(db: DbOrTx, id: string, set: Partial<typeof openWebhookDeliveries.$inferInsert>) {
  await db.update(openWebhookDeliveries).set(set).where(eq(openWebhookDeliveries.id, id));
}

export async function deliveriesPage(
  db: DbOrTx,
  q: { start: number; limit: number; webhookId?: string; state?: (typeof openWebhookDeliveries.$inferSelect)['state'] },
) {
  const conditions: SQL[] = [];
  if (q.webhookId) conditions.push(eq(openWebhookDeliveries.webhookId, q.webhookId));
  if (q.state) conditions.push(eq(openWebhookDeliveries.state, q.state));
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select({ delivery: openWebhookDeliveries, url: openWebhooks.url })
      .from(openWebhookDeliveries)
      .innerJoin(openWebhooks, eq(openWebhooks.id, openWebhookDeliveries.webhookId))
      .where(where)
      .orderBy(desc(openWebhookDeliveries.createdAt), desc(openWebhookDeliveries.id))
      .offset(q.start)
      .limit(q.limit),
    db.select({ n: count() }).from(openWebhookDeliveries).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
