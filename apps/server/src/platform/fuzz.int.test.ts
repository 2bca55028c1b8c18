import net from 'node:net';
import { errorEnvelope } from '@robot-ads/contracts/common/envelope';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app';
import { type Caller, makeCallers } from '../../test/fuzz/callers';
import { FUZZ_SECRETS_ENV, runFuzz, summarize } from '../../test/fuzz/run';

/** Fixed in `npm test`; `npm run fuzz` runs longer with a random seed (tools/fuzz.ts). */
const SEED = 20_261_125;

let t: TestApp;
let callers: Caller[];
beforeAll(async () => {
  // With the job queue running, as the server runs: the exports a valid input starts are queued.
  t = await buildTestApp({ env: FUZZ_SECRETS_ENV, startJobs: true });
  const made = await makeCallers(t);
  callers = made.callers;
  made.secrets.values.push(FUZZ_SECRETS_ENV.JWT_SECRET, FUZZ_SECRETS_ENV.STORAGE_SECRET);
  secrets = made.secrets.values;
});
let secrets: string[] = [];
afterAll(() => t.close());

const tokenOf = (name: string) => callers.find((c) => c.name === name)?.headers ?? {};

describe('the API under fuzz', () => {
  it('answers every operation, as every role, anonymous and a device, valid and wrong inputs: no 5xx, no hang, envelopes, no secrets', async () => {
    const result = await runFuzz({
      app: t.app,
      callers,
      secrets: { values: secrets },
      seed: SEED,
      perOperation: 5,
      answerWithinMs: 20_000,
    });
    expect(result.operations).toBeGreaterThan(150);
    expect(result.requests).toBeGreaterThan(2000);
    // The generated valid inputs get through often enough to reach the services, not only validation. One in 12:
    // since the sales, shooting and open-platform calls (325 operations), many valid requests name an order, a
    // requirement or a plan that does not exist, or need the DIY flag (bills): their 404/422 still reach services.
    expect(result.statuses['2xx'] ?? 0).toBeGreaterThan(result.requests / 12);
    // Every numeric field meets a number past the int4 range: most are answered a 2xx or a 400 naming that
    // field; the rest met an earlier refusal of their own valid request (see outOfRangeProblem), and a
    // different answer is a finding.
    expect(result.outOfRange.sent).toBeGreaterThan(150);
    expect(result.outOfRange.storedOrNamed).toBeGreaterThan(result.outOfRange.sent * 0.75);
    expect(summarize(result.findings)).toEqual([]);
  }, 480_000);

  it('refuses a NUL character in a text parameter with 400 naming the field, in the caller language', async () => {
    const query = await t.app.inject({
      method: 'GET',
      url: '/api/Users?name=a%00b',
      headers: { ...tokenOf('root'), 'accept-language': 'en' },
    });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ success: false, data: null, code: 'VALIDATION_FAILED', field: 'name' });
    expect(query.json().msg).toBe('name: must not contain a NUL character');
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/Users/v2_2_login',
      payload: { username: 'root\u0000', password: 'x' },
    });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'username' });
    expect(body.json().msg).toBe('username：不能包含空字符（NUL）');
    const path = await t.app.inject({ method: 'DELETE', url: '/api/AdvertGroups/a%00b', headers: tokenOf('root') });
    expect(path.statusCode).toBe(400);
    expect(path.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'id' });
  });

  it("answers the framework's own refusals in the envelope: unknown route, wrong content type, bad JSON, over-long path", async () => {
    const en = { ...tokenOf('root'), 'accept-language': 'en' };
    const cases = [
      { req: { method: 'GET' as const, url: '/api/NoSuchThing' }, status: 404, code: 'API_NOT_FOUND' },
      {
        req: {
          method: 'POST' as const,
          url: '/api/Customers',
          headers: { 'content-type': 'application/xml' },
          payload: '<a/>',
        },
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        msg: 'Unsupported content type: application/xml',
      },
      {
        req: {
          method: 'POST' as const,
          url: '/api/Customers',
          headers: { 'content-type': 'application/json' },
          payload: '{"name":',
        },
        status: 400,
        code: 'INVALID_JSON',
        msg: 'The request body is not valid JSON',
      },
      {
        req: {
          method: 'POST' as const,
          url: '/api/Customers',
          headers: { 'content-type': 'application/json' },
          payload: '',
        },
        status: 400,
        code: 'EMPTY_JSON_BODY',
      },
      { req: { method: 'GET' as const, url: `/api/Customers/${'z'.repeat(300)}` }, status: 414, code: 'URL_TOO_LONG' },
      {
        req: {
          method: 'POST' as const,
          url: '/api/Devices/importCheck',
          headers: { 'content-type': 'multipart/form-data' },
          payload: 'x',
        },
        status: 400,
        code: 'BAD_REQUEST',
      },
    ];
    for (const c of cases) {
      const res = await t.app.inject({ ...c.req, headers: { ...en, ...c.req.headers } });
      expect(res.statusCode, `${c.req.method} ${c.req.url}: ${res.body}`).toBe(c.status);
      const body = errorEnvelope.parse(res.json());
      expect(body.code).toBe(c.code);
      expect(body.requestId).toBe(res.headers['x-request-id']);
      if (c.msg) expect(body.msg).toBe(c.msg);
    }
  });
});

/** Sends raw bytes to the listening server and returns the raw answer (the socket is closed by the server). */
function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.on('data', (d) => {
      answer += d.toString('utf8');
    });
    socket.on('end', () => resolve(answer));
    socket.on('error', (err) => (answer ? resolve(answer) : reject(err)));
    socket.write(bytes);
  });
}

function envelopeOf(answer: string) {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), body: errorEnvelope.parse(JSON.parse(body)) };
}

describe('requests the HTTP parser refuses, over a real socket', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  it('answers a 100 KB URL with 431 in the envelope, in the caller language', async () => {
    const answer = await rawRequest(
      port,
      `GET /api/Users?name=${'x'.repeat(100_000)} HTTP/1.1\r\nHost: x\r\nAccept-Language: en\r\n\r\n`,
    );
    const { status, body } = envelopeOf(answer);
    expect(status).toBe(431);
    expect(body.code).toBe('HEADERS_TOO_LARGE');
    expect(body.requestId).toMatch(/^[0-9a-f]{24}$/);
  });

  it('answers a malformed request line with 400 in the envelope', async () => {
    const { status, body } = envelopeOf(await rawRequest(port, 'GARBAGE\r\n\r\n'));
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, data: null, code: 'BAD_HTTP_REQUEST', msg: 'HTTP 请求格式错误' });
  });

  it('keeps serving afterwards', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/Users/current`, { headers: tokenOf('root') });
    expect(res.status).toBe(200);
  });
});
