import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createAd, createPlan } from '../../../test/delivery';
import { createRobot, multipart, xlsxFile } from '../../../test/devices';
import { followExport } from '../../../test/exports';
import { customers } from '../customers/customers.table';

/** Lead, order, bill and branch exports (background xlsx with progress, the list's filters and scope) and the lead import. */
let t: TestApp;
type Login = Awaited<ReturnType<typeof loginAs>>;
let sales: Login;
let other: Login;
const call = (method: 'GET' | 'POST', url: string, who: Login, payload?: object, lang = 'en') =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(who.token), 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });

async function download(key: string, who: Login) {
  const file = await call('GET', `/api/Sales/exportFile?key=${key}`, who);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('the export has no sheet');
  return sheet;
}

async function finished(key: string, who: Login) {
  return (await followExport(async () => (await call('GET', `/api/Sales/exportState?key=${key}`, who)).json().data))
    .state;
}

beforeAll(async () => {
  t = await buildTestApp({ startJobs: true });
  sales = await loginAs(t, 'operator', { name: 'Sally Sales' });
  other = await loginAs(t, 'operator');
  for (const [name, phone, priority] of [
    ['Lucky Tea', '13800138011', 'high'],
    ['Blue Mart', '13800138012', 'low'],
    ['Red Gym', '13800138013', 'high'],
  ] as const) {
    const res = await call('POST', '/api/Leads', sales, { name, phone, priority });
    expect(res.statusCode, res.body).toBe(200);
  }
});
afterAll(async () => t?.close());

describe('sales exports', () => {
  it('exports the filtered leads of the caller as xlsx in its language', async () => {
    const started = await call('POST', '/api/Leads/export', sales, { priority: 'high' }, 'zh');
    expect(started.statusCode, started.body).toBe(200);
    const { key } = started.json().data;
    const state = await finished(key, sales);
    expect(state).toMatchObject({ state: 'done', progress: 100 });
    expect((await call('GET', `/api/Sales/exportState?key=${key}`, other)).statusCode).toBe(404);
    const sheet = await download(key, sales);
    expect(sheet.getRow(1).getCell(1).value).toBe('名称');
    const names = [2, 3].map((r) => sheet.getRow(r).getCell(1).value).sort();
    expect(names).toEqual(['Lucky Tea', 'Red Gym']);
    expect(sheet.rowCount).toBe(3);
  });

  it('writes the vocabulary (industry, source, priority, follow-up state) in the words of the language, not as stored', async () => {
    const lead = await call('POST', '/api/Leads', sales, {
      name: 'Green Cafe',
      phone: '13800138014',
      industry: 'catering',
      source: 'exhibition',
      priority: 'ordinary',
    });
    expect(lead.statusCode, lead.body).toBe(200);
    const cells = async (lang: 'zh' | 'en') => {
      const started = await call('POST', '/api/Leads/export', sales, { priority: 'ordinary' }, lang);
      expect(started.statusCode, started.body).toBe(200);
      expect(await finished(started.json().data.key, sales)).toMatchObject({ state: 'done' });
      const sheet = await download(started.json().data.key, sales);
      const header = (sheet.getRow(1).values as unknown[]).slice(1);
      const row = (sheet.getRow(2).values as unknown[]).slice(1);
      return Object.fromEntries(header.map((h, i) => [String(h), row[i]]));
    };
    expect(await cells('en')).toMatchObject({
      Name: 'Green Cafe',
      Industry: 'Accommodation and catering',
      Source: 'Exhibition',
      Priority: 'Ordinary',
      'Follow-up': 'Not followed up',
    });
    expect(await cells('zh')).toMatchObject({ 名称: 'Green Cafe', 来源: '展会', 优先级: '普通', 跟进状态: '未跟进' });
  });

  it('exports the month’s statements, for a caller who may read bills, with the list’s totals', async () => {
    const root = await loginAs(t, 'super', { principals: 'root' });
    const customerId = 'c'.repeat(24);
    await t.app.ctx.db.insert(customers).values({ id: customerId, name: 'Lucky Coffee', ownerId: sales.user.id });
    const adv = await loginAs(t, 'advertisers', { customer: customerId, diy: true });
    const robot = await createRobot(t, { salesType: 'rental', priceFen: 20_050 });
    const plan = await createPlan(t, adv.token, [(await createAd(t, adv.token, 1, 'One')).id]);
    const order = await call('POST', '/api/Orders', sales, {
      name: 'Winter push',
      playlistId: plan.id,
      robotIds: [robot.robotId],
      weeks: 2,
    });
    expect(order.statusCode, order.body).toBe(200);
    const approved = await call('POST', '/api/Orders/review', root, { id: order.json().data.id, approve: true });
    expect(approved.statusCode, approved.body).toBe(200);
    const month = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
    const list = (await call('GET', `/api/Bills/queryByPage?month=${month}`, adv)).json();
    expect(list.total).toBe(1);
    // Without the DIY flag bills are not visible, so neither is their export.
    expect((await call('POST', '/api/Bills/export', sales, { month })).json().code).toBe('BILL_NOT_VISIBLE');
    const started = await call('POST', '/api/Bills/export', adv, { month }, 'zh');
    expect(started.statusCode, started.body).toBe(200);
    expect(await finished(started.json().data.key, adv)).toMatchObject({ state: 'done', progress: 100 });
    const sheet = await download(started.json().data.key, adv);
    expect(sheet.getRow(1).getCell(1).value).toBe('客户');
    expect(sheet.getRow(2).getCell(1).value).toBe('Lucky Coffee');
    expect(sheet.getRow(2).getCell(2).value).toBe(month);
    expect(sheet.getRow(2).getCell(4).value).toBe(list.datas[0].charges);
    expect(sheet.getRow(2).getCell(7).value).toBe(list.datas[0].balance);
    expect(sheet.rowCount).toBe(2);
  });

  it('exports the regional accounts with their regions and counts', async () => {
    const root = await loginAs(t, 'super', { principals: 'root' });
    await createRobot(t, { province: 'ExportProv', city: 'CityA' });
    const created = await call('POST', '/api/Branches', root, {
      name: 'South branch',
      accountId: other.user.id,
      regions: [{ province: 'ExportProv', city: 'CityA' }, { province: 'ExportProv2' }],
    });
    expect(created.statusCode, created.body).toBe(200);
    const started = await call('POST', '/api/Branches/export', root, { name: 'south' });
    expect(started.statusCode, started.body).toBe(200);
    expect(await finished(started.json().data.key, root)).toMatchObject({ state: 'done', progress: 100 });
    const sheet = await download(started.json().data.key, root);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Name',
      'Agent account',
      'Regions',
      'Robots',
      'Customers',
      'Orders',
      'Created (Asia/Shanghai, UTC+8)',
    ]);
    expect(sheet.getRow(2).getCell(1).value).toBe('South branch');
    // Written in the platform's zone (the title says which), not in UTC.
    const createdAt = created.json().data.createtime as number;
    const shanghai = new Date((createdAt + 8 * 3600) * 1000).toISOString().slice(0, 16).replace('T', ' ');
    expect(sheet.getRow(2).getCell(7).value).toBe(shanghai);
    expect(sheet.getRow(2).getCell(3).value).toBe('ExportProv, CityA; ExportProv2');
    expect(sheet.getRow(2).getCell(4).value).toBe(1);
    expect(sheet.rowCount).toBe(2);
    // Advertisers have no branches.
    const adv = await loginAs(t, 'advertisers');
    expect((await call('POST', '/api/Branches/export', adv, {})).statusCode).toBe(403);
  });

  it('refuses an empty export', async () => {
    const res = await call('POST', '/api/Orders/export', other, {});
    expect(res.json().code).toBe('EXPORT_EMPTY');
  });
});

