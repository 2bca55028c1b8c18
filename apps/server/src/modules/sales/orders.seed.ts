import { newId } from '@robot-ads/contracts/common/ids';
import { fenToYuan, type SalesType } from '@robot-ads/contracts/devices/devices.rules';
import { monthBounds, startOfDayAt, wallClock } from '@robot-ads/contracts/playback/zoned-time';
import { type OrderState, orderAmountLines } from '@robot-ads/contracts/sales/sales.rules';
import type { Tx } from '../../db/client';
import type { Seeder } from '../../platform/seeding';
import { accountsByUsernames } from '../accounts/accounts.queries';
import { insertCustomers } from '../customers/customers.queries';
import { pricedRobots, robotRefsMatching, statRobots } from '../devices/devices.queries';
import { type PlaylistRow, plansOfClient } from '../playlists/playlists.queries';
import { insertDemoPlan } from '../playlists/playlists.seed';
import { pullsOfPlan } from '../publishing/publishing.queries';
import { billMonthAt } from './order-delivery';
import { orderNumber } from './orders.service';
import { type OrderLine, orderHistory, orders } from './sales.table';

const DAY = 86_400_000;
const WEEK = 7 * DAY;
/** The weekly price of a robot that has none set (the demo robots all have one). */
const DEFAULT_PRICE_FEN = 150_00;

/** Local midnight (platform zone) of the day holding `at`. */
const midnight = (at: number, zone: string) => new Date(startOfDayAt(Math.floor(at / 1000), zone) * 1000);

type DemoOrder = {
  customerId: string;
  ownerId: string | null;
  plan: PlaylistRow;
  name: string;
  state: OrderState;
  weeks: number;
  beginAt: Date;
  createdAt: Date;
  approvedAt: Date | null;
  paidAt: Date | null;
  lines: OrderLine[];
  /** Screens that delivered (the plan's robots among the lines), once the order has begun. */
  actual: number;
  /** A credit for screen-days missed: its amount is computed from the lines (see below). */
  credit?: { at: Date; missingScreenDays: number; reason: string };
  reviewReason?: string;
  by: { id: string; name: string };
};

/** The amount lines of these robots for the plan, by the same rule as a booking (orderAmountLines). */
async function linesFor(tx: Tx, refs: string[], materials: number, weeks: number): Promise<OrderLine[]> {
  const listed = await statRobots(tx, refs);
  const ids = refs.map((ref) => listed.get(ref)?.robotId).filter((id): id is string => Boolean(id));
  const priced = new Map((await pricedRobots(tx, ids)).map((r) => [r.robotId, r]));
  const devices = ids.map((robotId) => {
    const r = priced.get(robotId);
    return { robotId, salesType: (r?.salesType ?? 'rental') as SalesType, priceFen: r?.priceFen ?? DEFAULT_PRICE_FEN };
  });
  return orderAmountLines(devices, materials, weeks).map((a) => {
    const r = priced.get(a.robotId);
    return { ...a, robotRef: r?.id ?? '', robotName: r?.name ?? a.robotId };
  });
}

