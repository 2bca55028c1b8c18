import { newId } from '@robot-ads/contracts/common/ids';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import type { EnterpriseSnapshot } from '@robot-ads/contracts/customers/enterprise.schemas';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type CustomerEnterpriseRow, customerAudits, customerEnterprises, customers } from './customers.table';

/** What a review decides on: the enterprise information and the customer's name at submission. */
export type ReviewSnapshot = EnterpriseSnapshot & { customerName?: string };

export function snapshotOf(row: CustomerEnterpriseRow, customerName: string): ReviewSnapshot {
  return {
    customerName,
    enterpriseName: row.enterpriseName,
    contactName: row.contactName,
    contactPhone: row.contactPhone,
    province: row.province,
    creditCode: row.creditCode,
    legalPersonIdNumber: row.legalPersonIdNumber,
    licenceMediaId: row.licenceMediaId,
    licenceValidUntil: toUnixSeconds(row.licenceValidUntil),
    qualifications: row.qualifications ?? [],
    agent: row.agent,
    updatetime: toUnixSeconds(row.updatedAt),
  };
}

/** Whether two snapshots hold different information (the save time aside). */
export function differs(a: ReviewSnapshot, b: ReviewSnapshot): boolean {
  const { updatetime: _a, ...left } = a;
  const { updatetime: _b, ...right } = b;
  return JSON.stringify(left) !== JSON.stringify(right);
}

/**
 * Submits the customer's current enterprise information (and name) for review: a pending application
 * with its snapshot, and the customer `pending`. Runs inside the caller's transaction.
 */
export async function submitForReview(
  db: DbOrTx,
  args: { customerId: string; customerName: string; applicantId: string; applicantName: string; now: Date },
): Promise<string | null> {
  const [info] = await db.select().from(customerEnterprises).where(eq(customerEnterprises.customerId, args.customerId));
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
  await db
    .update(customers)
    .set({ auditStatus: 'pending', auditNote: '', updatedAt: args.now })
    .where(eq(customers.id, args.customerId));
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
