import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, requester } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { seedDemo } from '../../db/seed/seed';
import { DEMO_PASSWORD } from '../accounts/accounts.seed';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.app.ctx);
});
afterAll(() => t.close());
const req = requester(() => t);

/** The last 12 months, `YYYY-MM`, in China time as the bills count them. */
function lastMonths(now: Date): string[] {
  const china = new Date(now.getTime() + 8 * 3600_000);
  return Array.from({ length: 12 }, (_, back) =>
    new Date(Date.UTC(china.getUTCFullYear(), china.getUTCMonth() - back, 1)).toISOString().slice(0, 7),
  );
}

describe('demo orders and statements', () => {
  it('shows adv (Lucky Coffee) a statement with charges in each of the last 12 months, payments and credits', async () => {
    const adv = await login(t, 'adv', DEMO_PASSWORD, 'advertiser');
    let payments = 0;
    let credits = 0;
    for (const month of lastMonths(t.app.ctx.clock.now())) {
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
    expect(credits).toBe(60_000);
  });

  it('shows the salesperson its own customers with their orders', async () => {
    const sales = await login(t, 'sales', DEMO_PASSWORD, 'operator');
    const customers = (await req('GET', '/api/Customers?start=0&limit=20', sales)).json();
    const names = customers.datas.map((c: { name: string }) => c.name).sort();
    expect(names).toEqual(['城南面馆 Southside Noodles', '海风书店 Sea Breeze Books']);
    for (const c of customers.datas as Array<{ id: string; name: string }>) {
      const page = (await req('GET', `/api/Orders/queryByPage?customerId=${c.id}&start=0&limit=20`, sales)).json();
      expect(page.total, c.name).toBe(3);
      expect(page.datas.every((o: { customerName?: string; customerId: string }) => o.customerId === c.id)).toBe(true);
    }
    // Their bills: this month's statements list both.
    const month = lastMonths(t.app.ctx.clock.now())[0];
    const bills = (await req('GET', `/api/Bills/queryByPage?month=${month}`, sales)).json();
    expect(bills.datas.map((b: { customerName: string }) => b.customerName).sort()).toEqual(names);
  });
});
