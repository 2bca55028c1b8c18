import { execFileSync } from 'node:child_process';
import { newId } from '@robot-ads/contracts/common/ids';
import {
  formatMoneyFen,
  ORDER_ACTIONS,
  ORDER_STATES,
  type OrderAction,
  type OrderState,
} from '@robot-ads/contracts/sales/sales.rules';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createAd, createPlan } from '../../../test/delivery';
import { createProject, createRobot } from '../../../test/devices';
import { renderPdfPages } from '../../../test/pdf-ink';
import { deviceTokenFor, sendEvents } from '../../../test/play-events';
import { ManualClock } from '../../platform/clock';
import { customers } from '../customers/customers.table';
import { OrdersService } from './orders.service';
import { orders } from './sales.table';

/**
 * Orders (docs/sales.md): the amount rule in fen at the free-materials boundaries, the exact state
 * machine (each allowed transition, a refusal for every other pair), the shortfall from proof of play,
 * scope (salesperson: its customers' orders; advertiser: its own) and the live review notification.
 */
const clock = new ManualClock(new Date('2026-11-25T02:00:00Z'));
let t: TestApp;
type Login = Awaited<ReturnType<typeof loginAs>>;
let root: Login;
let sales: Login;
let otherSales: Login;
let adv: Login;
let otherAdv: Login;
let customerId: string;
let plan1: string; // 1 material
let plan4: string; // 4 materials
const trial: Array<Awaited<ReturnType<typeof createRobot>>> = [];
const rental: Array<Awaited<ReturnType<typeof createRobot>>> = [];
const EN = { 'accept-language': 'en' };

const post = (url: string, who: Login, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { ...bearer(who.token), ...EN }, payload });
const get = (url: string, who: Login) => t.app.inject({ method: 'GET', url, headers: { ...bearer(who.token), ...EN } });

async function newOrder(robotIds: string[], over: Record<string, unknown> = {}) {
  const res = await post('/api/Orders', sales, { name: 'Winter push', playlistId: plan1, robotIds, weeks: 2, ...over });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; state: OrderState; amountFen: number };
}
const setState = (id: string, state: OrderState) => t.app.ctx.db.update(orders).set({ state }).where(eq(orders.id, id));

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { EVENT_AUDIT: 'off' } });
  root = await loginAs(t, 'super', { principals: 'root', name: 'Root Op' });
  const boss = await loginAs(t, 'administrator', { name: 'Boss' });
  sales = await loginAs(t, 'operator', { parentId: boss.user.id, name: 'Sally Sales' });
  otherSales = await loginAs(t, 'operator', { parentId: boss.user.id, name: 'Otto Sales' });
  customerId = newId();
  await t.app.ctx.db.insert(customers).values({ id: customerId, name: 'Lucky Coffee', ownerId: sales.user.id });
  const otherCustomer = newId();
  await t.app.ctx.db.insert(customers).values({ id: otherCustomer, name: 'Other Tea', ownerId: otherSales.user.id });
  adv = await loginAs(t, 'advertisers', { customer: customerId, diy: true, name: 'Lucky Adv' });
  otherAdv = await loginAs(t, 'advertisers', { customer: otherCustomer, diy: true });
  const property = await createProject(t, { name: 'Sunny Mall' });
  for (let i = 0; i < 3; i++) {
    trial.push(await createRobot(t, { projectId: property.id, salesType: 'trial', priceFen: 10_001 }));
    rental.push(await createRobot(t, { projectId: property.id, salesType: 'rental', priceFen: 20_050 }));
  }
  plan1 = (await createPlan(t, adv.token, [(await createAd(t, adv.token, 1, 'One')).id])).id;
  plan4 = (
    await createPlan(t, adv.token, [
      (await createAd(t, adv.token, 2, 'Two')).id,
      (await createAd(t, adv.token, 2, 'Two b')).id,
    ])
  ).id;
});
afterAll(async () => t?.close());

