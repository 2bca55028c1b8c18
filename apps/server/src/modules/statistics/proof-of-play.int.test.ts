import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import type { deliveryWorld } from '../../../test/delivery';
import { bookOrder } from '../../../test/orders';
import { renderPdfPages } from '../../../test/pdf-ink';
import { at, deviceTokenFor, sendEvents } from '../../../test/play-events';
import { proofWorld } from '../../../test/proof-world';
import { ManualClock } from '../../platform/clock';

/**
 * The proof-of-play report: a plan playing 09:00-12:00 Shanghai daily, pulled by two robots on 2026-11-28;
 * robot A reports 3 full plays on 11-29 and one overlapping; robot B one play longer than the ad on 11-30.
 */
const clock = new ManualClock(new Date('2026-11-20T00:00:00Z'));
let t: TestApp;
let w: Awaited<ReturnType<typeof deliveryWorld>>;
let planId: string;
let robotA: { id: string; robotId: string };
let robotB: { id: string; robotId: string };
const RANGE = `begin=${at('2026-11-27T16:00:00Z')}&end=${at('2026-12-01T16:00:00Z')}`;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  let play: Awaited<ReturnType<typeof proofWorld>>['play'];
  ({ w, planId, robotA, robotB, play } = await proofWorld(t, clock, 'Proof'));
  await sendEvents(t, await deviceTokenFor(t, robotB.id), [play('2026-11-30T02:00:00Z', 15_000)]);
});
afterAll(() => t?.close());

async function get(url: string, token: string) {
  return t.app.inject({ url, headers: { ...bearer(token), 'accept-language': 'en' } });
}

describe('proof-of-play report', () => {
  it('gives scheduled minutes, verified and flagged plays per robot and day, and the verified share', async () => {
    const op = await loginAs(t, 'super', { principals: 'root' });
    const res = await get(`/api/Statis/proofOfPlayByPlaylistId?playlistId=${planId}&${RANGE}`, op.token);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.timeZone).toBe('Asia/Shanghai');
    const a29 = data.rows.find(
      (r: { robotId: string; day: string }) => r.robotId === robotA.robotId && r.day === '2026-11-29',
    );
    // The robot's only plan, one picture of 10 s: the engine plays it back to back from 09:00 until the
    // ad's delivery limit of 300 plays a day (09:50).
    expect(a29).toMatchObject({
      scheduledMinutes: 180,
      scheduledPlays: 300,
      verified: 3,
      flagged: 1,
      deliveredPercent: 1,
      reasons: { overlap: 1 },
    });
    const b30 = data.rows.find(
      (r: { robotId: string; day: string }) => r.robotId === robotB.robotId && r.day === '2026-11-30',
    );
    expect(b30).toMatchObject({
      scheduledMinutes: 180,
      scheduledPlays: 300,
      verified: 0,
      flagged: 1,
      deliveredPercent: 0,
      reasons: { tooLong: 1 },
    });
    // Pulled on 11-28 (08:00 Shanghai): 11-28 to 12-01 scheduled, 4 days x 2 robots; now is 12-01 14:00
    // Shanghai, after the day's hours: counted to now, all of 12-01's plays are in.
    expect(data.countedTo).toBe(at('2026-12-01T06:00:00Z'));
    expect(data.total).toEqual({
      robots: 2,
      scheduledDays: 8,
      deliveredDays: 1,
      scheduledPlays: 2400,
      deliveredPercent: 0.13,
      verified: 3,
      flagged: 2,
      verifiedShare: 60,
      reasons: { tooLong: 1, overlap: 1 },
    });
  });

  it("is the plan's owner's and the operators' only: another customer's advertiser gets 404", async () => {
    const mine = await loginAs(t, 'advertisers', { customer: w.customerId, diy: true });
    expect(
      (await get(`/api/Statis/proofOfPlayByPlaylistId?playlistId=${planId}&${RANGE}`, mine.token)).statusCode,
    ).toBe(200);
    const other = await loginAs(t, 'advertisers', { customer: w.otherCustomerId, diy: true });
    const res = await get(`/api/Statis/proofOfPlayByPlaylistId?playlistId=${planId}&${RANGE}`, other.token);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('PLAYLIST_ID_NOT_EXIST');
  });

  it('exports an xlsx a spreadsheet opens with the same figures and the share as a percentage', async () => {
    const op = await loginAs(t, 'super', { principals: 'root' });
    const res = await get(
      `/api/Statis/proofOfPlayExport?playlistId=${planId}&${RANGE}&format=xlsx&language=en`,
      op.token,
    );
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const rows = new Map<string, ExcelJS.Row>();
    sheet?.eachRow((row) => rows.set(String(row.getCell(1).value), row));
    expect(rows.get('Verified plays')?.getCell(2).value).toBe(3);
    expect(rows.get('Flagged plays')?.getCell(2).value).toBe(2);
    const share = rows.get('Verified share')?.getCell(2);
    expect(share?.value).toBeCloseTo(0.6);
    expect(share?.numFmt).toBe('0.00%');
    expect(rows.get('Flag reasons: Overlapping play')?.getCell(2).value).toBe(1);
    expect(rows.get('Scheduled plays')?.getCell(2).value).toBe(2400);
    expect(rows.get('Period')?.getCell(2).value).toBe('2026-11-28 – 2026-12-01 to 14:00');
    const delivered = rows.get('Delivered %')?.getCell(2);
    expect(delivered?.value).toBeCloseTo(0.0013);
    expect(delivered?.numFmt).toBe('0.00%');
    // Robot rows: ID, name, day, scheduled minutes and plays, verified, flagged, delivered %, reasons.
    const a29: unknown[] = [];
    sheet?.eachRow((row) => {
      if (row.getCell(1).value === robotA.robotId && row.getCell(3).value === '2026-11-29') {
        a29.push(...[4, 5, 6, 7, 8].map((c) => row.getCell(c).value), row.getCell(8).numFmt);
      }
    });
    expect(a29[0]).toBe(180);
    expect(a29.slice(1, 4)).toEqual([300, 3, 1]);
    expect(a29[4]).toBeCloseTo(0.01);
    expect(a29[5]).toBe('0.00%');
  });

  it('counts today up to now: minutes and plays so far, and the xlsx says up to when', async () => {
    const op = await loginAs(t, 'super', { principals: 'root' });
    const saved = clock.now();
    // 09:30 Shanghai on 12-01: 30 minutes of the day's hours gone, 180 plays of 10 s so far.
    clock.set(new Date('2026-12-01T01:30:00Z'));
    try {
      const res = await get(`/api/Statis/proofOfPlayByPlaylistId?playlistId=${planId}&${RANGE}`, op.token);
      const data = res.json().data;
      expect(data.countedTo).toBe(at('2026-12-01T01:30:00Z'));
      const today = data.rows.find(
        (r: { robotId: string; day: string }) => r.robotId === robotA.robotId && r.day === '2026-12-01',
      );
      expect(today).toMatchObject({ scheduledMinutes: 30, scheduledPlays: 180 });
      expect(data.total.scheduledPlays).toBe(6 * 300 + 2 * 180);
      const xlsx = await get(
        `/api/Statis/proofOfPlayExport?playlistId=${planId}&${RANGE}&format=xlsx&language=zh`,
        op.token,
      );
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
      const cells: string[] = [];
      book.worksheets[0]?.eachRow((row) => cells.push(String(row.getCell(2).value), String(row.getCell(3).value)));
      expect(cells).toContain('2026-11-28 – 2026-12-01 截至 09:30');
      expect(cells).toContain('2026-12-01 截至 09:30');
    } finally {
      clock.set(saved);
    }
  });

  for (const lang of ['zh', 'en'] as const) {
    it(`renders the PDF certificate in ${lang} with its words and figures inked`, { timeout: 90_000 }, async () => {
      const op = await loginAs(t, 'super', { principals: 'root' });
      const res = await get(
        `/api/Statis/proofOfPlayExport?playlistId=${planId}&${RANGE}&format=pdf&language=${lang}`,
        op.token,
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('application/pdf');
      expect(res.rawPayload.length).toBeLessThan(1_000_000);
      const r = await renderPdfPages(res.rawPayload, process.env.PDF_KEEP);
      try {
        const words =
          lang === 'zh'
            ? ['播放证明书', '咖啡', '核验率', '60.00', '播放重叠', '交付率', '2400', '截至', '14:00']
            : ['Proof-of-play', '咖啡', 'Verified', '60.00', robotA.robotId, 'Delivered', '2400', '14:00'];
        for (const word of words) expect(await r.inkAt(word), word).toBeGreaterThan(0.05);
      } finally {
        r.cleanup();
      }
    });
  }
});

