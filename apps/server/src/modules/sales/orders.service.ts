import { isAdvertiserRole, isOperatorRole } from '@robot-ads/contracts/auth/roles';
import { newId } from '@robot-ads/contracts/common/ids';
import { fromUnixSeconds, toUnixSeconds } from '@robot-ads/contracts/common/time';
import { fenToYuan, type SalesType, yuanToFen } from '@robot-ads/contracts/devices/devices.rules';
import { formatDate, startOfDayAt } from '@robot-ads/contracts/playback/zoned-time';
import {
  ORDER_REVIEW_EVENT,
  type OrderCreateBody,
  type OrderDetailDto,
  type OrderDto,
  type OrderQuery,
  type OrderQuoteDto,
} from '@robot-ads/contracts/sales/orders.schemas';
import {
  allowedOrderActions,
  nextOrderState,
  ORDER_ACTION_LABELS,
  ORDER_STATE_LABELS,
  type OrderAction,
  type OrderState,
  orderAmountLines,
  shortfallCreditFen,
  sumFen,
} from '@robot-ads/contracts/sales/sales.rules';
import { AppError } from '../../platform/app-error';
import type { AppContext } from '../../platform/context';
import { accountSubtreeIds, isSuperuser } from '../../platform/scope';
import type { SessionUser } from '../../platform/session-user';
import { accountsOfCustomers } from '../accounts/accounts.queries';
import { customerNamesByIds, findCustomerById } from '../customers/customers.queries';
import { pricedRobots } from '../devices/devices.queries';
import type { PlaylistsContext } from '../playlists/playlists.context';
import { getPlan } from '../playlists/playlists.service';
import type { PartnerEventSink } from '../publishing/publishing.context';
import { screenDayDelivery } from './order-delivery';
import { emitOrderState } from './order-events';
import {
  countOrdersSince,
  findScopedOrder,
  historyOfOrder,
  insertOrder,
  insertOrderHistory,
  type OrderScope,
  ordersInState,
  pageOrders,
  updateOrder,
} from './orders.repository';
import type { OrderLine, OrderRow } from './sales.table';

type User = Pick<SessionUser, 'id' | 'name' | 'role' | 'principals' | 'customer' | 'projectId' | 'diy'>;

const WEEK_MS = 7 * 86_400_000;
const MAX_ORDER_FEN = 2_000_000_000;

/**
 * The orders a caller may see, as one condition: root/admin all; operators (salespeople) those of
 * customers managed in their subtree or made in it; advertisers their customer's; others none.
 */
export async function orderScope(ctx: AppContext, user: User): Promise<OrderScope> {
  if (isSuperuser(user)) return { kind: 'all' };
  if (isOperatorRole(user.role)) return { kind: 'accounts', ids: (await accountSubtreeIds(ctx.db, user)) ?? [user.id] };
  if (isAdvertiserRole(user.role) && user.customer) return { kind: 'customer', customerId: user.customer };
  return { kind: 'none' };
}

/**
 * `O` + the day in the platform's zone (YYYYMMDD) + the day's running count (4 digits) + 4 characters of the
 * id: the day a person in the platform's zone reads on the calendar, not the UTC day.
 */
export function orderNumber(now: Date, countToday: number, id: string, timeZone: string): string {
  const day = formatDate(Math.floor(now.getTime() / 1000), timeZone).replaceAll('-', '');
  return `O${day}${String(countToday + 1).padStart(4, '0')}${id.slice(-4).toUpperCase()}`;
}

function lineDto(l: OrderLine) {
  return {
    robotId: l.robotId,
    robotName: l.robotName,
    salesType: l.salesType,
    price: fenToYuan(l.priceFen),
    freeMaterials: l.freeMaterials,
    extraMaterials: l.extraMaterials,
    amount: fenToYuan(l.amountFen),
    amountFen: l.amountFen,
  };
}

