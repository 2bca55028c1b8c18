import { isAdvertiserRole, isOperatorRole, PRINCIPALS } from '@robot-ads/contracts/auth/roles';
import type { Language } from '@robot-ads/contracts/common/language';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import { fenToYuan } from '@robot-ads/contracts/devices/devices.rules';
import { formatDate, monthBounds, zoneLabel } from '@robot-ads/contracts/playback/zoned-time';
import type { BillDto, BillLineDto, BillSummaryDto } from '@robot-ads/contracts/sales/bills.schemas';
import { formatMoneyFen } from '@robot-ads/contracts/sales/sales.rules';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import { texts, tr } from '../../platform/i18n/i18n';
import { loadExcel } from '../../platform/on-first-use';
import { renderPdf } from '../../platform/pdf/render-pdf';
import { accountSubtreeIds, isSuperuser } from '../../platform/scope';
import type { SessionUser } from '../../platform/session-user';
import { customerNamesByIds, findCustomerById } from '../customers/customers.queries';
import {
  customerHasScopedOrder,
  type OrderScope,
  ordersWithLinesBefore,
  pageBilledCustomers,
} from './orders.repository';

type User = Pick<SessionUser, 'id' | 'role' | 'principals' | 'customer' | 'projectId' | 'diy'>;

/**
 * A bill's month: the calendar month `YYYY-MM` in the platform's zone (TIME_ZONE, Asia/Shanghai by
 * default), its local midnights as instants. The bill says which zone it is in.
 */
function billMonth(month: string, timeZone: string): { from: Date; to: Date } {
  const { from, to } = monthBounds(month, timeZone);
  return { from: new Date(from * 1000), to: new Date(to * 1000) };
}

type LineKind = BillLineDto['kind'];

/** The words of a statement in the language, from the locale files (platform/i18n). */
function billTexts(lang: Language) {
  const c = texts<'date' | 'kind' | 'orderNo' | 'description' | 'amount'>(lang, 'sales:bill.cols');
  return {
    title: tr(lang, 'sales:bill.title'),
    customer: tr(lang, 'sales:bill.customer'),
    month: tr(lang, 'sales:bill.month'),
    opening: tr(lang, 'sales:bill.opening'),
    charges: tr(lang, 'sales:bill.charges'),
    payments: tr(lang, 'sales:bill.payments'),
    credits: tr(lang, 'sales:bill.credits'),
    balance: tr(lang, 'sales:bill.balance'),
    timeZone: tr(lang, 'common:timeZone'),
    kind: texts<LineKind>(lang, 'sales:bill.kind'),
    cols: [c.date, c.kind, c.orderNo, c.description, c.amount],
  };
}

export class BillsService {
  constructor(private readonly ctx: AppContext) {}

  /** Section 6: principals root, admin or empty, and the DIY flag; then the customers in scope. */
  private async customerScope(user: User): Promise<OrderScope> {
    if (!(PRINCIPALS as readonly string[]).includes(user.principals) || !user.diy)
      throw new AppError('BILL_NOT_VISIBLE');
    if (isSuperuser(user)) return { kind: 'all' };
    if (isOperatorRole(user.role))
      return { kind: 'accounts', ids: (await accountSubtreeIds(this.ctx.db, user)) ?? [user.id] };
    if (isAdvertiserRole(user.role) && user.customer) return { kind: 'customer', customerId: user.customer };
    throw new AppError('FORBIDDEN');
  }

  /** The zone bills are read in: the platform's (TIME_ZONE). */
  get timeZone(): string {
    return this.ctx.config.TIME_ZONE;
  }

  /** `Asia/Shanghai (UTC+8)`: the zone a bill's dates are in, as it prints it. */
  private zoneOf(month: string): string {
    return zoneLabel(this.timeZone, monthBounds(month, this.timeZone).from);
  }

  private day(unix: number): string {
    return formatDate(unix, this.timeZone);
  }

