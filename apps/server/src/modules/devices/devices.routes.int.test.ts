import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createProject, createRobot } from '../../../test/devices';

let t: TestApp;
let op: Record<string, string>;
let owner: Record<string, string>;
let adv: Record<string, string>;
let mine: { id: string };
let other: { id: string };
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await buildTestApp();
  mine = await createProject(t, { name: 'Harbour City' });
  other = await createProject(t, { name: 'Sky Mall' });
  op = bearer((await loginAs(t, 'super', { principals: 'root' })).token);
  owner = bearer((await loginAs(t, 'project', { projectId: mine.id })).token);
  adv = bearer((await loginAs(t, 'advertisers', {})).token);
  // Shenzhen (114.06, 22.54): three robots at 0, ~2 km and ~8 km; one elsewhere.
  await createRobot(t, {
    robotId: 'SZ0001',
    name: 'Lobby A',
    projectId: mine.id,
    lng: 114.06,
    lat: 22.54,
    type: 'service',
  });
  await createRobot(t, {
    robotId: 'SZ0002',
    name: 'Lobby B',
    projectId: mine.id,
    lng: 114.08,
    lat: 22.54,
    type: 'welcome',
  });
  await createRobot(t, {
    robotId: 'SZ0003',
    name: 'Far gate',
    projectId: other.id,
    lng: 114.14,
    lat: 22.54,
    type: 'gate',
  });
  await createRobot(t, {
    robotId: 'BJ0001',
    name: 'Beijing',
    projectId: other.id,
    lng: 116.4,
    lat: 39.9,
    province: '北京市',
    city: '北京市',
  });
  await createRobot(t, { robotId: 'NA0001', name: 'Fresh', activated: false, projectId: other.id });
  await createRobot(t, {
    robotId: 'EX0001',
    name: 'Old',
    expireAt: new Date(Date.now() - 86400000),
    projectId: other.id,
  });
  await createRobot(t, { robotId: 'UN0001', name: 'Stored', inUse: false, projectId: mine.id });
  await createRobot(t, { robotId: 'BL0001', name: 'Blocked', listType: 'blacklist', projectId: other.id });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object });

describe('Devices/queryRobotInfo', () => {
  it('pages every device for an operator with all fields', async () => {
    const res = await get('/api/Devices/queryRobotInfo?start=0&limit=3', op);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.total).toBe(8);
    expect(body.datas).toHaveLength(3);
    const next = (await get('/api/Devices/queryRobotInfo?start=3&limit=3', op)).json();
    expect(next.datas[0].robotId).not.toBe(body.datas[0].robotId);
    const one = (await get('/api/Devices/queryRobotInfo?robotId=SZ0001', op)).json().datas[0];
    expect(one).toMatchObject({
      robotId: 'SZ0001',
      propertyname: 'Harbour City',
      state: 'offline',
      remainingSlots: 15,
      resourceNumber: 0,
      install: { panoramaList: [] },
    });
    expect(one).not.toHaveProperty('activationSecretHash');
  });

  it('filters by type, state and property on the server', async () => {
    expect(
      (await get('/api/Devices/queryRobotInfo?type=gate', op)).json().datas.map((r: { robotId: string }) => r.robotId),
    ).toEqual(['SZ0003']);
    expect((await get('/api/Devices/queryRobotInfo?state=notActivated', op)).json().datas[0].robotId).toBe('NA0001');
    expect((await get('/api/Devices/queryRobotInfo?state=expired', op)).json().datas[0].robotId).toBe('EX0001');
    expect((await get('/api/Devices/queryRobotInfo?state=unused', op)).json().datas[0].robotId).toBe('UN0001');
    expect((await get('/api/Devices/queryRobotInfo?propertyname=Harbour', op)).json().total).toBe(3);
  });

  it('filters by distance within 1, 3, 5 or 10 km, nearest first', async () => {
    const within = async (km: number) =>
      (await get(`/api/Devices/queryRobotInfo?lng=114.06&lat=22.54&distance=${km}`, op))
        .json()
        .datas.map((r: { robotId: string }) => r.robotId);
    expect(await within(1)).toEqual(['SZ0001']);
    expect(await within(3)).toEqual(['SZ0001', 'SZ0002']);
    expect(await within(10)).toEqual(['SZ0001', 'SZ0002', 'SZ0003']);
    const bad = await get('/api/Devices/queryRobotInfo?lng=114.06&lat=22.54&distance=2', { ...op, ...en });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('distance');
    const noPoint = await get('/api/Devices/queryRobotInfo?distance=3', { ...op, ...en });
    expect(noPoint.statusCode).toBe(400);
    expect(noPoint.json().code).toBe('DISTANCE_NEEDS_POINT');
  });

  it('limits a project account to its own property', async () => {
    const res = (await get('/api/Devices/queryRobotInfo?limit=100', owner)).json();
    expect(res.datas.map((r: { robotId: string }) => r.robotId).sort()).toEqual(['SZ0001', 'SZ0002', 'UN0001']);
    const foreign = (await get('/api/Devices/queryRobotInfo?projectId=' + other.id, owner)).json();
    expect(foreign.total).toBe(0);
  });

  it('shows an advertiser only the devices delivery can use', async () => {
    const res = (await get('/api/Devices/queryRobotInfo?limit=100', adv)).json();
    const ids = res.datas.map((r: { robotId: string }) => r.robotId).sort();
    expect(ids).toEqual(['BJ0001', 'SZ0001', 'SZ0002', 'SZ0003']);
  });

  it('refuses anonymous callers', async () => {
    expect((await get('/api/Devices/queryRobotInfo', {})).statusCode).toBe(401);
  });
});

