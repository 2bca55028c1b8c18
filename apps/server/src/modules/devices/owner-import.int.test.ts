import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, login, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createAd, createPlan, deliveryWorld } from '../../../test/delivery';
import { createProject, createRobot, multipart } from '../../../test/devices';

let t: TestApp;
let admin: Awaited<ReturnType<typeof loginAs>>;
const PASSWORD = 'Owner@2026';

beforeAll(async () => {
  t = await buildTestApp();
  admin = await loginAs(t, 'administrator');
  const taken = await createProject(t, { name: 'Taken Plaza' });
  for (const robotId of ['FREE0001', 'FREE0002', 'FREE0003', 'FREE0004']) await createRobot(t, { robotId });
  await createRobot(t, { robotId: 'HELD0001', projectId: taken.id });
  await createUser(t, { role: 'operator', username: 'already_there', phone: '13900000001' });
});
afterAll(() => t.close());

const HEADER = ['登录账号', '密码', '名称', '联系电话', '物业名称', '物业类型', '省', '市', '区', '地址', '设备ID'];

async function ownerFile(rows: string[][], header = HEADER): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function upload(file: Buffer, fields: Record<string, string> = {}, lang = 'zh', token = admin.token) {
  const body = multipart([{ filename: 'owners.xlsx', content: file }], fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/Proprietors/importOwners',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token), 'accept-language': lang },
  });
}

const row = (username: string, property: string, robots: string, phone = '', type = '物业') => [
  username,
  PASSWORD,
  `Owner ${username.slice(-4)}`,
  phone,
  property,
  type,
  '广东省',
  '深圳市',
  '南山区',
  '科技园1号',
  robots,
];

