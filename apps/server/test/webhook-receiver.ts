import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedDelivery {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** What a partner does: recompute the HMAC over `${timestamp}.${body}` with its signing secret. */
export function signatureValid(secret: string, headers: http.IncomingHttpHeaders, body: string): boolean {
  const timestamp = String(headers['x-timestamp'] ?? '');
  const given = Buffer.from(String(headers['x-signature'] ?? ''));
  const expected = Buffer.from(`sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** A partner's webhook receiver (a real HTTP server): keeps every delivery, answers `status()` (204). */
export async function webhookReceiver(status: () => number = () => 204) {
  const received: ReceivedDelivery[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(status()).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
