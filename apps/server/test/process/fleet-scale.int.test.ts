import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cluster, startCluster } from './servers';
import { prepareWorld, type World } from './world';

/**
 * Two server processes on one PostgreSQL and one Redis: the 304 index and the presence of one instance
 * follow what is done through the other (issue 14).
 */
let cluster: Cluster;
let world: World;
let A: string;
let B: string;

beforeAll(async () => {
  const started = await startCluster({ instances: 2, prepare: (target) => prepareWorld(target) });
  cluster = started;
  world = started.prepared as World;
  [A, B] = started.urls as [string, string];
});
afterAll(async () => {
  await cluster?.stop();
});

const call = (
  base: string,
  method: string,
  url: string,
  opts: { body?: unknown; token?: string; etag?: string } = {},
) =>
  fetch(`${base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${opts.token ?? world.operator.token}`,
      ...(opts.body ? { 'content-type': 'application/json' } : {}),
      ...(opts.etag ? { 'if-none-match': `"${opts.etag}"` } : {}),
      'accept-language': 'en',
    },
    body: opts.body ? JSON.stringify(opts.body) : undefined,
  });

const pull = (base: string, version?: string) =>
  call(base, 'GET', '/api/device/v1/schedule', { token: world.robot.token, etag: version });

describe('fleet scale on two instances', () => {
  it('drops the 304 of a robot on one instance when its schedule changes through the other', async () => {
    const first = await pull(B);
    expect(first.status).toBe(200);
    const v1 = ((await first.json()) as { data: { version: string } }).data.version;
    expect((await pull(B, v1)).status).toBe(304);

    const changed = await call(A, 'POST', '/api/Devices/setInfo', {
      body: { robotId: world.robot.robotId, template: 2 },
    });
    expect(changed.status).toBe(200);

    await expect.poll(async () => (await pull(B, v1)).status, { timeout: 10_000 }).toBe(200);
    const fresh = (await (await pull(B, v1)).json()) as { data: { version: string; template: number } };
    expect(fresh.data.template).toBe(2);
    expect(fresh.data.version).not.toBe(v1);
    // Both instances answer the new version with a 304.
    for (const base of [A, B]) expect((await pull(base, fresh.data.version)).status).toBe(304);
  });

  it('shows a robot beating on one instance online on the other, and refuses a revoked token on both', async () => {
    const beat = await call(A, 'POST', '/api/device/v1/heartbeat', {
      token: world.robot.token,
      body: { status: 'playing', lng: 113.95, lat: 22.55 },
    });
    expect(beat.status).toBe(200);
    const details = await call(B, 'GET', `/api/Devices/robotBaseInfo?robotId=${world.robot.robotId}`);
    const robot = ((await details.json()) as { data: { state: string; transitions: { kind: string }[] } }).data;
    expect(robot.state).toBe('online');
    expect(robot.transitions[0]?.kind).toBe('online');
    // A second beat on B: the robot is online for the whole cluster, no new transition.
    expect(
      (await call(B, 'POST', '/api/device/v1/heartbeat', { token: world.robot.token, body: { status: 'idle' } }))
        .status,
    ).toBe(200);
    const again = await call(A, 'GET', `/api/Devices/robotBaseInfo?robotId=${world.robot.robotId}`);
    const after = ((await again.json()) as { data: { transitions: { kind: string }[] } }).data;
    expect(after.transitions.filter((t) => t.kind === 'online')).toHaveLength(1);

    const revoked = await call(A, 'POST', '/api/Devices/revokeToken', { body: { robotId: world.robot.robotId } });
    expect(revoked.status).toBe(200);
    for (const base of [A, B]) {
      await expect
        .poll(
          async () =>
            (
              await call(base, 'POST', '/api/device/v1/heartbeat', {
                token: world.robot.token,
                body: { status: 'idle' },
              })
            ).status,
          {
            timeout: 10_000,
          },
        )
        .toBe(401);
    }
  });
});
