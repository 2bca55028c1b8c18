import { z } from 'zod';
import { APPLICATION_STATES, APPLICATION_TYPES } from '../reviews/review-state.rules';
import { ORDER_ACTIONS, ORDER_STATES } from '../sales/sales.rules';
import { statMeasures } from '../statistics/statistics.schemas';

/**
 * The payloads (`data`) of the partner webhook events, as the server sends them (docs/open-platform.md).
 * The partner OpenAPI document lists them as OpenAPI 3.1 `webhooks`.
 */
export const auditResultEvent = z.object({
  playlistId: z.string().describe('The plan the application is about'),
  name: z.string().describe("The plan's name"),
  auditId: z.string(),
  type: z.enum(APPLICATION_TYPES).describe('What was applied for: publish, cancel, add robots, pause'),
  state: z.enum(APPLICATION_STATES).describe("The application's state after the decision"),
  decision: z.enum(['post', 'reject']),
  note: z.string(),
});

export const planPulledRatioEvent = z.object({
  playlistId: z.string(),
  name: z.string(),
  ratio: z.number().min(0).max(1).describe('Robots that pulled the plan / robots it is published to (4 decimals)'),
  planPullNumber: z.number().int().describe('Robots the plan is published to'),
  alreadyPullNumber: z.number().int().describe('Robots that pulled it'),
});

export const shootingPhotoEvent = z.object({
  recordId: z.string(),
  requirementId: z.string(),
  taskId: z.string(),
  playlistId: z.string(),
  robotId: z.string(),
  adId: z.string(),
  takenTime: z.number().int().describe('When the photo was taken (unix seconds)'),
  contentType: z.enum(['image/jpeg', 'image/png']),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  photoUrl: z.string().describe('A signed address of the photo, valid 24 h'),
});

export const proofOfPlayHourlyEvent = statMeasures.extend({
  begin: z.number().int().describe('The hour summed (unix seconds, inclusive)'),
  end: z.number().int().describe('Its end (unix seconds, exclusive)'),
});

export const orderStateEvent = z.object({
  orderId: z.string().describe("The order's id (the `id` of listOrders)"),
  orderNo: z.string().meta({ description: 'The human order number', examples: ['O202611250001AB12'] }),
  name: z.string().describe("The order's name"),
  customerId: z.string().describe('The customer the order is for'),
  playlistId: z.string().describe('The plan the order books'),
  action: z.enum(ORDER_ACTIONS).describe('What was done: approve, reject, resubmit, pay, launch, complete, cancel'),
  state: z.enum(ORDER_STATES).describe("The order's state after the change"),
  previousState: z.enum(ORDER_STATES).describe('Its state before'),
  reason: z.string().describe("The reviewer's or operator's reason ('' when none was given)"),
  amountFen: z.number().int().describe('The amount in integer fen (1 yuan = 100 fen)'),
});

export const WEBHOOK_EVENT_PAYLOADS = {
  'audit.result': { data: auditResultEvent, summary: 'An audit decision on an application of the owning account' },
  'plan.pulledRatio': { data: planPulledRatioEvent, summary: "Robots pulled a plan: the plan's new pull ratio" },
  'shooting.photo': { data: shootingPhotoEvent, summary: "A robot's photo proof was accepted (once per task)" },
  'proofOfPlay.hourly': {
    data: proofOfPlayHourlyEvent,
    summary: "At minute 5: the last hour's plays, exposure, viewers and scans in the owning account's scope",
  },
  'order.state': {
    data: orderStateEvent,
    summary: "An order of the owning account's scope changed state (reviewed, paid, launched, completed, cancelled…)",
  },
} as const satisfies Record<string, { data: z.ZodType; summary: string }>;

/** An event's name. */
export type WebhookEventName = keyof typeof WEBHOOK_EVENT_PAYLOADS;
/** The events, declared once (the keys above): what an endpoint may subscribe to. */
export const WEBHOOK_EVENTS = Object.keys(WEBHOOK_EVENT_PAYLOADS) as [WebhookEventName, ...WebhookEventName[]];
/** The `data` of an event, as an emitter passes it and the partner receives it. */
export type WebhookEventData<E extends WebhookEventName> = z.output<(typeof WEBHOOK_EVENT_PAYLOADS)[E]['data']>;

/** The body of every delivery: the event's id (also the `webhook-id` header), its name, time and data. */
export function webhookEnvelope<T extends z.ZodType>(event: string, data: T) {
  return z.object({
    id: z.string().describe('The event id, also the webhook-id header (the same on every retry): process each once'),
    event: z.literal(event),
    time: z.number().int().describe('When the event happened (unix seconds)'),
    data,
  });
}
