import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createAd, createPlan, deliveryWorld } from '../../../test/delivery';
import { createProject, createRobot } from '../../../test/devices';
import { ManualClock } from '../../platform/clock';
import { customers } from '../customers/customers.table';
import { markPulled } from './publishing.service';

/**
 * /publish/info (GET /api/Publishes/queryBycondition): publish records across plans, one row per plan
 * and device, paged, filtered and scoped like every plan list; /failedReport is the same list, failed only.
 */
const clock = new ManualClock(new Date('2026-11-22T07:00:00Z'));
/** Between the two publishings: well within the access token's life. */
const GAP = 20 * 60;
let t: TestApp;
let w: Awaited<ReturnType<typeof deliveryWorld>>;
let latte: { id: string; name: string };
let tea: { id: string; name: string };
let shanghai: Awaited<ReturnType<typeof createRobot>>;
let offline: Awaited<ReturnType<typeof createRobot>>;
/** unix seconds of the two publish moments */
let firstPub: number;
let secondPub: number;
let subtreeAdmin: Awaited<ReturnType<typeof loginAs>>;
let outsideAdmin: Awaited<ReturnType<typeof loginAs>>;

interface Row {
  id: string;
  robotId: string;
  name: string;
  state: string;
  pubTime: number | null;
  pullTime: number | null;
  province: string | null;
  city: string | null;
  propertyname: string | null;
  playlistId: string;
  playlistName: string;
  clientId: string | null;
  clientName: string | null;
  failMsg: string | null;
}
interface Page {
  total: number;
  datas: Row[];
}

const EN = { 'accept-language': 'en' };
const get = (url: string, token: string | null, lang: 'en' | 'zh' = 'en') =>
  t.app.inject({
    method: 'GET',
    url,
    headers: { ...(token ? bearer(token) : {}), 'accept-language': lang },
  });
