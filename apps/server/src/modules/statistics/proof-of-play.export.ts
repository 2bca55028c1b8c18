import { FLAG_REASONS, type FlagReason } from '@robot-ads/contracts/play-events/play-events.rules';
import type { ProofOfPlayReport } from '@robot-ads/contracts/statistics/proof-of-play.schemas';
import ExcelJS from 'exceljs';
import { renderPdf } from '../../platform/pdf/render-pdf';

type Lang = 'zh' | 'en';

const TEXT = {
  zh: {
    title: '播放证明',
    certificate: '播放证明书',
    plan: '投放计划',
    order: '订单',
    customer: '客户',
    zone: '时区',
    range: '期间',
    robots: '设备数',
    scheduledDays: '排期设备天数',
    deliveredDays: '已播设备天数',
    verified: '已核验播放',
    flagged: '已标记播放',
    share: '核验率',
    cols: ['设备ID', '设备名称', '日期', '排期分钟', '已核验', '已标记', '标记原因'],
    statement: '本证明列出上述期间内经服务器核验的播放次数；被标记的播放不计入报表与账单。',
    reasonsTitle: '标记原因',
  },
  en: {
    title: 'Proof of play',
    certificate: 'Proof-of-play certificate',
    plan: 'Plan',
    order: 'Order',
    customer: 'Customer',
    zone: 'Time zone',
    range: 'Period',
    robots: 'Screens',
    scheduledDays: 'Scheduled screen-days',
    deliveredDays: 'Delivered screen-days',
    verified: 'Verified plays',
    flagged: 'Flagged plays',
    share: 'Verified share',
    cols: ['Device ID', 'Device name', 'Day', 'Scheduled min', 'Verified', 'Flagged', 'Flag reasons'],
    statement:
      'This certificate lists the plays the server verified in the period above; flagged plays are not counted in reports or bills.',
    reasonsTitle: 'Flag reasons',
  },
} as const;

export const REASON_TEXT: Record<Lang, Record<FlagReason, string>> = {
  zh: {
    future: '时间超前',
    tooOld: '过期上报',
    notPulled: '未拉取计划',
    beforePull: '拉取前播放',
    afterCancel: '取消后播放',
    adNotInPlan: '广告不在计划中',
    outsideSchedule: '排期时段外',
    tooLong: '时长超出',
    tooShort: '未完整播放',
    overlap: '播放重叠',
  },
  en: {
    future: 'In the future',
    tooOld: 'Too old',
    notPulled: 'Plan not pulled',
    beforePull: 'Before the pull',
    afterCancel: 'After cancellation',
    adNotInPlan: 'Ad not in plan',
    outsideSchedule: 'Outside the schedule',
    tooLong: 'Longer than the ad',
    tooShort: 'Not full length',
    overlap: 'Overlapping play',
  },
};

const day = (unix: number, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(unix * 1000),
  );
const period = (r: ProofOfPlayReport) =>
  `${day(r.begin, r.timeZone)} – ${day(Math.max(r.begin, r.end - 1), r.timeZone)}`;
const orderText = (o: NonNullable<ProofOfPlayReport['order']>) => `${o.orderNo} ${o.name}`;
const reasonsText = (reasons: Partial<Record<FlagReason, number>>, lang: Lang) =>
  FLAG_REASONS.filter((k) => (reasons[k] ?? 0) > 0)
    .map((k) => `${REASON_TEXT[lang][k]} ${reasons[k]}`)
    .join(', ');
const shareText = (s: number | null) => (s === null ? '—' : `${s.toFixed(2)} %`);

/** The report as an xlsx: the totals, then one row per robot and day (share as a percentage number). */
export async function proofOfPlayXlsx(r: ProofOfPlayReport, lang: Lang): Promise<Buffer> {
  const t = TEXT[lang];
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(t.title);
  if (r.order) sheet.addRow([t.order, orderText(r.order)]);
  sheet.addRow([t.plan, r.planName]);
  sheet.addRow([t.customer, r.customerName]);
  sheet.addRow([t.zone, r.timeZone]);
  sheet.addRow([t.range, period(r)]);
  sheet.addRow([t.robots, r.total.robots]);
  sheet.addRow([t.scheduledDays, r.total.scheduledDays]);
  sheet.addRow([t.deliveredDays, r.total.deliveredDays]);
  sheet.addRow([t.verified, r.total.verified]);
  sheet.addRow([t.flagged, r.total.flagged]);
  const shareRow = sheet.addRow([t.share, r.total.verifiedShare === null ? null : r.total.verifiedShare / 100]);
  shareRow.getCell(2).numFmt = '0.00%';
  for (const reason of FLAG_REASONS) {
    const n = r.total.reasons[reason];
    if (n) sheet.addRow([`${t.reasonsTitle}: ${REASON_TEXT[lang][reason]}`, n]);
  }
  sheet.addRow([]);
  const header = sheet.addRow([...t.cols]);
  header.font = { bold: true };
  for (const row of r.rows) {
    sheet.addRow([
      row.robotId,
      row.robotName,
      row.day,
      row.scheduledMinutes,
      row.verified,
      row.flagged,
      reasonsText(row.reasons, lang),
    ]);
  }
  sheet.columns.forEach((c, i) => {
    c.width = [16, 18, 12, 14, 10, 10, 36][i] ?? 12;
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The report as a PDF certificate a salesperson can send: header, totals, flag reasons, rows per robot and day. */
export async function proofOfPlayPdf(r: ProofOfPlayReport, lang: Lang): Promise<Buffer> {
  const t = TEXT[lang];
  const x = [48, 130, 230, 300, 370, 430, 480];
  return renderPdf({ title: `${t.certificate} ${r.planName}` }, ({ doc, text }) => {
    text(t.certificate, { size: 20, bold: true });
    doc.moveDown(0.5).fontSize(11);
    if (r.order) text(`${t.order}: ${orderText(r.order)}`);
    text(`${t.plan}: ${r.planName}`);
    text(`${t.customer}: ${r.customerName}`);
    text(`${t.range}: ${period(r)} (${t.zone} ${r.timeZone})`);
    doc.moveDown(0.5);
    text(`${t.robots}: ${r.total.robots}`);
    text(`${t.scheduledDays}: ${r.total.scheduledDays}   ${t.deliveredDays}: ${r.total.deliveredDays}`);
    text(`${t.verified}: ${r.total.verified}   ${t.flagged}: ${r.total.flagged}`);
    text(`${t.share}: ${shareText(r.total.verifiedShare)}`, { bold: true });
    const reasons = reasonsText(r.total.reasons, lang);
    if (reasons) text(`${t.reasonsTitle}: ${reasons}`);
    doc.moveDown(0.5).fontSize(9);
    text(t.statement, { width: 500 });
    doc.moveDown(0.8).fontSize(9);
    const row = (cells: string[], bold = false) => {
      if (doc.y > doc.page.height - 72) doc.addPage();
      const y = doc.y;
      cells.forEach((c, i) => {
        const width = (x[i + 1] ?? 548) - (x[i] ?? 0) - 4;
        text(c, { x: x[i], y, bold, width, lineBreak: false, ellipsis: true });
      });
      // One line a row, whatever the cells did to the cursor.
      doc.y = y + 15;
      doc.x = 48;
    };
    row([...t.cols], true);
    for (const d of r.rows) {
      row([
        d.robotId,
        d.robotName,
        d.day,
        String(d.scheduledMinutes),
        String(d.verified),
        String(d.flagged),
        reasonsText(d.reasons, lang),
      ]);
    }
  });
}
