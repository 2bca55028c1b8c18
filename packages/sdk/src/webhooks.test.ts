import { describe, expect, it } from 'vitest';
import {
  createWebhookVerifier,
  DEFAULT_PROCESSED_MEMORY_SECONDS,
  MemoryProcessedIdStore,
  signWebhook,
  WebhookVerificationError,
  webhookKey,
} from './webhooks.js';

const secret = `whsec_${Buffer.from('a partner signing key of 32 bytes').toString('base64')}`;
const body = JSON.stringify({
  id: 'msg_1',
  event: 'plan.pulledRatio',
  time: 1764316800,
  data: { playlistId: 'p1', name: 'Winter', ratio: 0.5, planPullNumber: 4, alreadyPullNumber: 2 },
});
const now = 1764316800_000;
const at = (ms: number) => () => ms;

function headers(over: Record<string, string> = {}) {
  const timestamp = String(now / 1000);
  return {
    'webhook-id': 'msg_1',
    'webhook-timestamp': timestamp,
    'webhook-signature': signWebhook(secret, 'msg_1', timestamp, body),
    ...over,
  };
}

async function failure(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(WebhookVerificationError);
  return (err as WebhookVerificationError).reason;
}

describe('webhook verification (Standard Webhooks)', () => {
  it('accepts a valid delivery and answers its payload', async () => {
    const verifier = createWebhookVerifier({ secret, now: at(now) });
    const { id, payload } = await verifier.verify(headers(), body);
    expect(id).toBe('msg_1');
    expect(payload).toMatchObject({ event: 'plan.pulledRatio', data: { ratio: 0.5 } });
  });

  it('matches the Standard Webhooks reference vector', async () => {
    // From the Standard Webhooks specification's test suite.
    const refSecret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
    const refBody = '{"test": 2432232314}';
    expect(signWebhook(refSecret, 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, refBody)).toBe(
      'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    );
  });

  it('refuses a tampered body', async () => {
    const verifier = createWebhookVerifier({ secret, now: at(now) });
    expect(await failure(verifier.verify(headers(), body.replace('0.5', '0.9')))).toBe('signature');
  });

  it('refuses a signature made with another secret, and one without a v1 prefix', async () => {
    const verifier = createWebhookVerifier({ secret, now: at(now) });
    const other = signWebhook('whsec_b3RoZXI=', 'msg_1', now / 1000, body);
    expect(await failure(verifier.verify(headers({ 'webhook-signature': other }), body))).toBe('signature');
    const bare = signWebhook(secret, 'msg_1', now / 1000, body).slice(3);
    expect(await failure(verifier.verify(headers({ 'webhook-signature': bare }), body))).toBe('signature');
  });

  it('refuses a timestamp older or newer than the tolerance (5 minutes by default)', async () => {
    const late = createWebhookVerifier({ secret, now: at(now + 301_000) });
    expect(await failure(late.verify(headers(), body))).toBe('timestamp');
    const early = createWebhookVerifier({ secret, now: at(now - 301_000) });
    expect(await failure(early.verify(headers(), body))).toBe('timestamp');
    const lenient = createWebhookVerifier({ secret, now: at(now + 301_000), toleranceSeconds: 600 });
    await expect(lenient.verify(headers(), body)).resolves.toMatchObject({ payload: { id: 'msg_1' } });
  });

  it('runs the handler once: a delivery already processed is a duplicate (answer 2xx), not an error', async () => {
    const verifier = createWebhookVerifier({ secret, now: at(now) });
    const seen: string[] = [];
    const first = await verifier.handle(headers(), body, (p) => {
      seen.push(p.event);
      return 'stored';
    });
    expect(first).toMatchObject({ outcome: 'processed', id: 'msg_1', result: 'stored' });
    const again = await verifier.handle(headers(), body, (p) => {
      seen.push(p.event);
    });
    expect(again).toMatchObject({ outcome: 'duplicate', id: 'msg_1', payload: { event: 'plan.pulledRatio' } });
    expect(seen).toEqual(['plan.pulledRatio']);
  });

  it('does not remember a delivery whose handler failed: the retry runs it again', async () => {
    const verifier = createWebhookVerifier({ secret, now: at(now) });
    await expect(
      verifier.handle(headers(), body, () => {
        throw new Error('database down');
      }),
    ).rejects.toThrow('database down');
    expect(await verifier.isProcessed('msg_1')).toBe(false);
    const retry = await verifier.handle(headers(), body, () => 'stored');
    expect(retry.outcome).toBe('processed');
    expect(await verifier.isProcessed('msg_1')).toBe(true);
  });

  it('verify alone remembers nothing; markProcessed does', async () => {
    const verifier = createWebhookVerifier({ secret, now: at(now) });
    await verifier.verify(headers(), body);
    await verifier.verify(headers(), body);
    expect(await verifier.isProcessed('msg_1')).toBe(false);
    await verifier.markProcessed('msg_1');
    expect(await verifier.isProcessed('msg_1')).toBe(true);
  });

  it('remembers a processed id for 24 hours by default (the whole retry window and a later resend)', async () => {
    let clock = now;
    const processed = new MemoryProcessedIdStore(() => clock);
    const verifier = createWebhookVerifier({ secret, now: () => clock, processed });
    await verifier.handle(headers(), body, () => undefined);
    expect(DEFAULT_PROCESSED_MEMORY_SECONDS).toBe(86_400);
    clock = now + 23 * 3600_000;
    expect(await verifier.isProcessed('msg_1')).toBe(true);
    clock = now + 24 * 3600_000 + 1000;
    expect(await verifier.isProcessed('msg_1')).toBe(false);
  });

  it('accepts a delivery signed with either secret given during a rotation', async () => {
    const old = 'whsec_b2xkIHNlY3JldA==';
    const verifier = createWebhookVerifier({ secret: [secret, old], now: at(now) });
    const oldOnly = signWebhook(old, 'msg_1', now / 1000, body);
    await expect(verifier.verify(headers({ 'webhook-signature': oldOnly }), body)).resolves.toMatchObject({
      id: 'msg_1',
    });
    const neither = signWebhook('whsec_bmVpdGhlcg==', 'msg_1', now / 1000, body);
    expect(await failure(verifier.verify(headers({ 'webhook-signature': neither }), body))).toBe('signature');
  });

  it('accepts any matching entry of several signatures (a secret rotation)', async () => {
    const verifier = createWebhookVerifier({ secret, now: at(now) });
    const old = signWebhook('whsec_b2xkIHNlY3JldA==', 'msg_1', now / 1000, body);
    const list = `${old} ${signWebhook(secret, 'msg_1', now / 1000, body)}`;
    await expect(verifier.verify(headers({ 'webhook-signature': list }), body)).resolves.toMatchObject({ id: 'msg_1' });
  });

  it('refuses a delivery without its headers; reads Headers objects and raw bytes', async () => {
    const verifier = createWebhookVerifier({ secret, now: at(now) });
    expect(await failure(verifier.verify({ 'webhook-id': 'msg_1' }, body))).toBe('missing-headers');
    const { payload } = await verifier.verify(new Headers(headers()), new TextEncoder().encode(body));
    expect(payload).toMatchObject({ id: 'msg_1' });
  });

  it('keys a secret without the whsec_ prefix with its UTF-8 bytes', () => {
    expect(webhookKey('plain-secret').toString('utf8')).toBe('plain-secret');
    expect(webhookKey(secret).toString('utf8')).toBe('a partner signing key of 32 bytes');
  });
});
