import { newId } from '@robot-ads/contracts/common/ids';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { morningPlan } from '../../../test/delivery';
import { createRobot } from '../../../test/devices';
import { bookOrder } from '../../../test/orders';
import { renderPdfPages } from '../../../test/pdf-ink';
import { at, deviceTokenFor, playEvent, sendEvents } from '../../../test/play-events';
import { pulledTrialRobots } from '../../../test/publish-records';
import { ManualClock } from '../../platform/clock';
import { customers } from '../customers/customers.table';

/**
 * The proof of play of an order (docs/sales.md): a plan playing 09:00-12:00 Shanghai daily, pulled on
 * 2026-11-28 by robots A, B and C; the order books A and B from 11-29 for a week. A plays on 11-28 (before
 * the order) and 3 full plays plus an overlapping one on 11-29; B one play longer than the ad on 11-30; C (not
 * in the order) a full play on 11-29. Now is 12-01 14:00 Shanghai.
 */
const clock = new ManualClock(new Date('2026-11-20T00:00:00Z'));
let t: TestApp;
let planId: string;
let orderId: string;
let robotA: { id: string; robotId: string };
let robotB: { id: string; robotId: string };
let robotC: { id: string; robotId: string };
type Login = Awaited<ReturnType<typeof loginAs>>;
let sales: Login;
let otherSales: Login;
let adv: Login;
let otherAdv: Login;

const get = (url: string, who: Login) =>
  t.app.inject({ url, headers: { ...bearer(who.token), 'accept-language': 'en' } });

beforeAll(async () => {
  t = await buildTestApp({ clock });
  const customerId = newId();
  await t.app.ctx.db.insert(customers).values({ id: customerId, name: '幸运咖啡 Lucky' });
  const otherCustomer = newId();
  await t.app.ctx.db.insert(customers).values({ id: otherCustomer, name: 'Other Tea' });
  const planner = await loginAs(t, 'advertisers', { customer: customerId, diy: true, name: 'Lucky Planner' });
  const { adId, planId: id } = await morningPlan(t, planner.token, 'Proof ad', '咖啡 Order plan');
  planId = id;
  clock.set(new Date('2026-12-01T06:00:00Z'));
  const boss = await loginAs(t, 'administrator', { name: 'Boss' });
  sales = await loginAs(t, 'operator', { parentId: boss.user.id, name: 'Sally Sales' });
  otherSales = await loginAs(t, 'operator', { parentId: boss.user.id, name: 'Otto Sales' });
  await t.app.ctx.db.update(customers).set({ ownerId: sales.user.id }).where(eq(customers.id, customerId));
  await t.app.ctx.db.update(customers).set({ ownerId: otherSales.user.id }).where(eq(customers.id, otherCustomer));
  adv = await loginAs(t, 'advertisers', { customer: customerId, diy: true, name: 'Lucky Adv' });
  otherAdv = await loginAs(t, 'advertisers', { customer: otherCustomer, diy: true });
  [robotA, robotB, robotC] = await pulledTrialRobots(t, planId, ['Robot A', 'Robot B', 'Robot C']);
  const play = (iso: string, watch = 10_000) => playEvent(planId, adId, at(iso), { watchDuration: watch });
  await sendEvents(t, await deviceTokenFor(t, robotA.id), [
    play('2026-11-28T02:00:00Z'),
    play('2026-11-29T02:00:00Z'),
    play('2026-11-29T02:00:20Z'),
    play('2026-11-29T02:00:40Z'),
    play('2026-11-29T02:00:45Z'),
  ]);
  await sendEvents(t, await deviceTokenFor(t, robotB.id), [play('2026-11-30T02:00:00Z', 15_000)]);
  await sendEvents(t, await deviceTokenFor(t, robotC.id), [play('2026-11-29T02:00:00Z')]);
  orderId = (
    await bookOrder(t, sales.token, {
      name: 'Winter proof',
      playlistId: planId,
      robotIds: [robotA.robotId, robotB.robotId],
      weeks: 1,
      begin: at('2026-11-28T16:00:00Z'),
    })
  ).id;
});
afterAll(() => t?.close());

const expectedTotal = {
  robots: 2,
  // A and B, 11-29 to 12-01 (up to now, 14:00 Shanghai, after the day's 09:00-12:00 window).
  scheduledDays: 6,
  deliveredDays: 1,
  // 300 a day (the engine plays the robot's one picture of 10 s back to back from 09:00 until the ad's
  // delivery limit of 300 plays): 3 of 1,800.
  scheduledPlays: 1800,
  deliveredPercent: 0.17,
  verified: 3,
  flagged: 2,
  verifiedShare: 60,
  reasons: { tooLong: 1, overlap: 1 },
};

