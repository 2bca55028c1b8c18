import { fromUnixSeconds, toUnixSeconds } from '@robot-ads/contracts/common/time';
import type { EnterpriseInfoBody, EnterpriseSnapshot } from '@robot-ads/contracts/customers/enterprise.schemas';
import type { CustomerEnterpriseRow, EnterpriseValues } from './customers.table';

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
 * The information a PUT stores: the fields sent, and the stored value of each optional field not sent
 * (licence end, qualifications, agent; docs/conventions.md "PUT"). Nothing stored yet: long-term licence,
 * no qualifications, not an agent.
 */
export function mergedEnterprise(
  body: EnterpriseInfoBody,
  before: CustomerEnterpriseRow | undefined,
  userId: string,
  now: Date,
): EnterpriseValues {
  return {
    enterpriseName: body.enterpriseName,
    contactName: body.contactName,
    contactPhone: body.contactPhone,
    province: body.province,
    creditCode: body.creditCode.toUpperCase(),
    legalPersonIdNumber: body.legalPersonIdNumber.toUpperCase(),
    licenceMediaId: body.licenceMediaId,
    licenceValidUntil:
      body.licenceValidUntil === undefined
        ? (before?.licenceValidUntil ?? null)
        : fromUnixSeconds(body.licenceValidUntil),
    qualifications:
      body.qualifications === undefined
        ? (before?.qualifications ?? [])
        : body.qualifications.map((q) => ({ mediaId: q.mediaId, begin: q.begin ?? null, end: q.end ?? null })),
    agent: body.agent ?? before?.agent ?? false,
    updatedBy: userId,
    updatedAt: now,
  };
}
