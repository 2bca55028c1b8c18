import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import type { EnterpriseSnapshot } from '@robot-ads/contracts/customers/enterprise.schemas';
import type { CustomerEnterpriseRow } from './customers.table';

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
