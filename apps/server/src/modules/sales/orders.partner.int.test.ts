import { newId } from '@robot-ads/contracts/common/ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createAd, createPlan } from '../../../test/delivery';
import { createProject, createRobot } from '../../../test/devices';
import { ManualClock } from '../../platform/clock';
import { customers } from '../customers/customers.table';

/**
 * The order list as the partner call listOrders (docs/open-platform.md, "Interfaces"): a partner sees
 * exactly what its owning account sees in /api/Orders/queryByPage; a token without the grant, or an
 * owning account whose role may not list orders, is refused. And who hears `order.state`: the
 * applications whose owning account sees the order (their listOrders shows it), no other.
 */
const clock = new ManualClock(new Date('2026-11-25T02:00:00Z'));
let t: TestApp;
type Login = Awaited<ReturnType<typeof loginAs>>;
let root: Login;
let boss: Login;
let sales: Login;
let otherSales: Login;
let adv: Login;
let otherAdv: Login;
let propertyAccountId: string;
let ours: { id: string; orderNo: string };
let theirs: { id: string };
const ORDERS = 'GET /api/Orders/queryByPage';
const EN = { 'accept-language': 'en' };

async function partnerApp(accountId: string, interfaces: string[]) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/OpenPlatform/apiUsers',
    headers: bearer(root.token),
    payload: { name: `Partner ${newId().slice(-6)}`, accountId, interfaces },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; clientId: string; clientSecret: string };
}

function tokenRequest(app: { clientId: string; clientSecret: string }, scope?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    headers: EN,
    payload: { grant_type: 'client_credentials', client_id: app.clientId, client_secret: app.clientSecret, scope },
  });
}

async function partnerToken(accountId: string, interfaces = [ORDERS]) {
  const res = await tokenRequest(await partnerApp(accountId, interfaces));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().access_token as string;
}

const list = (token: string, query = 'start=0&limit=50') =>
  t.app.inject({ method: 'GET', url: `/api/Orders/queryByPage?${query}`, headers: { ...bearer(token), ...EN } });

async function newOrder(who: Login, playlistId: string, robotId: string, name: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Orders',
    headers: { ...bearer(who.token), ...EN },
    payload: { name, playlistId, robotIds: [robotId], weeks: 2 },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; orderNo: string };
}

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { EVENT_AUDIT: 'off', WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8' } });
  root = await loginAs(t, 'super', { principals: 'root', name: 'Root Op' });
  boss = await loginAs(t, 'administrator', { name: 'Boss' });
  sales = await loginAs(t, 'operator', { parentId: boss.user.id, name: 'Sally Sales' });
  otherSales = await loginAs(t, 'operator', { name: 'Otto Sales' });
  const customerId = newId();
  const otherCustomer = newId();
  await t.app.ctx.db.insert(customers).values([
    { id: customerId, name: 'Lucky Coffee', ownerId: sales.user.id },
    { id: otherCustomer, name: 'Other Tea', ownerId: otherSales.user.id },
  ]);
  adv = await loginAs(t, 'advertisers', { customer: customerId, diy: true, name: 'Lucky Adv' });
  otherAdv = await loginAs(t, 'advertisers', { customer: otherCustomer, diy: true, name: 'Tea Adv' });
  const property = await createProject(t, { name: 'Sunny Mall' });
  propertyAccountId = (await createUser(t, { role: 'project', projectId: property.id })).id;
  const robot = await createRobot(t, { projectId: property.id, salesType: 'trial', priceFen: 10_001 });
  const plan = await createPlan(t, adv.token, [(await createAd(t, adv.token, 1, 'One')).id]);
  const otherPlan = await createPlan(t, otherAdv.token, [(await createAd(t, otherAdv.token, 1, 'Tea')).id]);
  ours = await newOrder(sales, plan.id, robot.robotId, 'Winter push');
  theirs = await newOrder(otherSales, otherPlan.id, robot.robotId, 'Tea week');
});
afterAll(async () => t?.close());

