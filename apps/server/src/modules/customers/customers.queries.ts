import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../platform/app-error';
import { approvalInForce } from './customers.repository';
import { type CustomerRow, customers } from './customers.table';

type NewCustomerRow = typeof customers.$inferInsert;

/** Narrow reads and writes of customers for the modules above (accounts, two-factor, seeds). */
export async function findCustomerById(db: DbOrTx, id: string): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row ?? null;
}

/** Customer id -> name, for the given ids (unknown ids are absent). */
export async function customerNamesByIds(db: DbOrTx, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(inArray(customers.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function insertCustomers(db: DbOrTx, rows: NewCustomerRow[]): Promise<void> {
  await db.insert(customers).values(rows);
}

/**
 * A customer that has not passed the customer review cannot apply for delivery: throws
 * CUSTOMER_NOT_APPROVED (422, naming the customer) unless its approval is in force: its audit status is
 * `pass`, or a change of its approved information waits for review (the earlier approval stands until
 * the new application is decided).
 */
export async function assertCustomerMayDeliver(db: DbOrTx, customerId: string | null): Promise<void> {
  if (!customerId) return;
  const row = await findCustomerById(db, customerId);
  if (row && !(await approvalInForce(db, row.id, row.auditStatus))) {
    throw new AppError('CUSTOMER_NOT_APPROVED', { name: row.name }, 'playListId');
  }
}

/** Customers managed by these accounts, paged (branches of the sales module). */
export async function customersManagedBy(
  db: DbOrTx,
  ownerIds: readonly string[],
  page: { start: number; limit: number },
) {
  if (ownerIds.length === 0) return { total: 0, rows: [] };
  const where = inArray(customers.ownerId, [...ownerIds]);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(customers).where(where);
  const rows = await db
    .select({ id: customers.id, name: customers.name, province: customers.province, city: customers.city })
    .from(customers)
    .where(where)
    .orderBy(asc(customers.name))
    .offset(page.start)
    .limit(page.limit);
  return { total: count?.n ?? 0, rows };
}
