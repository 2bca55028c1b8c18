import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { newId } from '@robot-ads/contracts/common/ids';
import {
  type AnyWebhookPayload,
  createPartnerClient,
  createWebhookVerifier,
  PartnerApiError,
  WebhookVerificationError,
} from '@robot-ads/sdk';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createAd, createPlan } from '../../../test/delivery';
import { createRobot } from '../../../test/devices';
import { createMaterial, picture } from '../../../test/media-files';
import { auditResultData, payloadIssues } from '../../../test/partner-events';
import { activatedRobot, publishedPlan } from '../../../test/published';
import { customers } from '../customers/customers.table';

/**
 * A partner's whole journey through the SDK alone (packages/sdk), against a real server on a port: a
 * token from its client credentials, the robots and plans it may see, a plan's statistics, a sales CRM's
 * orders (listOrders), a refusal
 * outside its grants, the rate limit with its headers, and webhooks received on its own (loopback)
 * endpoint (one URL, one secret, several events), verified with the SDK's verifier and with the Standard
 * Webhooks reference library (`standardwebhooks`), through a secret rotation.
 */
const PLANS = 'GET /api/Playlists/queryByPage_v3';
const DEVICES = 'GET /api/Devices/queryRobotInfo';
const DAYS = 'GET /api/Advertisements/statisticsDaysByPlaylistId';
const RATE_LIMIT = 8;

let t: TestApp;
let baseUrl: string;
let credentials: { clientId: string; clientSecret: string };
let robotId: string;
let planId: string;
let planName: string;
let apiUserId: string;
let rootHeaders: Record<string, string>;
let rootId: string;

