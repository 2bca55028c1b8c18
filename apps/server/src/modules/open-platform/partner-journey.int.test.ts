import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type AnyWebhookPayload,
  createPartnerClient,
  createWebhookVerifier,
  PartnerApiError,
  WebhookVerificationError,
} from '@robot-ads/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createMaterial, picture } from '../../../test/media-files';
import { payloadIssues } from '../../../test/partner-events';
import { activatedRobot, publishedPlan } from '../../../test/published';

/**
 * A partner's whole journey through the SDK alone (packages/sdk), against a real server on a port: a
 * token from its client credentials, the robots and plans it may see, a plan's statistics, a refusal
 * outside its grants, the rate limit with its headers, and a webhook received on its own (loopback)
 * endpoint, verified with the SDK's Standard Webhooks helper.
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

beforeAll(async () => {
  // Loopback webhook targets are refused unless allowed: the partner's endpoint below is on 127.0.0.1.
  t = await buildTestApp({ startJobs: true, env: { WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  // Root, on the back office: an ad on a plan published to a robot, and a partner application for it.
  const root = await loginAs(t, 'super', { principals: 'root' });
  rootHeaders = bearer(root.token);
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
  const plan = await publishedPlan(t, root.user.id, [robot.robotId], ad.json().data.id);
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
    expect(plans.data?.datas.map((p) => [p.id, p.name])).toContainEqual([planId, planName]);
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

  it('refuses wrong credentials with the catalogue code', async () => {
    const client = createPartnerClient({ baseUrl, clientId: credentials.clientId, clientSecret: 'wrong' });
    const err = await client.token().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PartnerApiError);
    expect(err).toMatchObject({ status: 401, code: 'OPEN_CLIENT_INVALID' });
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

  it('receives a webhook on its endpoint and verifies it with the SDK; a replay and a forgery are refused', async () => {
    // The partner's endpoint: raw body in, the SDK's verifier, 204 when valid, 400 otherwise.
    const accepted: AnyWebhookPayload[] = [];
    const refusals: string[] = [];
    const raw: Array<{ headers: http.IncomingHttpHeaders; body: string }> = [];
    let verifier: ReturnType<typeof createWebhookVerifier> | null = null;
    const endpoint = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', async () => {
        const body = Buffer.concat(chunks).toString('utf8');
        raw.push({ headers: req.headers, body });
        try {
          accepted.push(await verifier!.verify(req.headers, body));
          res.writeHead(204).end();
        } catch (err) {
          refusals.push(err instanceof WebhookVerificationError ? err.reason : String(err));
          res.writeHead(400).end();
        }
      });
    });
    await new Promise<void>((r) => endpoint.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(endpoint.address() as AddressInfo).port}/hooks`;
    try {
      const hook = await t.app.inject({
        method: 'POST',
        url: '/api/OpenPlatform/webhooks',
        headers: rootHeaders,
        payload: { apiUserId, event: 'proofOfPlay.hourly', url },
      });
      expect(hook.statusCode, hook.body).toBe(200);
      const secret = hook.json().data.signingSecret as string;
      expect(secret).toMatch(/^whsec_/);
      verifier = createWebhookVerifier({ secret });

      await t.app.services.partnerWebhooks.hourlySummary(t.app.ctx);
      const deadline = Date.now() + 60_000;
      while (accepted.length === 0 && refusals.length === 0 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 100));
      }
      expect(refusals).toEqual([]);
      expect(accepted).toHaveLength(1);
      const payload = accepted[0]!;
      expect(payload.event).toBe('proofOfPlay.hourly');
      if (payload.event === 'proofOfPlay.hourly') {
        expect(payload.data.end - payload.data.begin).toBe(3600);
        expect(payload.data).toMatchObject({ plays: 0, exposure: 0, viewers: 0, scans: 0 });
      }
      expect(raw[0]?.headers['webhook-id']).toBe(payload.id);
      // The body is what the partner document says the event carries (its OpenAPI webhook schema).
      expect(payloadIssues(raw[0]!.body)).toEqual([]);

      // The same delivery sent again (a replay), and a forged body under its signature.
      const again = (body: string) =>
        fetch(url, {
          method: 'POST',
          headers: Object.fromEntries(
            ['webhook-id', 'webhook-timestamp', 'webhook-signature', 'content-type'].map((h) => [
              h,
              String(raw[0]!.headers[h]),
            ]),
          ),
          body,
        });
      expect((await again(raw[0]!.body)).status).toBe(400);
      expect((await again(raw[0]!.body.replace('"plays":0', '"plays":1000'))).status).toBe(400);
      expect(refusals).toEqual(['replay', 'signature']);
    } finally {
      await new Promise<void>((r) => endpoint.close(() => r()));
    }
  });
});
