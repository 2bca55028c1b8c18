import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createProject, createRobot, multipart, xlsxFile } from '../../../test/devices';
import { followExport } from '../../../test/exports';

let t: TestApp;
let op: Record<string, string>;
let op2: Record<string, string>;
let owner: Record<string, string>;
let adv: Record<string, string>;
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await buildTestApp({ startJobs: true });
  const mine = await createProject(t, { name: 'Group Plaza' });
  const other = await createProject(t, { name: 'Far Plaza' });
  op = bearer((await loginAs(t, 'super', { principals: 'root' })).token);
  op2 = bearer((await loginAs(t, 'administrator', {})).token);
  owner = bearer((await loginAs(t, 'project', { projectId: mine.id })).token);
  adv = bearer((await loginAs(t, 'advertisers', {})).token);
  for (let i = 1; i <= 12; i++) {
    await createRobot(t, {
      robotId: `GRP${String(i).padStart(5, '0')}`,
      name: i % 2 ? `Hall ${i}` : `Gate ${i}`,
      projectId: i <= 8 ? mine.id : other.id,
    });
  }
  await createRobot(t, { robotId: 'GRPBLACK1', listType: 'blacklist', projectId: mine.id });
});
afterAll(() => t.close());

const req = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) => t.app.inject({ method, url, headers, ...(payload ? { payload: payload as object } : {}) });

const waitForExport = (key: string, headers: Record<string, string>) =>
  followExport(async () => (await req('GET', `/api/AdvertGroups/queryExportState?key=${key}`, headers)).json().data);

