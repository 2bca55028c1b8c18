import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { multipart, xlsxFile } from '../../../test/devices';

/** Lead and order exports (background xlsx with progress, the list's filters and scope) and the lead import. */
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

async function finished(key: string, who: Login) {
  for (let i = 0; i < 300; i++) {
    const state = (await call('GET', `/api/Sales/exportState?key=${key}`, who)).json().data;
    if (state.state === 'done' || state.state === 'failed') return state;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the export did not finish');
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
    const file = await call('GET', `/api/Sales/exportFile?key=${key}`, sales);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('名称');
    const names = [2, 3].map((r) => sheet?.getRow(r).getCell(1).value).sort();
    expect(names).toEqual(['Lucky Tea', 'Red Gym']);
    expect(sheet?.rowCount).toBe(3);
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