describe('delivery against what was sold (screen-days)', () => {
  it('counts screen-days with a verified play against those contracted, suggests a credit the operator grants with its reason, and the advertiser sees the same', async () => {
    const op = await loginAs(t, 'super', { principals: 'root' });
    const order = await bookOrder(t, op.token, {
      name: 'Proof order',
      playlistId: planId,
      robotIds: [robotA.robotId, robotB.robotId],
      weeks: 1,
      begin: at('2026-11-28T16:00:00Z'),
    });
    expect(order.amountFen).toBe(20_000);
    const res = await get(`/api/Orders/delivery?id=${order.id}`, op.token);
    expect(res.statusCode, res.body).toBe(200);
    // 11-29 and 11-30 are over (now 12-01 14:00 Shanghai; 12-01 has no play yet, so it is not due): 2 screens
    // x 2 days; only A on 11-29 has a verified play (B's play on 11-30 was flagged tooLong).
    const expected = {
      contractedScreenDays: 14,
      dueScreenDays: 4,
      deliveredScreenDays: 1,
      shortfallScreenDays: 3,
      suggestedCreditFen: Math.floor((20_000 * 3) / 14),
      actualDevices: 1,
    };
    expect(res.json().data).toMatchObject(expected);
    const adv = await loginAs(t, 'advertisers', { customer: w.customerId, diy: true });
    const seen = await get(`/api/Orders/delivery?id=${order.id}`, adv.token);
    expect(seen.json().data).toMatchObject(expected);
    const other = await loginAs(t, 'advertisers', { customer: w.otherCustomerId, diy: true });
    expect((await get(`/api/Orders/delivery?id=${order.id}`, other.token)).statusCode).toBeGreaterThanOrEqual(403);

    // The order's actual devices count the same verified plays: A only (B's play was flagged).
    const synced = await t.app.inject({
      method: 'POST',
      url: '/api/Orders/sync',
      headers: bearer(op.token),
      payload: { id: order.id },
    });
    expect(synced.json().data.actualDeviceCount).toBe(expected.actualDevices);
    const approved = await t.app.inject({
      method: 'POST',
      url: '/api/Orders/review',
      headers: bearer(op.token),
      payload: { id: order.id, approve: true },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const credit = await t.app.inject({
      method: 'POST',
      url: '/api/Orders/credit',
      headers: bearer(op.token),
      payload: { id: order.id, amount: expected.suggestedCreditFen / 100, reason: '3 screen-days missed' },
    });
    expect(credit.statusCode, credit.body).toBe(200);
    expect(credit.json().data.creditFen).toBe(expected.suggestedCreditFen);
    const detail = (await get(`/api/Orders/${order.id}`, op.token)).json().data;
    expect(JSON.stringify(detail.history)).toContain('3 screen-days missed');
  });
});
