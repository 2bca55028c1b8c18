import { createHmac, timingSafeEqual } from 'node:crypto';
import type { operations, webhooks } from './generated/partner.js';

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

export type WebhookFailure = 'missing-headers' | 'timestamp' | 'signature' | 'body';

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
 * How long a processed id is remembered by default: 24 hours. The server sends a delivery up to 6 times over
 * about 6 minutes (exponential backoff from 5 s, each wait up to twice its base, and a 10 s timeout per
 * attempt), and an operator's "Resend" sends the same id again later the same day: both are answered as
 * duplicates (2xx, the handler not run again) within this memory.
 */
export const DEFAULT_PROCESSED_MEMORY_SECONDS = 86_400;

/**
 * The ids of the deliveries already processed (a handler succeeded). Share one store between the receiver's
 * instances, e.g. Redis: `has` = `EXISTS id`, `add` = `SET id 1 EX ttl`.
 */
export interface ProcessedIdStore {
  has(id: string): boolean | Promise<boolean>;
  add(id: string, ttlSeconds: number): void | Promise<void>;
}

/** The default store: this process's memory, each id kept for its time to live. */
export class MemoryProcessedIdStore implements ProcessedIdStore {
  private readonly until = new Map<string, number>();
  constructor(private readonly now: () => number = Date.now) {}

  has(id: string): boolean {
    const until = this.until.get(id);
    return until !== undefined && until > this.now();
  }

  add(id: string, ttlSeconds: number): void {
    const now = this.now();
    for (const [seen, until] of this.until) if (until <= now) this.until.delete(seen);
    this.until.set(id, now + ttlSeconds * 1000);
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
  /**
   * The endpoint's signing secret, as shown once at its creation or rotation. During a rotation, pass both
   * (`[newSecret, oldSecret]`): a delivery is accepted when one of its signatures matches one of them.
   */
  secret: string | readonly string[];
  /** How far (seconds) `webhook-timestamp` may be from this clock; default 300 (5 minutes). */
  toleranceSeconds?: number;
  /** The processed ids; default: in this process's memory. */
  processed?: ProcessedIdStore;
  /** How long a processed id is remembered (seconds); default DEFAULT_PROCESSED_MEMORY_SECONDS (24 h). */
  memorySeconds?: number;
  /** The clock (ms), for tests. */
  now?: () => number;
}

/** What `handle` did: ran the handler (`processed`), or found the id processed before (`duplicate`). */
export interface WebhookHandled<R> {
  outcome: 'processed' | 'duplicate';
  id: string;
  payload: AnyWebhookPayload;
  /** The handler's result (undefined for a duplicate). */
  result: R | undefined;
}

/**
 * A verifier of one endpoint's deliveries. Pass the raw body as received (a re-serialized JSON object would
 * not match the signature).
 *
 * - `handle(headers, rawBody, handler)`: verifies, then runs `handler(payload)` unless the delivery's id was
 *   processed before (`outcome: 'duplicate'`: answer 2xx, the server stops sending it), and remembers the id
 *   only once the handler succeeded. A handler that throws leaves the id unprocessed: answer 5xx and the
 *   server's retry runs it again.
 * - `verify(headers, rawBody)`: the check alone (signature, timestamp, JSON), answering `{ id, payload }`;
 *   with `isProcessed(id)` and `markProcessed(id)` for a receiver that processes in its own way.
 *
 * Both throw a WebhookVerificationError for a delivery that is not genuine: answer it 400.
 */
export function createWebhookVerifier(options: WebhookVerifierOptions) {
  const tolerance = options.toleranceSeconds ?? 300;
  const memory = options.memorySeconds ?? DEFAULT_PROCESSED_MEMORY_SECONDS;
  const now = options.now ?? Date.now;
  const processed = options.processed ?? new MemoryProcessedIdStore(now);
  const keys = (typeof options.secret === 'string' ? [options.secret] : options.secret).map(webhookKey);
  if (keys.length === 0) throw new TypeError('createWebhookVerifier: a secret is required');

  async function verify(
    headers: HeaderBag,
    rawBody: string | Uint8Array,
  ): Promise<{ id: string; payload: AnyWebhookPayload }> {
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
    const expected = keys.map((key) => {
      const mac = createHmac('sha256', key);
      mac.update(`${id}.${timestamp}.`);
      mac.update(rawBody);
      return mac.digest();
    });
    const valid = signatures.split(' ').some((entry) => {
      const [version, value] = entry.split(',', 2);
      if (version !== 'v1' || !value) return false;
      const given = Buffer.from(value, 'base64');
      return expected.some((e) => given.length === e.length && timingSafeEqual(given, e));
    });
    if (!valid) throw new WebhookVerificationError('signature', 'no webhook-signature matches the body');
    try {
      const text = typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8');
      return { id, payload: JSON.parse(text) as AnyWebhookPayload };
    } catch {
      throw new WebhookVerificationError('body', 'the body is not JSON');
    }
  }

  const isProcessed = async (id: string): Promise<boolean> => Boolean(await processed.has(id));
  const markProcessed = async (id: string): Promise<void> => {
    await processed.add(id, memory);
  };

  return {
    verify,
    isProcessed,
    markProcessed,
    async handle<R>(
      headers: HeaderBag,
      rawBody: string | Uint8Array,
      handler: (payload: AnyWebhookPayload) => R | Promise<R>,
    ): Promise<WebhookHandled<R>> {
      const { id, payload } = await verify(headers, rawBody);
      if (await isProcessed(id)) return { outcome: 'duplicate', id, payload, result: undefined };
      const result = await handler(payload);
      await markProcessed(id);
      return { outcome: 'processed', id, payload, result };
    },
  };
}

export type WebhookVerifier = ReturnType<typeof createWebhookVerifier>;
