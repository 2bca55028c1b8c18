import { createHmac, timingSafeEqual } from 'node:crypto';
import type { operations, webhooks } from './generated/partner';

/**
 * Verifying a partner webhook delivery in the Standard Webhooks form (https://www.standardwebhooks.com):
 * headers `webhook-id`, `webhook-timestamp` (unix seconds) and `webhook-signature`, a space-separated list
 * of `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">`. The secret `whsec_<base64>`
 * keys the HMAC with its base64-decoded rest (a secret without the prefix: its UTF-8 bytes).
 */

/** The body of a delivery of `event` (its envelope `{ id, event, time, data }`). */
export type WebhookPayload<E extends keyof webhooks> = webhooks[E]['post'] extends keyof operations
  ? never
  : NonNullable<webhooks[E]['post']>['requestBody'] extends { content: { 'application/json': infer B } }
    ? B
    : never;
export type WebhookEventName = keyof webhooks;
/** Any delivery, narrowed by its `event`. */
export type AnyWebhookPayload = { [E in WebhookEventName]: WebhookPayload<E> }[WebhookEventName];

export type WebhookFailure = 'missing-headers' | 'timestamp' | 'signature' | 'replay' | 'body';

export class WebhookVerificationError extends Error {
  constructor(
    readonly reason: WebhookFailure,
    message: string,
  ) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

/**
 * The delivery ids already accepted (replay protection): `remember` answers false when the id was seen
 * within its time to live. Share one store (e.g. Redis `SET id 1 NX EX ttl`) between the receiver's instances.
 */
export interface SeenIdStore {
  remember(id: string, ttlSeconds: number): boolean | Promise<boolean>;
}

/** The default store: this process's memory, each id kept for its time to live. */
export class MemorySeenIdStore implements SeenIdStore {
  private readonly until = new Map<string, number>();
  constructor(private readonly now: () => number = Date.now) {}

  remember(id: string, ttlSeconds: number): boolean {
    const now = this.now();
    for (const [seen, until] of this.until) if (until <= now) this.until.delete(seen);
    if (this.until.has(id)) return false;
    this.until.set(id, now + ttlSeconds * 1000);
    return true;
  }
}

/** The HMAC key of a signing secret: `whsec_<base64>` → the decoded bytes; otherwise the UTF-8 bytes. */
export function webhookKey(secret: string): Buffer {
  return secret.startsWith('whsec_')
    ? Buffer.from(secret.slice('whsec_'.length), 'base64')
    : Buffer.from(secret, 'utf8');
}

/** `v1,<base64 signature>` of a delivery (what the server sends; a receiver's tests sign with it too). */
export function signWebhook(secret: string, id: string, timestamp: number | string, body: string | Uint8Array): string {
  const mac = createHmac('sha256', webhookKey(secret));
  mac.update(`${id}.${timestamp}.`);
  mac.update(body);
  return `v1,${mac.digest('base64')}`;
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderBag, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const bag = headers as Record<string, string | string[] | undefined>;
  const value = bag[name] ?? Object.entries(bag).find(([k]) => k.toLowerCase() === name)?.[1];
  return Array.isArray(value) ? value[0] : value;
}

export interface WebhookVerifierOptions {
  /** The subscription's signing secret, as shown once at its creation. */
  secret: string;
  /** How far (seconds) `webhook-timestamp` may be from this clock; default 300 (5 minutes). */
  toleranceSeconds?: number;
  /** Replay protection by delivery id; default: in memory, each id kept twice the tolerance. */
  seen?: SeenIdStore;
  /** The clock (ms), for tests. */
  now?: () => number;
}

/**
 * A verifier for one subscription's deliveries: `verify(headers, rawBody)` answers the parsed delivery or
 * throws a WebhookVerificationError (answer it 400; the server retries, so a valid delivery is not lost).
 * Pass the raw body as received (a re-serialized JSON object would not match the signature).
 */
export function createWebhookVerifier(options: WebhookVerifierOptions) {
  const tolerance = options.toleranceSeconds ?? 300;
  const now = options.now ?? Date.now;
  const seen = options.seen ?? new MemorySeenIdStore(now);
  const key = webhookKey(options.secret);

  return {
    async verify(headers: HeaderBag, rawBody: string | Uint8Array): Promise<AnyWebhookPayload> {
      const id = header(headers, 'webhook-id');
      const timestamp = header(headers, 'webhook-timestamp');
      const signatures = header(headers, 'webhook-signature');
      if (!id || !timestamp || !signatures) {
        throw new WebhookVerificationError(
          'missing-headers',
          'webhook-id, webhook-timestamp and webhook-signature are required',
        );
      }
      const seconds = Number(timestamp);
      if (!/^\d+$/.test(timestamp) || Math.abs(now() / 1000 - seconds) > tolerance) {
        throw new WebhookVerificationError(
          'timestamp',
          `webhook-timestamp ${timestamp} is outside ${tolerance} s of now`,
        );
      }
      const mac = createHmac('sha256', key);
      mac.update(`${id}.${timestamp}.`);
      mac.update(rawBody);
      const expected = mac.digest();
      const valid = signatures.split(' ').some((entry) => {
        const [version, value] = entry.split(',', 2);
        if (version !== 'v1' || !value) return false;
        const given = Buffer.from(value, 'base64');
        return given.length === expected.length && timingSafeEqual(given, expected);
      });
      if (!valid) throw new WebhookVerificationError('signature', 'no webhook-signature matches the body');
      if (!(await seen.remember(id, tolerance * 2))) {
        throw new WebhookVerificationError('replay', `delivery ${id} was already accepted`);
      }
      try {
        return JSON.parse(typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8'));
      } catch {
        throw new WebhookVerificationError('body', 'the body is not JSON');
      }
    },
  };
}