describe('amount with free materials, in integer fen', () => {
  it('charges the weekly price within the free materials and one more per extra material', async () => {
    const q1 = await post('/api/Orders/quote', sales, {
      playlistId: plan1,
      robotIds: [trial[0]?.robotId, rental[0]?.robotId],
      weeks: 3,
    });
    expect(q1.statusCode, q1.body).toBe(200);
    expect(q1.json().data).toMatchObject({ materials: 1, amountFen: 30_003 + 60_150, amount: 901.53 });
    const q4 = (
      await post('/api/Orders/quote', sales, {
        playlistId: plan4,
        robotIds: [trial[0]?.robotId, rental[0]?.robotId],
        weeks: 3,
      })
    ).json().data;
    expect(q4.materials).toBe(4);
    // trial: 1 free, 3 extra -> 4 weekly prices; rental: 3 free, 1 extra -> 2 weekly prices.
    expect(q4.lines.map((l: { amountFen: number }) => l.amountFen)).toEqual([120_012, 120_300]);
    expect(q4.amountFen).toBe(240_312);
  });

  it('refuses a device without a price, an override without a reason, and amounts not above zero or with 3 decimals', async () => {
    const bare = await createRobot(t, { salesType: 'trial' });
    const missing = await post('/api/Orders/quote', sales, { playlistId: plan1, robotIds: [bare.robotId], weeks: 1 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().msg).toContain(bare.robotId);
    const body = { name: 'Override', playlistId: plan1, robotIds: [trial[0]?.robotId], weeks: 1 };
    const noReason = await post('/api/Orders', sales, { ...body, amount: 50 });
    expect(noReason.json().code).toBe('ORDER_OVERRIDE_REASON');
    for (const name of ['O', 'O'.repeat(51)]) {
      const res = await post('/api/Orders', sales, { ...body, name });
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', msg: 'name: Order names are 2-50 characters' });
    }
    for (const amount of [0, -1, 0.001, 1.234]) {
      const res = await post('/api/Orders', sales, { ...body, amount, overrideReason: 'discount' });
      expect(res.statusCode).toBe(400);
    }
    const ok = await post('/api/Orders', sales, { ...body, amount: 0.01, overrideReason: 'friend price' });
    expect(ok.json().data).toMatchObject({ amountFen: 1, quotedAmountFen: 10_001, overrideReason: 'friend price' });
  });
});

describe('order state machine', () => {
  const allowed: Array<[OrderState, OrderAction, OrderState]> = [
    ['reviewing', 'approve', 'pendingPayment'],
    ['reviewing', 'reject', 'rejected'],
    ['reviewing', 'cancel', 'cancelled'],
    ['rejected', 'resubmit', 'reviewing'],
    ['rejected', 'cancel', 'cancelled'],
    ['pendingPayment', 'pay', 'paid'],
    ['pendingPayment', 'cancel', 'cancelled'],
    ['paid', 'launch', 'launched'],
    ['launched', 'complete', 'completed'],
  ];
  const call = (id: string, action: OrderAction) =>
    action === 'approve' || action === 'reject'
      ? post('/api/Orders/review', root, { id, approve: action === 'approve', reason: 'checked' })
      : post('/api/Orders/transition', root, { id, action, reason: 'asked by the customer' });

  it('makes every allowed transition', async () => {
    for (const [from, action, to] of allowed) {
      const order = await newOrder([trial[0]?.robotId as string]);
      await setState(order.id, from);
      const res = await call(order.id, action);
      expect(res.statusCode, `${from} ${action}: ${res.body}`).toBe(200);
      expect(res.json().data.state).toBe(to);
    }
  });

  it('refuses every other pair with a clear message', async () => {
    const order = await newOrder([trial[0]?.robotId as string]);
    let refused = 0;
    for (const from of ORDER_STATES) {
      for (const action of ORDER_ACTIONS) {
        if (allowed.some(([f, a]) => f === from && a === action)) continue;
        await setState(order.id, from);
        const res = await call(order.id, action);
        expect(res.statusCode, `${from} ${action}`).toBe(409);
        expect(res.json().code).toBe('ORDER_TRANSITION_REFUSED');
        refused += 1;
      }
    }
    expect(refused).toBe(ORDER_STATES.length * ORDER_ACTIONS.length - allowed.length);
    await setState(order.id, 'paid');
    const en = (await call(order.id, 'cancel')).json().msg;
    expect(en).toBe('The order is "paid": "cancel" is not allowed');
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/Orders/transition',
      headers: { ...bearer(root.token), 'accept-language': 'zh' },
      payload: { id: order.id, action: 'cancel', reason: 'x' },
    });
    expect(zh.json().msg).toBe('订单状态为“已付款”，不能执行“取消”');
  });

  it('needs a reason to reject or cancel, and notifies the review live and in the bell', async () => {
    const order = await newOrder([trial[0]?.robotId as string]);
    const noReason = await post('/api/Orders/review', root, { id: order.id, approve: false });
    expect(noReason.json().code).toBe('ORDER_REJECT_REASON');
    const rejected = await post('/api/Orders/review', root, { id: order.id, approve: false, reason: 'wrong devices' });
    expect(rejected.json().data).toMatchObject({ state: 'rejected', reviewReason: 'wrong devices' });
    const bell = (await get('/api/Notifies/queryMessage?isRead=false', adv)).json();
    const mine = (bell.data as Array<{ name: string; data: { id: string; reason: string } }>).find(
      (n) => n.name === 'order.review.result' && n.data.id === order.id,
    );
    expect(mine?.data.reason).toBe('wrong devices');
    const detail = (await get(`/api/Orders/${order.id}`, sales)).json().data;
    expect(detail.history.map((h: { action: string }) => h.action)).toEqual(['create', 'reject']);
  });
});

