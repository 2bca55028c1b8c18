import { newId } from '@robot-ads/contracts/common/ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createAd, createPlan, luckyCoffeeAd } from '../../../test/delivery';
import { createRobot, multipart } from '../../../test/devices';
import { picture } from '../../../test/media-files';
import { payloadIssues, pulledRatioData, webhookDeliveryLog } from '../../../test/partner-events';
import { activatedRobot, publishedPlan } from '../../../test/published';
import { pushedLobbyProof } from '../../../test/shooting';
import { signatureValid, webhookReceiver } from '../../../test/webhook-receiver';
import { ManualClock } from '../../platform/clock';
import { customers } from '../customers/customers.table';
import { markPulled } from '../publishing/publishing.service';

/**
 * The partner events sent by other modules: plan.pulledRatio when a robot pulls a plan (publishing),
 * shooting.photo when a robot's photo proof arrives (shooting), audit.result (reviews), order.state when an
 * order changes state (sales). A real receiver verifies each signature.
 */
// 12:00 in Shanghai: the shooting window below is read in Asia/Shanghai.
const clock = new ManualClock(new Date('2026-03-10T04:00:00Z'));
let t: TestApp;
let operator: { token: string; user: { id: string } };
let root: Record<string, string>;
let adId: string;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
let receiverUrl: string;
/** The receiver is one endpoint (one URL, one secret); each test adds the event it needs to it. */
let endpoint: { id: string; secret: string; events: string[] } | null = null;