describe('Devices/robotBaseInfo, setInfo, setPrice', () => {
  it('gives the details of a visible robot and hides others', async () => {
    const res = await get('/api/Devices/robotBaseInfo?robotId=SZ0001', owner);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ robotId: 'SZ0001', transitions: [], hasToken: false });
    expect((await get('/api/Devices/robotBaseInfo?robotId=SZ0003', owner)).statusCode).toBe(404);
    expect((await get('/api/Devices/robotBaseInfo?robotId=NA0001', adv)).statusCode).toBe(404);
  });

  it('lets an operator change every field, validating them', async () => {
    const changes = {
      name: 'Lobby Bee',
      salesType: 'rental',
      isThereAContract: true,
      screenRatio: '1920_1080',
      template: 2,
      price: 99.5,
      sceneName: 'Lobby',
    };
    const panoramaList = [{ filePath: 'pano/1.jpg' }];
    const res = await post('/api/Devices/setInfo', op, { robotId: 'SZ0002', ...changes, panoramaList });
    expect(res.statusCode).toBe(200);
    // Every field as sent; the panoramas are kept with the installation record.
    expect(res.json().data).toMatchObject({ ...changes, install: { panoramaList } });
    const short = await post('/api/Devices/setInfo', { ...op, ...en }, { robotId: 'SZ0002', name: 'x' });
    expect(short.statusCode).toBe(400);
    expect(short.json().msg).toContain('Names are 2-15 characters');
    const ratio = await post('/api/Devices/setInfo', op, { robotId: 'SZ0002', screenRatio: '1_1' });
    expect(ratio.statusCode).toBe(400);
  });

  it('lets a project account change a few fields of its own devices only', async () => {
    const ok = await post('/api/Devices/setInfo', owner, { robotId: 'SZ0001', name: 'Front desk', postAds: false });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ name: 'Front desk', postAds: false });
    const field = await post('/api/Devices/setInfo', owner, { robotId: 'SZ0001', price: 10 });
    expect(field.statusCode).toBe(403);
    const foreign = await post('/api/Devices/setInfo', owner, { robotId: 'SZ0003', name: 'Mine now' });
    expect(foreign.statusCode).toBe(404);
    const byAdv = await post('/api/Devices/setInfo', adv, { robotId: 'SZ0001', name: 'Ad' });
    expect(byAdv.statusCode).toBe(403);
    await post('/api/Devices/setInfo', owner, { robotId: 'SZ0001', postAds: true });
  });

  it('sets the price per week: above zero with at most 2 decimals', async () => {
    for (const price of [0, -1, 1.234]) {
      const res = await post('/api/Devices/setPrice', { ...op, ...en }, { robotIds: ['SZ0001'], price });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain('above zero with at most 2 decimals');
    }
    // Beyond what the fen column holds: a 400 naming the field (it was a 500, PostgreSQL 22003).
    for (const price of [99_999_999_999, 21_474_836.48]) {
      const res = await post('/api/Devices/setPrice', { ...op, ...en }, { robotIds: ['SZ0001'], price });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'price' });
      expect(res.json().msg).toMatch(/^price: /);
    }
    const most = await post('/api/Devices/setPrice', op, { robotIds: ['SZ0001'], price: 21_474_836.47 });
    expect(most.statusCode).toBe(200);
    const ok = await post('/api/Devices/setPrice', op, { robotIds: ['SZ0001', 'SZ0003'], price: 120.25 });
    expect(ok.json().data.updated).toBe(2);
    expect((await get('/api/Devices/robotBaseInfo?robotId=SZ0003', op)).json().data.price).toBe(120.25);
    await post('/api/Devices/setPrice', op, { robotIds: ['SZ0003'], price: 130 });
    const history = (await get('/api/Devices/priceHistory?robotId=SZ0003', op)).json();
    expect(history.total).toBe(2);
    expect(history.datas.map((h: { newPrice: number }) => h.newPrice)).toEqual([130, 120.25]);
    expect(history.datas[0].oldPrice).toBe(120.25);
    expect((await get('/api/Devices/priceHistory', owner)).statusCode).toBe(403);
    expect((await post('/api/Devices/setPrice', owner, { robotIds: ['SZ0001'], price: 1 })).statusCode).toBe(403);
    expect((await post('/api/Devices/setPrice', op, { robotIds: ['NOPE0001'], price: 1 })).statusCode).toBe(422);
  });

  it('registers robots, refusing a duplicate ID', async () => {
    const body = { robotId: 'NEW00001', name: 'New one', type: 'voca', projectId: mine.id, lng: 113.3, lat: 23.1 };
    const res = await post('/api/Devices', op, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ robotId: 'NEW00001', state: 'notActivated', propertyname: 'Harbour City' });
    const dup = await post('/api/Devices', { ...op, ...en }, body);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe('The device ID already exists');
    expect((await post('/api/Devices', owner, { ...body, robotId: 'NEW00002' })).statusCode).toBe(403);
    const badType = await post('/api/Devices', op, { ...body, robotId: 'NEW00003', type: 'toaster' });
    expect(badType.statusCode).toBe(400);
  });

  it('shows remaining slots as 15 minus used, never below 0', async () => {
    const robot = await createRobot(t, { robotId: 'SLOT0001' });
    const full = await createRobot(t, { robotId: 'SLOT0002' });
    t.app.ctx.usedSlots = async (_db, refs) =>
      new Map(refs.map((r) => [r, r === robot.id ? 6 : r === full.id ? 20 : 0]));
    try {
      expect((await get('/api/Devices/robotBaseInfo?robotId=SLOT0001', op)).json().data).toMatchObject({
        resourceNumber: 6,
        remainingSlots: 9,
      });
      expect((await get('/api/Devices/robotBaseInfo?robotId=SLOT0002', op)).json().data.remainingSlots).toBe(0);
    } finally {
      t.app.ctx.usedSlots = async () => new Map();
    }
  });
});

