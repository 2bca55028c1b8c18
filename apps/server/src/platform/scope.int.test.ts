import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../test/auth';
import { buildTestApp, type TestApp } from '../../test/build-app';
import { accountSubtreeIds, assertCanSeeAccount, assertSameCustomer, dataScope } from './scope';
import type { SessionUser } from './session-user';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const user = (over: Partial<SessionUser> & Pick<SessionUser, 'id' | 'role'>): SessionUser => ({
  username: 'u',
  name: 'U',
  principals: '',
  parentId: null,
  customer: null,
  diy: false,
  autoAudit: false,
  isSoldOut: false,
  projectId: null,
  lang: 'en',
  ...over,
});

describe('data scope', () => {
  it('gives root/admin everything, operators their subtree, others themselves', async () => {
    const top = await createUser(t, { role: 'super' });
    const mid = await createUser(t, { role: 'administrator', parentId: top.id });
    const leaf = await createUser(t, { role: 'project', parentId: mid.id, projectId: 'prop-1' });
    const other = await createUser(t, { role: 'operator' });
    const db = t.app.ctx.db;

    expect(await accountSubtreeIds(db, user({ id: top.id, role: 'super', principals: 'root' }))).toBeNull();
    expect(await accountSubtreeIds(db, user({ id: top.id, role: 'super' }))).toEqual([top.id, mid.id, leaf.id]);
    expect(await accountSubtreeIds(db, user({ id: mid.id, role: 'administrator' }))).toEqual([mid.id, leaf.id]);
    expect(await accountSubtreeIds(db, user({ id: leaf.id, role: 'project' }))).toEqual([leaf.id]);

    await expect(assertCanSeeAccount(db, user({ id: top.id, role: 'super' }), leaf.id)).resolves.toBeUndefined();
    await expect(assertCanSeeAccount(db, user({ id: top.id, role: 'super' }), other.id)).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });

    expect(await dataScope(db, user({ id: leaf.id, role: 'project', projectId: 'prop-1' }))).toEqual({
      kind: 'project',
      projectId: 'prop-1',
      accountId: leaf.id,
    });
    expect(await dataScope(db, user({ id: 'x', role: 'advertisers', customer: 'c1' }))).toMatchObject({
      kind: 'customer',
      customerId: 'c1',
    });
    expect(await dataScope(db, user({ id: 'x', role: 'administrator', principals: 'admin' }))).toEqual({ kind: 'all' });
  });

  it('lets an advertiser reach only its own customer', () => {
    const adv = user({ id: 'a', role: 'advertisers', customer: 'c1' });
    expect(() => assertSameCustomer(adv, 'c1')).not.toThrow();
    expect(() => assertSameCustomer(adv, 'c2')).toThrow();
    expect(() => assertSameCustomer(user({ id: 'b', role: 'advertisers' }), null)).toThrow();
    expect(() => assertSameCustomer(user({ id: 'o', role: 'operator' }), 'c2')).not.toThrow();
  });
});
