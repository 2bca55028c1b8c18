import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { auditResultData, webhookDeliveryLog } from '../../../test/partner-events';
import { until } from '../../../test/until';
import { type ReceivedDelivery, signatureValid, webhookReceiver } from '../../../test/webhook-receiver';

let t: TestApp;
let root: Record<string, string>;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;
let receiverUrl: string;
let signingSecret = '';
let received: ReceivedDelivery[];
/** How many of the next deliveries the receiver refuses with a 500. */
let refuseNext = 0;

const verify = (headers: ReceivedDelivery['headers'], body: string) => signatureValid(signingSecret, headers, body);

beforeAll(async () => {
  receiver = await webhookReceiver(() => {
    if (refuseNext <= 0) return 204;
    refuseNext -= 1;
    return 500;
  });
  receiverUrl = receiver.url;
  received = receiver.received;
  // The receiver listens on loopback: opened as an on-premises partner network.
  t = await buildTestApp({ startJobs: true, env: { WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8' } });
  root = bearer((await loginAs(t, 'super', { principals: 'root' })).token);
}, 60_000);
afterAll(async () => {
  await t.close();
  await receiver.close();
});

describe('partner webhooks', () => {
  let apiUserId: string;
  let ownerId: string;
  let webhookId: string;

  it('subscribes an application; the signing secret is answered once', async () => {
    ownerId = (await createUser(t, { role: 'administrator' })).id;
    const app = await t.app.inject({
      method: 'POST',
      url: '/api/OpenPlatform/apiUsers',
      headers: root,
      payload: { name: 'Hooked agency', accountId: ownerId },
    });
    apiUserId = app.json().data.id;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/OpenPlatform/webhooks',
      headers: root,
      payload: { apiUserId, events: ['audit.result'], url: receiverUrl },
    });
    expect(res.statusCode, res.body).toBe(200);
    signingSecret = res.json().data.signingSecret;
    webhookId = res.json().data.id;
    // Standard Webhooks: whsec_ and the base64 of the key (32 random bytes).
    expect(signingSecret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(signingSecret.slice(6), 'base64').length).toBeGreaterThanOrEqual(24);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/OpenPlatform/webhooks?apiUserId=${apiUserId}`,
      headers: root,
    });
    expect(list.json().datas).toEqual([
      expect.objectContaining({ id: webhookId, events: ['audit.result'], url: receiverUrl, previousSecretUntil: null }),
    ]);
    expect(list.body).not.toContain(signingSecret);
  });

  it('delivers a signed event the receiver verifies, retried after a failure', async () => {
    refuseNext = 1;
    const eventId = await t.app.services.partnerWebhooks.emit(
      'audit.result',
      auditResultData({ playlistId: 'p1', state: 'post' }),
      [ownerId],
    );
    expect(eventId).toEqual(expect.any(String));
    const delivered = await until(async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/OpenPlatform/webhookDeliveries?webhookId=${webhookId}`,
        headers: root,
      });
      const row = res.json().datas.find((d: { eventId: string }) => d.eventId === eventId);
      return row?.state === 'delivered' ? row : undefined;
    }, 'the retried delivery');
    expect(delivered).toMatchObject({ attempts: 2, lastStatus: 204, event: 'audit.result', url: receiverUrl });
    expect(received).toHaveLength(2);
    for (const r of received) {
      expect(verify(r.headers, r.body)).toBe(true);
      // The same webhook-id on the first attempt and the retry: the receiver deduplicates by it.
      expect(r.headers['webhook-id']).toBe(eventId);
      expect(JSON.parse(r.body)).toMatchObject({
        id: eventId,
        event: 'audit.result',
        data: { playlistId: 'p1', state: 'post' },
      });
    }
    // A forged body does not verify with the same signature.
    const first = received[0] as ReceivedDelivery;
    expect(verify(first.headers, first.body.replace('post', 'reject'))).toBe(false);
  }, 90_000);

  it('does not send an event of another account to an application owned by someone else', async () => {
    const hooks = t.app.services.partnerWebhooks;
    const eventId = await hooks.emit('audit.result', auditResultData({ playlistId: 'p2' }), ['someone-else']);
    await hooks.outbox.relay();
    expect((await webhookDeliveryLog(t, root)).filter((d) => d.eventId === eventId)).toEqual([]);
  });

  it('resends a delivery from the log', async () => {
    const log = await t.app.inject({ method: 'GET', url: '/api/OpenPlatform/webhookDeliveries', headers: root });
    const { id, eventId } = log.json().datas[0];
    const before = received.length;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/OpenPlatform/webhookDeliveries/${id}/resend`,
      headers: root,
    });
    expect(res.statusCode, res.body).toBe(200);
    await until(async () => (received.length > before ? true : undefined), 'the resent delivery');
    const last = received.at(-1) as ReceivedDelivery;
    expect(verify(last.headers, last.body)).toBe(true);
    // A resend is the same event: the same webhook-id and body id.
    expect(last.headers['webhook-id']).toBe(eventId);
    expect(JSON.parse(last.body).id).toBe(eventId);
  }, 60_000);

  it('sends the proof-of-play hourly summary in the owning account scope', async () => {
    // The endpoint hears one more event, signed with the same secret.
    const added = await t.app.inject({
      method: 'PUT',
      url: `/api/OpenPlatform/webhooks/${webhookId}`,
      headers: root,
      payload: { events: ['audit.result', 'proofOfPlay.hourly'] },
    });
    expect(added.json().data).toMatchObject({ events: ['audit.result', 'proofOfPlay.hourly'], enabled: true });
    const before = received.length;
    await t.app.services.partnerWebhooks.hourlySummary(t.app.ctx, new Date('2026-11-25T11:05:00Z'));
    const summary = await until(
      async () => received.slice(before).find((r) => r.headers['x-event'] === 'proofOfPlay.hourly'),
      'the hourly summary',
    );
    expect(verify(summary.headers, summary.body)).toBe(true);
    const body = JSON.parse(summary.body);
    expect(body.data).toMatchObject({ begin: 1795600800, end: 1795604400, plays: 0, exposure: 0 });
    const changes = await t.app.inject({
      method: 'GET',
      url: '/api/OpenPlatform/auditLog?actorKind=user',
      headers: root,
    });
    expect(changes.json().datas.map((r: { action: string }) => r.action)).toEqual(
      expect.arrayContaining(['webhook.create', 'webhook.resend', 'webhook.events']),
    );
  }, 60_000);

  it("refuses a second endpoint of the application at the same URL, in the caller's language", async () => {
    for (const [lang, text] of [
      ['en', 'The application already has an endpoint for'],
      ['zh', '该应用已有此回调地址的端点'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/OpenPlatform/webhooks',
        headers: { ...root, 'accept-language': lang },
        payload: { apiUserId, events: ['shooting.photo'], url: receiverUrl },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ success: false, code: 'OPEN_WEBHOOK_DUPLICATE' });
      expect(res.json().msg).toContain(text);
      expect(res.json().msg).toContain(receiverUrl);
    }
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/OpenPlatform/webhooks?apiUserId=${apiUserId}`,
      headers: root,
    });
    expect(list.json().total).toBe(1);
  });

  it('rotates the secret: during the overlap each delivery carries both signatures', async () => {
    const rotated = await t.app.inject({
      method: 'POST',
      url: `/api/OpenPlatform/webhooks/${webhookId}/rotateSecret`,
      headers: root,
      payload: {},
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.headers['cache-control']).toBe('no-store');
    const fresh = rotated.json().data.signingSecret as string;
    // The default overlap: a day.
    const until = rotated.json().data.previousSecretUntil as number;
    expect(Math.round((until - Date.now() / 1000) / 3600)).toBe(24);
    const before = received.length;
    const eventId = await t.app.services.partnerWebhooks.emit('audit.result', auditResultData(), [ownerId]);
    const got = await until_(async () => received.slice(before).find((r) => r.headers['webhook-id'] === eventId));
    expect(String(got.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(signatureValid(signingSecret, got.headers, got.body)).toBe(true);
    expect(signatureValid(fresh, got.headers, got.body)).toBe(true);
    const changes = await t.app.inject({
      method: 'GET',
      url: '/api/OpenPlatform/auditLog?actorKind=user',
      headers: root,
    });
    expect(changes.json().datas.map((r: { action: string }) => r.action)).toContain('webhook.rotateSecret');
  }, 60_000);
});

const until_ = <T>(what: () => Promise<T | undefined>) => until(what, 'the delivery');
