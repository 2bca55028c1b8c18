import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-app';
import { overflowingField, PG_OUT_OF_RANGE, sqlStateOf } from './out-of-range';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('numbers too large for their column', () => {
  it('recognises the database refusal, wrapped or not', async () => {
    const err = await t.app.ctx.db.execute(sql`select ${'99999999999'}::int4 as n`).catch((e: unknown) => e);
    expect(sqlStateOf(err)).toBe(PG_OUT_OF_RANGE);
    expect(sqlStateOf({ cause: { cause: { code: '22003' } } })).toBe('22003');
    expect(sqlStateOf(new Error('plain'))).toBeUndefined();
  });

  it('finds the field that overflowed in body, query or path', () => {
    expect(overflowingField({ body: { robotIds: ['SZ0001'], price: 99_999_999_999 } })).toEqual({
      field: 'price',
      value: 99_999_999_999,
    });
    expect(overflowingField({ query: { page: '1', size: '2147483648' } })?.field).toBe('size');
    expect(overflowingField({ body: { items: [{ n: 3 }, { n: -2147483649 }] } })?.field).toBe('items.1.n');
    // Inside the int4 range (a numeric column's precision): the largest number is named.
    expect(overflowingField({ body: { a: 5, b: 123456789.5 } })?.field).toBe('b');
    expect(overflowingField({ body: { name: 'x' } })).toBeNull();
  });
});
