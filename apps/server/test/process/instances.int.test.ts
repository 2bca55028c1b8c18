import { createHash } from 'node:crypto';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, startCluster } from './servers';
import { prepareWorld, type World } from './world';

/** Two server processes on one PostgreSQL with REDIS_URL, the way several instances run behind a load balancer. */
let cluster: Cluster;
let world: World;
let A: string;
let B: string;
const sockets: Socket[] = [];
const LOGINS_PER_MINUTE = 12;

beforeAll(async () => {
  const started = await startCluster({
    instances: 2,
    env: { LOGIN_RATE_LIMIT: String(LOGINS_PER_MINUTE) },
    prepare: (target) => prepareWorld(target),
  });
  cluster = started;
  world = started.prepared as World;
  [A, B] = started.urls as [string, string];
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await cluster?.stop();
});

const call = (base: string, method: string, url: string, body?: unknown, token = world.operator.token) =>
  fetch(`${base}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      'accept-language': 'en',
    },
    body: body ? JSON.stringify(body) : undefined,
  });

async function json(res: Response): Promise<{ success: boolean; data: unknown; code?: string; msg?: string }> {
  return (await res.json()) as { success: boolean; data: unknown; code?: string; msg?: string };
}

function opened(socket: Socket, event = 'connect'): Promise<void> {
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once(event, () => resolve());
    socket.once('connect_error', (err) => reject(err));
  });
}

describe('two instances on one database and one Redis', () => {
  it('delivers a notification raised through one instance to a browser connected to the other', async () => {
    // As the web does it (layout/notifications/live-socket.ts): the token as query, websocket first.
    const browser = io(B, {
      path: '/websocket/socket.io',
      query: { token: world.operator.token },
      transports: ['websocket', 'polling'],
    });
    await opened(browser, 'ready');
    const message = new Promise<{ name: string; data: { id?: string } }>((resolve) => {
      browser.on('message', (m: { name: string; data: { id?: string } }) => {
        if (m.name === 'playlist.pulled.ratio' && m.data.id === world.planId) resolve(m);
      });
    });

    // The robot pulls and acknowledges its schedule on A: the plan's owner is told the pulled ratio.
    const pulled = await call(A, 'GET', '/api/device/v1/schedule', undefined, world.robot.token);
    expect(pulled.status).toBe(200);
    const version = ((await json(pulled)).data as { version: string }).version;
    const ack = await call(A, 'POST', '/api/device/v1/schedule/ack', { version }, world.robot.token);
    expect(ack.status).toBe(200);
    expect(((await json(ack)).data as { pulled: string[] }).pulled).toContain(world.planId);

    await expect(message).resolves.toMatchObject({ name: 'playlist.pulled.ratio', data: { id: world.planId } });
  });

  it('pushes "collect" to a robot connected to one instance when its schedule changes through the other', async () => {
    const device = io(`${B}/device`, {
      path: '/websocket/socket.io',
      auth: { token: world.robot.token },
      transports: ['websocket'],
    });
    await opened(device);
    const changedAt = Math.floor(Date.now() / 1000);
    // Pushes of earlier changes (the activation) may still arrive: wait for one of this change.
    const collected = new Promise<{ at: number }>((resolve) => {
      device.on('collect', (m: { at: number }) => {
        if (m.at >= changedAt) resolve(m);
      });
    });
    const renamed = await call(A, 'POST', '/api/Devices/setInfo', {
      robotId: world.robot.robotId,
      name: 'Lobby robot',
    });
    expect(renamed.status).toBe(200);
    await expect(collected).resolves.toHaveProperty('at');
  });

  it('counts login attempts of one address and name on both instances together', async () => {
    const username = `nobody_${Date.now().toString(36)}`;
    for (let i = 0; i < LOGINS_PER_MINUTE; i++) {
      const res = await call(i % 2 ? B : A, 'POST', '/api/Users/v2_2_login', { username, password: 'Wrong@1234' }, '');
      expect(res.status).toBe(401);
    }
    for (const base of [A, B]) {
      const limited = await call(base, 'POST', '/api/Users/v2_2_login', { username, password: 'Wrong@1234' }, '');
      expect(limited.status).toBe(429);
      expect(await json(limited)).toMatchObject({ success: false, data: null });
    }
  });

  it('locks an account after failures spread over both instances', async () => {
    const { username, password } = world.victim;
    const wrong = (base: string, verifyCode = '') =>
      call(base, 'POST', '/api/Users/v2_2_login', { username, password: 'Wrong@1234', verifyCode }, '');
    // The picture cannot be read by a script: the test, standing for the person who reads it, puts a
    // code it knows in place of the drawn one, in the row the instance wrote to the shared database.
    const captcha = async (base: string) => {
      const res = await call(base, 'GET', `/api/Users/captcha?username=${username}`, undefined, '');
      expect(res.status).toBe(200);
      const db = new pg.Client({ connectionString: cluster.databaseUrl });
      await db.connect();
      try {
        const set = await db.query('UPDATE auth_login_attempts SET captcha_hash = $1 WHERE username = $2', [
          createHash('sha256').update('T3ST').digest('hex'),
          username,
        ]);
        expect(set.rowCount).toBe(1);
      } finally {
        await db.end();
      }
      return 'T3ST';
    };
    for (const base of [A, B, A]) expect((await json(await wrong(base))).code).toBe('4011');
    // Three failures counted together: the other instance asks for the captcha too.
    expect((await json(await wrong(B))).code).toBe('VERIFY_CODE_REQUIRED');
    // A captcha shown by one instance is checked by the other.
    expect((await json(await wrong(B, await captcha(A)))).code).toBe('4011');
    expect((await json(await wrong(A, await captcha(B)))).code).toBe('LOGIN_FAILED');
    for (const base of [A, B]) {
      const right = await call(base, 'POST', '/api/Users/v2_2_login', { username, password }, '');
      expect(right.status).toBe(401);
      expect((await json(right)).code).toBe('LOGIN_FAILED');
    }
  });

  it('runs each background job on one instance only', async () => {
    const keys: Array<{ key: string; base: string }> = [];
    for (const base of [A, B, A, B]) {
      const res = await call(base, 'POST', '/api/Devices/exportRobotInfo', {});
      expect(res.status).toBe(200);
      keys.push({ key: ((await json(res)).data as { key: string }).key, base });
    }
    for (const { key, base } of keys) {
      const other = base === A ? B : A;
      const deadline = Date.now() + 60_000;
      let state = '';
      while (state !== 'done' && state !== 'failed' && Date.now() < deadline) {
        const res = await call(other, 'GET', `/api/Devices/queryExportState?key=${key}`);
        state = ((await json(res)).data as { state: string }).state;
        if (state !== 'done') await new Promise((r) => setTimeout(r, 250));
      }
      expect(state).toBe('done');
    }
    const runs = cluster.servers.flatMap((s) =>
      s.output
        .filter((line) => line.includes('"job done"'))
        .map((line) => JSON.parse(line) as { job: string; jobId: string }),
    );
    const ids = runs.map((r) => r.jobId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(runs.filter((r) => r.job === 'devices.export')).toHaveLength(keys.length);
  });
});
