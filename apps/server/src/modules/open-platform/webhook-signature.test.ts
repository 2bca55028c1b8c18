import { createHmac } from 'node:crypto';
import { DEFAULT_PROCESSED_MEMORY_SECONDS } from '@robot-ads/sdk';
import { describe, expect, it } from 'vitest';
import { signatureValid } from '../../../test/webhook-receiver';
import { RETRY_WINDOW_SECONDS } from './partner-webhooks';
import { deliveryHeaders, LEGACY_SIGNATURE_UNTIL, newSigningSecret, standardSignature } from './webhook-signature';

const body = '{"id":"evt_1","event":"audit.result","time":1795600800,"data":{"state":"post"}}';

describe('Standard Webhooks signatures', () => {
  it('signs "<webhook-id>.<webhook-timestamp>.<body>" with the base64 key of a whsec_ secret', () => {
    const key = Buffer.alloc(32, 7);
    const secret = `whsec_${key.toString('base64')}`;
    const expected = createHmac('sha256', key).update(`evt_1.1795600800.${body}`).digest('base64');
    expect(standardSignature(secret, 'evt_1', '1795600800', body)).toBe(`v1,${expected}`);
  });

  it('makes secrets of 32 random bytes, each different', () => {
    const a = newSigningSecret();
    expect(a).toMatch(/^whsec_/);
    expect(Buffer.from(a.slice(6), 'base64')).toHaveLength(32);
    expect(newSigningSecret()).not.toBe(a);
  });

  it('sends the standard headers only for a new secret; a receiver verifies them and rejects a changed body', () => {
    const secret = newSigningSecret();
    const now = new Date('2026-11-28T06:00:00Z');
    const headers = deliveryHeaders(secret, { eventId: 'evt_1', deliveryId: 'd1', event: 'audit.result', body, now });
    expect(headers).toMatchObject({ 'webhook-id': 'evt_1', 'webhook-timestamp': '1795845600' });
    expect(headers).not.toHaveProperty('x-signature');
    expect(signatureValid(secret, headers, body)).toBe(true);
    expect(signatureValid(secret, headers, body.replace('post', 'reject'))).toBe(false);
    expect(signatureValid(newSigningSecret(), headers, body)).toBe(false);
  });

  it('keys a secret made before the standard form with its UTF-8 bytes, with the former headers until the deprecation date', () => {
    const legacy = 'Zm9vYmFyLWxlZ2FjeS1zZWNyZXQtdGV4dC0xMjM0NTY';
    const now = new Date('2026-11-28T06:00:00Z');
    const headers = deliveryHeaders(legacy, { eventId: 'evt_1', deliveryId: 'd1', event: 'audit.result', body, now });
    const mac = createHmac('sha256', Buffer.from(legacy, 'utf8')).update(`evt_1.1795845600.${body}`).digest('base64');
    expect(headers['webhook-signature']).toBe(`v1,${mac}`);
    expect(signatureValid(legacy, headers, body)).toBe(true);
    expect(headers['x-timestamp']).toBe('1795845600');
    expect(headers['x-signature']).toBe(
      `sha256=${createHmac('sha256', legacy).update(`1795845600.${body}`).digest('hex')}`,
    );
    const after = deliveryHeaders(legacy, {
      eventId: 'evt_1',
      deliveryId: 'd1',
      event: 'audit.result',
      body,
      now: LEGACY_SIGNATURE_UNTIL,
    });
    expect(after).not.toHaveProperty('x-signature');
  });
});

describe("the retry window and the receiver's memory", () => {
  it('keeps a processed id (SDK default) far longer than the whole retry schedule', () => {
    // 5 retries: up to 10 + 20 + 40 + 80 + 160 s of waiting, and six 10 s attempts.
    expect(RETRY_WINDOW_SECONDS).toBe(370);
    expect(DEFAULT_PROCESSED_MEMORY_SECONDS).toBeGreaterThan(RETRY_WINDOW_SECONDS * 10);
  });

  it("signs with every secret given: the endpoint's and its retiring ones", () => {
    const headers = deliveryHeaders('whsec_bmV3', {
      eventId: 'e1',
      deliveryId: 'd1',
      event: 'audit.result',
      body: '{}',
      now: new Date('2026-12-01T00:00:00Z'),
      alsoSign: ['whsec_b2xk'],
    });
    const timestamp = headers['webhook-timestamp'] ?? '';
    expect(headers['webhook-signature']).toBe(
      `${standardSignature('whsec_bmV3', 'e1', timestamp, '{}')} ${standardSignature('whsec_b2xk', 'e1', timestamp, '{}')}`,
    );
  });
});
