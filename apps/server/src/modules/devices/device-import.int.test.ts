import { AD_CAPABLE_TYPES } from '@robot-ads/contracts/devices/devices.rules';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createProject, createRobot, multipart, xlsFile, xlsxFile } from '../../../test/devices';

let t: TestApp;
let op: Record<string, string>;
let owner: Record<string, string>;
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await buildTestApp();
  const mine = await createProject(t, { name: 'Mine Plaza' });
  const other = await createProject(t, { name: 'Other Plaza' });
  op = bearer((await loginAs(t, 'super', { principals: 'root' })).token);
  owner = bearer((await loginAs(t, 'project', { projectId: mine.id })).token);
  await createRobot(t, { robotId: 'OK000001', projectId: mine.id });
  await createRobot(t, { robotId: 'OK000002', projectId: mine.id });
  await createRobot(t, { robotId: 'TYPE0001', type: 'disinfect', projectId: mine.id });
  await createRobot(t, { robotId: 'NACT0001', activated: false, projectId: mine.id });
  await createRobot(t, { robotId: 'UNUS0001', inUse: false, projectId: mine.id });
  await createRobot(t, { robotId: 'EXPD0001', expireAt: new Date(Date.now() - 3600_000), projectId: mine.id });
  await createRobot(t, { robotId: 'PERM0001', projectId: other.id });
  await createRobot(t, { robotId: 'BLCK0001', listType: 'blacklist', projectId: mine.id });
  await createRobot(t, { robotId: 'NOAD0001', postAds: false, projectId: mine.id });
  const full = await createRobot(t, { robotId: 'FULL0001', projectId: mine.id });
  t.app.ctx.usedSlots = async (_db, refs) => new Map(refs.map((r) => [r, r === full.id ? 14 : 0]));
});
afterAll(() => t.close());

const ALL_ROWS = [
  'OK000001',
  'MISSING1',
  'TYPE0001',
  'NACT0001',
  'UNUS0001',
  'EXPD0001',
  'PERM0001',
  'OK000001',
  'BLCK0001',
  'NOAD0001',
  'FULL0001',
  'OK000002',
];
const EXPECTED = [
  null,
  'DEVICE_NOT_EXIST',
  'DEVICE_TYPE_UNSUPPORTED',
  'DEVICE_NOT_ACTIVATED',
  'DEVICE_UNUSED',
  'DEVICE_EXPIRED',
  'DEVICE_NO_PERMISSION',
  'DEVICE_ALREADY_SELECTED',
  'DEVICE_BLACKLISTED',
  'DEVICE_COMMERCIAL_NOT_ALLOWED',
  'DEVICE_SLOTS_INSUFFICIENT',
  null,
];

async function check(
  file: { filename: string; content: Buffer }[],
  fields: Record<string, string> = {},
  headers = owner,
) {
  const { payload, headers: h } = multipart(file, fields);
  return t.app.inject({
    method: 'POST',
    url: '/api/Devices/importCheck',
    payload,
    headers: { ...headers, ...h, ...en },
  });
}