  /**
   * The lines of these customers' orders before `to`, in one read: per customer, those before `from`
   * (the opening balance) and those of [from, to) (the month's lines), each in time order.
   */
  private async linesOf(
    customerIds: string[],
    from: Date,
    to: Date,
  ): Promise<Map<string, { before: BillLineDto[]; lines: BillLineDto[] }>> {
    const out = new Map(customerIds.map((id) => [id, { before: [] as BillLineDto[], lines: [] as BillLineDto[] }]));
    if (customerIds.length === 0) return out;
    const rows = await ordersWithLinesBefore(this.ctx.db, customerIds, to);
    for (const r of rows) {
      const lists = out.get(r.customerId);
      if (!lists) continue;
      const base = { orderId: r.id, orderNo: r.orderNo, description: r.name };
      for (const [kind, at, amountFen] of [
        ['charge', r.approvedAt, r.amountFen],
        ['payment', r.paidAt, r.amountFen],
        ['credit', r.creditedAt, r.creditFen],
      ] as const) {
        if (at === null || at >= to) continue;
        const line = { ...base, kind, time: toUnixSeconds(at) ?? 0, amount: fenToYuan(amountFen), amountFen };
        (at < from ? lists.before : lists.lines).push(line);
      }
    }
    const byTime = (a: BillLineDto, b: BillLineDto) => a.time - b.time || a.orderNo.localeCompare(b.orderNo);
    for (const lists of out.values()) {
      lists.before.sort(byTime);
      lists.lines.sort(byTime);
    }
    return out;
  }

  private summarize(
    customerId: string,
    customerName: string,
    month: string,
    { before, lines }: { before: BillLineDto[]; lines: BillLineDto[] },
  ): BillDto {
    const total = (list: BillLineDto[], kind: BillLineDto['kind']) =>
      list.filter((l) => l.kind === kind).reduce((n, l) => n + l.amountFen, 0);
    const net = (list: BillLineDto[]) => total(list, 'charge') - total(list, 'payment') - total(list, 'credit');
    const openingBalanceFen = net(before);
    const chargesFen = total(lines, 'charge');
    const paymentsFen = total(lines, 'payment');
    const creditsFen = total(lines, 'credit');
    const balanceFen = openingBalanceFen + chargesFen - paymentsFen - creditsFen;
    return {
      customerId,
      customerName,
      month,
      openingBalanceFen,
      chargesFen,
      paymentsFen,
      creditsFen,
      balanceFen,
      openingBalance: fenToYuan(openingBalanceFen),
      charges: fenToYuan(chargesFen),
      payments: fenToYuan(paymentsFen),
      credits: fenToYuan(creditsFen),
      balance: fenToYuan(balanceFen),
      lines,
    };
  }

  /** One statement: the customer must have orders in the caller's scope (else 404). */
  async statement(user: User, customerId: string, month: string): Promise<BillDto> {
    const scope = await this.customerScope(user);
    const seen = await customerHasScopedOrder(this.ctx.db, scope, customerId);
    const customer = seen ? await findCustomerById(this.ctx.db, customerId) : null;
    if (!customer) throw new AppError('NOT_FOUND', {}, 'customerId');
    const { from, to } = billMonth(month, this.timeZone);
    const lists = (await this.linesOf([customer.id], from, to)).get(customer.id);
    return this.summarize(customer.id, customer.name, month, lists ?? { before: [], lines: [] });
  }

  /** One summary per customer in scope that has orders charged up to the month's end. */
  async page(
    user: User,
    q: { month: string; customerId?: string; start: number; limit: number },
  ): Promise<{ total: number; datas: BillSummaryDto[] }> {
    const scope = await this.customerScope(user);
    const { from, to } = billMonth(q.month, this.timeZone);
    const { total, ids } = await pageBilledCustomers(this.ctx.db, scope, { ...q, to });
    const names = await customerNamesByIds(this.ctx.db, ids);
    // Every customer of the page in one read of their orders.
    const lines = await this.linesOf(ids, from, to);
    const datas: BillSummaryDto[] = ids.map((id) => {
      const { lines: _lines, ...summary } = this.summarize(
        id,
        names.get(id) ?? '',
        q.month,
        lines.get(id) ?? { before: [], lines: [] },
      );
      return summary;
    });
    return { total, datas };
  }

