import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import type { NotificationDto } from '@robot-ads/contracts/notifications/notifications.schemas';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { buildApp } from '../../app';
import { ManualClock } from '../../platform/clock';

let t: TestApp;
let base: string;
const clock = new ManualClock(new Date());
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await buildTestApp({ clock });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address() as net.AddressInfo;
  base = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

function open(url: string, token: string): Socket {
  const socket = connect(url, {
    path: '/websocket/socket.io',
    query: { token },
    transports: ['websocket'],
    reconnection: false,
  });
  sockets.push(socket);
  return socket;
}

const next = <T>(socket: Socket, event: string) => new Promise<T>((resolve) => socket.once(event, resolve));

describe('notifications', () => {
  it('delivers a notification live, lists it as unread, and moves it to read', async () => {
    const { token, user } = await loginAs(t, 'administrator');
    const socket = open(base, token);
    await next(socket, 'ready');

    const live = next<NotificationDto>(socket, 'message');
    await t.app.ctx.notifications.notify(user.id, 'playlist.audit.result', {
      id: 'p1',
      name: 'Spring sale',
      state: 'post',
      type: 'apply',
    });
    const message = await live;
    expect(message).toMatchObject({ name: 'playlist.audit.result', isRead: false, data: { name: 'Spring sale' } });
    expect(message._id).toBe(message.id);

    const unread = await t.app.inject({
      method: 'GET',
      url: '/api/Notifies/queryMessage?isRead=false',
      headers: bearer(token),
    });
    expect(unread.json()).toMatchObject({ success: true, total: 1, data: [{ id: message.id, isRead: false }] });

    const readEvent = next<{ messageId: string }>(socket, 'readMessage');
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/Notifies/readMessage',
      headers: bearer(token),
      payload: { messageId: message.id },
    });
    expect(read.json().data.isRead).toBe(true);
    expect((await readEvent).messageId).toBe(message.id);

    const after = await t.app.inject({
      method: 'GET',
      url: '/api/Notifies/queryMessage?isRead=false',
      headers: bearer(token),
    });
    expect(after.json().total).toBe(0);
    const readList = await t.app.inject({
      method: 'GET',
      url: '/api/Notifies/queryMessage?isRead=true&start=0&limit=10',
      headers: bearer(token),
    });
    expect(readList.json()).toMatchObject({ total: 1, data: [{ id: message.id, isRead: true }] });
  });

  it('works over HTTP long-polling too (the client default before upgrading)', async () => {
    const { token, user } = await loginAs(t, 'project');
    const socket = connect(base, { path: '/websocket/socket.io', query: { token }, reconnection: false });
    sockets.push(socket);
    await next(socket, 'ready');
    const live = next<NotificationDto>(socket, 'message');
    await t.app.ctx.notifications.notify(user.id, 'playlist.pulled.ratio', { id: 'p3', ratio: 0.9 });
    expect((await live).data.ratio).toBe(0.9);
  });

  it("never shows or reads another user's messages", async () => {
    const a = await loginAs(t, 'project');
    const b = await loginAs(t, 'project');
    const m = await t.app.ctx.notifications.notify(a.user.id, 'playlist.pulled.ratio', { id: 'p2', ratio: 0.5 });
    const list = await t.app.inject({ method: 'GET', url: '/api/Notifies/queryMessage', headers: bearer(b.token) });
    expect(list.json().total).toBe(0);
    const read = await t.app.inject({
      method: 'POST',
      url: '/api/Notifies/readMessage',
      headers: bearer(b.token),
      payload: { messageId: m.id },
    });
    expect(read.statusCode).toBe(404);
  });

  it('sends the error event "Please retry later" for an invalid or expired token', async () => {
    const bad = open(base, 'not-a-token');
    expect(await next<{ content: string }>(bad, 'error')).toEqual({ content: 'Please retry later' });

    const { token } = await loginAs(t, 'super');
    clock.advance(3001 * 1000);
    const expired = open(base, token);
    expect((await next<{ content: string }>(expired, 'error')).content).toBe('Please retry later');
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

describe('several instances on one Redis', () => {
  let redis: ChildProcess;
  let redisUrl: string;
  beforeAll(async () => {
    const port = await freePort();
    redis = spawn(
      '/usr/bin/redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    redisUrl = `redis://127.0.0.1:${port}`;
    // Wait until it accepts connections.
    for (let i = 0; i < 100; i++) {
      const up = await new Promise<boolean>((resolve) => {
        const s = net.connect(port, '127.0.0.1', () => {
          s.end();
          resolve(true);
        });
        s.on('error', () => resolve(false));
      });
      if (up) break;
      await new Promise((r) => setTimeout(r, 50));
    }
  });
  afterAll(() => {
    redis.kill('SIGTERM');
  });

  it('delivers a notification made on one instance to a socket on the other', async () => {
    const one = await buildTestApp({ env: { REDIS_URL: redisUrl } });
    const two = await buildApp({ config: one.config, database: one.database, logger: one.app.log });
    try {
      await one.app.ctx.realtime?.ready();
      await two.ctx.realtime?.ready();
      await two.listen({ port: 0, host: '127.0.0.1' });
      const { token, user } = await loginAs(one, 'super');
      const socket = open(`http://127.0.0.1:${(two.server.address() as net.AddressInfo).port}`, token);
      await next(socket, 'ready');
      const live = next<NotificationDto>(socket, 'message');
      await one.app.ctx.notifications.notify(user.id, 'playlist.pulled.ratio', { id: 'p9', name: 'Plan', ratio: 0.75 });
      expect(await live).toMatchObject({ name: 'playlist.pulled.ratio', data: { ratio: 0.75 } });
      socket.close();
    } finally {
      await two.close();
      await one.close();
    }
  });

  it('shares the login rate limit between the instances', async () => {
    const one = await buildTestApp({ env: { REDIS_URL: redisUrl, LOGIN_RATE_LIMIT: '3' } });
    const two = await buildApp({ config: one.config, database: one.database, logger: one.app.log });
    try {
      await two.ready();
      const attempt = (app: typeof two) =>
        app.inject({
          method: 'POST',
          url: '/api/Users/v2_2_login',
          payload: { username: 'nobody', password: 'x' },
          remoteAddress: '10.1.2.3',
        });
      const statuses = [
        (await attempt(one.app)).statusCode,
        (await attempt(two)).statusCode,
        (await attempt(one.app)).statusCode,
        (await attempt(two)).statusCode,
      ];
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await two.close();
      await one.close();
    }
  });
});
