import { isAdvertiserRole, isOperatorRole, PRINCIPALS } from '@robot-ads/contracts/auth/roles';
import { toUnixSeconds } from '@robot-ads/contracts/common/time';
import { fenToYuan } from '@robot-ads/contracts/devices/devices.rules';
import type { BillDto, BillLineDto, BillSummaryDto } from '@robot-ads/contracts/sales/bills.schemas';
import { fenToYuanText } from '@robot-ads/contracts/sales/sales.rules';
import { and, eq, inArray, isNotNull, lt, or, type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import { renderPdf } from '../../platform/pdf/render-pdf';
import { accountSubtreeIds, isSuperuser } from '../../platform/scope';
import type { SessionUser } from '../../platform/session-user';
import { customerNamesByIds, findCustomerById } from '../customers/customers.queries';
import { orders } from './sales.table';

type User = Pick<SessionUser, 'id' | 'role' | 'principals' | 'customer' | 'projectId' | 'diy'>;

/** Bills are calendar months in China time (UTC+8, no daylight saving). */
const OFFSET_MS = 8 * 3600_000;

export function monthRange(month: string): { from: Date; to: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return { from: new Date(Date.UTC(y, m - 1, 1) - OFFSET_MS), to: new Date(Date.UTC(y, m, 1) - OFFSET_MS) };
}

const TEXT = {
  zh: {
    title: '对账单',
    customer: '客户',
    month: '月份',
    opening: '期初余额',
    charges: '本月应收',
    payments: '本月收款',
    credits: '本月补偿',
    balance: '期末余额',
    kind: { charge: '订单应收', payment: '收款', credit: '补偿' },
    cols: ['日期', '类型', '订单号', '说明', '金额（元）'],
  },
  en: {
    title: 'Statement',
    customer: 'Customer',
    month: 'Month',
    opening: 'Opening balance',
    charges: 'Charges',
    payments: 'Payments',
    credits: 'Credits',
    balance: 'Closing balance',
    kind: { charge: 'Order charge', payment: 'Payment', credit: 'Credit' },
    cols: ['Date', 'Type', 'Order ID', 'Description', 'Amount (yuan)'],
  },
} as const;

const day = (unix: number) => new Date(unix * 1000 + OFFSET_MS).toISOString().slice(0, 10);

export class BillsService {
  constructor(private readonly ctx: AppContext) {}

  /** Section 6: principals root, admin or empty, and the DIY flag; then the customers in scope. */
  private async customerScope(user: User): Promise<SQL | undefined> {
    if (!(PRINCIPALS as readonly string[]).includes(user.principals) || !user.diy)
      throw new AppError('BILL_NOT_VISIBLE');
    if (isSuperuser(user)) return undefined;
    if (isOperatorRole(user.role)) {
      const ids = (await accountSubtreeIds(this.ctx.db, user)) ?? [user.id];
      return or(inArray(orders.customerOwnerId, ids), inArray(orders.createdBy, ids));
    }
    if (isAdvertiserRole(user.role) && user.customer) return eq(orders.customerId, user.customer);
    throw new AppError('FORBIDDEN');
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
    const rows = await this.ctx.db
      .select()
      .from(orders)
      .where(
        and(
          inArray(orders.customerId, customerIds),
          or(lt(orders.approvedAt, to), lt(orders.paidAt, to), lt(orders.creditedAt, to)),
        ),
      );
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
    const [seen] = await this.ctx.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.customerId, customerId), scope))
      .limit(1);
    const customer = seen ? await findCustomerById(this.ctx.db, customerId) : null;
    if (!customer) throw new AppError('NOT_FOUND', {}, 'customerId');
    const { from, to } = monthRange(month);
    const lists = (await this.linesOf([customer.id], from, to)).get(customer.id);
    return this.summarize(customer.id, customer.name, month, lists ?? { before: [], lines: [] });
  }

  /** One summary per customer in scope that has orders charged up to the month's end. */
  async page(
    user: User,
    q: { month: string; customerId?: string; start: number; limit: number },
  ): Promise<{ total: number; datas: BillSummaryDto[] }> {
    const scope = await this.customerScope(user);
    const { from, to } = monthRange(q.month);
    const where = and(
      scope,
      isNotNull(orders.approvedAt),
      lt(orders.approvedAt, to),
      ...(q.customerId ? [eq(orders.customerId, q.customerId)] : []),
    );
    const [count] = await this.ctx.db
      .select({ n: sql<number>`count(distinct ${orders.customerId})::int` })
      .from(orders)
      .where(where);
    const ids = await this.ctx.db
      .selectDistinct({ id: orders.customerId })
      .from(orders)
      .where(where)
      .orderBy(orders.customerId)
      .offset(q.start)
      .limit(q.limit);
    const names = await customerNamesByIds(
      this.ctx.db,
      ids.map((r) => r.id),
    );
    // Every customer of the page in one read of their orders.
    const lines = await this.linesOf(
      ids.map((r) => r.id),
      from,
      to,
    );
    const datas: BillSummaryDto[] = ids.map(({ id }) => {
      const { lines: _lines, ...summary } = this.summarize(
        id,
        names.get(id) ?? '',
        q.month,
        lines.get(id) ?? { before: [], lines: [] },
      );
      return summary;
    });
    return { total: count?.n ?? 0, datas };
  }

  /** The statement as a PDF in Noto Sans SC, subset to its text (platform/pdf): poppler draws it. */
  async pdf(user: User, customerId: string, month: string, lang: 'zh' | 'en'): Promise<Buffer> {
    const bill = await this.statement(user, customerId, month);
    const t = TEXT[lang];
    const x = [48, 130, 210, 330, 470];
    return renderPdf({ title: `${t.title} ${bill.customerName} ${month}` }, ({ doc, text }) => {
      text(t.title, { size: 18, bold: true });
      doc.moveDown(0.5).fontSize(11);
      text(`${t.customer}: ${bill.customerName}`);
      text(`${t.month}: ${month}`);
      doc.moveDown(0.5);
      for (const [label, fen] of [
        [t.opening, bill.openingBalanceFen],
        [t.charges, bill.chargesFen],
        [t.payments, bill.paymentsFen],
        [t.credits, bill.creditsFen],
        [t.balance, bill.balanceFen],
      ] as const) {
        text(`${label}: ${fenToYuanText(fen)}`);
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
      row([...t.cols], true);
      for (const l of bill.lines) {
        row([day(l.time), t.kind[l.kind], l.orderNo, l.description, fenToYuanText(l.amountFen)]);
      }
    });
  }

  /** The statement as an xlsx: the totals, then one row per line. */
  async xlsx(user: User, customerId: string, month: string, lang: 'zh' | 'en'): Promise<Buffer> {
    const bill = await this.statement(user, customerId, month);
    const t = TEXT[lang];
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet(t.title);
    sheet.addRow([t.customer, bill.customerName]);
    sheet.addRow([t.month, month]);
    sheet.addRow([t.opening, bill.openingBalance]);
    sheet.addRow([t.charges, bill.charges]);
    sheet.addRow([t.payments, bill.payments]);
    sheet.addRow([t.credits, bill.credits]);
    sheet.addRow([t.balance, bill.balance]);
    sheet.addRow([]);
    sheet.addRow([...t.cols]);
    for (const l of bill.lines) sheet.addRow([day(l.time), t.kind[l.kind], l.orderNo, l.description, l.amount]);
    sheet.columns.forEach((c, i) => {
      c.width = [14, 16, 24, 30, 14][i] ?? 14;
    });
    // Amounts are numbers shown with two decimals and thousands separators.
    for (let r = 3; r <= 7; r++) sheet.getCell(r, 2).numFmt = '#,##0.00';
    for (let r = 10; r < 10 + bill.lines.length; r++) sheet.getCell(r, 5).numFmt = '#,##0.00';
    return Buffer.from(await book.xlsx.writeBuffer());
  }
}