describe('listOrders, the order list as a partner call', () => {
  it("lists exactly the owning account's orders, as that account's own list does", async () => {
    for (const [owner, expected] of [
      [sales, [ours.id]],
      [boss, [ours.id]],
      [adv, [ours.id]],
      [otherSales, [theirs.id]],
      [root, [theirs.id, ours.id]],
    ] as const) {
      const partner = await list(await partnerToken(owner.user.id));
      expect(partner.statusCode, partner.body).toBe(200);
      const ids = partner.json().datas.map((o: { id: string }) => o.id);
      expect(ids.sort()).toEqual([...expected].sort());
      // The same answer as the account's own call (the path, its parameters and answer are unchanged).
      expect(partner.json()).toEqual((await list(owner.token)).json());
    }
  });

  it('keeps the filters of the list', async () => {
    const token = await partnerToken(sales.user.id);
    const found = await list(token, `start=0&limit=10&keyword=${ours.orderNo}&state=reviewing`);
    expect(found.json()).toMatchObject({ success: true, total: 1, datas: [{ id: ours.id, name: 'Winter push' }] });
    expect((await list(token, 'start=0&limit=10&state=paid')).json()).toMatchObject({ total: 0, datas: [] });
    const bad = await list(token, 'state=x');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'state' });
  });

  it('refuses a token not granted listOrders, and an owning account whose role may not list orders', async () => {
    const plansOnly = await partnerApp(sales.user.id, ['GET /api/Playlists/queryByPage_v3']);
    const token = await tokenRequest(plansOnly);
    const refused = await list(token.json().access_token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false, code: 'OPEN_INTERFACE_NOT_ALLOWED' });
    // Nor can it ask for the scope.
    const asked = await tokenRequest(plansOnly, 'listOrders');
    expect(asked.statusCode).toBe(400);
    expect(asked.json()).toMatchObject({ error: 'invalid_scope', code: 'OPEN_SCOPE_INVALID' });
    // Granted listOrders and asking only for listPlans: the token calls only listPlans.
    const both = await partnerApp(sales.user.id, ['GET /api/Playlists/queryByPage_v3', ORDERS]);
    const narrow = await tokenRequest(both, 'listPlans');
    expect((await list(narrow.json().access_token)).json()).toMatchObject({ code: 'OPEN_INTERFACE_NOT_ALLOWED' });
    // A property account sees no orders: its application is refused as listRobots refuses a role.
    const property = await list(await partnerToken(propertyAccountId));
    expect(property.statusCode).toBe(403);
    expect(property.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });
});

describe('order.state goes to the applications whose owning account sees the order', () => {
  it('fans an approval out to the creator, its parent, the customer and superusers, not to others', async () => {
    const endpoints = new Map<string, string>();
    for (const [who, owner] of [
      ['sales', sales],
      ['boss', boss],
      ['adv', adv],
      ['root', root],
      ['otherSales', otherSales],
      ['otherAdv', otherAdv],
    ] as const) {
      const app = await partnerApp(owner.user.id, [ORDERS]);
      const hook = await t.app.inject({
        method: 'POST',
        url: '/api/OpenPlatform/webhooks',
        headers: bearer(root.token),
        payload: { apiUserId: app.id, events: ['order.state'], url: 'http://127.0.0.1:9/orders' },
      });
      expect(hook.statusCode, hook.body).toBe(200);
      endpoints.set(hook.json().data.id, who);
    }
    const approved = await t.app.inject({
      method: 'POST',
      url: '/api/Orders/review',
      headers: { ...bearer(root.token), ...EN },
      payload: { id: ours.id, approve: true, reason: 'checked' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // The jobs are off in this test: the relay makes the deliveries, nothing is sent.
    expect(await t.app.services.partnerWebhooks.outbox.relay()).toBe(1);
    const log = await t.app.inject({
      method: 'GET',
      url: '/api/OpenPlatform/webhookDeliveries?limit=50',
      headers: bearer(root.token),
    });
    const heard = (log.json().datas as Array<{ webhookId: string; event: string }>)
      .filter((d) => d.event === 'order.state')
      .map((d) => endpoints.get(d.webhookId));
    expect(heard.sort()).toEqual(['adv', 'boss', 'root', 'sales']);
    // A refused step changes nothing and sends nothing.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/Orders/transition',
      headers: { ...bearer(root.token), ...EN },
      payload: { id: ours.id, action: 'complete' },
    });
    expect(refused.json().code).toBe('ORDER_TRANSITION_REFUSED');
    expect(await t.app.services.partnerWebhooks.outbox.relay()).toBe(0);
  });
});
