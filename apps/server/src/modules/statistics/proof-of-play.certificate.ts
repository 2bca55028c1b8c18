import type { ProofOfPlayReport } from '@robot-ads/contracts/statistics/proof-of-play.schemas';
import type { FastifyRequest } from 'fastify';
import { tr } from '../../platform/i18n/i18n';
import type { PdfPage } from '../../platform/pdf/render-pdf';
import {
  type CertificateFacts,
  type CertificatesService,
  type IssuedCertificate,
  originOf,
} from '../certificates/certificates.service';
import { deliveredPercent } from './proof-of-play';

/**
 * What a proof-of-play certificate states (docs/certificates.md): the report's plan, order, customer,
 * period and totals, and each robot's totals over the period (its rows summed, its delivered % as the report
 * computes it).
 */
export function certificateFacts(r: ProofOfPlayReport): CertificateFacts {
  const robots = new Map<string, CertificateFacts['robots'][number]>();
  for (const row of r.rows) {
    let robot = robots.get(row.robotId);
    if (!robot) {
      robot = {
        robotId: row.robotId,
        robotName: row.robotName,
        scheduledDays: 0,
        deliveredDays: 0,
        scheduledPlays: 0,
        verified: 0,
        flagged: 0,
        deliveredPercent: null,
      };
      robots.set(row.robotId, robot);
    }
    if (row.scheduledMinutes > 0) {
      robot.scheduledDays += 1;
      if (row.verified > 0) robot.deliveredDays += 1;
    }
    robot.scheduledPlays += row.scheduledPlays;
    robot.verified += row.verified;
    robot.flagged += row.flagged;
  }
  for (const robot of robots.values()) robot.deliveredPercent = deliveredPercent(robot.verified, robot.scheduledPlays);
  return {
    kind: r.order ? 'order' : 'plan',
    plan: { id: r.playlistId, name: r.planName },
    order: r.order ? { orderNo: r.order.orderNo, name: r.order.name } : null,
    customer: r.customerName,
    period: { begin: r.begin, end: r.end, timeZone: r.timeZone },
    robots: [...robots.values()],
    total: { ...r.total },
  };
}

/** Issues the certificate of a report about to be sent as a PDF, by the caller of the request. */
export function issueCertificate(
  certificates: CertificatesService,
  report: ProofOfPlayReport,
  request: FastifyRequest,
): Promise<IssuedCertificate> {
  return certificates.issue(certificateFacts(report), {
    planId: report.playlistId,
    orderId: report.order?.id ?? null,
    issuedBy: request.user?.id ?? null,
    origin: originOf(request),
  });
}

/** Size of the QR code on the certificate (points; 72 a inch). */
export const QR_SIZE = 96;

/**
 * The certificate's verification block where the cursor stands: the QR code of the public page on the left,
 * the code, the address and what checking them shows on its right.
 */
export function drawVerification(page: PdfPage, cert: { code: string; url: string; qrPng: Buffer }, lang: 'zh' | 'en') {
  const { doc, text } = page;
  const k = (key: string) => tr(lang, `certificates:pdf.${key}`);
  doc.moveDown(0.4);
  if (doc.y > doc.page.height - 72 - QR_SIZE) doc.addPage();
  const x = 48;
  const y = doc.y;
  doc.image(cert.qrPng, x, y, { width: QR_SIZE, height: QR_SIZE });
  const right = x + QR_SIZE + 14;
  const width = doc.page.width - 48 - right;
  text(k('title'), { x: right, y, bold: true, size: 11, width });
  text(`${k('code')}: ${cert.code}`, { x: right, bold: true, size: 11, width });
  text(`${k('url')}: ${cert.url}`, { x: right, size: 9, width });
  text(k('explain'), { x: right, size: 8, width });
  doc.y = Math.max(doc.y, y + QR_SIZE) + 8;
  doc.x = 48;
}
