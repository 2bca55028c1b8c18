import { createHash } from 'node:crypto';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, type ServerProcess, startCluster, startServer } from './servers';
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
const extra: ServerProcess[] = [];
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  for (const server of extra) await server.kill('SIGKILL');
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

/** Waits until `check` holds (polled every 200 ms), failing with `what` after `ms`. */
async function until(what: string, check: () => boolean | Promise<boolean>, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not seen within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const linesWith = (server: ServerProcess, text: string) => server.output.filter((l) => l.includes(text));

// After the tests above (vitest runs a file's tests in order): Redis goes away and comes back.
describe('when Redis comes and goes', () => {
  let late: ServerProcess;

  it('keeps pushing to a robot that connected while Redis was down, and logs each outage once', async () => {
    const [first] = cluster.servers as [ServerProcess];
    await cluster.redis.stop();
    // An instance started during the outage: its sockets open before socket.io switches to the Redis adapter.
    late = await startServer({
      dataDir: cluster.dataDir,
      databaseUrl: cluster.databaseUrl,
      redisUrl: cluster.redisUrl,
    });
    extra.push(late);
    const device = io(`${late.url}/device`, {
      path: '/websocket/socket.io',
      auth: { token: world.robot.token },
      transports: ['websocket'],
    });
    await opened(device);

    await cluster.redis.restart();
    await until(
      'the late instance on the Redis adapter',
      () => linesWith(late, 'socket.io uses the Redis adapter').length > 0,
    );
    for (const server of [first, late]) await until('Redis back', () => linesWith(server, 'Redis is back').length > 0);

    const changedAt = Math.floor(Date.now() / 1000);
    const collected = new Promise<{ at: number }>((resolve) => {
      device.on('collect', (m: { at: number }) => {
        if (m.at >= changedAt) resolve(m);
      });
    });
    const renamed = await call(A, 'POST', '/api/Devices/setInfo', { robotId: world.robot.robotId, name: 'Hall robot' });
    expect(renamed.status).toBe(200);
    await expect(collected).resolves.toHaveProperty('at');

    // One warning when Redis went away and one when it came back (with the attempts), for all of an
    // instance's Redis connections together; no stack per attempt.
    for (const server of [first, late]) {
      expect(linesWith(server, 'Redis unreachable')).toHaveLength(1);
      const back = linesWith(server, 'Redis is back');
      expect(back).toHaveLength(1);
      expect(JSON.parse(back[0] ?? '{}')).toMatchObject({ retries: expect.any(Number) });
      expect(linesWith(server, '"stack"')).toEqual([]);
    }
  });

  it('shuts down without waiting for Redis while it is down', async () => {
    await cluster.redis.stop();
    await until('the outage seen', () => linesWith(late, 'Redis unreachable').length > 1);
    // SHUTDOWN_TIMEOUT_MS (20 s) would end it with exit code 1: a shutdown that waits for nothing exits 0.
    expect(await late.kill('SIGTERM')).toBe(0);
    await cluster.redis.restart();
  });

  it('seeds the demo once when two instances start together on an empty database', async () => {
    const admin = new pg.Client({ connectionString: cluster.databaseUrl });
    await admin.connect();
    await admin.query('create database demo_together');
    await admin.end();
    const url = new URL(cluster.databaseUrl);
    url.pathname = '/demo_together';
    const env = {
      SEED_DEMO: 'true',
      ALLOW_DEMO_PASSWORDS: 'true',
      DEMO_FLEET: '0',
      // The demo's videos, encoded once a machine (vitest.config.ts).
      ...(process.env.DEMO_MEDIA_DIR ? { DEMO_MEDIA_DIR: process.env.DEMO_MEDIA_DIR } : {}),
    };
    const both = await Promise.all(
      [1, 2].map(() =>
        startServer({
          dataDir: cluster.dataDir,
          databaseUrl: url.toString(),
          redisUrl: cluster.redisUrl,
          env,
          // Loading the demo takes minutes on a loaded machine.
          readyTimeoutMs: 240_000,
        }),
      ),
    );
    extra.push(...both);
    // Both answer; the demo data was loaded by one of them, and its accounts exist once.
    expect(both.flatMap((s) => linesWith(s, '"demo data loaded"'))).toHaveLength(1);
    const db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    try {
      const { rows } = await db.query<{ username: string; n: number }>(
        'select username, count(*)::int as n from accounts group by username having count(*) > 1',
      );
      expect(rows).toEqual([]);
    } finally {
      await db.end();
    }
    for (const s of both) await s.kill('SIGKILL');
  }, 300_000);
});
