import { FLAG_REASONS, type FlagReason } from '@robot-ads/contracts/play-events/play-events.rules';
import { formatDate, formatDateMinute, zoneLabel } from '@robot-ads/contracts/playback/zoned-time';
import type { ProofOfPlayReport } from '@robot-ads/contracts/statistics/proof-of-play.schemas';
import type ExcelJS from 'exceljs';
import { namespace, texts, tr } from '../../platform/i18n/i18n';
import { loadExcel } from '../../platform/on-first-use';
import { renderPdf } from '../../platform/pdf/render-pdf';
import { drawVerification } from './proof-of-play.certificate';

type Lang = 'zh' | 'en';
type Col =
  | 'robotId'
  | 'robotName'
  | 'day'
  | 'scheduledMinutes'
  | 'scheduledPlays'
  | 'verified'
  | 'flagged'
  | 'deliveredPercent'
  | 'reasons';

/** The certificate's words in the language (platform/i18n; the flag reasons are shared with the web). */
function textsOf(lang: Lang) {
  const k = (key: string) => tr(lang, `statistics:proofOfPlay.${key}`);
  const c = texts<Col>(lang, 'statistics:proofOfPlay.cols');
  return {
    title: k('title'),
    certificate: k('certificate'),
    plan: k('plan'),
    order: k('order'),
    customer: k('customer'),
    zone: k('zone'),
    range: k('range'),
    robots: k('robots'),
    scheduledDays: k('scheduledDays'),
    deliveredDays: k('deliveredDays'),
    scheduledPlays: k('scheduledPlays'),
    deliveredPercent: k('deliveredPercent'),
    verified: k('verified'),
    flagged: k('flagged'),
    share: k('share'),
    statement: k('statement'),
    reasonsTitle: k('reasonsTitle'),
    /** "to HH:mm": a day counted up to that time (today). */
    until: (time: string) => tr(lang, 'statistics:proofOfPlay.until', { time }),
    cols: [
      c.robotId,
      c.robotName,
      c.day,
      c.scheduledMinutes,
      c.scheduledPlays,
      c.verified,
      c.flagged,
      c.deliveredPercent,
      c.reasons,
    ],
    reason: namespace(lang, 'play-flags') as Record<FlagReason, string>,
  };
}

/** The time a partial day was counted to (`HH:mm`), or null for whole days. */
const countedTime = (r: ProofOfPlayReport) =>
  r.countedTo === undefined ? null : formatDateMinute(r.countedTo, r.timeZone).slice(11);
/** The period; when it runs past now, its last day says up to when it was counted ("to HH:mm"). */
const period = (r: ProofOfPlayReport, t: ReturnType<typeof textsOf>) => {
  const time = countedTime(r);
  const last = formatDate(Math.max(r.begin, (r.countedTo ?? r.end) - 1), r.timeZone);
  return `${formatDate(r.begin, r.timeZone)} – ${last}${time === null ? '' : ` ${t.until(time)}`}`;
};
/** A row's day, with "to HH:mm" on the partial day. */
const dayText = (r: ProofOfPlayReport, day: string, t: ReturnType<typeof textsOf>, separator = ' ') => {
  const time = countedTime(r);
  return time !== null && r.countedTo !== undefined && day === formatDate(r.countedTo, r.timeZone)
    ? `${day}${separator}${t.until(time)}`
    : day;
};
const orderText = (o: NonNullable<ProofOfPlayReport['order']>) => `${o.orderNo} ${o.name}`;
/** What an order contracted, and its screens that have not pulled the plan yet (docs/sales.md). */
function orderContract(o: NonNullable<ProofOfPlayReport['order']>, lang: Lang): string[] {
  const k = (key: string, values: Record<string, unknown>) => tr(lang, `statistics:proofOfPlay.${key}`, values);
  const lines = [
    k('orderContract', {
      screens: o.screens,
      contracted: o.contractedScreenDays,
      due: o.dueScreenDays,
      delivered: o.deliveredScreenDays,
    }),
  ];
  if (o.notPulled.length > 0) {
    lines.push(k('notPulled', { count: o.notPulled.length, screens: o.screens, robots: o.notPulled.join(', ') }));
  }
  return lines;
}
const reasonsText = (reasons: Partial<Record<FlagReason, number>>, names: Record<FlagReason, string>) =>
  FLAG_REASONS.filter((k) => (reasons[k] ?? 0) > 0)
    .map((k) => `${names[k]} ${reasons[k]}`)
    .join(', ');
const shareText = (s: number | null) => (s === null ? '—' : `${s.toFixed(2)} %`);
/** A percentage (x 100) as the fraction a spreadsheet formats with `0.00%`; null stays empty. */
const fraction = (p: number | null) => (p === null ? null : p / 100);
const percentCell = (cell: ExcelJS.Cell) => {
  cell.numFmt = '0.00%';
};

