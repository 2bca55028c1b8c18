import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * What a partner does (Standard Webhooks): recompute `v1,<base64 HMAC-SHA256 of
 * "<webhook-id>.<webhook-timestamp>.<body>">` with the key of its `whsec_` secret (the base64 part; a
 * secret without the prefix keys with its UTF-8 bytes) and compare it with each signature of the header.
 */
export function signatureValid(secret: string, headers: http.IncomingHttpHeaders, body: string): boolean {
  const id = String(headers['webhook-id'] ?? '');
  const timestamp = String(headers['webhook-timestamp'] ?? '');
  if (!id || !/^\d+$/.test(timestamp)) return false;
  const key = secret.startsWith('whsec_') ? Buffer.from(secret.slice(6), 'base64') : Buffer.from(secret, 'utf8');
  const expected = Buffer.from(`v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`);
  return String(headers['webhook-signature'] ?? '')
    .split(' ')
    .some((given) => {
      const g = Buffer.from(given);
      return g.length === expected.length && timingSafeEqual(g, expected);
    });
}

/** A partner's webhook receiver (a real HTTP server on loopback): keeps every delivery, answers `status()` (204). */
export async function webhookReceiver(status: () => number = () => 204, location?: string) {
  const received: ReceivedDelivery[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(status(), location ? { location } : {}).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
