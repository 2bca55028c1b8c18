import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, login } from '../../test/auth';
import { buildTestApp, type TestApp } from '../../test/build-app';
import { createMaterial, picture } from '../../test/media-files';
import { ManualClock } from '../platform/clock';
import { OuterHandleInTransactionError } from './transaction-scope';

// The freeze of issue 11: an operator (its data scope is its account subtree, looked up by a query)
// that edited or deleted an ad opened a transaction whose scope query ran on the outer handle; on the
// embedded database's one connection each waited for the other and the whole server stopped.
let t: TestApp;
let operator: string;
let root: string;
const clock = new ManualClock(new Date('2026-11-22T08:00:00Z'));
const NOW = Math.floor(clock.now().getTime() / 1000);
const EN = { 'accept-language': 'en' };
const MISSING = '0123456789abcdef01234567';

beforeAll(async () => {
  t = await buildTestApp({ clock });
  const ops = await createUser(t, { role: 'super' });
  const op = await createUser(t, { role: 'operator', parentId: ops.id });
  operator = await login(t, op.username, op.password, 'operator');
  const r = await createUser(t, { role: 'super', principals: 'root' });
  root = await login(t, r.username, r.password, 'operator');
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = operator) =>
  t.app.inject({ method, url, headers: { ...bearer(token), ...EN }, ...(payload ? { payload } : {}) });

async function serverStillAnswers() {
  const health = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(200);
  const me = await call('GET', '/api/Users/current');
  expect(me.statusCode).toBe(200);
}

describe('an operator editing and deleting ads', () => {
  it('deleting an ad that does not exist answers 404 and the server keeps serving', async () => {
    const res = await call('DELETE', `/api/Advertisements/${MISSING}`);
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json()).toMatchObject({ success: false, data: null, code: expect.any(String), msg: expect.any(String) });
    await serverStillAnswers();
  });

  it('editing an ad that does not exist answers 404 and the server keeps serving', async () => {
    const pic = await createMaterial(t, operator, 'freeze.png', await picture(1080, 1920));
    const res = await call('PUT', '/api/Advertisements', {
      id: MISSING,
      name: 'Ghost',
      kind: 'picture',
      begin: NOW,
      end: NOW + 86400,
      timeZone: 'Asia/Shanghai',
      resourcesObjs: [[pic.id]],
    });
    expect(res.statusCode, res.body).toBe(404);
    await serverStillAnswers();
  }, 60_000);

  it('creates, edits and deletes its own ad', async () => {
    const pic = await createMaterial(t, operator, 'own.png', await picture(1080, 1920));
    const body = {
      name: 'Operator ad',
      kind: 'picture',
      begin: NOW + 86400,
      end: NOW + 2 * 86400,
      timeZone: 'Asia/Shanghai',
      resourcesObjs: [[pic.id]],
    };
    const created = await call('POST', '/api/Advertisements', body);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id as string;
    const edited = await call('PUT', '/api/Advertisements', { ...body, id, name: 'Operator ad 2' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.name).toBe('Operator ad 2');
    const removed = await call('DELETE', `/api/Advertisements/${id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await call('GET', `/api/Advertisements/${id}`, undefined, root)).statusCode).toBe(404);
    await serverStillAnswers();
  }, 60_000);
});

describe('the transaction scope of ctx.db', () => {
  it('resolves to the open transaction for every query made inside it', async () => {
    const { db } = t.app.ctx;
    await db.execute(sql`create temporary table if not exists scope_probe (v int)`);
    await expect(
      db.transaction(async () => {
        // Written and read through ctx.db, not through the tx argument: both are the transaction.
        await db.execute(sql`insert into scope_probe values (1)`);
        const seen = await db.execute(sql`select count(*)::int as n from scope_probe`);
        expect((seen as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const after = await db.execute(sql`select count(*)::int as n from scope_probe`);
    expect((after as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
  });

  it('opens a savepoint for a transaction inside a transaction', async () => {
    const { db } = t.app.ctx;
    await db.execute(sql`create temporary table if not exists nest_probe (v int)`);
    await db.transaction(async () => {
      await db.execute(sql`insert into nest_probe values (1)`);
      await expect(
        db.transaction(async () => {
          await db.execute(sql`insert into nest_probe values (2)`);
          throw new Error('inner fails');
        }),
      ).rejects.toThrow('inner fails');
    });
    const rows = await db.execute(sql`select v from nest_probe order by v`);
    expect((rows as unknown as { rows: { v: number }[] }).rows.map((r) => r.v)).toEqual([1]);
  });

  it('refuses at once a query on the raw connection inside a transaction, instead of waiting for ever', async () => {
    const { database } = t.app.ctx;
    const raw = database.pglite ?? database.pool;
    expect(raw).toBeTruthy();
    const error = await database.db
      .transaction(async () => {
        await (raw as { query(text: string): Promise<unknown> }).query('select 1');
      })
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(OuterHandleInTransactionError);
    expect((error as Error).message).toContain('transaction');
    // Outside a transaction the raw connection works as before.
    await expect((raw as { query(text: string): Promise<unknown> }).query('select 1')).resolves.toBeTruthy();
    await serverStillAnswers();
  });
});