beforeAll(async () => {
  // Loopback webhook targets are refused unless allowed: the partner's endpoint below is on 127.0.0.1.
  t = await buildTestApp({ startJobs: true, env: { WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // Root, on the back office: an ad on a plan published to a robot, and a partner application for it.
  const root = await loginAs(t, 'super', { principals: 'root' });
  rootHeaders = bearer(root.token);
  rootId = root.user.id;
  const material = await createMaterial(t, root.token, 'coffee.png', await picture(1080, 1920));
  const now = Math.floor(Date.now() / 1000);
  const ad = await t.app.inject({
    method: 'POST',
    url: '/api/Advertisements',
    headers: bearer(root.token),
    payload: { name: 'Coffee', kind: 'picture', begin: now - 86_400, end: now + 30 * 86_400, resources: [material.id] },
  });
  expect(ad.statusCode, ad.body).toBe(200);
  const robot = await activatedRobot(t);
  robotId = robot.robotId;
  // The advertiser's booking reference: the partner reconciles the plan with its own booking by it.
  const plan = await publishedPlan(t, root.user.id, [robot.robotId], ad.json().data.id, {
    externalRef: 'PO-2026-0417',
  });
  planId = plan.id;
  planName = plan.name;
  const app = await t.app.inject({
    method: 'POST',
    url: '/api/OpenPlatform/apiUsers',
    headers: bearer(root.token),
    payload: {
      name: 'Agency',
      accountId: root.user.id,
      contact: 'ops@agency.example',
      interfaces: [PLANS, DEVICES, DAYS],
      rateLimit: RATE_LIMIT,
    },
  });
  expect(app.statusCode, app.body).toBe(200);
  credentials = { clientId: app.json().data.clientId, clientSecret: app.json().data.clientSecret };
  apiUserId = app.json().data.id;
}, 120_000);
afterAll(() => t?.close());

describe("a partner's journey through the SDK", () => {
  it('gets a token whose scope lists its grants', async () => {
    const client = createPartnerClient({ baseUrl, ...credentials });
    const token = await client.token();
    expect(token.accessToken).toMatch(/^ey/);
    expect(token.scope.sort()).toEqual(['getPlanStatisticsByDay', 'listPlans', 'listRobots']);
    expect(token.expiresAt).toBeGreaterThan(Date.now() + 25 * 60_000);
  });

  it("lists the robots and plans it may see, and reads a plan's daily statistics", async () => {
    const client = createPartnerClient({ baseUrl, ...credentials });
    const robots = await client.GET('/api/Devices/queryRobotInfo', { params: { query: { start: 0, limit: 20 } } });
    expect(robots.response.status).toBe(200);
    expect(robots.data?.datas.map((r) => r.robotId)).toContain(robotId);
    const plans = await client.GET('/api/Playlists/queryByPage_v3', { params: { query: { start: 0, limit: 20 } } });
    expect(plans.response.status).toBe(200);
    expect(plans.data?.datas.map((p) => [p.id, p.name, p.externalRef])).toContainEqual([
      planId,
      planName,
      'PO-2026-0417',
    ]);
    const stats = await client.GET('/api/Advertisements/statisticsDaysByPlaylistId', {
      params: { query: { playlistId: planId } },
    });
    expect(stats.response.status, JSON.stringify(stats.error)).toBe(200);
    expect(stats.data?.data.grain).toBe('day');
    expect(stats.data?.data.total).toMatchObject({ plays: 0, exposure: 0 });
  });

  it('reads its own OpenAPI document at the URL its generator takes: the document itself, its grants only', async () => {
    const client = createPartnerClient({ baseUrl, ...credentials });
    const doc = await client.GET('/api/OpenPlatform/openapi.json');
    expect(doc.response.status).toBe(200);
    expect(doc.response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(doc.data?.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.data?.paths as object).sort()).toEqual(
      [
        '/api/Advertisements/statisticsDaysByPlaylistId',
        '/api/blade-auth/oauth/token',
        '/api/Devices/queryRobotInfo',
        '/api/OpenPlatform/openapi.json',
        '/api/Playlists/queryByPage_v3',
      ].sort(),
    );
  });

  it('is refused a call outside its grants, with the code and a message in its language', async () => {
    const client = createPartnerClient({ baseUrl, ...credentials, language: 'zh' });
    const res = await client.GET('/api/Advertisements/statisticsByProvince', {
      params: { query: { playlistId: planId } },
    });
    expect(res.response.status).toBe(403);
    expect(res.error).toMatchObject({ success: false, code: 'OPEN_INTERFACE_NOT_ALLOWED' });
    expect((res.error as { msg: string }).msg).toContain('该应用无权调用此接口');
  });

  it("a sales team's CRM lists its account's orders with listOrders, filtered, typed by the SDK", async () => {
    // An operator's customer with a plan, and an order booking it; the CRM's application is the operator's.
    const sales = await loginAs(t, 'operator', { name: 'Sally Sales' });
    const customerId = newId();
    await t.app.ctx.db.insert(customers).values({ id: customerId, name: 'Lucky Coffee', ownerId: sales.user.id });
    const adv = await loginAs(t, 'advertisers', { customer: customerId, diy: true });
    const plan = await createPlan(t, adv.token, [(await createAd(t, adv.token, 1, 'Latte')).id]);
    const robot = await createRobot(t, { salesType: 'rental', priceFen: 20_050 });
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/Orders',
      headers: bearer(sales.token),
      payload: { name: 'Winter push', playlistId: plan.id, robotIds: [robot.robotId], weeks: 2 },
    });
    expect(order.statusCode, order.body).toBe(200);
    const crm = await t.app.inject({
      method: 'POST',
      url: '/api/OpenPlatform/apiUsers',
      headers: rootHeaders,
      payload: { name: 'Sales CRM', accountId: sales.user.id, interfaces: ['GET /api/Orders/queryByPage'] },
    });
    expect(crm.statusCode, crm.body).toBe(200);
    const client = createPartnerClient({
      baseUrl,
      clientId: crm.json().data.clientId,
      clientSecret: crm.json().data.clientSecret,
    });
    expect((await client.token()).scope).toEqual(['listOrders']);
    const orders = await client.GET('/api/Orders/queryByPage', {
      params: { query: { start: 0, limit: 20, state: 'reviewing' } },
    });
    expect(orders.response.status, JSON.stringify(orders.error)).toBe(200);
    expect(orders.data?.total).toBe(1);
    const [first] = orders.data?.datas ?? [];
    expect([first?.id, first?.orderNo, first?.state, first?.amountFen, first?.customerName]).toEqual([
      order.json().data.id,
      order.json().data.orderNo,
      'reviewing',
      40_100,
      'Lucky Coffee',
    ]);
    // Root's plans are not the CRM's: its grant is the orders only.
    const plans = await client.GET('/api/Playlists/queryByPage_v3', { params: { query: { start: 0, limit: 20 } } });
    expect(plans.response.status).toBe(403);
  });

  it('refuses wrong credentials with the catalogue code', async () => {
    const client = createPartnerClient({ baseUrl, clientId: credentials.clientId, clientSecret: 'wrong' });
    const err = await client.token().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PartnerApiError);
    expect(err).toMatchObject({ status: 401 });
    // The catalogue code, or the RFC 6749 §5.2 error of the token endpoint.
    expect((err as PartnerApiError).code).toMatch(/^(OPEN_CLIENT_INVALID|invalid_client)$/);
  });

  it('sees its rate limit on every call and is refused past it with Retry-After', async () => {
    const client = createPartnerClient({ baseUrl, ...credentials });
    const results = [];
    for (let i = 0; i < RATE_LIMIT + 2; i++) {
      results.push(await client.GET('/api/Devices/queryRobotInfo', { params: { query: { limit: 1 } } }));
    }
    const answers = results.map((r) => r.response);
    const ok = answers.find((r) => r.status === 200);
    expect(ok?.headers.get('ratelimit-policy')).toBe(`"minute";q=${RATE_LIMIT};w=60`);
    expect(ok?.headers.get('ratelimit')).toMatch(/^"minute";r=\d+;t=\d+$/);
    const refused = answers.find((r) => r.status === 429);
    expect(refused, 'a call past the limit').toBeDefined();
    const retryAfter = Number(refused?.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused?.headers.get('ratelimit')).toBe(`"minute";r=0;t=${retryAfter}`);
    expect(results.find((r) => r.response === refused)?.error).toMatchObject({
      success: false,
      code: 'OPEN_RATE_LIMITED',
    });
  });

  it('receives several events on one endpoint with one secret, verified by the SDK and by standardwebhooks; a processed replay is answered 2xx, a forgery 400, a failed handler retried', async () => {
    // The partner's endpoint: raw body in, the SDK's verifier (handle: the handler runs once per webhook-id,
    // the id remembered only when it succeeded), 204 when valid or already processed, 400 when not genuine,
    // 500 when the handler fails (the server retries). The reference library checks every delivery too.
    const processed: AnyWebhookPayload[] = [];
    const outcomes: string[] = [];
    const raw: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
    let verifier: ReturnType<typeof createWebhookVerifier> | null = null;
    let failHandler = 0;
    const endpoint = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        const body = Buffer.concat(chunks).toString('utf8');
        raw.push({ headers: req.headers, body });
        try {
          const handled = await verifier!.handle(req.headers, body, (payload) => {
            if (failHandler > 0) {
              failHandler -= 1;
              throw new Error('the partner database is down');
            }
            processed.push(payload);
          });
          outcomes.push(handled.outcome);
          res.writeHead(204).end();
        } catch (err) {
          outcomes.push(err instanceof WebhookVerificationError ? err.reason : 'handler failed');
          res.writeHead(err instanceof WebhookVerificationError ? 400 : 500).end();
        }
      });
    });
    await new Promise<void>((r) => endpoint.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/hooks`;
    const waitFor = async (what: () => boolean, label: string) => {
      const deadline = Date.now() + 60_000;
      while (!what()) {
        if (Date.now() > deadline) throw new Error(`waited too long for ${label}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const headersOf = (i: number) => raw[i]!.headers as Record<string, string>;
    try {
      const hook = await t.app.inject({
        method: 'POST',
        url: '/api/OpenPlatform/webhooks',
        headers: rootHeaders,
        payload: { apiUserId, events: ['proofOfPlay.hourly', 'audit.result'], url },
      });
      expect(hook.statusCode, hook.body).toBe(200);
      expect(hook.json().data.events).toEqual(['proofOfPlay.hourly', 'audit.result']);
      const secret = hook.json().data.signingSecret as string;
      expect(secret).toMatch(/^whsec_/);
      verifier = createWebhookVerifier({ secret });
      const reference = new Webhook(secret);

      // The same URL again for this application: refused, in the caller's language.
      const twice = await t.app.inject({
        method: 'POST',
        url: '/api/OpenPlatform/webhooks',
        headers: { ...rootHeaders, 'accept-language': 'zh' },
        payload: { apiUserId, events: ['shooting.photo'], url },
      });
      expect(twice.statusCode).toBe(409);
      expect(twice.json()).toMatchObject({ code: 'OPEN_WEBHOOK_DUPLICATE' });
      expect(twice.json().msg).toContain('该应用已有此回调地址的端点');

      // Two events of different types, one secret.
      await t.app.services.partnerWebhooks.hourlySummary(t.app.ctx);
      await waitFor(() => processed.length === 1, 'the hourly summary');
      await t.app.services.partnerWebhooks.emit('audit.result', auditResultData({ playlistId: planId }), [rootId]);
      await waitFor(() => processed.length === 2, 'the audit result');
      expect(outcomes).toEqual(['processed', 'processed']);
      expect(processed.map((p) => p.event)).toEqual(['proofOfPlay.hourly', 'audit.result']);
      for (const [i, payload] of processed.entries()) {
        // The reference library accepts the delivery as sent, and reads the same payload.
        expect(reference.verify(raw[i]!.body, headersOf(i))).toEqual(payload);
        expect(headersOf(i)['webhook-id']).toBe(payload.id);
        // The body is what the partner document says the event carries (its OpenAPI webhook schema).
        expect(payloadIssues(raw[i]!.body)).toEqual([]);
      }
      const hourly = processed[0]!;
      if (hourly.event === 'proofOfPlay.hourly') {
        expect(hourly.data.end - hourly.data.begin).toBe(3600);
        expect(hourly.data).toMatchObject({ plays: 0, exposure: 0, viewers: 0, scans: 0 });
      }

      // The same delivery sent again (a replay, as a "Resend" does): 2xx, the handler not run again; a forged
      // body under its signature: 400.
      const again = (body: string) =>
        fetch(url, {
          method: 'POST',
          headers: Object.fromEntries(
            ['webhook-id', 'webhook-timestamp', 'webhook-signature', 'content-type'].map((h) => [h, headersOf(0)[h]!]),
          ),
          body,
        });
      expect((await again(raw[0]!.body)).status).toBe(204);
      expect((await again(raw[0]!.body.replace('"plays":0', '"plays":1000'))).status).toBe(400);
      expect(outcomes.slice(2)).toEqual(['duplicate', 'signature']);
      expect(processed).toHaveLength(2);
      expect(() => reference.verify(raw[0]!.body.replace('"plays":0', '"plays":1000'), headersOf(0))).toThrow();

      // A handler that fails: the id is not remembered, the server's retry (the same webhook-id) is processed.
      failHandler = 1;
      const failedFrom = raw.length;
      const retriedId = await t.app.services.partnerWebhooks.emit(
        'audit.result',
        auditResultData({ playlistId: planId, state: 'reject', decision: 'reject' }),
        [rootId],
      );
      await waitFor(() => processed.length === 3, 'the retried delivery');
      expect(raw.slice(failedFrom).map((r) => r.headers['webhook-id'])).toEqual([retriedId, retriedId]);
      expect(outcomes.slice(-2)).toEqual(['handler failed', 'processed']);

      // A rotation with an overlap: every delivery is signed with both secrets, each verifies on its own.
      const rotated = await t.app.inject({
        method: 'POST',
        url: `/api/OpenPlatform/webhooks/${hook.json().data.id}/rotateSecret`,
        headers: rootHeaders,
        payload: { overlapSeconds: 3600 },
      });
      expect(rotated.statusCode, rotated.body).toBe(200);
      const newSecret = rotated.json().data.signingSecret as string;
      expect(newSecret).not.toBe(secret);
      expect(rotated.json().data.previousSecretUntil).toBeGreaterThan(Date.now() / 1000 + 3500);
      const overlapFrom = raw.length;
      await t.app.services.partnerWebhooks.emit('audit.result', auditResultData({ playlistId: planId }), [rootId]);
      await waitFor(() => processed.length === 4, 'the delivery during the overlap');
      const during = raw[overlapFrom]!;
      expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
      const duringHeaders = during.headers as Record<string, string>;
      expect(reference.verify(during.body, duringHeaders)).toMatchObject({ event: 'audit.result' });
      expect(new Webhook(newSecret).verify(during.body, duringHeaders)).toMatchObject({ event: 'audit.result' });

      // Rotated again without an overlap: only the newest secret signs; the former ones no longer verify.
      const cut = await t.app.inject({
        method: 'POST',
        url: `/api/OpenPlatform/webhooks/${hook.json().data.id}/rotateSecret`,
        headers: rootHeaders,
        payload: { overlapSeconds: 0 },
      });
      expect(cut.statusCode, cut.body).toBe(200);
      const newest = cut.json().data.signingSecret as string;
      verifier = createWebhookVerifier({ secret: newest });
      const cutFrom = raw.length;
      await t.app.services.partnerWebhooks.emit('audit.result', auditResultData({ playlistId: planId }), [rootId]);
      await waitFor(() => processed.length === 5, 'the delivery after the cut');
      const after = raw[cutFrom]!;
      const afterHeaders = after.headers as Record<string, string>;
      expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
      expect(new Webhook(newest).verify(after.body, afterHeaders)).toMatchObject({ event: 'audit.result' });
      expect(() => new Webhook(newSecret).verify(after.body, afterHeaders)).toThrow();
      expect(() => reference.verify(after.body, afterHeaders)).toThrow();
    } finally {
      await new Promise<void>((r) => endpoint.close(() => r()));
    }
  }, 120_000);
});