export function toOrderDto(r: OrderRow, customerName: string): OrderDto {
  const planned = r.lines.length;
  const shortfall = r.syncedAt ? Math.max(0, planned - r.actualDeviceCount) : 0;
  const proposed = r.syncedAt ? shortfallCreditFen(r.amountFen, planned, r.actualDeviceCount) : 0;
  const state = r.state as OrderState;
  return {
    id: r.id,
    orderNo: r.orderNo,
    name: r.name,
    customerId: r.customerId,
    customerName,
    playlistId: r.playlistId,
    playlistName: r.playlistName,
    state,
    actions: allowedOrderActions(state),
    weeks: r.weeks,
    begin: toUnixSeconds(r.beginAt) ?? 0,
    end: toUnixSeconds(r.endAt) ?? 0,
    amount: fenToYuan(r.amountFen),
    amountFen: r.amountFen,
    quotedAmount: fenToYuan(r.quotedAmountFen),
    quotedAmountFen: r.quotedAmountFen,
    overrideReason: r.overrideReason,
    planDeviceCount: planned,
    actualDeviceCount: r.actualDeviceCount,
    syncTime: toUnixSeconds(r.syncedAt),
    shortfall,
    proposedCredit: fenToYuan(proposed),
    proposedCreditFen: proposed,
    credit: fenToYuan(r.creditFen),
    creditFen: r.creditFen,
    reviewReason: r.reviewReason,
    createdBy: r.createdBy,
    createdByName: r.createdByName,
    createtime: toUnixSeconds(r.createdAt) ?? 0,
  };
}

/** The states of an order that was approved (charged): a credit can only reduce a charge. */
const CHARGED: readonly OrderState[] = ['pendingPayment', 'paid', 'launched', 'completed'];

/**
 * A credit needs an approved order whose period has begun (docs/sales.md, "Credits"): before approval
 * nothing was charged, before its first day nothing could be missed.
 */
export function assertCreditable(row: OrderRow, now: Date, timeZone: string): void {
  const state = row.state as OrderState;
  if (!CHARGED.includes(state) || row.approvedAt === null) {
    const labels = ORDER_STATE_LABELS[state];
    throw new AppError('ORDER_CREDIT_NOT_APPROVED', { stateZh: labels.zh, stateEn: labels.en });
  }
  if (row.beginAt.getTime() > now.getTime()) {
    throw new AppError('ORDER_CREDIT_NOT_BEGUN', { begin: formatDate(toUnixSeconds(row.beginAt) ?? 0, timeZone) });
  }
}

export class OrdersService {
  /** `partnerEvents`: open-platform's PartnerWebhooks (buildApp), for `order.state`. */
  constructor(
    private readonly ctx: PlaylistsContext,
    private readonly partnerEvents: PartnerEventSink,
  ) {}

  /** The amount lines from the robots' current prices (ORDER_PRICE_MISSING names a robot without one). */
  private async lines(robotIds: string[], materials: number, weeks: number): Promise<OrderLine[]> {
    const found = await pricedRobots(this.ctx.db, robotIds);
    const byId = new Map(found.map((r) => [r.robotId, r]));
    const missing = robotIds.find((id) => !byId.has(id));
    if (missing) throw new AppError('DEVICE_NOT_EXIST', { robotId: missing }, 'robotIds');
    const devices = [...new Set(robotIds)].map((id) => {
      const r = byId.get(id);
      if (!r || r.priceFen === null) throw new AppError('ORDER_PRICE_MISSING', { robotId: id }, 'robotIds');
      return { robotId: r.robotId, salesType: r.salesType as SalesType, priceFen: r.priceFen, ref: r.id, name: r.name };
    });
    const amounts = orderAmountLines(devices, materials, weeks);
    return amounts.map((a, i) => {
      const d = devices[i] as (typeof devices)[number];
      return { ...a, robotRef: d.ref, robotName: d.name };
    });
  }

  private async planFor(user: User, playlistId: string) {
    const plan = await getPlan(this.ctx, user, playlistId);
    const materials = plan.advertisements.reduce((n, a) => n + a.materials, 0);
    return { plan, materials };
  }

  async quote(user: User, body: { playlistId: string; robotIds: string[]; weeks: number }): Promise<OrderQuoteDto> {
    const { materials } = await this.planFor(user, body.playlistId);
    const lines = await this.lines(body.robotIds, materials, body.weeks);
    const amountFen = sumFen(lines.map((l) => l.amountFen));
    return { materials, weeks: body.weeks, lines: lines.map(lineDto), amount: fenToYuan(amountFen), amountFen };
  }

