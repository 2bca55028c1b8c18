/**
 * Pure sales rules shared by the server and the web (issue 17, docs/sales.md): the order state machine,
 * the amount rule with free materials (integer fen, never floats), the shortfall credit, months of bills.
 */
import type { SalesType } from '../devices/devices.rules';

/** Spec section 4: order states. */
export const ORDER_STATES = [
  'reviewing',
  'rejected',
  'pendingPayment',
  'launched',
  'paid',
  'completed',
  'cancelled',
] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** What a person does to an order (POST /api/Orders/review and /api/Orders/transition). */
export const ORDER_ACTIONS = ['approve', 'reject', 'resubmit', 'pay', 'launch', 'complete', 'cancel'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/**
 * The exact machine (docs/sales.md draws it). Every pair (state, action) not listed here is refused
 * with ORDER_TRANSITION_REFUSED naming the state and the action.
 */
export const ORDER_TRANSITIONS: Readonly<Record<OrderState, Partial<Record<OrderAction, OrderState>>>> = {
  reviewing: { approve: 'pendingPayment', reject: 'rejected', cancel: 'cancelled' },
  rejected: { resubmit: 'reviewing', cancel: 'cancelled' },
  pendingPayment: { pay: 'paid', cancel: 'cancelled' },
  paid: { launch: 'launched' },
  launched: { complete: 'completed' },
  completed: {},
  cancelled: {},
};

/** Labels of states and actions (refusal messages, PDFs; the web has the same in its locale files). */
export const ORDER_STATE_LABELS: Readonly<Record<OrderState, { zh: string; en: string }>> = {
  reviewing: { zh: '审核中', en: 'reviewing' },
  rejected: { zh: '已驳回', en: 'rejected' },
  pendingPayment: { zh: '待付款', en: 'pending payment' },
  launched: { zh: '已投放', en: 'launched' },
  paid: { zh: '已付款', en: 'paid' },
  completed: { zh: '已完成', en: 'completed' },
  cancelled: { zh: '已取消', en: 'cancelled' },
};
export const ORDER_ACTION_LABELS: Readonly<Record<OrderAction, { zh: string; en: string }>> = {
  approve: { zh: '审核通过', en: 'approve' },
  reject: { zh: '驳回', en: 'reject' },
  resubmit: { zh: '重新提交', en: 'resubmit' },
  pay: { zh: '付款', en: 'pay' },
  launch: { zh: '投放', en: 'launch' },
  complete: { zh: '完成', en: 'complete' },
  cancel: { zh: '取消', en: 'cancel' },
};

/** The next state, or null when the machine refuses the action in this state. */
export function nextOrderState(state: OrderState, action: OrderAction): OrderState | null {
  return ORDER_TRANSITIONS[state][action] ?? null;
}

/** The actions allowed in a state (buttons to show). */
export function allowedOrderActions(state: OrderState): OrderAction[] {
  return ORDER_ACTIONS.filter((a) => ORDER_TRANSITIONS[state][a] !== undefined);
}

/** Spec section 9: free materials per device by sales type; beyond them a fee applies. */
export const FREE_MATERIALS: Readonly<Record<SalesType, number>> = { trial: 1, rental: 3, sales: 3 };

/** Weeks an order may book. */
export const ORDER_WEEKS_MIN = 1;
export const ORDER_WEEKS_MAX = 104;

export interface AmountDevice {
  robotId: string;
  salesType: SalesType;
  /** Weekly price in fen (integer); null: no price set (the order is refused). */
  priceFen: number | null;
}

export interface AmountLine {
  robotId: string;
  salesType: SalesType;
  priceFen: number;
  freeMaterials: number;
  extraMaterials: number;
  /** priceFen x weeks x (1 + extraMaterials). */
  amountFen: number;
}

/**
 * The amount of an order in fen (docs/sales.md "Amount"): for each booked device, its weekly price
 * covers the free materials of its sales type (1 trial, 3 rental or sold); each material beyond them
 * costs one more weekly price. amount = sum(priceFen x weeks x (1 + max(0, materials - free))).
 */
export function orderAmountLines(devices: readonly AmountDevice[], materials: number, weeks: number): AmountLine[] {
  return devices.map((d) => {
    const freeMaterials = FREE_MATERIALS[d.salesType];
    const extraMaterials = Math.max(0, materials - freeMaterials);
    const priceFen = d.priceFen ?? 0;
    return {
      robotId: d.robotId,
      salesType: d.salesType,
      priceFen,
      freeMaterials,
      extraMaterials,
      amountFen: priceFen * weeks * (1 + extraMaterials),
    };
  });
}

export function sumFen(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/**
 * The credit proposed when fewer devices played than were booked: the amount x missing / planned,
 * rounded down to the fen (the customer never gets more than it paid for the missing devices).
 */
export function shortfallCreditFen(amountFen: number, planned: number, actual: number): number {
  if (planned <= 0 || actual >= planned) return 0;
  const missing = planned - Math.max(0, actual);
  return Math.floor((amountFen * missing) / planned);
}

/** Fen to a yuan text with 2 decimals ("1234.50"), for PDFs and sheets. */
export function fenToYuanText(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Fen as money in the language's format, as people read it on screen and in documents (issue 38):
 * zh "¥1,800.00", en "CNY 1,800.00" (thousands grouped, 2 decimals, a minus sign before the currency).
 */
export function formatMoneyFen(fen: number, language: 'zh' | 'en'): string {
  const sign = fen < 0 ? '-' : '';
  const [whole = '0', cents = '00'] = fenToYuanText(Math.abs(fen)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return language === 'zh' ? `${sign}¥${grouped}.${cents}` : `${sign}CNY ${grouped}.${cents}`;
}

/** Lead follow-up states and priorities (spec section 4). */
export const FOLLOW_STATES = ['notFollowed', 'following', 'completed', 'discarded'] as const;
export type FollowState = (typeof FOLLOW_STATES)[number];
export const LEAD_PRIORITIES = ['low', 'ordinary', 'high'] as const;
export type LeadPriority = (typeof LEAD_PRIORITIES)[number];

/** A bill month: YYYY-MM. */
export const MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