describe('owner import (Proprietors/importOwners)', () => {
  it('gives the template in the caller language', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/Proprietors/importTemplate?language=en',
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const header = book.worksheets[0]?.getRow(1);
    expect(header?.getCell(1).value).toBe('Login account');
    expect(header?.getCell(11).value).toBe('Device IDs');
    expect(String(header?.getCell(13).value)).toContain('5MB');
  });

  it('checks every row with its row number and reason in the caller language, and creates nothing', async () => {
    const file = await ownerFile([
      row('owner_ok1', 'Import Plaza A', 'FREE0001'),
      row('already_there', 'Import Plaza B', 'FREE0002'),
      row('owner_phone', 'Import Plaza C', 'FREE0002', '13900000001'),
      row('owner_taken', 'Taken Plaza', 'FREE0002'),
      row('owner_held', 'Import Plaza D', 'HELD0001'),
      row('owner_dupe', 'Import Plaza E', 'FREE0001'),
      row('owner_none', 'Import Plaza F', 'NOPE0001'),
      row('owner_type', 'Import Plaza G', 'FREE0003', '', '工厂'),
      row('owner_ok1', 'Import Plaza H', 'FREE0004'),
      [...row('owner_pass', 'Import Plaza I', 'FREE0004').slice(0, 1), 'weak', ...row('x', 'y', 'z').slice(2)],
    ]);
    const res = await upload(file, { confirm: 'true' }, 'en');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ total: 10, validCount: 1, created: 0 });
    expect(data.rows.map((r: { row: number; code: string | null }) => [r.row, r.code])).toEqual([
      [2, null],
      [3, 'USERNAME_EXISTS'],
      [4, 'CONTACT_PHONE_EXISTS'],
      [5, 'PROJECT_NAME_EXISTS'],
      [6, 'DEVICE_HAS_PROPERTY'],
      [7, 'DEVICE_ALREADY_SELECTED'],
      [8, 'DEVICE_NOT_EXIST'],
      [9, 'PROJECT_TYPE_INVALID'],
      [10, 'USERNAME_EXISTS'],
      [11, 'PASSWORD_POLICY'],
    ]);
    expect(data.rows[6].msg).toBe('Device IDs: Device ID does not exist');
    // All or nothing: the valid first row was not created either.
    const owners = await t.app.inject({
      method: 'GET',
      url: '/api/Proprietors/authorization?username=owner_ok1',
      headers: bearer(admin.token),
    });
    expect(owners.json().total).toBe(0);

    const zh = await upload(file, {}, 'zh');
    expect(zh.json().data.rows[6].msg).toBe('设备ID: 设备ID不存在');
  });

  it('refuses a file that is not the template, too large, or with a blank row', async () => {
    const wrong = await upload(await ownerFile([['x']], ['设备ID']), {}, 'en');
    expect(wrong.json()).toMatchObject({
      code: 'IMPORT_FILE_INVALID',
      msg: 'The file does not match the template or is empty',
    });
    const blank = await upload(await ownerFile([row('a_1234', 'P1', 'FREE0001'), [], row('b_1234', 'P2', 'FREE0002')]));
    expect(blank.json()).toMatchObject({ code: 'OWNER_IMPORT_BLANK_ROW', msg: expect.stringContaining('第3行') });
    const big = await upload(Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(5 * 1024 * 1024)]));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'IMPORT_FILE_TOO_LARGE', msg: '导入文件不能超过5MB' });
  });

  it('creates the owners with their property and robots in one go; the owner logs in and sees its robots', async () => {
    const file = await ownerFile([
      row('owner_new1', 'New Plaza 1', 'FREE0001, FREE0002', '13900000011'),
      row('owner_new2', 'New Plaza 2', 'FREE0003', '13900000012', 'Cinema'),
    ]);
    const checked = await upload(file);
    expect(checked.json().data).toMatchObject({ total: 2, validCount: 2, created: 0 });
    const res = await upload(file, { confirm: 'true' });
    expect(res.json().data).toMatchObject({ total: 2, validCount: 2, created: 2 });

    const token = await login(t, 'owner_new1', PASSWORD, 'owner');
    const me = await t.app.inject({ method: 'GET', url: '/api/Users/current', headers: bearer(token) });
    expect(me.json().data).toMatchObject({ role: 'project', contact: { phone: '13900000011' } });
    const property = await t.app.inject({
      method: 'GET',
      url: '/api/Proprietors/queryProject',
      headers: bearer(token),
    });
    expect(property.json().data).toMatchObject({ name: 'New Plaza 1', type: 'project', robotCount: 2 });
    const robots = await t.app.inject({
      method: 'GET',
      url: '/api/Proprietors/queryRobotsByPage?start=0&limit=10',
      headers: bearer(token),
    });
    expect(
      robots
        .json()
        .datas.map((r: { robotId: string }) => r.robotId)
        .sort(),
    ).toEqual(['FREE0001', 'FREE0002']);
    const cinema = await login(t, 'owner_new2', PASSWORD, 'owner');
    const second = await t.app.inject({ method: 'GET', url: '/api/Proprietors/queryProject', headers: bearer(cinema) });
    expect(second.json().data).toMatchObject({ name: 'New Plaza 2', type: 'movie', robotCount: 1 });
    // The new owners sit under the importing administrator.
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/Proprietors/authorization?username=owner_new',
      headers: bearer(admin.token),
    });
    expect(mine.json().total).toBe(2);

    // The same file again: every row is refused now (names, properties and robots taken).
    const again = await upload(file, { confirm: 'true' });
    expect(again.json().data).toMatchObject({ validCount: 0, created: 0 });
  });

  it('is for account managers only and keeps the parent in scope', async () => {
    const operator = await loginAs(t, 'operator');
    const file = await ownerFile([row('owner_x1', 'X Plaza', 'FREE0004')]);
    expect((await upload(file, {}, 'zh', operator.token)).statusCode).toBe(403);
    const stranger = await loginAs(t, 'administrator');
    const res = await upload(file, { parentId: admin.user.id }, 'zh', stranger.token);
    expect(res.statusCode).toBe(403);
  });

  it('makes the imported owner the reviewer of the applications that target its robots', async () => {
    const w = await deliveryWorld(t, 1);
    await createRobot(t, { robotId: 'APPL0001', salesType: 'rental' });
    const file = await ownerFile([row('owner_review', 'Review Plaza', 'APPL0001')]);
    expect((await upload(file, { confirm: 'true' })).json().data.created).toBe(1);
    const ad = await createAd(t, w.adv.token);
    const plan = await createPlan(t, w.adv.token, [ad.id]);
    const applied = await t.app.inject({
      method: 'POST',
      url: '/api/Ad_Audits',
      headers: bearer(w.adv.token),
      payload: { playListId: plan.id, robotIds: ['APPL0001'] },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    const owner = await login(t, 'owner_review', PASSWORD, 'owner');
    const pending = await t.app.inject({
      method: 'POST',
      url: '/api/Ad_Audits/queryByPage',
      headers: bearer(owner),
      payload: { view: 'review', start: 0, limit: 10 },
    });
    expect(pending.json().datas.map((a: { id: string }) => a.id)).toContain(applied.json().data.id);
    const passed = await t.app.inject({
      method: 'POST',
      url: '/api/Ad_Audits/confirm',
      headers: bearer(owner),
      payload: { id: applied.json().data.id, note: 'Fine for the plaza' },
    });
    expect(passed.statusCode, passed.body).toBe(200);
  });
});
