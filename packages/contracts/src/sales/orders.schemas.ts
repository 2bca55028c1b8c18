import { z } from 'zod';
import { okEnvelope, pageEnvelope } from '../common/envelope';
import { idSchema } from '../common/ids';
import { pageQuery } from '../common/pagination';
import { amountSchema, salesTypeSchema } from '../devices/devices.schemas';
import { ORDER_ACTIONS, ORDER_STATES, ORDER_WEEKS_MAX, ORDER_WEEKS_MIN } from './sales.rules';

/**
 * Orders (/orderList/index, /adordermanage, review at /order/auditForm/index). Paths /api/Orders/*.
 * Money on the wire is yuan with at most 2 decimals (`amount`), stored as integer fen (`amountFen` is also
 * given so no client does float math).
 */
export const orderStateSchema = z.enum(ORDER_STATES);
export const orderActionSchema = z.enum(ORDER_ACTIONS);

export const orderAmountLineDto = z.object({
  robotId: z.string(),
  robotName: z.string(),
  salesType: salesTypeSchema,
  /** Weekly price in yuan at quote time (the unit price). */
  price: z.number(),
  freeMaterials: z.number().int(),
  extraMaterials: z.number().int(),
  amount: z.number(),
  amountFen: z.number().int(),
});
export type OrderAmountLineDto = z.infer<typeof orderAmountLineDto>;

export const orderQuoteDto = z.object({
  materials: z.number().int(),
  weeks: z.number().int(),
  lines: z.array(orderAmountLineDto),
  amount: z.number(),
  amountFen: z.number().int(),
});
export type OrderQuoteDto = z.infer<typeof orderQuoteDto>;

export const orderHistoryDto = z.object({
  time: z.number().int(),
  action: z.union([orderActionSchema, z.literal('create'), z.literal('credit')]),
  from: z.union([orderStateSchema, z.literal('')]),
  to: orderStateSchema,
  actorId: z.string(),
  actorName: z.string(),
  reason: z.string(),
});

export const orderDto = z.object({
  id: z.string(),
  /** Human order ID, e.g. "O202611250001". */
  orderNo: z.string(),
  name: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  playlistId: z.string(),
  playlistName: z.string(),
  state: orderStateSchema,
  /** Actions the machine allows now (the caller's role may still be refused). */
  actions: z.array(orderActionSchema),
  weeks: z.number().int(),
  /** Unix seconds: the booked period [begin, end), end = begin + weeks x 7 days. */
  begin: z.number().int(),
  end: z.number().int(),
  amount: z.number(),
  amountFen: z.number().int(),
  /** The amount from the prices (before an override). */
  quotedAmount: z.number(),
  quotedAmountFen: z.number().int(),
  /** Why the amount was overridden, '' when it was not. */
  overrideReason: z.string(),
  planDeviceCount: z.number().int(),
  /** Robots that really played the plan in the period (proof of play), as of syncTime. */
  actualDeviceCount: z.number().int(),
  /** Unix seconds of the last proof-of-play sync, null before the first. */
  syncTime: z.number().int().nullable(),
  shortfall: z.number().int(),
  /** Credit proposed for the shortfall (amount x missing / planned, floored to the fen). */
  proposedCredit: z.number(),
  proposedCreditFen: z.number().int(),
  /** Credit granted (POST /api/Orders/credit), 0 before. */
  credit: z.number(),
  creditFen: z.number().int(),
  reviewReason: z.string(),
  createdBy: z.string(),
  createdByName: z.string(),
  createtime: z.number().int(),
});
export type OrderDto = z.infer<typeof orderDto>;

export const orderDetailDto = orderDto.extend({
  robotIds: z.array(z.string()),
  lines: z.array(orderAmountLineDto),
  history: z.array(orderHistoryDto),
});
export type OrderDetailDto = z.infer<typeof orderDetailDto>;

/** GET /api/Orders/queryByPage: paged and filtered on the server, newest first, in scope. */
export const orderQuery = pageQuery.extend({
  state: orderStateSchema.optional(),
  customerId: idSchema.optional(),
  /** Matches the order ID or the name. */
  keyword: z.string().trim().max(64).optional(),
  /** Unix seconds: created at or after / before. */
  from: z.coerce.number().int().min(0).optional(),
  to: z.coerce.number().int().min(0).optional(),
});
export type OrderQuery = z.infer<typeof orderQuery>;
export const orderPage = pageEnvelope(orderDto);
export const orderResponse = okEnvelope(orderDto);
export const orderDetailResponse = okEnvelope(orderDetailDto);

