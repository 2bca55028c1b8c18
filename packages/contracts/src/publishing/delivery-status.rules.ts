/*
 * Delivery status labels of spec section 4, derived in one place. Lists on the server (filters),
 * the web (tags) and the notifications use this function; the labels are i18n keys
 * `publishing.deliveryStatus.<key>` in both languages.
 */

export const DELIVERY_STATUSES = [
  'notDelivered',
  'pendingReview',
  'toBeIssued',
  'issued',
  'notStarted',
  'live',
  'ended',
  'cancelled',
] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** Publish record states of one device (spec section 4), plus cancelled for a withdrawn delivery. */
export const PUBLISH_STATES = ['notIssued', 'issued', 'pulled', 'failed', 'cancelled'] as const;
export type PublishState = (typeof PUBLISH_STATES)[number];

/** Pull status shown per device: a device has pulled the plan once its record is pulled. */
export type PullStatus = 'notPulled' | 'pulled';
export function pullStatus(state: PublishState): PullStatus {
  return state === 'pulled' ? 'pulled' : 'notPulled';
}

export interface DeliveryFacts {
  /** unix seconds */
  begin: number;
  end: number;
  now: number;
  /** The plan was deleted, or every delivery of it was cancelled. */
  cancelled: boolean;
  /** A delivery application (apply or add) waits for review. */
  pendingApplication: boolean;
  /** Publish records that are not cancelled and not failed, by state. */
  notIssued: number;
  issued: number;
  pulled: number;
}

/**
 * - cancelled: the plan was cancelled (deleted or every delivery withdrawn);
 * - pendingReview: nothing is published and a delivery application waits for review;
 * - notDelivered: nothing is published and nothing waits (never applied, or rejected);
 * - ended: published, and the end has passed;
 * - toBeIssued: approved, but no record has been issued to its device yet;
 * - notStarted: issued, and the begin is still ahead;
 * - issued: within the window, issued, and no device has pulled it yet;
 * - live: within the window and pulled by at least one device (the online delivery list).
 */
export function deliveryStatus(f: DeliveryFacts): DeliveryStatus {
  const active = f.notIssued + f.issued + f.pulled;
  if (f.cancelled) return 'cancelled';
  if (active === 0) return f.pendingApplication ? 'pendingReview' : 'notDelivered';
  if (f.now >= f.end) return 'ended';
  if (f.issued + f.pulled === 0) return 'toBeIssued';
  if (f.now < f.begin) return 'notStarted';
  return f.pulled > 0 ? 'live' : 'issued';
}

/** Spec section 9: a plan pulled by fewer than 80 % of its devices is flagged. */
export const LOW_PULL_RATE = 0.8;

export function pullRatio(planPullNumber: number, alreadyPullNumber: number): number {
  return planPullNumber > 0 ? alreadyPullNumber / planPullNumber : 0;
}

/** `threshold`: the system parameter low_pull_rate when the server has it. */
export function isLowPullRate(planPullNumber: number, alreadyPullNumber: number, threshold = LOW_PULL_RATE): boolean {
  return planPullNumber > 0 && pullRatio(planPullNumber, alreadyPullNumber) < threshold;
}
