import { newId } from '@robot-ads/contracts/common/ids';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { containsLike, escapeLike } from '../../platform/like';
import type { DataScope } from '../../platform/scope';
import {
  type CustomerAuditRow,
  type CustomerEnterpriseRow,
  type CustomerRow,
  customerAudits,
  customerEnterprises,
  customers,
  type EnterpriseValues,
} from './customers.table';
import { snapshotOf } from './enterprise-review';

type NewCustomerRow = typeof customers.$inferInsert;

// ---- customers ----

/** The customers a data scope sees: a condition, none (all) or 'none' (nothing at all). */
export function customerScopeCondition(scope: DataScope): SQL | undefined | 'none' {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'subtree':
      return inArray(customers.ownerId, scope.accountIds);
    case 'customer':
      return scope.customerId ? eq(customers.id, scope.customerId) : 'none';
    default:
      return 'none';
  }
}

export interface CustomerPageFilter {
  start: number;
  limit: number;
  name?: string;
  category?: string;
  industry?: string;
  auditStatus?: string;
  province?: string;
  city?: string;
  contact?: string;
}

export async function pageCustomers(
  db: DbOrTx,
  scope: SQL | undefined,
  q: CustomerPageFilter,
): Promise<{ total: number; rows: CustomerRow[] }> {
  const like = containsLike;
  const where = and(
    scope,
    q.name ? ilike(customers.name, like(q.name)) : undefined,
    q.category ? eq(customers.category, q.category) : undefined,
    q.industry ? eq(customers.industry, q.industry) : undefined,
    q.auditStatus ? eq(customers.auditStatus, q.auditStatus) : undefined,
    q.province ? eq(customers.province, q.province) : undefined,
    q.city ? eq(customers.city, q.city) : undefined,
    q.contact
      ? or(
          ilike(customers.phone, like(q.contact)),
          sql`exists (select 1 from jsonb_array_elements(${customers.contacts}) c
              where c->>'name' ilike ${like(q.contact)} or c->>'phone' ilike ${like(q.contact)})`,
        )
      : undefined,
  );
  const [total] = await db.select({ n: count() }).from(customers).where(where);
  const rows = await db
    .select()
    .from(customers)
    .where(where)
    .orderBy(desc(customers.createdAt), desc(customers.id))
    .offset(q.start)
    .limit(q.limit);
  return { total: total?.n ?? 0, rows };
}

/** Customers in scope whose name starts so, by name. */
export async function customersByNamePrefix(
  db: DbOrTx,
  scope: SQL | undefined,
  q: { name?: string; limit: number },
): Promise<CustomerRow[]> {
  return db
    .select()
    .from(customers)
    .where(and(scope, q.name ? ilike(customers.name, `${escapeLike(q.name)}%`) : undefined))
    .orderBy(asc(customers.name))
    .limit(q.limit);
}

export async function findCustomer(db: DbOrTx, id: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id));
  return row;
}

/** The customer, locked for the rest of the transaction. */
export async function findCustomerForUpdate(db: DbOrTx, id: string): Promise<CustomerRow | undefined> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).for('update');
  return row;
}

export async function customersByIds(db: DbOrTx, ids: readonly string[]): Promise<CustomerRow[]> {
  return ids.length
    ? db
        .select()
        .from(customers)
        .where(inArray(customers.id, [...ids]))
    : [];
}

export async function customerVisible(db: DbOrTx, id: string, scope: SQL | undefined): Promise<boolean> {
  const [visible] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, id), scope));
  return Boolean(visible);
}

/** Whether another customer has this value in the column (name or phone). */
export async function customerValueTaken(
  db: DbOrTx,
  column: 'name' | 'phone',
  value: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers[column], value), exceptId ? ne(customers.id, exceptId) : undefined));
  return Boolean(row);
}

export async function insertCustomer(db: DbOrTx, row: NewCustomerRow): Promise<CustomerRow | undefined> {
  const [created] = await db.insert(customers).values(row).returning();
  return created;
}

export async function updateCustomer(db: DbOrTx, id: string, patch: Partial<NewCustomerRow>): Promise<void> {
  await db.update(customers).set(patch).where(eq(customers.id, id));
}

export async function deleteCustomer(db: DbOrTx, id: string): Promise<void> {
  await db.delete(customers).where(eq(customers.id, id));
}

// ---- enterprise information ----