describe('AdvertGroups', () => {
  let groupId = '';

  it('creates a group from an import the user accepted', async () => {
    const file = multipart([
      { filename: 'g.xlsx', content: await xlsxFile(['GRP00001', 'GRP00002', 'GRPBLACK1', 'NOPE0001', 'GRP00003']) },
    ]);
    const checked = await req('POST', '/api/AdvertGroups/importCheck', { ...op, ...file.headers }, undefined);
    expect(checked.statusCode).toBe(400); // no body: nothing to check
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/AdvertGroups/importCheck',
      headers: { ...op, ...file.headers },
      payload: file.payload,
    });
    expect(res.statusCode).toBe(200);
    const check = res.json().data;
    expect(check.valid).toEqual(['GRP00001', 'GRP00002', 'GRP00003']);
    expect(check.rows.filter((r: { ok: boolean }) => !r.ok).map((r: { code: string }) => r.code)).toEqual([
      'DEVICE_BLACKLISTED',
      'DEVICE_NOT_EXIST',
    ]);
    // Nothing was added by the check.
    expect((await req('GET', '/api/AdvertGroups/queryRangeByPage', op)).json().total).toBe(0);
    const created = await req('POST', '/api/AdvertGroups', op, { name: 'Shenzhen halls', robotIds: check.valid });
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({ name: 'Shenzhen halls', robotCount: 3 });
    groupId = created.json().data.id;
  });

  it('re-checks robot IDs on the server and refuses invalid ones', async () => {
    const res = await req(
      'POST',
      '/api/AdvertGroups',
      { ...op, ...en },
      { name: 'Sneaky', robotIds: ['GRP00004', 'GRPBLACK1'] },
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toBe('1 devices cannot be added, check them with an import first');
    expect((await req('GET', '/api/AdvertGroups?name=Sneaky', op)).json().data).toHaveLength(0);
  });

  it('validates names: 2-15 characters, no duplicates', async () => {
    for (const name of ['A', 'A very long group name indeed']) {
      const res = await req('POST', '/api/AdvertGroups', { ...op, ...en }, { name, robotIds: [] });
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain('Names are 2-15 characters');
    }
    const dup = await req('POST', '/api/AdvertGroups', { ...op, ...en }, { name: 'Shenzhen halls' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().msg).toBe('A device group with this name already exists');
  });

  it('lists, pages and shows groups, and their devices with filters', async () => {
    await req('POST', '/api/AdvertGroups', op, { name: 'Second group', robotIds: ['GRP00005'] });
    const page = (await req('GET', '/api/AdvertGroups/queryRangeByPage?start=0&limit=1', op)).json();
    expect(page.total).toBe(2);
    expect(page.datas).toHaveLength(1);
    const list = (await req('GET', '/api/AdvertGroups?name=Shenzhen', op)).json().data;
    expect(list.map((g: { name: string }) => g.name)).toEqual(['Shenzhen halls']);
    expect((await req('GET', `/api/AdvertGroups/${groupId}`, op)).json().data.robotCount).toBe(3);
    const robots = (await req('GET', `/api/AdvertGroups/queryRobotlist?id=${groupId}&start=0&limit=2`, op)).json();
    expect(robots.total).toBe(3);
    expect(robots.datas).toHaveLength(2);
    const gates = (await req('GET', `/api/AdvertGroups/queryRobotlist?id=${groupId}&name=Gate`, op)).json();
    expect(gates.datas.map((r: { robotId: string }) => r.robotId)).toEqual(['GRP00002']);
    const byProperty = (await req('GET', `/api/AdvertGroups/queryRobotlist?id=${groupId}&propertyname=Far`, op)).json();
    expect(byProperty.total).toBe(0);
  });

  it('renames, adds and removes robots', async () => {
    const res = await req('PUT', '/api/AdvertGroups', op, {
      id: groupId,
      name: 'SZ halls',
      addRobotIds: ['GRP00006', 'GRP00007'],
      removeRobotIds: ['GRP00001'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'SZ halls', robotCount: 4 });
    const again = await req('PUT', '/api/AdvertGroups', op, { id: groupId, addRobotIds: ['GRP00006'] });
    expect(again.statusCode).toBe(422);
  });

  it("keeps other accounts' groups out of reach", async () => {
    expect((await req('GET', '/api/AdvertGroups/queryRangeByPage', adv)).json().total).toBe(0);
    expect((await req('GET', `/api/AdvertGroups/${groupId}`, adv)).statusCode).toBe(404);
    expect((await req('GET', `/api/AdvertGroups/queryRobotlist?id=${groupId}`, owner)).statusCode).toBe(404);
    expect((await req('DELETE', `/api/AdvertGroups/${groupId}`, op2)).statusCode).toBe(404);
    expect((await req('PUT', '/api/AdvertGroups', adv, { id: groupId, name: 'Stolen' })).statusCode).toBe(404);
  });

  it('lets a project account group only its own devices', async () => {
    const res = await req('POST', '/api/AdvertGroups', owner, { name: 'Mine', robotIds: ['GRP00001', 'GRP00009'] });
    expect(res.statusCode).toBe(422);
    const ok = await req('POST', '/api/AdvertGroups', owner, { name: 'Mine', robotIds: ['GRP00001'] });
    expect(ok.statusCode).toBe(200);
    // Names are unique per creator: an operator may use the same name.
    expect((await req('POST', '/api/AdvertGroups', op, { name: 'Mine' })).statusCode).toBe(200);
  });

  it("exports a group's devices in the background with progress, to a real file", async () => {
    const start = await req('GET', `/api/AdvertGroups/exportRobotInfo?id=${groupId}&language=en`, op);
    expect(start.statusCode).toBe(200);
    const { key } = start.json().data;
    const { state } = await waitForExport(key, op);
    expect(state).toMatchObject({ state: 'done', progress: 100, total: 4, done: 4 });
    const file = await req('GET', state.url, op);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getCell('A1').value).toBe('Device ID');
    const ids = [2, 3, 4, 5].map((r) => sheet?.getCell(`A${r}`).value);
    expect(ids).toEqual(['GRP00002', 'GRP00003', 'GRP00006', 'GRP00007']);
    expect(sheet?.getCell('D2').value).toBe('Offline');
    // The device type in words of the language, not its code (issue 38).
    expect(sheet?.getCell('C2').value).toBe('Service robot');
    // Somebody else cannot read it.
    expect((await req('GET', `/api/AdvertGroups/queryExportState?key=${key}`, adv)).statusCode).toBe(404);
    expect((await req('GET', state.url, adv)).statusCode).toBe(404);
  });

  it('exports with filters and in Chinese, and refuses an empty export', async () => {
    const start = await req('GET', `/api/AdvertGroups/exportRobotInfo?id=${groupId}&name=Gate&language=zh`, op);
    const { state } = await waitForExport(start.json().data.key, op);
    expect(state.total).toBe(2);
    const file = await req('GET', state.url, op);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets[0]?.getCell('A1').value).toBe('设备ID');
    expect(book.worksheets[0]?.getCell('C2').value).toBe('服务机器人');
    const empty = await req('GET', `/api/AdvertGroups/exportRobotInfo?id=${groupId}&robotId=ZZZ`, { ...op, ...en });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().msg).toBe('Export data is empty and cannot be exported');
  });

  it('exports the device list too (Devices/exportRobotInfo)', async () => {
    const start = await req('POST', '/api/Devices/exportRobotInfo', op, { name: 'Hall', language: 'en' });
    const { state } = await waitForExport(start.json().data.key, op);
    expect(state.total).toBe(6);
    expect((await req('POST', '/api/Devices/exportRobotInfo', adv, {})).statusCode).toBe(403);
  });

  it('deletes a group', async () => {
    expect((await req('DELETE', `/api/AdvertGroups/${groupId}`, op)).statusCode).toBe(200);
    expect((await req('GET', `/api/AdvertGroups/${groupId}`, op)).statusCode).toBe(404);
  });
});