describe('shortfall from proof of play', () => {
  it('counts the robots that played within the period and proposes a credit for the others', async () => {
    const booked = [trial[1], trial[2], rental[1]].map((r) => r?.robotId as string);
    const order = await newOrder(booked, { weeks: 1 });
    expect(order.amountFen).toBe(10_001 + 10_001 + 20_050);
    for (const robot of [trial[1], rental[1]]) {
      const token = await deviceTokenFor(t, robot?.id as string);
      const at = Math.floor(clock.now().getTime() / 1000) + 600;
      const res = await sendEvents(t, token, [
        { id: newId(), type: 'play', playlistId: plan1, adId: newId(), startedAt: at, watchDuration: 10_000 },
      ]);
      expect(res.statusCode, res.body).toBe(200);
    }
    clock.advance(900_000);
    const syncRes = await post('/api/Orders/sync', sales, { id: order.id });
    expect(syncRes.statusCode, syncRes.body).toBe(200);
    const synced = syncRes.json().data;
    expect(synced).toMatchObject({ planDeviceCount: 3, actualDeviceCount: 2, shortfall: 1 });
    expect(synced.proposedCreditFen).toBe(13_350);
    expect(synced.syncTime).toBe(Math.floor(clock.now().getTime() / 1000));
    // The same verified plays: 2 screens delivered their day so far, the third none.
    const delivery = (await get(`/api/Orders/delivery?id=${order.id}`, sales)).json().data;
    expect(delivery).toMatchObject({ actualDevices: 2, deliveredScreenDays: 2, dueScreenDays: 2 });
    // Not approved yet: nothing was charged, nothing can be credited.
    const early = await post('/api/Orders/credit', sales, { id: order.id });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({
      code: 'ORDER_CREDIT_NOT_APPROVED',
      msg: 'The order is "reviewing": only an approved order can be credited',
    });
    await post('/api/Orders/review', root, { id: order.id, approve: true });
    const credited = (await post('/api/Orders/credit', sales, { id: order.id })).json().data;
    expect(credited.creditFen).toBe(13_350);
    // On the order's own line of this month's bill.
    const bill = (await get(`/api/Bills/statement?customerId=${customerId}&month=2026-11`, adv)).json().data;
    const creditLines = bill.lines.filter((l: { kind: string }) => l.kind === 'credit');
    expect(creditLines).toEqual([expect.objectContaining({ orderId: order.id, amountFen: 13_350 })]);
    expect((await post('/api/Orders/credit', sales, { id: order.id })).json().code).toBe('ORDER_CREDIT_GRANTED');
  });
});

