// @vitest-environment node
import type net from 'node:net';
import type { NotificationDto } from '@robot-ads/contracts/notifications/notifications.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginAs } from '../../../../server/test/auth';
import { buildTestApp, type TestApp } from '../../../../server/test/build-app';
import { sessionStore } from '../../lib/session';
import { connectLive } from './live-socket';

let t: TestApp;
let base: string;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
  // A fresh database and migrations: slow on a busy machine.
}, 120_000);
afterAll(async () => {
  await t.close();
});

const noop = () => {};

describe('live notifications over the real socket.io server', () => {
  it('a notification produced on the server reaches the bell', async () => {
    const { token, user } = await loginAs(t, 'administrator');
    sessionStore.set({ token, tokenAt: 0, tokenTime: 3000, user: null });
    let stop = noop;
    const ready = new Promise<void>((resolve, reject) => {
      const received = new Promise<NotificationDto>((onMessage) => {
        stop = connectLive({ onMessage, onRead: noop, onExpired: reject, onUnknown: noop, onReady: resolve }, base);
      });
      void received.then((m) => messages.push(m));
    });
    const messages: NotificationDto[] = [];
    await ready;
    await t.app.ctx.notifications.notify(user.id, 'playlist.audit.result', {
      id: 'p1',
      name: 'Latte Week',
      state: 'post',
    });
    await expect.poll(() => messages.length, { timeout: 10_000 }).toBe(1);
    expect(messages[0]).toMatchObject({ name: 'playlist.audit.result', isRead: false, data: { name: 'Latte Week' } });
    stop();
  });

  it('a refused token ("Please retry later") ends the session', async () => {
    sessionStore.set({ token: 'not-a-token', tokenAt: 0, tokenTime: 3000, user: null });
    let stop = noop;
    let expired = false;
    await new Promise<void>((resolve) => {
      const onExpired = () => {
        expired = true;
        resolve();
      };
      stop = connectLive({ onMessage: noop, onRead: noop, onExpired, onUnknown: noop }, base);
    });
    stop();
    expect(expired).toBe(true);
  });
});
