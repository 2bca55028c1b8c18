import { createHmac, randomBytes } from 'node:crypto';

/**
 * Webhook signatures in the Standard Webhooks form (https://www.standardwebhooks.com):
 * `webhook-id` (the event's id), `webhook-timestamp` (unix seconds) and
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">`.
 * A signing secret is `whsec_<base64 of 32 random bytes>` and its HMAC key is those bytes; a secret made
 * before this form (no `whsec_` prefix) keys the HMAC with its UTF-8 bytes.
 */
export const SECRET_PREFIX = 'whsec_';

/**
 * Subscriptions whose secret predates the standard form also get the former headers (`x-timestamp`,
 * `x-signature: sha256=<hex HMAC of "<timestamp>.<body>">`) until this day, so that their receivers keep
 * working while they move to the standard headers.
 */
export const LEGACY_SIGNATURE_UNTIL = new Date('2027-06-30T00:00:00Z');

export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

export function isLegacySecret(secret: string): boolean {
  return !secret.startsWith(SECRET_PREFIX);
}

/** The HMAC key of a signing secret. */
export function signingKey(secret: string): Buffer {
  return isLegacySecret(secret)
    ? Buffer.from(secret, 'utf8')
    : Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
}

/** `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`. */
export function standardSignature(secret: string, id: string, timestamp: string, body: string): string {
  const mac = createHmac('sha256', signingKey(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The former form: `sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`, keyed with the secret's text. */
export function legacySignature(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/**
 * The headers of one delivery attempt. `secret` is the endpoint's; `alsoSign` are its retiring secrets (a
 * rotation's overlap): each adds its own `v1,` signature, space-separated, so a receiver still verifying with
 * the previous secret keeps accepting while it moves to the new one.
 */
export function deliveryHeaders(
  secret: string,
  d: { eventId: string; deliveryId: string; event: string; body: string; now: Date; alsoSign?: readonly string[] },
): Record<string, string> {
  const timestamp = String(Math.floor(d.now.getTime() / 1000));
  const signatures = [secret, ...(d.alsoSign ?? [])].map((s) => standardSignature(s, d.eventId, timestamp, d.body));
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'user-agent': 'robot-ads-webhooks/1',
    'webhook-id': d.eventId,
    'webhook-timestamp': timestamp,
    'webhook-signature': signatures.join(' '),
    'x-event': d.event,
    'x-delivery-id': d.deliveryId,
  };
  if (isLegacySecret(secret) && d.now < LEGACY_SIGNATURE_UNTIL) {
    headers['x-timestamp'] = timestamp;
    headers['x-signature'] = legacySignature(secret, timestamp, d.body);
  }
  return headers;
}