describe('credits', () => {
  it("refuses an order that has not begun (zh and en) and lands the credit on the order's own bill line", async () => {
    const begin = Math.floor(clock.now().getTime() / 1000) + 3 * 86_400;
    const order = await newOrder([trial[0]?.robotId as string], { weeks: 1, begin });
    await post('/api/Orders/review', root, { id: order.id, approve: true });
    const refused = await post('/api/Orders/credit', sales, { id: order.id, amount: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('ORDER_CREDIT_NOT_BEGUN');
    expect(refused.json().msg).toMatch(/begins on \d{4}-\d{2}-\d{2}: it cannot be credited before then/);
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/Orders/credit',
      headers: { ...bearer(sales.token), 'accept-language': 'zh' },
      payload: { id: order.id, amount: 1 },
    });
    expect(zh.json().msg).toContain('开始前不能补偿');
    const cancelled = await newOrder([trial[0]?.robotId as string], { weeks: 1 });
    await post('/api/Orders/transition', root, { id: cancelled.id, action: 'cancel', reason: 'changed plans' });
    const noCharge = await post('/api/Orders/credit', sales, { id: cancelled.id });
    expect(noCharge.json().code).toBe('ORDER_CREDIT_NOT_APPROVED');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/Orders/credit',
          headers: { ...bearer(sales.token), 'accept-language': 'zh' },
          payload: { id: cancelled.id },
        })
      ).json().msg,
    ).toBe('订单状态为“已取消”：只有审核通过的订单才能补偿');
  });
});

describe('scope', () => {
  it('shows a salesperson its customers’ orders and an advertiser its own only', async () => {
    const total = async (who: Login) => {
      const res = await get('/api/Orders/queryByPage?limit=100', who);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().total as number;
    };
    const all = await total(root);
    expect(all).toBeGreaterThan(0);
    expect(await total(sales)).toBe(all);
    expect(await total(adv)).toBe(all);
    expect(await total(otherSales)).toBe(0);
    expect(await total(otherAdv)).toBe(0);
    const [one] = (await get('/api/Orders/queryByPage', sales)).json().datas;
    expect((await get(`/api/Orders/${one.id}`, otherAdv)).statusCode).toBe(404);
    expect((await post('/api/Orders/transition', adv, { id: one.id, action: 'pay' })).statusCode).toBe(403);
    expect(
      (await post('/api/Orders/quote', otherSales, { playlistId: plan1, robotIds: [trial[0]?.robotId], weeks: 1 }))
        .statusCode,
    ).toBe(404);
  });
});

