import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const entry = (message: string) => ({
  url: 'http://localhost:8080/ad/List',
  time: 1_760_000_000,
  type: 'error',
  message,
  stack: 'TypeError: x is undefined\n    at List (list.tsx:10:5)',
  info: 'list.tsx:10:5',
});

describe('front-end error log', () => {
  it('accepts entries from a logged-in user and lists them for root only', async () => {
    const op = await loginAs(t, 'operator');
    const one = await t.app.inject({
      method: 'POST',
      url: '/api/ErrorLogs',
      headers: bearer(op.token),
      payload: entry('boom'),
    });
    expect(one.json()).toEqual({ success: true, data: { accepted: 1 } });
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/ErrorLogs', payload: [entry('a'), entry('b')] });
    expect(anonymous.json().data.accepted).toBe(2);

    expect((await t.app.inject({ method: 'GET', url: '/api/ErrorLogs', headers: bearer(op.token) })).statusCode).toBe(
      403,
    );
    const root = await loginAs(t, 'super', { principals: 'root' });
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/ErrorLogs?start=0&limit=10',
      headers: bearer(root.token),
    });
    expect(list.json().total).toBe(3);
    const boom = list.json().datas.find((d: { message: string }) => d.message === 'boom');
    expect(boom).toMatchObject({ username: op.user.username, type: 'error', url: 'http://localhost:8080/ad/List' });

    const filtered = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/ErrorLogs?${query}`, headers: bearer(root.token) })).json();
    expect((await filtered(`username=${op.user.username}`)).total).toBe(1);
    expect((await filtered('keyword=BOO')).datas.map((d: { message: string }) => d.message)).toEqual(['boom']);
    expect((await filtered('keyword=ad%2FList')).total).toBe(3);
    expect((await filtered('begin=4000000000')).total).toBe(0);
    expect((await filtered('end=4000000000&type=error')).total).toBe(3);
  });

  it('refuses oversized entries and batches', async () => {
    const huge = await t.app.inject({ method: 'POST', url: '/api/ErrorLogs', payload: entry('x'.repeat(3000)) });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().field).toBe('message');
    const many = await t.app.inject({
      method: 'POST',
      url: '/api/ErrorLogs',
      payload: Array.from({ length: 21 }, (_, i) => entry(`e${i}`)),
    });
    expect(many.statusCode).toBe(400);
  });

  it('limits the rate per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/ErrorLogs',
        payload: entry(`r${i}`),
        remoteAddress: '10.9.9.9',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toContain(429);
  });
});