  /** The statement as a PDF in Noto Sans SC, subset to its text (platform/pdf): poppler draws it. */
  async pdf(user: User, customerId: string, month: string, lang: 'zh' | 'en'): Promise<Buffer> {
    const bill = await this.statement(user, customerId, month);
    const t = billTexts(lang);
    const x = [48, 130, 210, 330, 470];
    return renderPdf({ title: `${t.title} ${bill.customerName} ${month}` }, ({ doc, text }) => {
      text(t.title, { size: 18, bold: true });
      doc.moveDown(0.5).fontSize(11);
      text(`${t.customer}: ${bill.customerName}`);
      text(`${t.month}: ${month}`);
      text(`${t.timeZone}: ${this.zoneOf(month)}`);
      doc.moveDown(0.5);
      for (const [label, fen] of [
        [t.opening, bill.openingBalanceFen],
        [t.charges, bill.chargesFen],
        [t.payments, bill.paymentsFen],
        [t.credits, bill.creditsFen],
        [t.balance, bill.balanceFen],
      ] as const) {
        text(`${label}: ${formatMoneyFen(fen, lang)}`);
      }
      doc.moveDown(0.8).fontSize(10);
      const row = (cells: string[], bold = false) => {
        if (doc.y > doc.page.height - 72) doc.addPage();
        const y = doc.y;
        cells.forEach((c, i) => {
          const width = (x[i + 1] ?? 548) - (x[i] ?? 0) - 6;
          text(c, { x: x[i], y, bold, width, lineBreak: false, ellipsis: true, align: i === 4 ? 'right' : 'left' });
        });
        doc.moveDown(0.4);
        doc.x = 48;
      };
      row(t.cols, true);
      for (const l of bill.lines) {
        row([this.day(l.time), t.kind[l.kind], l.orderNo, l.description, formatMoneyFen(l.amountFen, lang)]);
      }
    });
  }

  /** The statement as an xlsx: the totals, then one row per line. */
  async xlsx(user: User, customerId: string, month: string, lang: 'zh' | 'en'): Promise<Buffer> {
    const bill = await this.statement(user, customerId, month);
    const t = billTexts(lang);
    const book = new (await loadExcel()).Workbook();
    const sheet = book.addWorksheet(t.title);
    sheet.addRow([t.customer, bill.customerName]);
    sheet.addRow([t.month, month]);
    sheet.addRow([t.opening, bill.openingBalance]);
    sheet.addRow([t.charges, bill.charges]);
    sheet.addRow([t.payments, bill.payments]);
    sheet.addRow([t.credits, bill.credits]);
    sheet.addRow([t.balance, bill.balance]);
    sheet.addRow([t.timeZone, this.zoneOf(month)]);
    sheet.addRow([]);
    sheet.addRow(t.cols);
    for (const l of bill.lines) sheet.addRow([this.day(l.time), t.kind[l.kind], l.orderNo, l.description, l.amount]);
    sheet.columns.forEach((c, i) => {
      c.width = [14, 16, 24, 30, 14][i] ?? 14;
    });
    // Amounts are numbers shown with two decimals and thousands separators.
    for (let r = 3; r <= 7; r++) sheet.getCell(r, 2).numFmt = '#,##0.00';
    for (let r = 11; r < 11 + bill.lines.length; r++) sheet.getCell(r, 5).numFmt = '#,##0.00';
    return Buffer.from(await book.xlsx.writeBuffer());
  }
}