async function insertOrders(tx: Tx, list: DemoOrder[], now: Date, timeZone: string) {
  let n = 0;
  for (const o of list) {
    const id = newId(o.createdAt.getTime());
    // The total is the sum of the lines: what the drawer, the PDF and the bill show line by line.
    const amountFen = o.lines.reduce((s, l) => s + l.amountFen, 0);
    const endAt = new Date(o.beginAt.getTime() + o.weeks * WEEK);
    const contracted = o.lines.length * o.weeks * 7;
    const creditFen = o.credit ? Math.floor((amountFen * o.credit.missingScreenDays) / contracted) : 0;
    const begun = o.beginAt.getTime() <= now.getTime();
    await tx.insert(orders).values({
      id,
      orderNo: orderNumber(o.createdAt, n++, id, timeZone),
      name: o.name,
      customerId: o.customerId,
      customerOwnerId: o.ownerId,
      playlistId: o.plan.id,
      playlistName: o.plan.name,
      state: o.state,
      weeks: o.weeks,
      beginAt: o.beginAt,
      endAt,
      materials: o.plan.materials,
      lines: o.lines,
      amountFen,
      quotedAmountFen: amountFen,
      actualDeviceCount: begun ? o.actual : 0,
      syncedAt: begun ? new Date(Math.min(endAt.getTime(), now.getTime())) : null,
      creditFen,
      reviewReason: o.reviewReason ?? '',
      approvedAt: o.approvedAt,
      paidAt: o.paidAt,
      creditedAt: o.credit?.at ?? null,
      createdBy: o.by.id,
      createdByName: o.by.name,
      createdAt: o.createdAt,
    });
    const step = (action: string, from: string, to: string, at: Date, reason = '') => ({
      id: newId(at.getTime()),
      orderId: id,
      action,
      fromState: from,
      toState: to,
      actorId: o.by.id,
      actorName: o.by.name,
      reason,
      createdAt: at,
    });
    const history = [step('create', '', 'reviewing', o.createdAt)];
    if (o.state === 'rejected') history.push(step('reject', 'reviewing', 'rejected', o.createdAt, o.reviewReason));
    if (o.approvedAt) history.push(step('approve', 'reviewing', 'pendingPayment', o.approvedAt));
    if (o.paidAt) history.push(step('pay', 'pendingPayment', 'paid', o.paidAt));
    if (begun && o.paidAt) history.push(step('launch', 'paid', 'launched', o.beginAt));
    if (o.state === 'completed') history.push(step('complete', 'launched', 'completed', endAt));
    if (o.credit) {
      history.push(step('credit', o.state, o.state, o.credit.at, `${fenToYuan(creditFen)} ${o.credit.reason}`));
    }
    await tx.insert(orderHistory).values(history);
  }
}

/**
 * Demo orders (docs/sales.md, "Demo data"). Lucky Coffee (`adv`) books its plan "Brand Year" every month of
 * the last year on the robots that play it (the delivery seeder published it and the robots pulled it a
 * year ago; the seeded history and the demo fleet play it), so the orders read like a business: those
 * over are completed and fully delivered, the one under way is delivered to date, this month's statement
 * is unpaid. One past order also booked a screen that never pulled the plan: its screen-days are the one
 * shortfall, credited to that order after it ended. The salesperson `sales` has two new customers whose
 * first orders have not begun: one approved (on this month's bill), one in review, one rejected.
 */
