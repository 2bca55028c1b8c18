import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createAd, createPlan } from '../../../test/delivery';
import { createRobot } from '../../../test/devices';
import { accountsSeeder, DEMO_PASSWORD } from './accounts.seed';

/**
 * Issue 38: the demo's operators can do an operator's job. The demo tree (README "Demo accounts") is
 * ops > manager > operator1 > adv: operator1 and manager review adv's applications and see its plans, in the
 * plan lists and in the online list of the robots they play on; the regional branch east does not.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // Only this module's demo data (the accounts and their customers); the robot is made here.
  await t.app.ctx.db.transaction((tx) => accountsSeeder.run(tx, { now: new Date(), app: t.app.ctx }));
}, 120_000);
afterAll(() => t.close());

const EN = { 'accept-language': 'en' };
const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: { ...bearer(token), ...EN }, ...(payload ? { payload } : {}) });
const waiting = async (token: string) =>
  (await call('GET', '/api/Ad_Audits/queryByPage?view=review&todo=true&start=0&limit=50', token)).json() as {
    datas: { id: string; playlist: { name: string } }[];
  };
const names = (page: { datas: { playlist: { name: string } }[] }) => page.datas.map((a) => a.playlist.name);

describe('the demo review walk', () => {
  it('adv applies, operator1 sees it waiting and approves; its online list shows the plan on the robot', async () => {
    await createRobot(t, { robotId: 'RBJ1002', name: 'Wanda-02', projectId: null });
    const adv = await login(t, 'adv', DEMO_PASSWORD, 'advertiser');
    const operator1 = await login(t, 'operator1', DEMO_PASSWORD, 'operator');
    const manager = await login(t, 'manager', DEMO_PASSWORD, 'operator');
    const east = await login(t, 'east', DEMO_PASSWORD, 'operator');
    const eastOp = await login(t, 'east_op', DEMO_PASSWORD, 'operator');

    const ad = await createAd(t, adv, 1, 'Walk Ad');
    const plan = await createPlan(t, adv, [ad.id], { name: 'WalkPlan' });
    const applied = await call('POST', '/api/Ad_Audits', adv, {
      playListId: plan.id,
      robotIds: ['RBJ1002'],
      deliveryMode: 'robots',
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const application = applied.json().data as { id: string; steps: { kind: string }[] };
    expect(application.steps.map((s) => s.kind)).toEqual(['operator']);

    // operator1 (adv's parent) and manager (operator1's parent) have it waiting; the east branch does not.
    expect(names(await waiting(operator1))).toContain('WalkPlan');
    expect(names(await waiting(manager))).toContain('WalkPlan');
    expect(names(await waiting(east))).not.toContain('WalkPlan');
    expect(names(await waiting(eastOp))).not.toContain('WalkPlan');
    // ...and see the plan in their plan list.
    const plans = await call('GET', '/api/Playlists/queryByPage_v3?start=0&limit=50', operator1);
    expect(plans.json().datas.map((p: { name: string }) => p.name)).toContain('WalkPlan');

    const approved = await call('POST', '/api/Ad_Audits/confirm', operator1, { id: application.id });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.state).toBe('post');
    expect(names(await waiting(manager))).not.toContain('WalkPlan');

    // /ad/hasPublished of operator1 and manager: WalkPlan, issued to RBJ1002.
    for (const token of [operator1, manager]) {
      const online = await call('GET', '/api/Playlists/queryOnlineAdvertising?start=0&limit=50', token);
      expect(online.json().datas.map((p: { name: string }) => p.name)).toContain('WalkPlan');
      const live = await call('GET', `/api/Ad_Audits/obtailRobotExist?id=${plan.id}&start=0&limit=10`, token);
      expect(live.json()).toMatchObject({ total: 1, datas: [{ robotId: 'RBJ1002', publishState: 'issued' }] });
    }
    const eastOnline = await call('GET', '/api/Playlists/queryOnlineAdvertising?start=0&limit=50', east);
    expect(eastOnline.json().datas.map((p: { name: string }) => p.name)).not.toContain('WalkPlan');
  });

  it('the customers of adv and adv_nodiy are operator1’s, and manager sees them', async () => {
    for (const username of ['operator1', 'manager']) {
      const token = await login(t, username, DEMO_PASSWORD, 'operator');
      const customers = await call('GET', '/api/Customers?start=0&limit=20', token);
      expect(
        customers
          .json()
          .datas.map((c: { name: string }) => c.name)
          .sort(),
      ).toEqual(['Fresh Mart', 'Lucky Coffee']);
    }
  });
});