async function delivered(event: string, ms = 60_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = receiver.received.find((r) => r.headers['x-event'] === event);
    if (found) {
      const verified = signatureValid(endpoint?.secret ?? '', found.headers, found.body);
      // The body as the partner document describes the event (its OpenAPI webhook's payload schema).
      return { verified, json: JSON.parse(found.body), issues: payloadIssues(found.body) };
    }
    if (Date.now() > deadline) throw new Error(`no ${event} delivery`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function subscribe(apiUserId: string, event: string) {
  if (endpoint) {
    // The same URL: the event is added to the endpoint (a second endpoint there would be refused).
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/OpenPlatform/webhooks/${endpoint.id}`,
      headers: root,
      payload: { events: [...endpoint.events, event] },
    });
    expect(res.statusCode, res.body).toBe(200);
    endpoint.events = res.json().data.events;
    return res.json().data as { id: string; apiUserName: string; enabled: boolean };
  }
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/OpenPlatform/webhooks',
    headers: root,
    payload: { apiUserId, events: [event], url: receiverUrl },
  });
  expect(res.statusCode, res.body).toBe(200);
  endpoint = { id: res.json().data.id, secret: res.json().data.signingSecret, events: res.json().data.events };
  return res.json().data as { id: string; apiUserName: string; enabled: boolean };
}

beforeAll(async () => {
  receiver = await webhookReceiver();
  receiverUrl = receiver.url;
  // The receiver listens on loopback: opened as an on-premises partner network.
  t = await buildTestApp({ clock, startJobs: true, env: { WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8' } });
  operator = await loginAs(t, 'super', { principals: 'root' });
  root = bearer(operator.token);
  adId = await luckyCoffeeAd(t, operator.token, clock.now());
}, 90_000);

afterAll(async () => {
  await t?.close();
  await receiver.close();
});

describe('partner events sent by other modules', () => {
  let apiUserId: string;

  it('lists subscriptions with their application and switches one off and on', async () => {
    const app = await t.app.inject({
      method: 'POST',
      url: '/api/OpenPlatform/apiUsers',
      headers: root,
      payload: { name: 'Event agency', accountId: operator.user.id },
    });
    expect(app.statusCode, app.body).toBe(200);
    apiUserId = app.json().data.id;
    const hook = await subscribe(apiUserId, 'plan.pulledRatio');
    expect(hook).toMatchObject({ apiUserName: 'Event agency', enabled: true });
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/OpenPlatform/webhooks/${hook.id}`,
      headers: root,
      payload: { enabled: false },
    });
    expect(off.json().data).toMatchObject({ id: hook.id, enabled: false, apiUserName: 'Event agency' });
    const hooks = t.app.services.partnerWebhooks;
    const eventId = await hooks.emit('plan.pulledRatio', pulledRatioData({ playlistId: 'x' }), [operator.user.id]);
    await hooks.outbox.relay();
    expect((await webhookDeliveryLog(t, root)).filter((d) => d.eventId === eventId)).toEqual([]);
    await t.app.inject({
      method: 'PUT',
      url: `/api/OpenPlatform/webhooks/${hook.id}`,
      headers: root,
      payload: { enabled: true },
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/OpenPlatform/webhooks', headers: root });
    expect(list.json().datas).toEqual([
      expect.objectContaining({ id: hook.id, enabled: true, apiUserName: 'Event agency' }),
    ]);
    const missing = await t.app.inject({
      method: 'PUT',
      url: `/api/OpenPlatform/webhooks/${newId()}`,
      headers: root,
      payload: { enabled: true },
    });
    expect(missing.statusCode).toBe(404);
    const audit = await t.app.inject({
      method: 'GET',
      url: '/api/OpenPlatform/auditLog?actorKind=user',
      headers: root,
    });
    expect(audit.json().datas.map((r: { action: string }) => r.action)).toEqual(
      expect.arrayContaining(['webhook.disable', 'webhook.enable']),
    );
  });

  it('sends plan.pulledRatio, signed, when a robot pulls a plan', async () => {
    const first = await activatedRobot(t);
    const second = await activatedRobot(t);
    const plan = await publishedPlan(t, operator.user.id, [first.robotId, second.robotId], adId, {
      name: 'Partner plan',
    });
    expect(await markPulled(t.app.ctx, first.id, [plan.id], clock.now())).toEqual([plan.id]);
    const got = await delivered('plan.pulledRatio');
    expect(got.verified).toBe(true);
    expect(got.issues).toEqual([]);
    expect(got.json).toMatchObject({
      event: 'plan.pulledRatio',
      data: { playlistId: plan.id, name: 'Partner plan', ratio: 0.5, planPullNumber: 2, alreadyPullNumber: 1 },
    });
  }, 90_000);

  it('sends shooting.photo, signed, when a robot photo proof arrives', async () => {
    await subscribe(apiUserId, 'shooting.photo');
    const robot = await activatedRobot(t);
    const plan = await publishedPlan(t, operator.user.id, [robot.robotId], adId, { timeZone: 'Asia/Shanghai' });
    const requirement = await pushedLobbyProof(t, { ...root, 'accept-language': 'en' }, plan.id, robot.robotId);
    const schedule = await t.app.inject({
      method: 'GET',
      url: '/api/device/v1/schedule',
      headers: bearer(robot.token),
    });
    const taskId = schedule.json().data.shootTasks[0].id as string;
    const creds = await t.app.inject({
      method: 'POST',
      url: '/api/device/v1/shootTasks/uploadCredentials',
      headers: bearer(robot.token),
      payload: { taskId },
    });
    const c = creds.json().data as { dir: string; upload: { url: string; fields: Record<string, string> } };
    const key = `${c.dir}/picture/${crypto.randomUUID()}.jpg`;
    const form = multipart([{ filename: 'shot.jpg', content: await picture(108, 192, 'jpeg') }], {
      ...c.upload.fields,
      key,
      'Content-Type': 'image/jpeg',
    });
    const upload = await t.app.inject({
      method: 'POST',
      url: c.upload.url,
      headers: form.headers,
      payload: form.payload,
    });
    expect(upload.statusCode).toBe(200);
    const photo = await t.app.inject({
      method: 'POST',
      url: '/api/device/v1/shootTasks/photo',
      headers: bearer(robot.token),
      payload: { taskId, key, takenAt: clock.now().getTime() / 1000, adId },
    });
    expect(photo.json().data).toEqual({ taskId, state: 'success' });
    const got = await delivered('shooting.photo');
    expect(got.verified).toBe(true);
    expect(got.issues).toEqual([]);
    expect(got.json).toMatchObject({
      event: 'shooting.photo',
      data: {
        requirementId: requirement.id,
        taskId,
        playlistId: plan.id,
        robotId: robot.robotId,
        adId,
        contentType: 'image/jpeg',
        width: 108,
        height: 192,
        photoUrl: expect.any(String),
      },
    });
    // The photo address answers the picture.
    const url = new URL(got.json.data.photoUrl, 'http://localhost');
    const file = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    // A second photo of the finished task is no new proof: no second event.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/device/v1/shootTasks/photo',
      headers: bearer(robot.token),
      payload: { taskId, key, takenAt: clock.now().getTime() / 1000, adId },
    });
    expect(again.json().data.state).toBe('success');
    expect((await webhookDeliveryLog(t, root)).filter((d) => d.event === 'shooting.photo')).toHaveLength(1);
  }, 90_000);
  it('sends audit.result, signed and as documented, when a reviewer decides an application', async () => {
    await subscribe(apiUserId, 'audit.result');
    const robot = await activatedRobot(t);
    const plan = await createPlan(t, operator.token, [adId], { name: 'Reviewed plan' });
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/Ad_Audits',
      headers: root,
      payload: { playListId: plan.id, robotIds: [robot.robotId], deliveryMode: 'robots' },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const auditId = applied.json().data.id as string;
    const decided = await t.app.inject({
      method: 'POST',
      url: '/api/Ad_Audits/reject',
      headers: root,
      payload: { id: auditId, note: 'Picture too dark' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const got = await delivered('audit.result');
    expect(got.verified).toBe(true);
    expect(got.issues).toEqual([]);
    expect(got.json.data).toEqual({
      playlistId: plan.id,
      name: 'Reviewed plan',
      auditId,
      type: 'apply',
      state: 'reject',
      decision: 'reject',
      note: 'Picture too dark',
    });
  }, 90_000);

  it('sends order.state, signed and as documented, when an order is approved', async () => {
    await subscribe(apiUserId, 'order.state');
    const customerId = newId();
    await t.app.ctx.db.insert(customers).values({ id: customerId, name: 'Lucky Coffee', ownerId: operator.user.id });
    const adv = await loginAs(t, 'advertisers', { customer: customerId, diy: true });
    const plan = await createPlan(t, adv.token, [(await createAd(t, adv.token, 1, 'Latte')).id]);
    const robot = await createRobot(t, { salesType: 'trial', priceFen: 10_001 });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/Orders',
      headers: root,
      payload: { name: 'Winter push', playlistId: plan.id, robotIds: [robot.robotId], weeks: 2 },
    });
    expect(created.statusCode, created.body).toBe(200);
    const order = created.json().data as { id: string; orderNo: string };
    const approved = await t.app.inject({
      method: 'POST',
      url: '/api/Orders/review',
      headers: root,
      payload: { id: order.id, approve: true, reason: 'Checked' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const got = await delivered('order.state');
    expect(got.verified).toBe(true);
    expect(got.issues).toEqual([]);
    expect(got.json.data).toEqual({
      orderId: order.id,
      orderNo: order.orderNo,
      name: 'Winter push',
      customerId,
      playlistId: plan.id,
      action: 'approve',
      state: 'pendingPayment',
      previousState: 'reviewing',
      reason: 'Checked',
      amountFen: 20_002,
    });
  }, 90_000);
});