describe('proof of play of an order', () => {
  it("counts only the order's screens and period: scheduled against verified plays per robot and day", async () => {
    const res = await get(`/api/Orders/proofOfPlay?id=${orderId}`, sales);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    // The contract: 2 screens x 7 days; 11-29 and 11-30 are over (12-01 has no play yet): A delivered 11-29.
    expect(data.order).toEqual({
      id: orderId,
      orderNo: expect.any(String),
      name: 'Winter proof',
      screens: 2,
      contractedScreenDays: 14,
      dueScreenDays: 4,
      deliveredScreenDays: 1,
      notPulled: [],
    });
    expect(data.planName).toBe('咖啡 Order plan');
    expect(data.timeZone).toBe('Asia/Shanghai');
    expect(data.begin).toBe(at('2026-11-28T16:00:00Z'));
    expect(data.end).toBe(at('2026-12-01T06:00:00Z'));
    expect(data.total).toEqual(expectedTotal);
    const robots = new Set(data.rows.map((r: { robotId: string }) => r.robotId));
    expect(robots).toEqual(new Set([robotA.robotId, robotB.robotId]));
    expect(data.rows.map((r: { day: string }) => r.day)).not.toContain('2026-11-28');
    const a29 = data.rows.find(
      (r: { robotId: string; day: string }) => r.robotId === robotA.robotId && r.day === '2026-11-29',
    );
    expect(a29).toMatchObject({ scheduledMinutes: 180, verified: 3, flagged: 1, reasons: { overlap: 1 } });

    // The plan's own report over the same days counts A's play before the order and robot C.
    const plan = await get(
      `/api/Statis/proofOfPlayByPlaylistId?playlistId=${planId}&begin=${at('2026-11-27T16:00:00Z')}&end=${at('2026-12-01T16:00:00Z')}`,
      sales,
    );
    expect(plan.statusCode, plan.body).toBe(200);
    expect(plan.json().data.total.verified).toBe(5);
  });

  it('is seen by the order’s salesperson, its advertiser and operators; another salesperson or advertiser gets 404', async () => {
    const root = await loginAs(t, 'super', { principals: 'root' });
    for (const who of [adv, root]) {
      const res = await get(`/api/Orders/proofOfPlay?id=${orderId}`, who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.total).toEqual(expectedTotal);
    }
    for (const who of [otherSales, otherAdv]) {
      for (const url of [
        `/api/Orders/proofOfPlay?id=${orderId}`,
        `/api/Orders/proofOfPlayExport?id=${orderId}&format=pdf`,
      ]) {
        const res = await get(url, who);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().code).toBe('NOT_FOUND');
      }
    }
  });

  it('exports an xlsx a spreadsheet opens, naming the order, with the share as a percentage', async () => {
    const res = await get(`/api/Orders/proofOfPlayExport?id=${orderId}&format=xlsx&language=en`, sales);
    expect(res.statusCode, res.body).toBe(200);
    expect(String(res.headers['content-disposition'])).toContain('.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = new Map<string, ExcelJS.Row>();
    const daysOfA: unknown[] = [];
    book.worksheets[0]?.eachRow((row) => {
      rows.set(String(row.getCell(1).value), row);
      if (row.getCell(1).value === robotA.robotId) daysOfA.push(row.getCell(3).value);
    });
    expect(String(rows.get('Order')?.getCell(2).value)).toContain('Winter proof');
    expect(rows.get('Verified plays')?.getCell(2).value).toBe(3);
    expect(rows.get('Flagged plays')?.getCell(2).value).toBe(2);
    expect(rows.get('Verified share')?.getCell(2).value).toBeCloseTo(0.6);
    expect(rows.get('Verified share')?.getCell(2).numFmt).toBe('0.00%');
    expect(rows.has(robotC.robotId)).toBe(false);
    expect(daysOfA).toEqual(['2026-11-29', '2026-11-30', '2026-12-01']);
  });

  for (const lang of ['zh', 'en'] as const) {
    it(`renders the order's PDF certificate in ${lang} with its words and figures inked`, {
      timeout: 90_000,
    }, async () => {
      const res = await get(`/api/Orders/proofOfPlayExport?id=${orderId}&format=pdf&language=${lang}`, sales);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      expect(res.rawPayload.length).toBeLessThan(1_000_000);
      const r = await renderPdfPages(res.rawPayload, process.env.PDF_KEEP && `${process.env.PDF_KEEP}-order-${lang}`);
      try {
        const words =
          lang === 'zh'
            ? ['播放证明书', '订单', '幸运咖啡', '核验率', '60.00', '播放重叠']
            : ['Proof-of-play', 'Order', 'Winter', '咖啡', '60.00', robotB.robotId];
        for (const word of words) expect(await r.inkAt(word), word).toBeGreaterThan(0.05);
      } finally {
        r.cleanup();
      }
    });
  }
});

describe('an order no robot has pulled yet', () => {
  let waiting: string;
  let robotD: { id: string; robotId: string };
  beforeAll(async () => {
    robotD = await createRobot(t, { name: 'Robot D', salesType: 'trial', priceFen: 10_000 });
    waiting = (
      await bookOrder(t, sales.token, {
        name: 'Spring waiting',
        playlistId: planId,
        robotIds: [robotD.robotId],
        weeks: 2,
        begin: at('2026-11-28T16:00:00Z'),
      })
    ).id;
  });

  it('carries the contracted screens and screen-days, and names the screens that have not pulled the plan', async () => {
    const res = await get(`/api/Orders/proofOfPlay?id=${waiting}`, adv);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.rows).toEqual([]);
    expect(data.order).toMatchObject({
      screens: 1,
      contractedScreenDays: 14,
      dueScreenDays: 2,
      deliveredScreenDays: 0,
      notPulled: [robotD.robotId],
    });
  });

  for (const lang of ['zh', 'en'] as const) {
    it(`says so on the PDF certificate in ${lang}`, { timeout: 90_000 }, async () => {
      const res = await get(`/api/Orders/proofOfPlayExport?id=${waiting}&format=pdf&language=${lang}`, sales);
      expect(res.statusCode, res.body).toBe(200);
      const r = await renderPdfPages(res.rawPayload, process.env.PDF_KEEP && `${process.env.PDF_KEEP}-waiting-${lang}`);
      try {
        const words =
          lang === 'zh' ? ['合同', '14', '尚未拉取', robotD.robotId] : ['Contracted', '14', 'pulled', robotD.robotId];
        for (const word of words) expect(await r.inkAt(word), word).toBeGreaterThan(0.05);
      } finally {
        r.cleanup();
      }
    });
  }
});
