import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsLike } from '../../platform/like';
import { type OrderRow, orderHistory, orders } from './sales.table';

export type NewOrderRow = typeof orders.$inferInsert;
export type OrderHistoryRow = typeof orderHistory.$inferSelect;

/**
 * Whose orders a caller sees: all (root/admin), those of customers managed in or made in these accounts
 * (salespeople's subtrees), one customer's (advertisers), or none.
 */
export type OrderScope =
  | { kind: 'all' }
  | { kind: 'accounts'; ids: string[] }
  | { kind: 'customer'; customerId: string }
  | { kind: 'none' };

function scopeWhere(scope: OrderScope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'accounts':
      return or(inArray(orders.customerOwnerId, scope.ids), inArray(orders.createdBy, scope.ids));
    case 'customer':
      return eq(orders.customerId, scope.customerId);
    case 'none':
      return sql`false`;
  }
}

/** Orders created since `since` (the order number's running count of the day). */
export async function countOrdersSince(db: DbOrTx, since: Date): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(gte(orders.createdAt, since));
  return row?.n ?? 0;
}

export async function insertOrder(db: DbOrTx, row: NewOrderRow): Promise<OrderRow> {
  const [created] = await db.insert(orders).values(row).returning();
  if (!created) throw new Error('order insert returned nothing');
  return created;
}

export async function insertOrderHistory(db: DbOrTx, row: typeof orderHistory.$inferInsert): Promise<void> {
  await db.insert(orderHistory).values(row);
}

export async function updateOrder(db: DbOrTx, id: string, patch: Partial<NewOrderRow>): Promise<OrderRow> {
  const [row] = await db.update(orders).set(patch).where(eq(orders.id, id)).returning();
  if (!row) throw new Error(`order ${id} vanished`);
  return row;
}

/** The order when the scope shows it (locked for the transaction with `forUpdate`). */
export async function findScopedOrder(
  db: DbOrTx,
  scope: OrderScope,
  id: string,
  forUpdate: boolean,
): Promise<OrderRow | null> {
  const q = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), scopeWhere(scope)))
    .limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export interface OrderFilters {
  /** Only orders of customers managed by these accounts (a branch's agents). */
  customerOwners?: string[];
  state?: string;
  customerId?: string;
  keyword?: string;
  /** Created in [from, to) (unix seconds). */
  from?: number;
  to?: number;
}

/** A page of the orders in scope, newest first, with the count of all that match. */
export async function pageOrders(
  db: DbOrTx,
  scope: OrderScope,
  f: OrderFilters,
  start: number,
  limit: number,
): Promise<{ total: number; rows: OrderRow[] }> {
  const conds: (SQL | undefined)[] = [scopeWhere(scope)];
  if (f.customerOwners) conds.push(inArray(orders.customerOwnerId, f.customerOwners.length ? f.customerOwners : ['']));
  if (f.state) conds.push(eq(orders.state, f.state));
  if (f.customerId) conds.push(eq(orders.customerId, f.customerId));
  if (f.keyword) {
    const like = containsLike(f.keyword);
    conds.push(or(ilike(orders.orderNo, like), ilike(orders.name, like)));
  }
  if (f.from !== undefined) conds.push(gte(orders.createdAt, new Date(f.from * 1000)));
  if (f.to !== undefined) conds.push(lt(orders.createdAt, new Date(f.to * 1000)));
  const where = and(...conds);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where);
  const rows = await db
    .select()
    .from(orders)
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .offset(start)
    .limit(limit);
  return { total: count?.n ?? 0, rows };
}

export function historyOfOrder(db: DbOrTx, orderId: string): Promise<OrderHistoryRow[]> {
  return db
    .select()
    .from(orderHistory)
    .where(eq(orderHistory.orderId, orderId))
    .orderBy(asc(orderHistory.createdAt), asc(orderHistory.id));
}

export function ordersInState(db: DbOrTx, state: string): Promise<OrderRow[]> {
  return db.select().from(orders).where(eq(orders.state, state));
}

// ---- bills: statements read the orders' charge, payment and credit times ----

/** Whether the scope shows any order of this customer (a statement is only for those). */
export async function customerHasScopedOrder(db: DbOrTx, scope: OrderScope, customerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), scopeWhere(scope)))
    .limit(1);
  return row !== undefined;
}

/** A page of the customers in scope with orders charged before `to` (by id), and how many there are. */
export async function pageBilledCustomers(
  db: DbOrTx,
  scope: OrderScope,
  q: { to: Date; customerId?: string; start: number; limit: number },
): Promise<{ total: number; ids: string[] }> {
  const where = and(
    scopeWhere(scope),
    isNotNull(orders.approvedAt),
    lt(orders.approvedAt, q.to),
    ...(q.customerId ? [eq(orders.customerId, q.customerId)] : []),
  );
  const [count] = await db
    .select({ n: sql<number>`count(distinct ${orders.customerId})::int` })
    .from(orders)
    .where(where);
  const ids = await db
    .selectDistinct({ id: orders.customerId })
    .from(orders)
    .where(where)
    .orderBy(orders.customerId)
    .offset(q.start)
    .limit(q.limit);
  return { total: count?.n ?? 0, ids: ids.map((r) => r.id) };
}

/** The orders of these customers charged, paid or credited before `to`. */
export function ordersWithLinesBefore(db: DbOrTx, customerIds: string[], to: Date): Promise<OrderRow[]> {
  return db
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.customerId, customerIds),
        or(lt(orders.approvedAt, to), lt(orders.paidAt, to), lt(orders.creditedAt, to)),
      ),
    );
}
