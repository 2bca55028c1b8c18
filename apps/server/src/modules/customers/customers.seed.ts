import { newId } from '@robot-ads/contracts/common/ids';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Tx } from '../../db/client';
import type { AppContext } from '../../platform/context';
import { storeDemoPicture } from '../media/media.queries';
import { customerAudits, customerEnterprises, customers } from './customers.table';

/** A licence-like picture (sharp renders the SVG). */
async function licencePicture(title: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="560">
    <rect width="800" height="560" fill="#fbf6e9" stroke="#b8860b" stroke-width="16"/>
    <text x="400" y="120" font-size="52" text-anchor="middle" fill="#8b0000">营业执照 Business Licence</text>
    <text x="400" y="300" font-size="40" text-anchor="middle" fill="#333">${title}</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

export interface DemoReview {
  customerId: string;
  applicant: { id: string; name: string; phone: string };
  enterpriseName: string;
  creditCode: string;
  state: 'pending' | 'reject';
  reviewer: { id: string; name: string } | null;
}

/**
 * Enterprise information and customer review applications of demo customers (accounts.seed calls it
 * for Green Gym, pending, and Ocean Travel, rejected, with their advertisers as applicants).
 */
export async function seedCustomerReviews(tx: Tx, app: AppContext, now: Date, demo: DemoReview[]): Promise<void> {
  for (const d of demo) {
    const licenceId = await storeDemoPicture(
      tx,
      app,
      { id: d.applicant.id, customer: d.customerId },
      'licence.png',
      await licencePicture(d.enterpriseName),
      'licence',
      now,
    );
    const info = {
      enterpriseName: d.enterpriseName,
      contactName: d.applicant.name,
      contactPhone: d.applicant.phone,
      province: '浙江省',
      creditCode: d.creditCode,
      legalPersonIdNumber: '11010519491231002X',
      licenceMediaId: licenceId,
      licenceValidUntil: new Date(now.getTime() + 3 * 365 * 86400_000),
      qualifications: [],
      agent: false,
    };
    await tx
      .insert(customerEnterprises)
      .values({ customerId: d.customerId, ...info, updatedBy: d.applicant.id, updatedAt: now });
    const [customer] = await tx.select().from(customers).where(eq(customers.id, d.customerId));
    const rejected = d.state === 'reject';
    await tx.insert(customerAudits).values({
      id: newId(now.getTime()),
      customerId: d.customerId,
      applicantId: d.applicant.id,
      applicantName: d.applicant.name,
      state: d.state,
      note: rejected ? (customer?.auditNote ?? '') : '',
      reviewerId: rejected ? (d.reviewer?.id ?? null) : null,
      reviewerName: rejected ? (d.reviewer?.name ?? '') : '',
      snapshot: { ...info, licenceValidUntil: toUnixSeconds(info.licenceValidUntil), updatetime: toUnixSeconds(now) },
      createdAt: new Date(now.getTime() - 86400_000),
      auditedAt: rejected ? now : null,
    });
  }
}
