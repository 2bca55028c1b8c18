import { newId } from '@robot-ads/contracts/common/ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createAd, createPlan, deliveryWorld } from '../../../test/delivery';
import { createRobot } from '../../../test/devices';
import { customers } from '../customers/customers.table';
import { liveRobotRefsOfAd } from '../publishing/publishing.service';
import { publishRecords } from '../publishing/publishing.table';
import { BranchesService } from './branches.service';

/** Branches (docs/sales.md): regions, robots in them, the agent's customers, one branch per agent, scope. */
let t: TestApp;
type Login = Awaited<ReturnType<typeof loginAs>>;
let root: Login;
let agent: Login;
let other: Login;
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: Login, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(who.token), 'accept-language': 'en' },
    ...(payload ? { payload } : {}),
  });

beforeAll(async () => {
  t = await buildTestApp();
  root = await loginAs(t, 'super', { principals: 'root' });
  agent = await loginAs(t, 'operator', { name: 'South Agent' });
  other = await loginAs(t, 'operator', { name: 'North Agent' });
  await t.app.ctx.db.insert(customers).values({ id: newId(), name: 'Shenzhen Tea', ownerId: agent.user.id });
  await createRobot(t, { province: 'BranchProv', city: 'CityA' });
  await createRobot(t, { province: 'BranchProv', city: 'CityB' });
  await createRobot(t, { province: 'OtherProv', city: 'CityC' });
});
afterAll(async () => t?.close());

describe('branches', () => {
  it('lists a regional account with its robots, customers and orders', async () => {
    const res = await call('POST', '/api/Branches', root, {
      name: 'South branch',
      accountId: agent.user.id,
      regions: [{ province: 'BranchProv', city: 'CityA' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      accountName: 'South Agent',
      robotCount: 1,
      customerCount: 1,
      orderCount: 0,
    });
    const id = res.json().data.id;
    const wider = await call('PUT', '/api/Branches', root, { id, regions: [{ province: 'BranchProv', city: '' }] });
    expect(wider.json().data.robotCount).toBe(2);
    const robots = (await call('GET', `/api/Branches/robots?id=${id}`, root)).json();
    expect(robots.datas.map((r: { city: string }) => r.city).sort()).toEqual(['CityA', 'CityB']);
    const list = (await call('GET', `/api/Branches/customers?id=${id}`, root)).json();
    expect(list.datas.map((c: { name: string }) => c.name)).toEqual(['Shenzhen Tea']);
    expect((await call('GET', `/api/Branches/orders?id=${id}`, root)).json().total).toBe(0);
    const page = (await call('GET', '/api/Branches/queryByPage?province=BranchProv', root)).json();
    expect(page.total).toBe(1);
  });

  it('refuses a second branch for the same agent, no region, and callers out of scope', async () => {
    const dup = await call('POST', '/api/Branches', root, {
      name: 'Again',
      accountId: agent.user.id,
      regions: [{ province: 'OtherProv' }],
    });
    expect(dup.json().code).toBe('BRANCH_ACCOUNT_TAKEN');
    const none = await call('POST', '/api/Branches', root, { name: 'Empty', accountId: other.user.id, regions: [] });
    expect(none.statusCode).toBe(400);
    expect((await call('GET', '/api/Branches/queryByPage', agent)).json().total).toBe(1);
    expect((await call('GET', '/api/Branches/queryByPage', other)).json().total).toBe(0);
    const adv = await loginAs(t, 'advertisers');
    expect((await call('GET', '/api/Branches/queryByPage', adv)).statusCode).toBe(403);
  });
});

describe('section 8: an online ad linked to a regional account', () => {
  it('counts the branches whose regions hold a robot the ad is live on, and the ad is not deleted', async () => {
    const w = await deliveryWorld(t, 1);
    const ad = await createAd(t, w.adv.token, 1, 'Linked');
    const plan = await createPlan(t, w.adv.token, [ad.id]);
    const robot = await createRobot(t, { province: 'LinkProv', city: 'LinkCity', projectId: w.property.id });
    await t.app.ctx.db.insert(publishRecords).values({
      id: newId(),
      playlistId: plan.id,
      robotRef: robot.id,
      state: 'pulled',
      publishedBy: w.operator.user.id,
    });
    const counter = BranchesService.adRegionalLinkCounter((db, adId) =>
      liveRobotRefsOfAd(db, adId, t.app.ctx.clock.now()),
    );
    expect((await counter(t.app.ctx.db, ad.id)).regionalAccounts).toBe(0);
    const agentWest = await loginAs(t, 'operator');
    await call('POST', '/api/Branches', root, {
      name: 'Link branch',
      accountId: agentWest.user.id,
      regions: [{ province: 'LinkProv', city: 'LinkCity' }],
    });
    expect((await counter(t.app.ctx.db, ad.id)).regionalAccounts).toBe(1);
    const del = await call('DELETE', `/api/Advertisements/${ad.id}`, w.adv);
    expect(del.statusCode).toBe(409);
    expect(del.json().msg).toBe(
      'Deleting an online ad is impossible while devices, accounts or regional accounts are linked',
    );
  });
});
