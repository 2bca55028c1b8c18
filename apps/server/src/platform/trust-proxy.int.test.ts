import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app';

/**
 * Behind a reverse proxy (docs/operations.md "Going live"): with TRUST_PROXY=true the client's address is
 * the one the proxy forwards (X-Forwarded-For), so the checks made on it (the loopback-only /metrics, the
 * per-address login limit, the audit log's address) see the real caller, not the proxy on 127.0.0.1.
 * Without it, a forwarded header is ignored: a caller cannot claim another address.
 */
let behindProxy: TestApp;
let direct: TestApp;

beforeAll(async () => {
  behindProxy = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
  direct = await buildTestApp();
});
afterAll(async () => {
  await behindProxy?.close();
  await direct?.close();
});

const metrics = (t: TestApp, forwardedFor?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/metrics',
    remoteAddress: '127.0.0.1',
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

describe('TRUST_PROXY', () => {
  it('behind the proxy, a request forwarded for an outside client is that client (no local-only metrics)', async () => {
    const outside = await metrics(behindProxy, '203.0.113.7');
    expect(outside.statusCode).toBe(403);
    expect(outside.json().code).toBe('METRICS_LOCAL_ONLY');
    expect((await metrics(behindProxy)).statusCode).toBe(200);
  });

  it('without it, the forwarded header is ignored: the connection’s address counts', async () => {
    expect((await metrics(direct, '203.0.113.7')).statusCode).toBe(200);
    const outside = await direct.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.7' });
    expect(outside.statusCode).toBe(403);
  });
});
