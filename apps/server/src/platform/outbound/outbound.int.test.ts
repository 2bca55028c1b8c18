import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { auditResultData } from '../../../test/partner-events';
import { until } from '../../../test/until';
import { signatureValid, webhookReceiver } from '../../../test/webhook-receiver';
import { AddressPolicy, type HostResolver, OutboundRefusedError, parseNetworks } from './address-policy';
import { OutboundClient } from './outbound-client';

/**
 * Outbound calls to addresses users set (partner webhooks) never reach inside: a real receiver listens on
 * loopback and must receive nothing from a refused address, whatever its spelling, and nothing through a
 * host name that resolves to a public address when it is saved and to loopback when it is called.
 */
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
let redirected: Awaited<ReturnType<typeof webhookReceiver>>;
let open: TestApp;
let closed: TestApp;
let openRoot: Record<string, string>;
let closedRoot: Record<string, string>;
let openOwner: string;
let closedOwner: string;
/** The test's DNS: partner.example answers a public address first, then loopback (DNS rebinding). */
let rebindCalls = 0;
let lateAnswers: string[] = [];
const resolveHost: HostResolver = async (name) => {
  if (name === 'partner.example') {
    rebindCalls += 1;
    return [{ address: rebindCalls === 1 ? '93.184.216.34' : '127.0.0.1', family: 4 }];
  }
  if (name === 'late.example') {
    // Answers in turn what a test queued: a public address to the checks before connecting, then
    // loopback to the lookup of the socket itself.
    const address = lateAnswers.shift();
    if (address) return [{ address, family: 4 }];
  }
  if (name === 'inside.example') return [{ address: '10.1.2.3', family: 4 }];
  if (name === 'mixed.example') {
    return [
      { address: '93.184.216.34', family: 4 },
      { address: '::1', family: 6 },
    ];
  }
  throw Object.assign(new Error(`ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
};

async function application(t: TestApp, root: Record<string, string>, accountId: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/OpenPlatform/apiUsers',
    headers: root,
    payload: { name: `Outbound ${Math.random().toString(36).slice(2, 8)}`, accountId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}

function subscribe(t: TestApp, root: Record<string, string>, apiUserId: string, url: string, lang = 'en') {
  return t.app.inject({
    method: 'POST',
    url: '/api/OpenPlatform/webhooks',
    headers: { ...root, 'accept-language': lang },
    payload: { apiUserId, events: ['audit.result'], url },
  });
}

/** Emits an event for `owner` and waits until its delivery to `url` has settled (not pending). */
async function deliveryOf(t: TestApp, root: Record<string, string>, owner: string, url: string) {
  const eventId = await t.app.services.partnerWebhooks.emit('audit.result', auditResultData({ playlistId: 'p' }), [
    owner,
  ]);
  return until(async () => {
    const log = await t.app.inject({
      method: 'GET',
      url: '/api/OpenPlatform/webhookDeliveries?limit=100',
      headers: root,
    });
    const row = log
      .json()
      .datas.find(
        (d: { eventId: string; url: string; state: string; attempts: number }) =>
          d.eventId === eventId && d.url === url,
      );
    return row && (row.state !== 'pending' || row.attempts > 0) ? row : undefined;
  }, `the delivery to ${url}`);
}

beforeAll(async () => {
  receiver = await webhookReceiver();
  redirected = await webhookReceiver();
  open = await buildTestApp({
    startJobs: true,
    resolveHost,
    env: { WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8, ::1/128' },
  });
  closed = await buildTestApp({ startJobs: true, resolveHost });
  openRoot = bearer((await loginAs(open, 'super', { principals: 'root' })).token);
  closedRoot = bearer((await loginAs(closed, 'super', { principals: 'root' })).token);
  openOwner = (await createUser(open, { role: 'administrator' })).id;
  closedOwner = (await createUser(closed, { role: 'administrator' })).id;
}, 120_000);

afterAll(async () => {
  await open?.close();
  await closed?.close();
  await receiver.close();
  await redirected.close();
});

describe('outbound addresses users set', () => {
  const spellings = (port: number): Array<[string, string]> => [
    [`http://127.0.0.1:${port}/hooks`, 'OUTBOUND_LOOPBACK'],
    [`http://localhost:${port}/hooks`, 'OUTBOUND_LOOPBACK'],
    [`http://2130706433:${port}/hooks`, 'OUTBOUND_LOOPBACK'],
    [`http://127.1:${port}/hooks`, 'OUTBOUND_LOOPBACK'],
    [`http://0x7f.0.0.1:${port}/hooks`, 'OUTBOUND_LOOPBACK'],
    [`http://0177.0.0.1:${port}/hooks`, 'OUTBOUND_LOOPBACK'],
    [`http://[::1]:${port}/hooks`, 'OUTBOUND_LOOPBACK'],
    [`http://[::ffff:127.0.0.1]:${port}/hooks`, 'OUTBOUND_LOOPBACK'],
    [`http://[64:ff9b::127.0.0.1]:${port}/hooks`, 'OUTBOUND_LOOPBACK'],
    // IPv4-compatible (::/96, deprecated): by what it carries, and reserved when that is public.
    [`http://[::127.0.0.1]:${port}/hooks`, 'OUTBOUND_LOOPBACK'],
    ['http://[::8.8.8.8]/hooks', 'OUTBOUND_RESERVED'],
    [`http://0.0.0.0:${port}/hooks`, 'OUTBOUND_RESERVED'],
    [`http://0:${port}/hooks`, 'OUTBOUND_RESERVED'],
    [`http://[::]:${port}/hooks`, 'OUTBOUND_RESERVED'],
    ['http://10.0.0.1/hooks', 'OUTBOUND_PRIVATE'],
    ['http://172.16.5.4/hooks', 'OUTBOUND_PRIVATE'],
    ['http://192.168.1.1/hooks', 'OUTBOUND_PRIVATE'],
    ['http://100.64.0.1/hooks', 'OUTBOUND_PRIVATE'],
    ['http://[fd12:3456::1]/hooks', 'OUTBOUND_PRIVATE'],
    ['http://inside.example/hooks', 'OUTBOUND_PRIVATE'],
    ['http://mixed.example/hooks', 'OUTBOUND_LOOPBACK'],
    ['http://[fe80::1]/hooks', 'OUTBOUND_LINK_LOCAL'],
    ['http://169.254.10.10/hooks', 'OUTBOUND_LINK_LOCAL'],
    ['http://169.254.169.254/latest/meta-data/', 'OUTBOUND_METADATA'],
    ['http://[fd00:ec2::254]/latest/meta-data/', 'OUTBOUND_METADATA'],
    ['http://metadata.google.internal/computeMetadata/v1/', 'OUTBOUND_METADATA'],
    ['http://100.100.100.200/latest/meta-data/', 'OUTBOUND_METADATA'],
    ['http://224.0.0.1/hooks', 'OUTBOUND_MULTICAST'],
    ['http://[ff02::1]/hooks', 'OUTBOUND_MULTICAST'],
    ['http://255.255.255.255/hooks', 'OUTBOUND_RESERVED'],
    ['http://240.0.0.1/hooks', 'OUTBOUND_RESERVED'],
    ['http://192.0.2.1/hooks', 'OUTBOUND_RESERVED'],
    ['http://nowhere.example/hooks', 'OUTBOUND_UNRESOLVED'],
  ];

  it('refuses a webhook to an inside address in every spelling, 400 with the reason in the caller language', async () => {
    const apiUserId = await application(closed, closedRoot, closedOwner);
    for (const [url, code] of spellings(receiver.port)) {
      const en = await subscribe(closed, closedRoot, apiUserId, url, 'en');
      expect(en.statusCode, url).toBe(400);
      expect(en.json(), url).toMatchObject({ success: false, code, field: 'url' });
      const zh = await subscribe(closed, closedRoot, apiUserId, url, 'zh');
      expect(zh.json().code, url).toBe(code);
      expect(zh.json().msg, url).not.toBe(en.json().msg);
    }
    const loopback = await subscribe(closed, closedRoot, apiUserId, `http://127.1:${receiver.port}/hooks`, 'en');
    expect(loopback.json().msg).toBe(
      'The address 127.0.0.1 points at this machine (loopback), which is not allowed (an administrator may open chosen networks with the server setting WEBHOOK_ALLOWED_NETWORKS)',
    );
    const zh = await subscribe(closed, closedRoot, apiUserId, 'http://169.254.169.254/latest/meta-data/', 'zh');
    expect(zh.json().msg).toBe('地址 169.254.169.254 指向云服务器元数据服务，不允许');
    const list = await closed.app.inject({ method: 'GET', url: '/api/OpenPlatform/webhooks', headers: closedRoot });
    expect(list.json().total).toBe(0);
  });

  it('never connects to a refused address, at sending time too', async () => {
    const client = new OutboundClient(new AddressPolicy([], resolveHost));
    for (const [url] of spellings(receiver.port)) {
      const sent = client.post(url, { headers: {}, body: '{}', timeoutMs: 2000 });
      await expect(sent, url).rejects.toBeInstanceOf(OutboundRefusedError);
    }
    expect(receiver.received).toHaveLength(0);
  });

  it('refuses the delivery when the name resolves inside at sending time (DNS rebinding), with a clear reason', async () => {
    const apiUserId = await application(closed, closedRoot, closedOwner);
    const url = `http://partner.example:${receiver.port}/hooks`;
    rebindCalls = 0;
    const created = await subscribe(closed, closedRoot, apiUserId, url);
    expect(created.statusCode, created.body).toBe(200);
    const delivery = await deliveryOf(closed, closedRoot, closedOwner, url);
    expect(delivery).toMatchObject({ state: 'refused', attempts: 1, lastStatus: null });
    expect(delivery.lastError).toBe(
      'refused: partner.example (127.0.0.1) is a loopback address (this machine); outbound calls may not reach it',
    );
    expect(delivery.lastError).not.toContain(String(receiver.port));
    expect(rebindCalls).toBeGreaterThanOrEqual(2);
    expect(receiver.received).toHaveLength(0);
  }, 90_000);

  it('refuses at the socket: a name public to every check before connecting and loopback to the socket lookup', async () => {
    // A plain TCP listener on loopback: it counts every connection, whatever is (not) sent on it.
    let connections = 0;
    const listener = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const port = (listener.address() as net.AddressInfo).port;
    const url = `http://late.example:${port}/hooks`;
    try {
      // The client alone: its own check before connecting sees the public address, the socket's lookup
      // (the second question) loopback.
      lateAnswers = ['93.184.216.34', '127.0.0.1'];
      const client = new OutboundClient(new AddressPolicy([], resolveHost));
      const refused = await client.post(url, { headers: {}, body: '{}', timeoutMs: 5000 }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(OutboundRefusedError);
      expect((refused as OutboundRefusedError).kind).toBe('loopback');
      expect(lateAnswers).toEqual([]);

      // Through the product: saved (public), checked before sending (public), connected (loopback).
      lateAnswers = ['93.184.216.34', '93.184.216.34', '127.0.0.1'];
      const apiUserId = await application(closed, closedRoot, closedOwner);
      const created = await subscribe(closed, closedRoot, apiUserId, url);
      expect(created.statusCode, created.body).toBe(200);
      const delivery = await deliveryOf(closed, closedRoot, closedOwner, url);
      expect(delivery).toMatchObject({ state: 'refused', attempts: 1, lastStatus: null });
      expect(delivery.lastError).toBe(
        'refused: late.example (127.0.0.1) is a loopback address (this machine); outbound calls may not reach it',
      );
      // Every answer was asked for: the refusal came from the socket's own lookup.
      expect(lateAnswers).toEqual([]);
      expect(connections).toBe(0);
    } finally {
      lateAnswers = [];
      listener.close();
    }
  }, 90_000);

  it('lets WEBHOOK_ALLOWED_NETWORKS open a private network: the loopback receiver gets the signed POST', async () => {
    const apiUserId = await application(open, openRoot, openOwner);
    const created = await subscribe(open, openRoot, apiUserId, receiver.url);
    expect(created.statusCode, created.body).toBe(200);
    // What the allow-list does not name stays closed.
    const other = await subscribe(open, openRoot, apiUserId, 'http://10.0.0.1/hooks');
    expect(other.json().code).toBe('OUTBOUND_PRIVATE');
    const metadata = await subscribe(open, openRoot, apiUserId, 'http://169.254.169.254/latest/meta-data/');
    expect(metadata.json().code).toBe('OUTBOUND_METADATA');
    const delivery = await deliveryOf(open, openRoot, openOwner, receiver.url);
    expect(delivery).toMatchObject({ state: 'delivered', lastStatus: 204 });
    const got = receiver.received.at(-1);
    expect(got && signatureValid(created.json().data.signingSecret, got.headers, got.body)).toBe(true);
    expect(got?.headers['webhook-id']).toBe(delivery.eventId);
  }, 90_000);

  it('does not follow a redirect: the 3xx is the answer', async () => {
    const redirector = await webhookReceiver(() => 302, redirected.url);
    try {
      const apiUserId = await application(open, openRoot, openOwner);
      const created = await subscribe(open, openRoot, apiUserId, redirector.url);
      expect(created.statusCode, created.body).toBe(200);
      const delivery = await deliveryOf(open, openRoot, openOwner, redirector.url);
      expect(delivery).toMatchObject({ lastStatus: 302, lastError: 'HTTP 302 (redirect not followed)' });
      expect(redirector.received.length).toBeGreaterThan(0);
      expect(redirected.received).toHaveLength(0);
    } finally {
      await redirector.close();
    }
  }, 90_000);

  it('records a connection failure without the address or port (no port scanner)', async () => {
    const gone = await webhookReceiver();
    await gone.close();
    const apiUserId = await application(open, openRoot, openOwner);
    const created = await subscribe(open, openRoot, apiUserId, gone.url);
    expect(created.statusCode, created.body).toBe(200);
    const delivery = await deliveryOf(open, openRoot, openOwner, gone.url);
    expect(delivery.lastError).toBe('connection refused');
  }, 90_000);

  it('parses the allow-list of networks, and refuses a bad one at start', async () => {
    expect(parseNetworks('10.1.0.0/16, 192.168.1.10 fd00::/8').map(([a, bits]) => `${a}/${bits}`)).toEqual([
      '10.1.0.0/16',
      '192.168.1.10/32',
      'fd00::/8',
    ]);
    const { loadConfig } = await import('../config');
    expect(() => loadConfig({ WEBHOOK_ALLOWED_NETWORKS: '10.0.0.0/33' })).toThrow(/WEBHOOK_ALLOWED_NETWORKS/);
  });
});