describe('StatisDevices', () => {
  it('counts devices by state and type for the board, in scope', async () => {
    const board = (await get('/api/StatisDevices/queryRobotInfo', op)).json().data;
    expect(board.byState.notActivated).toBeGreaterThanOrEqual(1);
    expect(board.byState.expired).toBe(1);
    expect(board.byType.find((x: { type: string }) => x.type === 'gate').total).toBe(1);
    expect(board.byType).toHaveLength(19);
    const mineBoard = (await get('/api/StatisDevices/queryRobotInfo', owner)).json().data;
    expect(mineBoard.total).toBeLessThan(board.total);
    expect((await get('/api/StatisDevices/queryRobotInfo', adv)).statusCode).toBe(403);
  });

  it('gives located devices as map points, filtered by province, type and state', async () => {
    const all = (await get('/api/StatisDevices/queryRobotInfoSimple', op)).json().data;
    expect(all.length).toBeGreaterThanOrEqual(5);
    const bj = (
      await get(`/api/StatisDevices/queryRobotInfoSimple?province=${encodeURIComponent('北京市')}`, op)
    ).json().data;
    expect(bj.map((p: { robotId: string }) => p.robotId)).toEqual(['BJ0001']);
    const gates = (await get('/api/StatisDevices/queryRobotInfoSimple?type=gate&state=offline', op)).json().data;
    expect(gates).toEqual([expect.objectContaining({ robotId: 'SZ0003', state: 'offline', lng: 114.14 })]);
    const ownerPoints = (await get('/api/StatisDevices/queryRobotInfoSimple', owner)).json().data;
    expect(ownerPoints.every((p: { robotId: string }) => ['SZ0001', 'SZ0002', 'NEW00001'].includes(p.robotId))).toBe(
      true,
    );
  });
});