describe('device-ID import checks (spec section 8)', () => {
  it('reports every row of a real .xlsx file with its reason', async () => {
    const res = await check([{ filename: 'ids.xlsx', content: await xlsxFile(ALL_ROWS) }], { requiredSlots: '2' });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.rows.map((r: { code: string | null }) => r.code)).toEqual(EXPECTED);
    expect(data.rows.map((r: { row: number }) => r.row)).toEqual(ALL_ROWS.map((_, i) => i + 2));
    expect(data.valid).toEqual(['OK000001', 'OK000002']);
    expect(data.validCount).toBe(2);
    expect(data.rows[1].msg).toBe('Device ID does not exist');
    // The refused type and the accepted ones, so that the row can be put right.
    expect(data.rows[2].msg).toBe(
      `Device type is incorrect or unsupported: disinfect (accepted types: ${AD_CAPABLE_TYPES.join(', ')})`,
    );
    expect(data.rows[10].msg).toBe('Insufficient remaining ad slots');
  });

  it('reports the same for a real legacy .xls file, in Chinese by default', async () => {
    const { payload, headers } = multipart([{ filename: 'ids.XLS', content: xlsFile(ALL_ROWS) }], {
      requiredSlots: '2',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Devices/importCheck',
      payload,
      headers: { ...owner, ...headers },
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data.rows;
    expect(rows.map((r: { code: string | null }) => r.code)).toEqual(EXPECTED);
    expect(rows[3].msg).toBe('设备未激活');
  });

  it('marks robots already in the caller list', async () => {
    const res = await check([{ filename: 'ids.xlsx', content: await xlsxFile(['OK000001', 'OK000002']) }], {
      robotIds: 'OK000002',
    });
    expect(res.json().data.rows.map((r: { code: string | null }) => r.code)).toEqual([null, 'DEVICE_ALREADY_SELECTED']);
  });

  it('refuses a file that is not the template or is empty', async () => {
    for (const content of [
      await xlsxFile(['OK000001'], 'Phone number'),
      await xlsxFile([]),
      Buffer.from('robotId\nOK000001\n'),
    ]) {
      const res = await check([{ filename: 'ids.xlsx', content }]);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'IMPORT_FILE_INVALID',
        msg: 'The file does not match the template or is empty',
      });
    }
  });

  it('refuses a blank row between IDs, naming the row', async () => {
    const res = await check([{ filename: 'ids.xlsx', content: await xlsxFile(['OK000001', null, 'OK000002']) }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'IMPORT_BLANK_ROW',
      msg: 'Row 3 is blank: device IDs start at A2 with no blank rows',
    });
  });

  it('accepts only .xlsx and .xls, one file, at most 5MB', async () => {
    const csv = await check([{ filename: 'ids.csv', content: Buffer.from('a') }]);
    expect(csv.statusCode).toBe(400);
    expect(csv.json().code).toBe('IMPORT_FILE_TYPE');
    const xlsx = await xlsxFile(['OK000001']);
    const two = await check([
      { filename: 'a.xlsx', content: xlsx },
      { filename: 'b.xlsx', content: xlsx },
    ]);
    expect(two.statusCode).toBe(400);
    expect(two.json().code).toBe('IMPORT_ONE_FILE');
    const big = await check([{ filename: 'big.xlsx', content: Buffer.concat([xlsx, Buffer.alloc(5 * 1024 * 1024)]) }]);
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'IMPORT_FILE_TOO_LARGE', msg: 'The import file must not exceed 5MB' });
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/Devices/importCheck',
      headers: { ...owner, ...en },
      payload: {},
    });
    expect(none.statusCode).toBe(400);
  });

  it('offers a template that imports cleanly once filled in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/Devices/importTemplate?language=en', headers: op });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('device-import-template.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('the template has no sheet');
    expect(sheet.getCell('A1').value).toBe('Device ID');
    sheet.getCell('A2').value = 'OK000001';
    const filled = Buffer.from(await book.xlsx.writeBuffer());
    const checked = await check([{ filename: 'template.xlsx', content: filled }], {}, op);
    expect(checked.json().data.valid).toEqual(['OK000001']);
  });
});

describe('Affiliates imports', () => {
  it('checks scene rows and applies the valid ones only on confirm', async () => {
    const content = await xlsxFile([
      ['OK000001', 'Cinema hall'],
      ['MISSING1', 'Lobby'],
      ['OK000002', 'X'],
    ]);
    const url = '/api/Affiliates/importScenes';
    const dry = multipart([{ filename: 's.xlsx', content }]);
    const first = await t.app.inject({
      method: 'POST',
      url,
      payload: dry.payload,
      headers: { ...op, ...dry.headers, ...en },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ total: 3, applied: 0 });
    expect(first.json().data.rows.map((r: { code: string | null }) => r.code)).toEqual([
      null,
      'DEVICE_NOT_EXIST',
      'NAME_LENGTH',
    ]);
    const before = (
      await t.app.inject({ method: 'GET', url: '/api/Devices/robotBaseInfo?robotId=OK000001', headers: op })
    ).json().data;
    expect(before.sceneName).toBeNull();
    const go = multipart([{ filename: 's.xlsx', content }], { confirm: 'true' });
    const second = await t.app.inject({ method: 'POST', url, payload: go.payload, headers: { ...op, ...go.headers } });
    expect(second.json().data.applied).toBe(1);
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/Devices/robotBaseInfo?robotId=OK000001', headers: op })
    ).json().data;
    expect(after.sceneName).toBe('Cinema hall');
    const byOwner = multipart([{ filename: 's.xlsx', content }], { confirm: 'true' });
    const refused = await t.app.inject({
      method: 'POST',
      url,
      payload: byOwner.payload,
      headers: { ...owner, ...byOwner.headers },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('blacklists the robots of an .xls file on confirm', async () => {
    const go = multipart([{ filename: 'bl.xls', content: xlsFile(['OK000002']) }], { confirm: 'true' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/Affiliates/importAdBlacklist',
      payload: go.payload,
      headers: { ...op, ...go.headers },
    });
    expect(res.json().data.applied).toBe(1);
    const robot = (
      await t.app.inject({ method: 'GET', url: '/api/Devices/robotBaseInfo?robotId=OK000002', headers: op })
    ).json().data;
    expect(robot.listType).toBe('blacklist');
  });
});
