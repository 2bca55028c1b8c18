import type { BillDto } from '@robot-ads/contracts/sales/bills.schemas';
import type { OrderDeliveryDto, OrderDetailDto, OrderDto } from '@robot-ads/contracts/sales/orders.schemas';
import type { ProofOfPlayReport } from '@robot-ads/contracts/statistics/proof-of-play.schemas';
import { describe, expect, it } from 'vitest';
import { login, requester } from '../../../test/auth';
import { demoApp } from '../../../test/demo';
import { DEMO_PASSWORD } from '../accounts/accounts.seed';
import { billMonthAt } from './order-delivery';

const demo = demoApp();
const req = requester(demo);

/** The last 12 months, `YYYY-MM`, in China time as the bills count them. */
function lastMonths(now: Date): string[] {
  const china = new Date(now.getTime() + 8 * 3600_000);
  return Array.from({ length: 12 }, (_, back) =>
    new Date(Date.UTC(china.getUTCFullYear(), china.getUTCMonth() - back, 1)).toISOString().slice(0, 7),
  );
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** A customer's statement of a month, read by the demo account that sees it (adv its own, sales its customers'). */
async function statement(customerId: string, month: string): Promise<BillDto> {
  for (const [user, mode] of [
    ['adv', 'advertiser'],
    ['sales', 'operator'],
  ] as const) {
    const token = await login(demo(), user, DEMO_PASSWORD, mode);
    const res = await req('GET', `/api/Bills/statement?customerId=${customerId}&month=${month}`, token);
    if (res.statusCode === 200) return res.json().data as BillDto;
  }
  throw new Error(`no statement of ${customerId} for ${month}`);
}

describe('demo orders and statements', () => {
  it('shows adv (Lucky Coffee) a statement with charges in each of the last 12 months, payments and one credit', async () => {
    const adv = await login(demo(), 'adv', DEMO_PASSWORD, 'advertiser');
    let payments = 0;
    let credits = 0;
    for (const month of lastMonths(demo().app.ctx.clock.now())) {
      const page = (await req('GET', `/api/Bills/queryByPage?month=${month}`, adv)).json();
      expect(page.datas, month).toHaveLength(1);
      const bill = page.datas[0];
      expect(bill.customerName).toBe('Lucky Coffee');
      expect(bill.chargesFen, month).toBeGreaterThan(0);
      payments += bill.paymentsFen;
      credits += bill.creditsFen;
      const statement = (
        await req('GET', `/api/Bills/statement?customerId=${bill.customerId}&month=${month}`, adv)
      ).json().data;
      expect(statement.lines.length, month).toBeGreaterThan(0);
    }
    expect(payments).toBeGreaterThan(0);
    expect(credits).toBeGreaterThan(0);
  });

  it('shows the salesperson its own customers with their orders', async () => {
    const sales = await login(demo(), 'sales', DEMO_PASSWORD, 'operator');
    const customers = (await req('GET', '/api/Customers?start=0&limit=20', sales)).json();
    const names = customers.datas.map((c: { name: string }) => c.name).sort();
    expect(names).toEqual(['城南面馆 Southside Noodles', '海风书店 Sea Breeze Books']);
    for (const c of customers.datas as Array<{ id: string; name: string }>) {
      const page = (await req('GET', `/api/Orders/queryByPage?customerId=${c.id}&start=0&limit=20`, sales)).json();
      expect(page.total, c.name).toBe(3);
      expect(page.datas.every((o: { customerName?: string; customerId: string }) => o.customerId === c.id)).toBe(true);
    }
    // Their bills: this month's statements list both.
    const month = lastMonths(demo().app.ctx.clock.now())[0];
    const bills = (await req('GET', `/api/Bills/queryByPage?month=${month}`, sales)).json();
    expect(bills.datas.map((b: { customerName: string }) => b.customerName).sort()).toEqual(names);
  });
});

