import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { auditResultData } from '../../../test/partner-events';
import { until } from '../../../test/until';
import { webhookReceiver } from '../../../test/webhook-receiver';
import * as repo from './partner-webhooks.repository';

/**
 * Partner events go through a transactional outbox: written with the change that causes them, so a
 * rolled-back change leaves no event and a committed one always keeps it, whatever happens to delivery.
 */
let t: TestApp;
let root: Record<string, string>;
let ownerId: string;
let webhookId: string;
let receiver: Awaited<ReturnType<typeof webhookReceiver>>;

beforeAll(async () => {
  // The partner's receiver is down: every attempt answers 500.
  receiver = await webhookReceiver(() => 500);
  t = await buildTestApp({ startJobs: true, env: { WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8' } });
  root = bearer((await loginAs(t, 'super', { principals: 'root' })).token);
  ownerId = (await createUser(t, { role: 'administrator' })).id;
  const app = await t.app.inject({
    method: 'POST',
    url: '/api/OpenPlatform/apiUsers',
    headers: root,
    payload: { name: 'Outbox agency', accountId: ownerId },
  });
  const hook = await t.app.inject({
    method: 'POST',
    url: '/api/OpenPlatform/webhooks',
    headers: root,
    payload: { apiUserId: app.json().data.id, events: ['audit.result'], url: receiver.url },
  });
  expect(hook.statusCode, hook.body).toBe(200);
  webhookId = hook.json().data.id;
}, 90_000);

afterAll(async () => {
  await t?.close();
  await receiver.close();
});

describe('the partner event outbox', () => {
  it('leaves no event when the change that caused it rolls back', async () => {
    const ctx = t.app.ctx;
    let eventId = '';
    await expect(
      ctx.db.transaction(async () => {
        // The change (the subscription switched off) and its event, then a failure before the commit.
        await repo.updateWebhook(ctx.db, webhookId, { enabled: false });
        eventId = await ctx.partnerEvents.emit('audit.result', auditResultData({ playlistId: 'rolled-back' }), [
          ownerId,
        ]);
        throw new Error('the change fails after its event was written');
      }),
    ).rejects.toThrow('the change fails');
    expect(eventId).not.toBe('');
    expect(await repo.partnerEventById(ctx.db, eventId)).toBeNull();
    await t.app.services.partnerWebhooks.outbox.relay();
    expect(await repo.deliveriesOfEvent(ctx.db, eventId)).toEqual([]);
    const hooks = await t.app.inject({ method: 'GET', url: '/api/OpenPlatform/webhooks', headers: root });
    expect(hooks.json().datas[0]).toMatchObject({ id: webhookId, enabled: true });
    expect(receiver.received.filter((r) => r.body.includes('rolled-back'))).toEqual([]);
  });

  it('keeps a committed change’s event, delivered from the outbox and retried while the receiver fails', async () => {
    const ctx = t.app.ctx;
    const eventId = await ctx.db.transaction(async () => {
      await repo.updateWebhook(ctx.db, webhookId, { enabled: true });
      return ctx.partnerEvents.emit('audit.result', auditResultData({ playlistId: 'committed' }), [ownerId]);
    });
    expect(await repo.partnerEventById(ctx.db, eventId)).toMatchObject({
      event: 'audit.result',
      data: { playlistId: 'committed' },
      accountIds: [ownerId],
    });
    // After the commit the relay fans it out (dispatched) and the job queue attempts it.
    const delivery = await until(async () => {
      const [d] = await repo.deliveriesOfEvent(ctx.db, eventId);
      return d && d.attempts >= 2 ? d : undefined;
    }, 'two failed attempts');
    expect(delivery).toMatchObject({ webhookId, state: 'pending', lastStatus: 500, lastError: 'HTTP 500' });
    expect((await repo.partnerEventById(ctx.db, eventId))?.dispatchedAt).toBeInstanceOf(Date);
    const attempts = receiver.received.filter((r) => r.headers['webhook-id'] === eventId);
    expect(attempts.length).toBeGreaterThanOrEqual(2);
  }, 90_000);

  it('keeps an event written while no job queue runs, and delivers it when the relay runs', async () => {
    const quiet = await buildTestApp({ env: { WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8' } });
    try {
      const ctx = quiet.app.ctx;
      const eventId = await ctx.db.transaction(() =>
        ctx.partnerEvents.emit('audit.result', auditResultData({ playlistId: 'later' })),
      );
      expect(await repo.partnerEventById(ctx.db, eventId)).toMatchObject({ dispatchedAt: null });
      expect(await quiet.app.services.partnerWebhooks.outbox.relay()).toBe(1);
      expect((await repo.partnerEventById(ctx.db, eventId))?.dispatchedAt).toBeInstanceOf(Date);
      // No subscription in this database: dispatched to nobody, and not dispatched twice.
      expect(await repo.deliveriesOfEvent(ctx.db, eventId)).toEqual([]);
      expect(await quiet.app.services.partnerWebhooks.outbox.relay()).toBe(0);
    } finally {
      await quiet.close();
    }
  }, 90_000);
});
