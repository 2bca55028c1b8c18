import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PassThrough, Writable } from 'node:stream';
import { errorEnvelope } from '@robot-ads/contracts/common/envelope';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../test/auth';
import { buildTestApp, type TestApp } from '../../test/build-app';
import { currentRequest } from './request-context';

let t: TestApp;
let token: string;
const lines: Record<string, unknown>[] = [];
const logDestination = new Writable({
  write(chunk, _encoding, callback) {
    for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line));
    callback();
  },
});

beforeAll(async () => {
  t = await buildTestApp({
    env: { REQUEST_TIMEOUT_MS: '1500', LOG_LEVEL: 'info', DB_WATCHDOG_SECONDS: '1' },
    logDestination,
    ready: false,
  });
  // A route of this test only: a service line written through ctx.log, and what the context says.
  t.app.get('/api/test/context', { config: { public: true } }, async () => {
    t.app.ctx.log.info({ probe: true }, 'service line');
    const context = currentRequest();
    return {
      success: true,
      data: { requestId: context?.requestId, deadlineAhead: (context?.deadline ?? 0) > Date.now() },
    };
  });
  // A handler that waits on the database itself (the guard above it needs none).
  t.app.get('/api/test/query', { config: { public: true } }, async () => {
    await t.app.ctx.db.execute(sql`select 1`);
    return { success: true, data: { answered: true } };
  });
  // A download that streams for longer than the deadline, and an upload the client sends as slowly.
  t.app.get('/api/test/slow-download', { config: { public: true } }, async (_request, reply) => {
    const body = new PassThrough();
    let sent = 0;
    const tick = setInterval(() => {
      body.write('chunk;');
      if (++sent === 6) {
        clearInterval(tick);
        body.end();
      }
    }, 400);
    return reply.type('text/plain').send(body);
  });
  t.app.register(async (scope) => {
    scope.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
    scope.post('/api/test/slow-upload', { config: { public: true } }, async (request) => {
      let bytes = 0;
      for await (const chunk of request.body as AsyncIterable<Buffer>) bytes += chunk.length;
      return { success: true, data: { bytes } };
    });
  });
  await t.app.ready();
  token = (await loginAs(t, 'super', { principals: 'root' })).token;
});
afterAll(() => t.close());

/**
 * Keeps the database busy until released, as a long statement or a stuck transaction would: on the
 * embedded database a transaction on its one connection, on PostgreSQL every connection of the pool.
 */
async function holdDatabase(): Promise<() => Promise<void>> {
  const { pglite, pool } = t.database;
  if (pglite) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding!: () => void;
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const done = pglite.transaction(async (tx) => {
      await tx.query('select 1');
      holding();
      await released;
    });
    await held;
    return async () => {
      release();
      await done;
    };
  }
  if (!pool) throw new Error('no database handle to hold');
  const clients = await Promise.all(Array.from({ length: pool.options.max ?? 10 }, () => pool.connect()));
  return async () => {
    for (const c of clients) c.release();
  };
}

const me = () =>
  t.app.inject({ method: 'GET', url: '/api/Users/current', headers: { ...bearer(token), 'accept-language': 'en' } });

describe('the per-request deadline', () => {
  it('answers 503 in the envelope when the database does not answer in time, drops the late answer and serves again', async () => {
    const release = await holdDatabase();
    let late: Awaited<ReturnType<typeof me>>;
    let lateHandler: Awaited<ReturnType<typeof me>>;
    try {
      [late, lateHandler] = await Promise.all([me(), t.app.inject({ method: 'GET', url: '/api/test/query' })]);
    } finally {
      await release();
    }
    expect(lateHandler.statusCode).toBe(503);
    expect(lateHandler.json().code).toBe('REQUEST_TIMEOUT');
    expect(late.statusCode).toBe(503);
    const body = errorEnvelope.parse(late.json());
    expect(body).toMatchObject({ code: 'REQUEST_TIMEOUT', msg: 'The request took too long, please try again later' });
    expect(body.requestId).toBe(late.headers['x-request-id']);

    const again = await me();
    expect(again.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/test/query' })).statusCode).toBe(200);
    expect(again.json().success).toBe(true);
    // The handler of the first request finished once the database answered: its answer was dropped quietly.
    const errors = lines.filter(
      (l) => (l.level as number) >= 50 || String(l.err ? JSON.stringify(l.err) : '').includes('ALREADY_SENT'),
    );
    expect(errors).toEqual([]);
    expect(lines.some((l) => l.requestId === body.requestId && l.level === 40)).toBe(true);
  });
});

describe('the deadline is about answering, not about transfers at the client pace', () => {
  it('lets a download that began in time stream on past the deadline', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/slow-download' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('chunk;'.repeat(6));
  });

  it('waits for a slow upload to arrive before counting the deadline', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/test/slow-upload',
          headers: { 'content-type': 'application/octet-stream' },
        },
        (res) => {
          let body = '';
          res.on('data', (d) => {
            body += d;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      let sent = 0;
      const tick = setInterval(() => {
        req.write(Buffer.alloc(1000, 1));
        if (++sent === 6) {
          clearInterval(tick);
          req.end();
        }
      }, 400);
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).data).toEqual({ bytes: 6000 });
  });
});

describe('the request context', () => {
  it('carries the request id and the deadline to every call, and into every log line of the request', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/context' });
    const id = res.headers['x-request-id'];
    expect(res.json().data).toEqual({ requestId: id, deadlineAhead: true });
    const service = lines.find((l) => l.probe === true);
    expect(service?.requestId).toBe(id);
    const ofRequest = lines.filter((l) => l.requestId === id).map((l) => l.msg);
    expect(ofRequest).toEqual(expect.arrayContaining(['incoming request', 'service line', 'request completed']));
  });

  it('puts the request id in every error answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Users/current' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({
      success: false,
      data: null,
      code: 'UNAUTHORIZED',
      requestId: res.headers['x-request-id'],
    });
  });
});

describe('the database watchdog in /api/health', () => {
  it('answers 503 with the database unresponsive while it does not answer, and 200 once it does again', async () => {
    const health = () => t.app.inject({ method: 'GET', url: '/api/health' });
    const poll = async (status: number) => {
      for (let i = 0; i < 200; i++) {
        const res = await health();
        if (res.statusCode === status) return res;
        await new Promise((r) => setTimeout(r, 100));
      }
      return health();
    };
    expect((await health()).json().data.watchdog.database).toBe('ok');
    const release = await holdDatabase();
    let stuck: Awaited<ReturnType<typeof health>>;
    try {
      stuck = await poll(503);
    } finally {
      await release();
    }
    expect(stuck.statusCode).toBe(503);
    expect(stuck.json().data).toMatchObject({ status: 'degraded', watchdog: { database: 'unresponsive' } });
    expect(stuck.json().data.watchdog.lastAnswerSeconds).toBeGreaterThanOrEqual(1);
    const back = await poll(200);
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toMatchObject({ status: 'ok', database: { status: 'ok' }, watchdog: { database: 'ok' } });
  });
});