  async create(user: User, body: OrderCreateBody): Promise<OrderDto> {
    const now = this.ctx.clock.now();
    const { plan, materials } = await this.planFor(user, body.playlistId);
    if (!plan.clientId) throw new AppError('ORDER_PLAN_NO_CUSTOMER', {}, 'playlistId');
    const customer = await findCustomerById(this.ctx.db, plan.clientId);
    if (!customer) throw new AppError('ORDER_PLAN_NO_CUSTOMER', {}, 'playlistId');
    const lines = await this.lines(body.robotIds, materials, body.weeks);
    const quotedAmountFen = sumFen(lines.map((l) => l.amountFen));
    const overridden = body.amount !== undefined && yuanToFen(body.amount) !== quotedAmountFen;
    if (overridden && !body.overrideReason) throw new AppError('ORDER_OVERRIDE_REASON', {}, 'overrideReason');
    const amountFen = body.amount !== undefined ? yuanToFen(body.amount) : quotedAmountFen;
    // Stored as a 32-bit integer of fen: at most 20 million yuan per order.
    if (amountFen <= 0 || amountFen > MAX_ORDER_FEN || quotedAmountFen > MAX_ORDER_FEN) {
      throw new AppError('AMOUNT_INVALID', {}, 'amount');
    }
    const beginAt = body.begin !== undefined ? (fromUnixSeconds(body.begin) ?? now) : now;
    const id = newId();
    return this.ctx.db.transaction(async (tx) => {
      const zone = this.ctx.config.TIME_ZONE;
      const today = new Date(startOfDayAt(Math.floor(now.getTime() / 1000), zone) * 1000);
      const orderNo = orderNumber(now, await countOrdersSince(tx, today), id, zone);
      const row = await insertOrder(tx, {
        id,
        orderNo,
        name: body.name,
        customerId: customer.id,
        customerOwnerId: customer.ownerId,
        playlistId: plan.id,
        playlistName: plan.name,
        state: 'reviewing',
        weeks: body.weeks,
        beginAt,
        endAt: new Date(beginAt.getTime() + body.weeks * WEEK_MS),
        materials,
        lines,
        amountFen,
        quotedAmountFen,
        overrideReason: overridden ? (body.overrideReason ?? '') : '',
        createdBy: user.id,
        createdByName: user.name,
        createdAt: now,
      });
      await insertOrderHistory(tx, {
        id: newId(),
        orderId: id,
        action: 'create',
        toState: 'reviewing',
        actorId: user.id,
        actorName: user.name,
        reason: overridden ? (body.overrideReason ?? '') : '',
        createdAt: now,
      });
      return toOrderDto(row, customer.name);
    });
  }

  async visible(user: User, id: string, forUpdate = false): Promise<OrderRow> {
    const row = await findScopedOrder(this.ctx.db, await orderScope(this.ctx, user), id, forUpdate);
    if (!row) throw new AppError('NOT_FOUND', {}, 'id');
    return row;
  }

  /** `customerOwners`: only orders of customers managed by these accounts (a branch's agents). */
  async page(user: User, q: OrderQuery, customerOwners?: string[]): Promise<{ total: number; datas: OrderDto[] }> {
    const { total, rows } = await pageOrders(
      this.ctx.db,
      await orderScope(this.ctx, user),
      { ...q, ...(customerOwners ? { customerOwners } : {}) },
      q.start,
      q.limit,
    );
    const names = await this.customerNames(rows);
    return { total, datas: rows.map((r) => toOrderDto(r, names.get(r.customerId) ?? '')) };
  }

  private customerNames(rows: OrderRow[]): Promise<Map<string, string>> {
    return customerNamesByIds(
      this.ctx.db,
      rows.map((r) => r.customerId),
    );
  }

  async detail(user: User, id: string): Promise<OrderDetailDto> {
    const row = await this.visible(user, id);
    const history = await historyOfOrder(this.ctx.db, id);
    const names = await this.customerNames([row]);
    return {
      ...toOrderDto(row, names.get(row.customerId) ?? ''),
      robotIds: row.lines.map((l) => l.robotId),
      lines: row.lines.map(lineDto),
      history: history.map((h) => ({
        time: toUnixSeconds(h.createdAt) ?? 0,
        action: h.action as OrderAction | 'create' | 'credit',
        from: h.fromState as OrderState | '',
        to: h.toState as OrderState,
        actorId: h.actorId,
        actorName: h.actorName,
        reason: h.reason,
      })),
    };
  }