const info = async (query: string, token = w.operator.token): Promise<Page> => {
  const res = await get(`/api/Publishes/queryBycondition?limit=100&${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const unix = () => Math.floor(clock.now().getTime() / 1000);

beforeAll(async () => {
  t = await buildTestApp({ clock });
  w = await deliveryWorld(t, 3);
  const latteAd = await createAd(t, w.adv.token, 1, 'Latte ad');
  const teaAd = await createAd(t, w.otherAdv.token, 1, 'Tea ad');
  latte = await createPlan(t, w.adv.token, [latteAd.id], { name: 'Latte Info Week' });
  tea = await createPlan(t, w.otherAdv.token, [teaAd.id], { name: 'Green Tea Days' });
  const shanghaiMall = await createProject(t, { name: 'Bund Centre', province: '上海市', city: '上海市' });
  shanghai = await createRobot(t, { projectId: shanghaiMall.id, province: '上海市', city: '上海市' });
  offline = await createRobot(t, { projectId: w.property.id, activated: false });
  const publish = async (playListId: string, robotIds: string[]) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Playlists/publishWithRobots',
      headers: { ...bearer(w.operator.token), ...EN },
      payload: { playListId, robotIds },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  // First: the latte plan on the three Sunny Mall devices, and a refused (not activated) one: failed.
  firstPub = unix();
  await publish(latte.id, [...w.robots.map((r) => r.robotId), offline.robotId]);
  await markPulled(t.app.ctx, w.robots[0]!.id, [latte.id], new Date(clock.now().getTime() + 600_000));
  // Twenty minutes later: the tea plan on two Auto Plaza devices and the Shanghai one; one of them cancelled.
  clock.advance(GAP * 1000);
  secondPub = unix();
  await publish(tea.id, [w.autoRobots[0]!.robotId, w.autoRobots[1]!.robotId, shanghai.robotId]);
  const cancel = await t.app.inject({
    method: 'POST',
    url: '/api/Playlists/cancelPlayListByrobots',
    headers: { ...bearer(w.operator.token), ...EN },
    payload: { playListId: tea.id, robotIds: [w.autoRobots[1]!.robotId], reason: 'Store closed' },
  });
  expect(cancel.json().data.cancelled).toBe(1);

  // Lucky Coffee (the latte plan's customer) is managed by a child account of an administrator: the
  // administrator's subtree covers it. Another administrator is outside that subtree.
  subtreeAdmin = await loginAs(t, 'administrator');
  const child = await loginAs(t, 'administrator', { parentId: subtreeAdmin.user.id });
  await t.app.ctx.db.update(customers).set({ ownerId: child.user.id }).where(eq(customers.id, w.customerId));
  outsideAdmin = await loginAs(t, 'administrator');
});
afterAll(async () => {
  await t?.close();
});

describe('delivery info list', () => {
  it('lists every record with its plan, customer, device, region, property, state and times', async () => {
    const all = await info('');
    expect(all.total).toBe(7);
    const pulled = all.datas.find((r) => r.robotId === w.robots[0]!.robotId);
    expect(pulled).toMatchObject({
      playlistId: latte.id,
      playlistName: 'Latte Info Week',
      clientId: w.customerId,
      clientName: 'Lucky Coffee',
      name: w.robots[0]!.name,
      state: 'pulled',
      pubTime: firstPub,
      pullTime: firstPub + 600,
      province: '广东省',
      city: '深圳市',
      propertyname: w.property.name,
    });
    const failed = all.datas.find((r) => r.robotId === offline.robotId);
    expect(failed).toMatchObject({ state: 'failed', pubTime: null, failMsg: 'Device is not activated' });
    const inShanghai = all.datas.find((r) => r.robotId === shanghai.robotId);
    expect(inShanghai).toMatchObject({ clientName: 'Other Tea', propertyname: 'Bund Centre', state: 'issued' });
    // Newest first: the tea plan's records come before the latte plan's.
    expect(all.datas.slice(0, 3).every((r) => r.playlistId === tea.id)).toBe(true);
  });

  it('pages on the server with start and limit', async () => {
    const all = await info('');
    const pages: Row[] = [];
    for (let start = 0; start < 7; start += 3) {
      const res = await get(`/api/Publishes/queryBycondition?start=${start}&limit=3`, w.operator.token);
      const page: Page = res.json();
      expect(page.total).toBe(7);
      expect(page.datas.length).toBe(Math.min(3, 7 - start));
      pages.push(...page.datas);
    }
    expect(pages.map((r) => r.id)).toEqual(all.datas.map((r) => r.id));
    const beyond = await get('/api/Publishes/queryBycondition?start=20&limit=3', w.operator.token);
    expect(beyond.json()).toMatchObject({ total: 7, datas: [] });
  });

  it('filters by plan name, device ID, state, customer, province, city and publish-time range', async () => {
    const byName = await info('name=latte%20info');
    expect(byName.total).toBe(4);
    expect(new Set(byName.datas.map((r) => r.playlistName))).toEqual(new Set(['Latte Info Week']));

    const byRobot = await info(`robotId=${shanghai.robotId.slice(-5)}`);
    expect(byRobot.datas.map((r) => r.robotId)).toEqual([shanghai.robotId]);

    expect((await info('state=pulled')).datas.map((r) => r.robotId)).toEqual([w.robots[0]!.robotId]);
    expect((await info('state=cancelled')).datas.map((r) => r.robotId)).toEqual([w.autoRobots[1]!.robotId]);
    expect((await info('state=failed')).datas.map((r) => r.robotId)).toEqual([offline.robotId]);
    expect((await info('state=issued')).total).toBe(4);

    const byClient = await info(`clientId=${w.otherCustomerId}`);
    expect(byClient.total).toBe(3);
    expect(new Set(byClient.datas.map((r) => r.clientName))).toEqual(new Set(['Other Tea']));

    const byProvince = await info(`province=${encodeURIComponent('上海市')}`);
    expect(byProvince.datas.map((r) => r.robotId)).toEqual([shanghai.robotId]);
    const byCity = await info(`city=${encodeURIComponent('深圳市')}`);
    expect(byCity.total).toBe(6);
    expect(byCity.datas.some((r) => r.robotId === shanghai.robotId)).toBe(false);

    // Before the second publishing: the latte plan's published records (the failed one never was).
    const early = await info(`beginTime=${firstPub - 60}&endTime=${secondPub - 1}`);
    expect(early.total).toBe(3);
    expect(early.datas.every((r) => r.playlistId === latte.id && r.pubTime === firstPub)).toBe(true);
    const fromSecond = await info(`beginTime=${secondPub}`);
    expect(fromSecond.datas.every((r) => r.playlistId === tea.id)).toBe(true);
    expect(fromSecond.total).toBe(3);
    expect((await info(`endTime=${firstPub - 1}`)).total).toBe(0);

    // Filters combine.
    const combined = await info(`clientId=${w.otherCustomerId}&state=issued&city=${encodeURIComponent('深圳市')}`);
    expect(combined.datas.map((r) => r.robotId)).toEqual([w.autoRobots[0]!.robotId]);
  });
});

describe('scope and access', () => {
  it('shows an operator only the plans its subtree manages; one outside the subtree sees no rows', async () => {
    const mine = await info('', subtreeAdmin.token);
    expect(mine.total).toBe(4);
    expect(new Set(mine.datas.map((r) => r.playlistName))).toEqual(new Set(['Latte Info Week']));
    expect(await info('', outsideAdmin.token)).toEqual({ success: true, total: 0, datas: [] });
    // Naming another subtree's customer does not widen the scope.
    expect((await info(`clientId=${w.otherCustomerId}`, subtreeAdmin.token)).total).toBe(0);
  });

  it('refuses roles the delivery info menu is not for, and anonymous callers', async () => {
    const adv = await get('/api/Publishes/queryBycondition', w.adv.token);
    expect(adv.statusCode).toBe(403);
    expect(adv.json().msg).toBe('The account does not have permissions');
    expect((await get('/api/Publishes/queryBycondition', w.owner.token)).statusCode).toBe(403);
    const anonymous = await get('/api/Publishes/queryBycondition', null);
    expect(anonymous.statusCode).toBe(401);
  });

  it('names the bad parameter, in the caller’s language', async () => {
    const state = await get('/api/Publishes/queryBycondition?state=lost', w.operator.token);
    expect(state.statusCode).toBe(400);
    expect(state.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'state' });
    const client = await get('/api/Publishes/queryBycondition?clientId=nobody', w.operator.token);
    expect(client.json()).toMatchObject({ field: 'clientId', msg: 'clientId: The customer does not exist' });
    const clientZh = await get('/api/Publishes/queryBycondition?clientId=nobody', w.operator.token, 'zh');
    expect(clientZh.json()).toMatchObject({ field: 'clientId', msg: 'clientId：客户不存在' });
    const backwards = await get(
      `/api/Publishes/queryBycondition?beginTime=${secondPub}&endTime=${firstPub}`,
      w.operator.token,
    );
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({
      field: 'endTime',
      msg: 'endTime: The end time must be later than the start time',
    });
    const time = await get('/api/Publishes/queryBycondition?beginTime=yesterday', w.operator.token);
    expect(time.statusCode).toBe(400);
    expect(time.json().field).toBe('beginTime');
    const limit = await get('/api/Publishes/queryBycondition?limit=0', w.operator.token);
    expect(limit.json()).toMatchObject({ field: 'limit' });
  });
});

describe('failed report is the same list, failed only', () => {
  it('lists the failed records the caller may see, whatever state is asked for', async () => {
    const report = await get('/api/Publishes/failedReport?start=0&limit=20&state=pulled', w.operator.token);
    expect(report.statusCode, report.body).toBe(200);
    const failedInfo = await info('state=failed');
    expect(report.json()).toEqual(failedInfo);
    expect(report.json().datas[0]).toMatchObject({ playlistName: 'Latte Info Week', clientName: 'Lucky Coffee' });
    // A failed record was never published, but the report says when the attempt was made.
    expect(report.json().datas[0].pubTime).toBeNull();
    expect(report.json().datas[0].createTime).toBeGreaterThan(0);
    // Advertisers see their own customer's failures only.
    expect((await get('/api/Publishes/failedReport', w.adv.token)).json().total).toBe(1);
    expect((await get('/api/Publishes/failedReport', w.otherAdv.token)).json()).toMatchObject({ total: 0, datas: [] });
    // A property account sees the failures on its own devices only.
    expect((await get('/api/Publishes/failedReport', w.owner.token)).json().total).toBe(1);
    expect((await get('/api/Publishes/failedReport', w.ownerAuto.token)).json().total).toBe(0);
    // Filters of the delivery info list apply to the report too.
    const byClient = await get(`/api/Publishes/failedReport?clientId=${w.otherCustomerId}`, w.operator.token);
    expect(byClient.json().total).toBe(0);
  });
});