describe('bills', () => {
  it('states the month per customer: totals equal the sum of their lines, the balance carries over', async () => {
    const order = await newOrder([rental[2]?.robotId as string], { weeks: 4 });
    await post('/api/Orders/review', root, { id: order.id, approve: true });
    await post('/api/Orders/transition', root, { id: order.id, action: 'pay' });
    const launched = await post('/api/Orders/transition', root, { id: order.id, action: 'launch' });
    expect(launched.json().data.state).toBe('launched');
    // The hourly job recounts the launched orders from proof of play (this one and the one launched by the
    // state machine test).
    expect(await new OrdersService(t.app.ctx, t.app.services.partnerWebhooks).syncLaunched()).toBe(2);
    const synced = (await get(`/api/Orders/${order.id}`, sales)).json().data;
    expect(synced).toMatchObject({ actualDeviceCount: 0, shortfall: 1, proposedCreditFen: synced.amountFen });
    const res = await get(`/api/Bills/statement?customerId=${customerId}&month=2026-11`, adv);
    expect(res.statusCode, res.body).toBe(200);
    const bill = res.json().data;
    const sum = (kind: string) =>
      bill.lines
        .filter((l: { kind: string }) => l.kind === kind)
        .reduce((n: number, l: { amountFen: number }) => n + l.amountFen, 0);
    expect(
      bill.lines.some((l: { orderId: string; kind: string }) => l.orderId === order.id && l.kind === 'charge'),
    ).toBe(true);
    expect(bill.chargesFen).toBe(sum('charge'));
    expect(bill.paymentsFen).toBe(sum('payment'));
    expect(bill.creditsFen).toBe(sum('credit'));
    expect(bill.creditsFen).toBe(13_350);
    expect(bill.openingBalanceFen).toBe(0);
    expect(bill.balanceFen).toBe(bill.chargesFen - bill.paymentsFen - bill.creditsFen);
    const next = (await get(`/api/Bills/statement?customerId=${customerId}&month=2026-12`, adv)).json().data;
    expect(next).toMatchObject({ openingBalanceFen: bill.balanceFen, lines: [], balanceFen: bill.balanceFen });
    const page = (await get('/api/Bills/queryByPage?month=2026-11', adv)).json();
    expect(page.datas.find((b: { customerId: string }) => b.customerId === customerId)?.balanceFen).toBe(
      bill.balanceFen,
    );
  });

  it('needs the DIY flag and the scope', async () => {
    const noDiy = await get(`/api/Bills/statement?customerId=${customerId}&month=2026-11`, sales);
    expect(noDiy.statusCode).toBe(403);
    expect(noDiy.json().code).toBe('BILL_NOT_VISIBLE');
    expect((await get(`/api/Bills/statement?customerId=${customerId}&month=2026-11`, otherAdv)).statusCode).toBe(404);
    expect((await get(`/api/Bills/statement?customerId=${customerId}&month=2026-13`, adv)).statusCode).toBe(400);
  });

  it('downloads the statement as a PDF poppler draws (ink on its title, labels and amounts, zh and en, < 1 MB), and as an xlsx', async () => {
    const bill = (await get(`/api/Bills/statement?customerId=${customerId}&month=2026-11`, adv)).json().data;
    for (const [language, words] of [
      // Money in the language's format (issue 38): "¥1,800.00", "CNY 1,800.00".
      ['zh', ['对账单', 'Lucky', '期末余额', formatMoneyFen(bill.balanceFen, 'zh')]],
      ['en', ['Statement', 'Lucky', 'Closing', formatMoneyFen(bill.balanceFen, 'en').split(' ')[1] as string]],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/Bills/statement.pdf?customerId=${customerId}&month=2026-11&language=${language}`,
        headers: bearer(adv.token),
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.length).toBeLessThan(1_000_000);
      const text = execFileSync('pdftotext', ['-', '-'], { input: res.rawPayload }).toString();
      expect(text).toContain(language === 'zh' ? '对账单' : 'Closing balance');
      expect(text).toContain(formatMoneyFen(bill.balanceFen, language));
      // The bill says its zone, and every line's date is the day in that zone, the same in both languages.
      expect(text).toContain(`${language === 'zh' ? '时区' : 'Time zone'}: Asia/Shanghai (UTC+8)`);
      for (const line of bill.lines as { time: number }[]) {
        const shanghaiDay = new Date((line.time + 8 * 3600) * 1000).toISOString().slice(0, 10);
        expect(text).toContain(shanghaiDay);
      }
      const page = await renderPdfPages(res.rawPayload, process.env.PDF_KEEP && `${process.env.PDF_KEEP}-${language}`);
      try {
        for (const word of words) expect(await page.inkAt(word), `${language} ${word}`).toBeGreaterThan(0.05);
      } finally {
        page.cleanup();
      }
    }
    const xlsx = await t.app.inject({
      method: 'GET',
      url: `/api/Bills/statement.xlsx?customerId=${customerId}&month=2026-11&language=en`,
      headers: bearer(adv.token),
    });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getCell('A7').value).toBe('Closing balance');
    expect(sheet?.getCell('B7').value).toBe(bill.balance);
    expect(sheet?.getCell('B7').numFmt).toBe('#,##0.00');
    expect(sheet?.getCell('A8').value).toBe('Time zone');
    expect(sheet?.getCell('B8').value).toBe('Asia/Shanghai (UTC+8)');
  });
});

describe('order numbers', () => {
  it("carry the day of the platform's zone (Asia/Shanghai), not the UTC day", async () => {
    const before = clock.now();
    // 17:30 UTC on the 25th is 01:30 on the 26th in Shanghai.
    clock.set(new Date('2026-11-25T17:30:00Z'));
    try {
      // A new session at the new time (the earlier token has expired by then).
      const late = { ...sales, token: await login(t, sales.user.username, sales.user.password) };
      const res = await post('/api/Orders', late, {
        name: 'Night push',
        playlistId: plan1,
        robotIds: [rental[0]?.robotId],
        weeks: 1,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.orderNo).toMatch(/^O20261126\d{4}[0-9A-Z]{4}$/);
    } finally {
      clock.set(before);
    }
  });
});