  /** One step of the machine; every pair it does not list is refused with ORDER_TRANSITION_REFUSED. */
  async act(user: User, id: string, action: OrderAction, reason: string): Promise<OrderDto> {
    if (action === 'reject' && !reason) throw new AppError('ORDER_REJECT_REASON', {}, 'reason');
    if (action === 'cancel' && !reason) throw new AppError('ORDER_CANCEL_REASON', {}, 'reason');
    const now = this.ctx.clock.now();
    const result = await this.ctx.db.transaction(async (tx) => {
      const row = await this.visible(user, id, true);
      const from = row.state as OrderState;
      const to = nextOrderState(from, action);
      if (!to) {
        throw new AppError(
          'ORDER_TRANSITION_REFUSED',
          {
            stateZh: ORDER_STATE_LABELS[from].zh,
            stateEn: ORDER_STATE_LABELS[from].en,
            actionZh: ORDER_ACTION_LABELS[action].zh,
            actionEn: ORDER_ACTION_LABELS[action].en,
          },
          'action',
        );
      }
      const patch: Partial<OrderRow> = { state: to };
      if (action === 'approve') patch.approvedAt = now;
      if (action === 'approve' || action === 'reject') patch.reviewReason = reason;
      if (action === 'resubmit') patch.reviewReason = '';
      if (action === 'pay') patch.paidAt = now;
      const updated = await updateOrder(tx, id, patch);
      await insertOrderHistory(tx, {
        id: newId(),
        orderId: id,
        action,
        fromState: from,
        toState: to,
        actorId: user.id,
        actorName: user.name,
        reason,
        createdAt: now,
      });
      // Partners hear the step with the step itself (the outbox is in this transaction).
      await emitOrderState(this.partnerEvents, tx, updated, { action, from, reason });
      return updated;
    });
    const names = await this.customerNames([result]);
    const dto = toOrderDto(result, names.get(result.customerId) ?? '');
    if (action === 'approve' || action === 'reject') await this.notifyReview(dto, reason);
    return dto;
  }

  /** After a review: the order's creator and the customer's accounts get `order.review.result` live. */
  private async notifyReview(dto: OrderDto, reason: string): Promise<void> {
    const accounts = (await accountsOfCustomers(this.ctx.db, [dto.customerId])).get(dto.customerId) ?? [];
    const targets = new Set([dto.createdBy, ...accounts.map((a) => a.id)]);
    const data = { id: dto.id, orderNo: dto.orderNo, name: dto.name, state: dto.state, reason };
    for (const userId of targets) await this.ctx.notifications.notify(userId, ORDER_REVIEW_EVENT, data);
  }

  /** Recounts the robots that played the plan within the order's period (proof of play). */
  async sync(user: User, id: string): Promise<OrderDto> {
    const updated = await this.recount(await this.visible(user, id));
    const names = await this.customerNames([updated]);
    return toOrderDto(updated, names.get(updated.customerId) ?? '');
  }

  /** The screens with a delivered screen-day: the same verified plays as the order's delivery. */
  private async recount(row: OrderRow): Promise<OrderRow> {
    const delivery = await screenDayDelivery(this.ctx, row);
    return updateOrder(this.ctx.db, row.id, {
      actualDeviceCount: delivery.actualDevices,
      syncedAt: this.ctx.clock.now(),
    });
  }

  /** The hourly job: recounts every launched order (its shortfall and proposed credit follow). */
  async syncLaunched(): Promise<number> {
    const rows = await ordersInState(this.ctx.db, 'launched');
    for (const row of rows) await this.recount(row);
    return rows.length;
  }

  /** Delivery in screen-days (verified plays only): the advertiser sees the same figures as the operator. */
  async delivery(user: User, id: string) {
    return screenDayDelivery(this.ctx, await this.visible(user, id));
  }

  /**
   * Grants the proposed credit (or less), once: the larger of the device shortfall's and the screen-day
   * shortfall's suggestion; the reason is kept in the order's history with the amount.
   */
  async credit(user: User, id: string, amount: number | undefined, reason = ''): Promise<OrderDto> {
    const now = this.ctx.clock.now();
    const result = await this.ctx.db.transaction(async (tx) => {
      const row = await this.visible(user, id, true);
      if (row.creditFen > 0) throw new AppError('ORDER_CREDIT_GRANTED');
      assertCreditable(row, now, this.ctx.config.TIME_ZONE);
      const byDevices = row.syncedAt ? shortfallCreditFen(row.amountFen, row.lines.length, row.actualDeviceCount) : 0;
      const proposed = Math.max(byDevices, (await screenDayDelivery(this.ctx, row)).suggestedCreditFen);
      if (proposed <= 0) throw new AppError('ORDER_CREDIT_NONE');
      const fen = amount === undefined ? proposed : yuanToFen(amount);
      if (fen > proposed) throw new AppError('ORDER_CREDIT_TOO_LARGE', {}, 'amount');
      const updated = await updateOrder(tx, id, { creditFen: fen, creditedAt: now });
      await insertOrderHistory(tx, {
        id: newId(),
        orderId: id,
        action: 'credit',
        fromState: row.state,
        toState: row.state,
        actorId: user.id,
        actorName: user.name,
        reason: reason ? `${fenToYuan(fen)} ${reason}` : String(fenToYuan(fen)),
        createdAt: now,
      });
      return updated;
    });
    const names = await this.customerNames([result]);
    return toOrderDto(result, names.get(result.customerId) ?? '');
  }
}
