import { newId } from '@robot-ads/contracts/common/ids';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Seeder } from '../../platform/seeding';
import { findAccountByUsername } from '../accounts/accounts.queries';
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

/**
 * Enterprise information and customer review applications of the demo customers in each review state
 * (accounts.seed created them): Green Gym pending, Ocean Travel rejected (applications by their
 * advertisers adv_pending and adv_rejected); Bright Books has submitted nothing yet.
 */
export const customersSeeder: Seeder = {
  name: 'customers',
  async run(tx, { now, app }) {
    const root = await findAccountByUsername(tx, 'root');
    const demo = [
      {
        username: 'adv_pending',
        enterpriseName: '绿动健身有限公司',
        creditCode: '91330106MA2B0T1X0B',
        state: 'pending' as const,
      },
      {
        username: 'adv_rejected',
        enterpriseName: '海洋旅行社有限公司',
        creditCode: '91330106MA2B0T2X01',
        state: 'reject' as const,
      },
    ];
    for (const d of demo) {
      const adv = await findAccountByUsername(tx, d.username);
      if (!adv?.customerId) continue;
      const licenceId = await storeDemoPicture(
        tx,
        app,
        { id: adv.id, customer: adv.customerId },
        'licence.png',
        await licencePicture(d.enterpriseName),
        'licence',
        now,
      );
      const info = {
        enterpriseName: d.enterpriseName,
        contactName: adv.name,
        contactPhone: adv.phone,
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
        .values({ customerId: adv.customerId, ...info, updatedBy: adv.id, updatedAt: now });
      const [customer] = await tx.select().from(customers).where(eq(customers.id, adv.customerId));
      await tx.insert(customerAudits).values({
        id: newId(now.getTime()),
        customerId: adv.customerId,
        applicantId: adv.id,
        applicantName: adv.name,
        state: d.state,
        note: d.state === 'reject' ? (customer?.auditNote ?? '') : '',
        reviewerId: d.state === 'reject' ? (root?.id ?? null) : null,
        reviewerName: d.state === 'reject' ? (root?.name ?? '') : '',
        snapshot: {
          ...info,
          licenceValidUntil: toUnixSeconds(info.licenceValidUntil),
          updatetime: toUnixSeconds(now),
        },
        createdAt: new Date(now.getTime() - 86400_000),
        auditedAt: d.state === 'reject' ? now : null,
      });
    }
  },
};
