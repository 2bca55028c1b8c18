import { newId } from '@robot-ads/contracts/common/ids';
import { monthBounds, wallClock } from '@robot-ads/contracts/playback/zoned-time';
import type { OrderState } from '@robot-ads/contracts/sales/sales.rules';
import type { Tx } from '../../db/client';
import type { Seeder } from '../../platform/seeding';
import { accountsByUsernames } from '../accounts/accounts.queries';
import { insertCustomers } from '../customers/customers.queries';
import { robotRefsMatching, statRobots } from '../devices/devices.queries';
import { type PlaylistRow, plansOfClient } from '../playlists/playlists.queries';
import { insertDemoPlan } from '../playlists/playlists.seed';
import { orderNumber } from './orders.service';
import { type OrderLine, orderHistory, orders } from './sales.table';

const DAY = 86_400_000;
const WEEK_PRICE_FEN = 150_00;

/** `YYYY-MM` of the month `back` months before `now`'s month (in the platform's zone, as bills count). */
function monthBack(now: Date, back: number, timeZone: string): string {
  const local = wallClock(Math.floor(now.getTime() / 1000), timeZone);
  const d = new Date(Date.UTC(local.year, local.month - 1 - back, 1));
  return d.toISOString().slice(0, 7);
}

type DemoOrder = {
  customerId: string;
  ownerId: string | null;
  plan: PlaylistRow;
  name: string;
  /** Approved (charged) at; paid and credited after it, or never. */
  approvedAt: Date;
  paidAt: Date | null;
  creditFen: number;
  creditedAt: Date | null;
  state: OrderState;
  weeks: number;
  lines: OrderLine[];
  by: { id: string; name: string };
};

async function insertOrders(tx: Tx, list: DemoOrder[], timeZone: string) {
  let n = 0;
  for (const o of list) {
    const id = newId(o.approvedAt.getTime());
    const amountFen = o.lines.reduce((s, l) => s + l.amountFen, 0) * o.weeks;
    const createdAt = new Date(o.approvedAt.getTime() - DAY);
    await tx.insert(orders).values({
      id,
      orderNo: orderNumber(createdAt, n++, id, timeZone),
      name: o.name,
      customerId: o.customerId,
      customerOwnerId: o.ownerId,
      playlistId: o.plan.id,
      playlistName: o.plan.name,
      state: o.state,
      weeks: o.weeks,
      beginAt: o.approvedAt,
      endAt: new Date(o.approvedAt.getTime() + o.weeks * 7 * DAY),
      materials: 1,
      lines: o.lines,
      amountFen,
      quotedAmountFen: amountFen,
      actualDeviceCount: o.lines.length,
      creditFen: o.creditFen,
      reviewReason: '',
      approvedAt: o.approvedAt,
      paidAt: o.paidAt,
      creditedAt: o.creditedAt,
      createdBy: o.by.id,
      createdByName: o.by.name,
      createdAt,
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
    const history = [step('approve', 'reviewing', 'pendingPayment', o.approvedAt)];
    if (o.paidAt) history.push(step('pay', 'pendingPayment', 'paid', o.paidAt));
    if (o.creditedAt) history.push(step('credit', o.state, o.state, o.creditedAt, String(o.creditFen / 100)));
    await tx.insert(orderHistory).values(history);
  }
}

/**
 * Demo orders (docs/sales.md, "Demo data"): a year of monthly orders of Lucky Coffee (`adv`) on its
 * plans, paid about a week after approval except the last month's, with two credits, so that the
 * Bills page shows a statement in each of the last 12 months; and two customers of the salesperson
 * `sales` (owned by that account, so in its data scope) each with a plan and orders.
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
    const robots = [...(await statRobots(tx, (await robotRefsMatching(tx, {})).slice(0, 3))).values()];
    const lines: OrderLine[] = robots.map((r) => ({
      robotRef: r.ref,
      robotId: r.robotId,
      robotName: r.name,
      salesType: 'rental',
      priceFen: WEEK_PRICE_FEN,
      freeMaterials: 3,
      extraMaterials: 0,
      amountFen: WEEK_PRICE_FEN,
    }));
    if (lines.length === 0) return;
    const plans = await plansOfClient(tx, adv.customerId);
    const list: DemoOrder[] = [];
    for (let back = 11; back >= 0; back--) {
      const month = monthBack(now, back, zone);
      const from = new Date(monthBounds(month, zone).from * 1000);
      const approvedAt = new Date(Math.min(from.getTime() + 2 * DAY + 10 * 3600_000, now.getTime() - 2 * 3600_000));
      const paid = back > 0 ? new Date(approvedAt.getTime() + 7 * DAY) : null;
      const credited = back === 8 || back === 3;
      const plan = plans[back % Math.max(1, plans.length)];
      if (!plan) break;
      list.push({
        customerId: adv.customerId,
        ownerId: ops.id,
        plan,
        name: `${month} 门店推广 Store promotion`,
        approvedAt,
        paidAt: paid,
        creditFen: credited ? 30_000 : 0,
        creditedAt: credited && paid ? new Date(paid.getTime() + 5 * DAY) : null,
        state: back >= 2 ? 'completed' : back === 1 ? 'launched' : 'pendingPayment',
        weeks: back % 2 === 0 ? 4 : 2,
        lines,
        by: { id: ops.id, name: ops.name },
      });
    }
    // The salesperson's own customers, each with a plan and orders of the last three months.
    const customers = [
      { id: newId(), name: '海风书店 Sea Breeze Books', phone: '13800000041', industry: 'culture' },
      { id: newId(), name: '城南面馆 Southside Noodles', phone: '13800000042', industry: 'catering' },
    ];
    await insertCustomers(
      tx,
      customers.map((c) => ({ ...c, category: 'advertisers', ownerId: sales.id, auditStatus: 'pass' })),
    );
    for (const [i, c] of customers.entries()) {
      const plan = await insertDemoPlan(
        tx,
        {
          id: newId(),
          name: `${c.name} — 周末推广`,
          clientId: c.id,
          description: 'Weekend promotion — demo',
          cycle: { type: 'daily', data: [] },
          beginAt: new Date(now.getTime() - 90 * DAY),
          endAt: new Date(now.getTime() + 30 * DAY),
          timeZone: 'Asia/Shanghai',
          createdBy: sales.id,
          createdAt: new Date(now.getTime() - 95 * DAY),
          updatedAt: now,
        },
        [],
      );
      for (let back = 2; back >= 0; back--) {
        const approvedAt = new Date(now.getTime() - (back * 30 + 3 + i) * DAY);
        list.push({
          customerId: c.id,
          ownerId: sales.id,
          plan,
          name: `${monthBack(approvedAt, 0, zone)} 周末推广 Weekend promotion`,
          approvedAt,
          paidAt: back > 0 ? new Date(approvedAt.getTime() + 5 * DAY) : null,
          creditFen: 0,
          creditedAt: null,
          state: back > 0 ? 'paid' : 'pendingPayment',
          weeks: 2,
          lines: lines.slice(0, 1 + i),
          by: { id: sales.id, name: sales.name },
        });
      }
    }
    await insertOrders(tx, list, zone);
  },
};