const orderBooking = z.object({
  playlistId: idSchema,
  robotIds: z.array(z.string().trim().min(1).max(64)).min(1, 'DEVICE_LIST_EMPTY').max(1000),
  weeks: z.number().int().min(ORDER_WEEKS_MIN, 'ORDER_WEEKS_RANGE').max(ORDER_WEEKS_MAX, 'ORDER_WEEKS_RANGE'),
});

/** POST /api/Orders/quote: the amount the prices give, line by line. */
export const orderQuoteBody = orderBooking;
export const orderQuoteResponse = okEnvelope(orderQuoteDto);

/**
 * POST /api/Orders: a new order in state `reviewing`, for the plan's customer. `amount` overrides the
 * quote (above zero, at most 2 decimals) and then needs `overrideReason` (ORDER_OVERRIDE_REASON).
 */
export const orderCreateBody = orderBooking.extend({
  name: z.string().trim().min(2, 'ORDER_NAME_LENGTH').max(50, 'ORDER_NAME_LENGTH'),
  /** Unix seconds, default now. */
  begin: z.number().int().min(0).optional(),
  amount: amountSchema.optional(),
  overrideReason: z.string().trim().max(200).optional(),
});
export type OrderCreateBody = z.infer<typeof orderCreateBody>;

/** POST /api/Orders/review (operators): approve (-> pendingPayment) or reject with a reason (-> rejected). */
export const orderReviewBody = z.object({
  id: idSchema,
  approve: z.boolean(),
  reason: z.string().trim().max(200).optional().default(''),
});

/**
 * POST /api/Orders/transition: resubmit, pay (records a payment of the amount), launch, complete, cancel
 * (reason required). Anything the machine does not allow answers 409 ORDER_TRANSITION_REFUSED.
 */
export const orderTransitionBody = z.object({
  id: idSchema,
  action: z.enum(['resubmit', 'pay', 'launch', 'complete', 'cancel']),
  reason: z.string().trim().max(200).optional().default(''),
});

/** POST /api/Orders/sync: recount the robots that played (proof of play) now. */
export const orderIdBody = z.object({ id: idSchema });

/** POST /api/Orders/credit: grant the proposed credit (or a smaller amount), once; it appears on the bill. */
export const orderCreditBody = z.object({
  id: idSchema,
  amount: amountSchema.optional(),
  /** Why the credit is granted (kept in the order's history), e.g. the screen-days missed. */
  reason: z.string().trim().max(200).optional(),
});

/**
 * GET /api/Orders/delivery: delivery against what was sold, in screen-days (docs/sales.md): contracted
 * (screens x days of the period), due so far, delivered (a verified play that day), the shortfall and the
 * suggested credit (the amount's share of the contracted screen-days missed).
 */
export const orderDeliveryDto = z.object({
  id: z.string(),
  contractedScreenDays: z.number().int(),
  dueScreenDays: z.number().int(),
  deliveredScreenDays: z.number().int(),
  shortfallScreenDays: z.number().int(),
  suggestedCredit: z.number(),
  suggestedCreditFen: z.number().int(),
  /** Screens with at least one delivered screen-day (the same verified plays as `deliveredScreenDays`). */
  actualDevices: z.number().int(),
  /** `YYYY-MM` (platform zone): the month of the customer's bill a credit granted now lands on. */
  creditBillMonth: z.string(),
  robots: z.array(
    z.object({
      robotId: z.string(),
      contractedDays: z.number().int(),
      dueDays: z.number().int(),
      deliveredDays: z.number().int(),
    }),
  ),
});
export type OrderDeliveryDto = z.infer<typeof orderDeliveryDto>;
export const orderDeliveryResponse = okEnvelope(orderDeliveryDto);

/** POST /api/Orders/export (filters of queryByPage): background xlsx with progress. */
export const orderExportBody = orderQuery.omit({ start: true, limit: true });

/** Live event (realtime `message`) to the order's creator and the customer's accounts after a review. */
export { ORDER_REVIEW_EVENT } from '../notifications/notification-names';
export const orderReviewEvent = z.object({
  id: z.string(),
  orderNo: z.string(),
  name: z.string(),
  state: orderStateSchema,
  reason: z.string(),
});

/** GET /api/Orders/proofOfPlayExport: the order's proof-of-play report as xlsx or as the PDF certificate. */
export const orderProofOfPlayExportQuery = z.object({
  id: idSchema,
  format: z.enum(['xlsx', 'pdf']).default('xlsx'),
  language: z.enum(['zh', 'en']).optional(),
});