describe('Projects and Proprietors', () => {
  it('lists property types and visible properties', async () => {
    const types = (await get('/api/Projects/types', { ...op, ...en })).json().data;
    expect(types.map((x: { value: string }) => x.value)).toEqual(['project', 'movie', 'common']);
    const all = (await get('/api/Projects/findAll', op)).json().data;
    expect(all.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['Harbour City', 'Sky Mall']));
    const own = (await get('/api/Projects/findAll', owner)).json().data;
    expect(own.map((p: { name: string }) => p.name)).toEqual(['Harbour City']);
  });

  it('creates several properties, refusing duplicates and bad names', async () => {
    const res = await post('/api/Proprietors/createMultiple', op, {
      projects: [{ name: 'Cinema One', type: 'movie' }, { name: 'Office Park' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(2);
    const dup = await post(
      '/api/Proprietors/createMultiple',
      { ...op, ...en },
      { projects: [{ name: 'Zeta' }, { name: 'Sky Mall' }] },
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ code: 'PROJECT_NAME_EXISTS', field: 'projects.1.name' });
    expect((await get('/api/Projects/findAll?name=Zeta', op)).json().data).toHaveLength(0);
    const short = await post('/api/Proprietors/createMultiple', op, { projects: [{ name: 'Z' }] });
    expect(short.statusCode).toBe(400);
    expect((await post('/api/Proprietors/createMultiple', owner, { projects: [{ name: 'Mine' }] })).statusCode).toBe(
      403,
    );
  });

  it('pages properties, shows one, and lists its robots in scope', async () => {
    const page = (await get('/api/Proprietors/querybypage?start=0&limit=2', op)).json();
    expect(page.total).toBeGreaterThanOrEqual(4);
    expect(page.datas).toHaveLength(2);
    const own = (await get('/api/Proprietors/queryProject', owner)).json().data;
    expect(own).toMatchObject({ name: 'Harbour City' });
    expect(own.robotCount).toBeGreaterThanOrEqual(3);
    expect((await get(`/api/Proprietors/queryProject?id=${other.id}`, owner)).statusCode).toBe(404);
    const robots = (await get(`/api/Proprietors/queryRobotsByPage?projectId=${other.id}`, owner)).json();
    expect(robots.datas.every((r: { projectId: string }) => r.projectId === mine.id)).toBe(true);
    const opRobots = (await get(`/api/Proprietors/queryRobotsByPage?projectId=${other.id}&limit=50`, op)).json();
    expect(opRobots.datas.every((r: { projectId: string }) => r.projectId === other.id)).toBe(true);
    expect(opRobots.total).toBe(5);
  });

  it('updates and deletes properties, refusing to delete one with devices', async () => {
    const [created] = (await post('/api/Proprietors/createMultiple', op, { projects: [{ name: 'Temp Plaza' }] })).json()
      .data;
    const upd = await post('/api/Proprietors/update', op, { id: created.id, city: '广州市' });
    expect(upd.json().data.city).toBe('广州市');
    const dupName = await post('/api/Proprietors/update', op, { id: created.id, name: 'Sky Mall' });
    expect(dupName.statusCode).toBe(409);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/Proprietors/${created.id}`, headers: op });
    expect(del.statusCode).toBe(200);
    const busy = await t.app.inject({
      method: 'DELETE',
      url: `/api/Proprietors/${mine.id}`,
      headers: { ...op, ...en },
    });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().msg).toBe('The property still has devices and cannot be deleted');
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/Proprietors/${other.id}`, headers: owner })).statusCode,
    ).toBe(403);
  });

  it('adds, removes and opens an owner authorization', async () => {
    const acct = await createUser(t, { role: 'project' });
    const add = await post('/api/Proprietors/authorization/add', op, { projectId: other.id, accountId: acct.id });
    expect(add.json().data).toMatchObject({ projectId: other.id, propertyname: 'Sky Mall', authorized: true });
    const removed = await post('/api/Proprietors/authorization/remove', op, { accountId: acct.id });
    expect(removed.json().data.authorized).toBe(false);
    const list = (await get(`/api/Proprietors/authorization?projectId=${other.id}`, op)).json();
    expect(list.datas).toEqual([expect.objectContaining({ accountId: acct.id, authorized: false })]);
    const opened = await post('/api/Proprietors/authorization/open', op, { accountId: acct.id });
    expect(opened.json().data.authorized).toBe(true);
    const notOwner = await createUser(t, { role: 'advertisers' });
    expect((await post('/api/Proprietors/authorization/open', op, { accountId: notOwner.id })).statusCode).toBe(404);
    expect((await post('/api/Proprietors/authorization/open', owner, { accountId: acct.id })).statusCode).toBe(403);
  });

  it('finds scenes with device counts', async () => {
    const scenes = (await get('/api/Affiliates/findScenes', op)).json().data;
    expect(scenes).toEqual([expect.objectContaining({ name: 'Lobby', robotCount: 1 })]);
  });
});