export async function findEnterprise(db: DbOrTx, customerId: string): Promise<CustomerEnterpriseRow | undefined> {
  const [row] = await db.select().from(customerEnterprises).where(eq(customerEnterprises.customerId, customerId));
  return row;
}

export async function upsertEnterprise(
  db: DbOrTx,
  customerId: string,
  values: EnterpriseValues,
): Promise<CustomerEnterpriseRow | undefined> {
  const [after] = await db
    .insert(customerEnterprises)
    .values({ customerId, ...values })
    .onConflictDoUpdate({ target: customerEnterprises.customerId, set: values })
    .returning();
  return after;
}

// ---- reviews (customer audits) ----

/**
 * Submits the customer's current enterprise information (and name) for review: a pending application
 * with its snapshot, and the customer `pending`. Runs inside the caller's transaction.
 */
export async function submitForReview(
  db: DbOrTx,
  args: { customerId: string; customerName: string; applicantId: string; applicantName: string; now: Date },
): Promise<string | null> {
  const info = await findEnterprise(db, args.customerId);
  if (!info) return null;
  const id = newId(args.now.getTime());
  await db.insert(customerAudits).values({
    id,
    customerId: args.customerId,
    applicantId: args.applicantId,
    applicantName: args.applicantName,
    state: 'pending',
    snapshot: snapshotOf(info, args.customerName) as unknown as Record<string, unknown>,
    createdAt: args.now,
  });
  await updateCustomer(db, args.customerId, { auditStatus: 'pending', auditNote: '', updatedAt: args.now });
  return id;
}

/**
 * Whether an earlier approval is still in force: the customer passed a review and a change of its
 * information is waiting for the next decision (until then the approved snapshot stands).
 */
export async function approvalInForce(db: DbOrTx, customerId: string, auditStatus: string): Promise<boolean> {
  if (auditStatus === 'pass') return true;
  if (auditStatus !== 'pending') return false;
  const [passed] = await db
    .select({ id: customerAudits.id })
    .from(customerAudits)
    .where(and(eq(customerAudits.customerId, customerId), eq(customerAudits.state, 'pass')))
    .limit(1);
  return Boolean(passed);
}

/** Who sees an application: everybody's (null), or an applicant's own and its customer's. */
export type AuditVisibility = null | { applicantId: string; customerId: string | null };

const visibleAudits = (v: AuditVisibility): SQL | undefined => {
  if (!v) return undefined;
  const mine = eq(customerAudits.applicantId, v.applicantId);
  return v.customerId ? or(mine, eq(customerAudits.customerId, v.customerId)) : mine;
};

export async function findAudit(db: DbOrTx, id: string, visibility: AuditVisibility = null) {
  const [row] = await db
    .select()
    .from(customerAudits)
    .where(and(eq(customerAudits.id, id), visibleAudits(visibility)));
  return row;
}

export async function findAuditForUpdate(db: DbOrTx, id: string): Promise<CustomerAuditRow | undefined> {
  const [row] = await db.select().from(customerAudits).where(eq(customerAudits.id, id)).for('update');
  return row;
}

/** A page of applications, newest first: all, a customer's, or an applicant's; by state and customer name. */
export async function pageAudits(
  db: DbOrTx,
  of: { customerId: string } | { applicantId: string } | null,
  q: { start: number; limit: number; name?: string; state?: string },
): Promise<{ total: number; rows: CustomerAuditRow[] }> {
  const cond = and(
    of && 'customerId' in of ? eq(customerAudits.customerId, of.customerId) : undefined,
    of && 'applicantId' in of ? eq(customerAudits.applicantId, of.applicantId) : undefined,
    q.state ? eq(customerAudits.state, q.state) : undefined,
    q.name
      ? inArray(
          customerAudits.customerId,
          db
            .select({ id: customers.id })
            .from(customers)
            .where(ilike(customers.name, containsLike(q.name))),
        )
      : undefined,
  );
  const [total] = await db.select({ n: count() }).from(customerAudits).where(cond);
  const rows = await db
    .select()
    .from(customerAudits)
    .where(cond)
    .orderBy(desc(customerAudits.createdAt), desc(customerAudits.id))
    .offset(q.start)
    .limit(q.limit);
  return { total: total?.n ?? 0, rows };
}

export async function decideAudit(
  db: DbOrTx,
  id: string,
  decision: { state: string; note: string; reviewerId: string; reviewerName: string; auditedAt: Date },
): Promise<void> {
  await db.update(customerAudits).set(decision).where(eq(customerAudits.id, id));
}