describe('lead import', () => {
  const upload = async (rows: Array<Array<string | null>>) => {
    const body = multipart([{ filename: 'leads.xlsx', content: await xlsxFile(rows, 'name') }]);
    return t.app.inject({
      method: 'POST',
      url: '/api/Leads/import',
      headers: { ...bearer(sales.token), 'accept-language': 'en', ...body.headers },
      payload: body.payload,
    });
  };

  it('adds every row, or none with the rows that fail and why', async () => {
    const bad = await upload([
      ['Green Tea', '13800138021', '', 'Guangdong', 'Shenzhen', 'visit', 'high'],
      ['Copy Tea', '13800138011'],
      ['X', '13800138022'],
    ]);
    expect(bad.statusCode, bad.body).toBe(200);
    expect(bad.json().data).toMatchObject({
      added: 0,
      errors: [
        { row: 3, code: 'LEAD_PHONE_EXISTS' },
        { row: 4, code: 'NAME_LENGTH' },
      ],
    });
    const ok = await upload([
      ['Green Tea', '13800138021', '', 'Guangdong', 'Shenzhen', 'visit', 'high'],
      ['Gold Gym', '13800138022'],
    ]);
    expect(ok.json().data).toEqual({ added: 2, errors: [] });
    const list = (await call('GET', '/api/Leads/queryByPage?name=Green', sales)).json();
    expect(list.datas[0]).toMatchObject({
      phone: '13800138021',
      priority: 'high',
      source: 'visit',
      ownerId: sales.user.id,
    });
  });
});