describe('every demo order is the order', () => {
  it('adds its lines up to its total in the drawer and charges that total on its bill line', async () => {
    const root = await login(demo(), 'root', DEMO_PASSWORD, 'operator');
    const page = (await req('GET', '/api/Orders/queryByPage?start=0&limit=100', root)).json();
    expect(page.total).toBeGreaterThanOrEqual(18);
    const statements = new Map<string, BillDto>();
    for (const o of page.datas as OrderDto[]) {
      const detail = (await req('GET', `/api/Orders/${o.id}`, root)).json().data as OrderDetailDto;
      expect(sum(detail.lines.map((l) => l.amountFen)), o.orderNo).toBe(detail.amountFen);
      // Each line: its weekly price x weeks (x materials over the free ones).
      for (const l of detail.lines) {
        expect(l.amountFen, `${o.orderNo} ${l.robotId}`).toBe(
          Math.round(l.price * 100) * detail.weeks * (1 + l.extraMaterials),
        );
      }
      if (detail.state === 'reviewing' || detail.state === 'rejected') continue;
      const charged = detail.history.find((h) => h.action === 'approve')?.time ?? 0;
      const month = billMonthAt(new Date(charged * 1000), demo().app.ctx.config.TIME_ZONE);
      const key = `${o.customerId}|${month}`;
      let bill = statements.get(key);
      if (!bill) {
        bill = await statement(o.customerId, month);
        statements.set(key, bill);
      }
      const line = bill.lines.find((l) => l.kind === 'charge' && l.orderId === o.id);
      expect(line?.amountFen, o.orderNo).toBe(detail.amountFen);
    }
  });

  it('reads like a business: past orders fully delivered, one shortfall credited on its own bill line, the running one delivered to date', async () => {
    const root = await login(demo(), 'root', DEMO_PASSWORD, 'operator');
    const page = (await req('GET', '/api/Orders/queryByPage?start=0&limit=100', root)).json();
    const now = Math.floor(demo().app.ctx.clock.now().getTime() / 1000);
    const begun = (page.datas as OrderDto[]).filter((o) => o.begin <= now && o.state !== 'reviewing');
    expect(begun.length).toBeGreaterThanOrEqual(10);
    const credited: OrderDto[] = [];
    for (const o of begun) {
      const d = (await req('GET', `/api/Orders/delivery?id=${o.id}`, root)).json().data as OrderDeliveryDto;
      // Actual devices and delivered screen-days read the same verified plays.
      expect(o.actualDeviceCount, o.orderNo).toBe(d.actualDevices);
      expect(d.actualDevices > 0, o.orderNo).toBe(d.deliveredScreenDays > 0);
      if (o.end <= now) {
        expect(o.state, o.orderNo).toBe('completed');
        expect(d.dueScreenDays, o.orderNo).toBe(d.contractedScreenDays);
      } else {
        expect(o.state, o.orderNo).toBe('launched');
      }
      if (o.creditFen > 0) {
        credited.push(o);
        expect(d.shortfallScreenDays, o.orderNo).toBeGreaterThan(0);
        expect(o.creditFen, o.orderNo).toBe(d.suggestedCreditFen);
        expect(d.actualDevices, o.orderNo).toBe(o.planDeviceCount - 1);
      } else {
        expect(d.shortfallScreenDays, `${o.orderNo} ${JSON.stringify(d.robots)}`).toBe(0);
        expect(d.deliveredScreenDays, o.orderNo).toBe(d.dueScreenDays);
        expect(d.actualDevices, o.orderNo).toBe(o.planDeviceCount);
      }
    }
    expect(credited).toHaveLength(1);
    const [shortfall] = credited as [OrderDto];
    const detail = (await req('GET', `/api/Orders/${shortfall.id}`, root)).json().data as OrderDetailDto;
    const at = detail.history.find((h) => h.action === 'credit')?.time ?? 0;
    const month = billMonthAt(new Date(at * 1000), demo().app.ctx.config.TIME_ZONE);
    const bill = await statement(shortfall.customerId, month);
    const line = bill.lines.find((l) => l.kind === 'credit');
    expect(line).toMatchObject({ orderId: shortfall.id, orderNo: shortfall.orderNo, amountFen: shortfall.creditFen });
    // Its certificate carries the contract and names the screen that never pulled the plan.
    const cert = (await req('GET', `/api/Orders/proofOfPlay?id=${shortfall.id}`, root)).json()
      .data as ProofOfPlayReport;
    expect(cert.order).toMatchObject({
      screens: shortfall.planDeviceCount,
      contractedScreenDays: shortfall.planDeviceCount * shortfall.weeks * 7,
      deliveredScreenDays: (shortfall.planDeviceCount - 1) * shortfall.weeks * 7,
    });
    expect(cert.order?.notPulled).toHaveLength(1);
    expect(cert.total.verified).toBeGreaterThan(0);
  });
});