export const ordersSeeder: Seeder = {
  name: 'orders',
  async run(tx, { now, app }) {
    const zone = app.config.TIME_ZONE;
    const users = await accountsByUsernames(tx, ['adv', 'sales', 'ops']);
    const adv = users.get('adv');
    const sales = users.get('sales');
    const ops = users.get('ops');
    if (!adv?.customerId || !sales || !ops) return;
    const year = (await plansOfClient(tx, adv.customerId)).find((p) => p.name === 'Brand Year');
    if (!year) return;
    const playing = [...new Set((await pullsOfPlan(tx, year.id)).map((p) => p.robotRef))].sort();
    if (playing.length === 0) return;
    const spare = (await robotRefsMatching(tx, {})).find((ref) => !playing.includes(ref));
    const by = { id: ops.id, name: ops.name };
    const list: DemoOrder[] = [];
    for (let back = 11; back >= 0; back--) {
      const month = monthBackOf(now, back, zone);
      const from = new Date(monthBounds(month, zone).from * 1000);
      // Booked for the 3rd of the month; approved two days before (never later than now), paid the next day.
      const beginAt = midnight(from.getTime() + 2 * DAY + 12 * 3600_000, zone);
      const approvedAt = new Date(Math.min(beginAt.getTime() - 2 * DAY + 10 * 3600_000, now.getTime() - 2 * 3600_000));
      const weeks = back % 2 === 0 ? 4 : 2;
      const endAt = beginAt.getTime() + weeks * WEEK;
      const begun = beginAt.getTime() <= now.getTime();
      const state: OrderState = endAt <= now.getTime() ? 'completed' : begun ? 'launched' : 'pendingPayment';
      const shortfall = back === 5 && spare !== undefined;
      const refs = shortfall ? [...playing, spare] : playing;
      list.push({
        customerId: adv.customerId,
        ownerId: ops.id,
        plan: year,
        name: `${month} 品牌全年 Brand Year`,
        state,
        weeks,
        beginAt,
        createdAt: new Date(approvedAt.getTime() - DAY),
        approvedAt,
        paidAt: state === 'pendingPayment' ? null : new Date(approvedAt.getTime() + DAY),
        lines: await linesFor(tx, refs, year.materials, weeks),
        actual: playing.length,
        credit: shortfall
          ? {
              at: new Date(endAt + 3 * DAY),
              missingScreenDays: weeks * 7,
              reason: '1 块屏幕未拉取计划，整期未交付 1 screen never pulled the plan',
            }
          : undefined,
        by,
      });
    }
    // The salesperson's own new customers, each with a plan and its first orders (none begun yet).
    const customers = [
      { id: newId(), name: '海风书店 Sea Breeze Books', phone: '13800000041', industry: 'culture' },
      { id: newId(), name: '城南面馆 Southside Noodles', phone: '13800000042', industry: 'catering' },
    ];
    await insertCustomers(
      tx,
      customers.map((c) => ({ ...c, category: 'advertisers', ownerId: sales.id, auditStatus: 'pass' })),
    );
    const seller = { id: sales.id, name: sales.name };
    for (const [i, c] of customers.entries()) {
      const plan = await insertDemoPlan(
        tx,
        {
          id: newId(),
          name: `${c.name} — 周末推广`,
          clientId: c.id,
          description: 'Weekend promotion — demo',
          cycle: { type: 'daily', data: [] },
          beginAt: new Date(now.getTime() - 10 * DAY),
          endAt: new Date(now.getTime() + 90 * DAY),
          timeZone: 'Asia/Shanghai',
          createdBy: sales.id,
          createdAt: new Date(now.getTime() - 12 * DAY),
          updatedAt: now,
        },
        [],
      );
      const refs = playing.slice(0, 1 + i);
      const order = async (state: OrderState, startsIn: number, weeks: number, extra: Partial<DemoOrder> = {}) => {
        const createdAt = new Date(now.getTime() - (3 + i) * DAY + (startsIn % 5) * 3600_000);
        list.push({
          customerId: c.id,
          ownerId: sales.id,
          plan,
          name: `${billMonthAt(new Date(now.getTime() + startsIn * DAY), zone)} 周末推广 Weekend promotion`,
          state,
          weeks,
          beginAt: midnight(now.getTime() + startsIn * DAY, zone),
          createdAt,
          approvedAt: null,
          paidAt: null,
          lines: await linesFor(tx, refs, plan.materials, weeks),
          actual: 0,
          by: seller,
          ...extra,
        });
      };
      await order('pendingPayment', 5 + i, 2, { approvedAt: new Date(now.getTime() - (2 + i) * DAY) });
      await order('reviewing', 19 + i, 4);
      await order('rejected', 12 + i, 1, { reviewReason: '请补充门店照片 Add a photo of the shop' });
    }
    await insertOrders(tx, list, now, zone);
  },
};

/** `YYYY-MM` of the month `back` months before `now`'s month (in the platform's zone, as bills count). */
function monthBackOf(now: Date, back: number, timeZone: string): string {
  const [y, m] = billMonthAt(now, timeZone).split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 - back, 1));
  return d.toISOString().slice(0, 7);
}