/** The report as an xlsx: the totals, then one row per robot and day (share as a percentage number). */
export async function proofOfPlayXlsx(r: ProofOfPlayReport, lang: Lang): Promise<Buffer> {
  const t = textsOf(lang);
  const book = new (await loadExcel()).Workbook();
  const sheet = book.addWorksheet(t.title);
  if (r.order) sheet.addRow([t.order, orderText(r.order)]);
  if (r.order) for (const line of orderContract(r.order, lang)) sheet.addRow(['', line]);
  sheet.addRow([t.plan, r.planName]);
  sheet.addRow([t.customer, r.customerName]);
  sheet.addRow([t.zone, zoneLabel(r.timeZone, r.begin)]);
  sheet.addRow([t.range, period(r, t)]);
  sheet.addRow([t.robots, r.total.robots]);
  sheet.addRow([t.scheduledDays, r.total.scheduledDays]);
  sheet.addRow([t.deliveredDays, r.total.deliveredDays]);
  sheet.addRow([t.scheduledPlays, r.total.scheduledPlays]);
  percentCell(sheet.addRow([t.deliveredPercent, fraction(r.total.deliveredPercent)]).getCell(2));
  sheet.addRow([t.verified, r.total.verified]);
  sheet.addRow([t.flagged, r.total.flagged]);
  const shareRow = sheet.addRow([t.share, r.total.verifiedShare === null ? null : r.total.verifiedShare / 100]);
  shareRow.getCell(2).numFmt = '0.00%';
  for (const reason of FLAG_REASONS) {
    const n = r.total.reasons[reason];
    if (n) sheet.addRow([`${t.reasonsTitle}: ${t.reason[reason]}`, n]);
  }
  sheet.addRow([]);
  const header = sheet.addRow(t.cols);
  header.font = { bold: true };
  for (const row of r.rows) {
    const line = sheet.addRow([
      row.robotId,
      row.robotName,
      dayText(r, row.day, t),
      row.scheduledMinutes,
      row.scheduledPlays,
      row.verified,
      row.flagged,
      fraction(row.deliveredPercent),
      reasonsText(row.reasons, t.reason),
    ]);
    percentCell(line.getCell(8));
  }
  sheet.columns.forEach((c, i) => {
    c.width = [16, 18, 12, 14, 14, 10, 10, 12, 36][i] ?? 12;
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * The report as a PDF certificate a salesperson can send: header, totals, flag reasons, its verification
 * code and QR code (docs/certificates.md), rows per robot and day.
 */
export async function proofOfPlayPdf(
  r: ProofOfPlayReport,
  lang: Lang,
  certificate?: { code: string; url: string; qrPng: Buffer },
): Promise<Buffer> {
  const t = textsOf(lang);
  const x = [48, 128, 190, 250, 292, 334, 376, 416, 466];
  return renderPdf({ title: `${t.certificate} ${r.planName}` }, ({ doc, text }) => {
    text(t.certificate, { size: 20, bold: true });
    doc.moveDown(0.5).fontSize(11);
    if (r.order) text(`${t.order}: ${orderText(r.order)}`);
    if (r.order) for (const line of orderContract(r.order, lang)) text(line, { width: 500 });
    text(`${t.plan}: ${r.planName}`);
    text(`${t.customer}: ${r.customerName}`);
    text(`${t.range}: ${period(r, t)} (${t.zone} ${zoneLabel(r.timeZone, r.begin)})`);
    doc.moveDown(0.5);
    text(`${t.robots}: ${r.total.robots}`);
    text(`${t.scheduledDays}: ${r.total.scheduledDays}   ${t.deliveredDays}: ${r.total.deliveredDays}`);
    text(`${t.verified}: ${r.total.verified}   ${t.flagged}: ${r.total.flagged}`);
    text(
      `${t.scheduledPlays}: ${r.total.scheduledPlays}   ${t.deliveredPercent}: ${shareText(r.total.deliveredPercent)}`,
    );
    text(`${t.share}: ${shareText(r.total.verifiedShare)}`, { bold: true });
    const reasons = reasonsText(r.total.reasons, t.reason);
    if (reasons) text(`${t.reasonsTitle}: ${reasons}`);
    doc.moveDown(0.5).fontSize(9);
    text(t.statement, { width: 500 });
    if (certificate) drawVerification({ doc, text }, certificate, lang);
    doc.moveDown(0.8).fontSize(9);
    const row = (cells: string[], bold = false, height = 15) => {
      if (doc.y > doc.page.height - 72) doc.addPage();
      const y = doc.y;
      cells.forEach((c, i) => {
        const width = (x[i + 1] ?? 548) - (x[i] ?? 0) - 4;
        text(c, { x: x[i], y, bold, width, lineBreak: c.includes('\n'), ellipsis: true });
      });
      // One line a row (the header two), whatever the cells did to the cursor.
      doc.y = y + height;
      doc.x = 48;
    };
    row(t.cols, true, 26);
    for (const d of r.rows) {
      const day = dayText(r, d.day, t, '\n');
      row(
        [
          d.robotId,
          d.robotName,
          day,
          String(d.scheduledMinutes),
          String(d.scheduledPlays),
          String(d.verified),
          String(d.flagged),
          shareText(d.deliveredPercent),
          reasonsText(d.reasons, t.reason),
        ],
        false,
        day.includes('\n') ? 26 : 15,
      );
    }
  });
}
