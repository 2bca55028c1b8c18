import { newId } from '@robot-ads/contracts/common/ids';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createProject } from '../../../test/devices';
import { followExport } from '../../../test/exports';
import { customers } from '../customers/customers.table';

let t: TestApp;
let admin: Awaited<ReturnType<typeof loginAs>>;
let stranger: Awaited<ReturnType<typeof loginAs>>;

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object, lang = 'en') =>
  t.app.inject({
    method,
    url,
    headers: { ...bearer(token), 'accept-language': lang },
    ...(payload ? { payload } : {}),
  });
const ok = async (method: 'GET' | 'POST', url: string, token: string, payload?: object) => {
  const res = await call(method, url, token, payload);
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json().data;
};

beforeAll(async () => {
  t = await buildTestApp({ startJobs: true });
  admin = await loginAs(t, 'administrator');
  stranger = await loginAs(t, 'administrator');
  const customerId = newId();
  await t.app.ctx.db.insert(customers).values({
    id: customerId,
    name: 'Export Coffee',
    ownerId: admin.user.id,
    phone: '13700000001',
    auditStatus: 'unsubmitted',
    category: 'advertiser',
    industry: 'catering',
    province: '广东省',
    city: '深圳市',
    district: '南山区',
  });
  await t.app.ctx.db.insert(customers).values({ id: newId(), name: 'Foreign Tea', ownerId: stranger.user.id });
  await createUser(t, { role: 'operator', parentId: admin.user.id, name: 'Export Alice' });
  await createUser(t, { role: 'operator', parentId: admin.user.id, name: 'Export Bob', enabled: false });
  await createUser(t, { role: 'operator', parentId: stranger.user.id, name: 'Export Carol' });
  await createUser(t, { role: 'advertisers', parentId: admin.user.id, name: 'Export Adv', customer: customerId });
  const plaza = await createProject(t, { name: 'Export Plaza' });
  await createUser(t, { role: 'project', parentId: admin.user.id, name: 'Export Owner', projectId: plaza.id });
});
afterAll(() => t.close());

/** Starts an export, follows its progress to the end, downloads it and reads it back. */
async function exported(path: string, body: object, token = admin.token) {
  const { key } = await ok('POST', path, token, body);
  const { state } = await followExport(() => ok('GET', `/api/Users/queryExportState?key=${key}`, token));
  expect(state).toMatchObject({ state: 'done', progress: 100, url: `/api/Users/exportFile?key=${key}` });
  const file = await call('GET', state.url, token);
  expect(file.headers['content-type']).toContain('spreadsheetml');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1).map((v) => String(v ?? ''));
  const rows: string[][] = [];
  for (let n = 2; n <= sheet.rowCount; n++) rows.push(values(n));
  return { key, name: sheet.name, header: values(1), rows };
}

describe('xlsx exports of the account lists (with progress)', () => {
  it('exports the accounts the list shows with the same filters, in the asked language', async () => {
    const all = await exported('/api/Users/export', { name: 'Export', role: 'operator' });
    expect(all.name).toBe('Accounts');
    expect(all.header.slice(0, 4)).toEqual(['Name', 'Login account', 'Role', 'State']);
    expect(all.rows.map((r) => r[0]).sort()).toEqual(['Export Alice', 'Export Bob']);
    const disabled = await exported('/api/Users/export', { name: 'Export', status: 'disabled', language: 'zh' });
    expect(disabled.header[0]).toBe('名称');
    expect(disabled.rows).toEqual([expect.arrayContaining(['Export Bob', '运营', '停用'])]);
  });

  it('exports advertiser accounts, owners and customers in the caller scope', async () => {
    const advertisers = await exported('/api/AdvertiserUsers/export', { name: 'Export' });
    expect(advertisers.rows).toEqual([expect.arrayContaining(['Export Adv', 'Export Coffee'])]);
    const owners = await exported('/api/Proprietors/export', {});
    expect(owners.rows).toEqual([expect.arrayContaining(['Export Owner', 'Export Plaza', 'Opened'])]);
    const mine = await exported('/api/Customers/export', {});
    expect(mine.rows.map((r) => r[0])).toEqual(['Export Coffee']);
    expect(mine.rows[0]).toEqual(expect.arrayContaining(['13700000001', 'Not submitted']));
  });

  it('names the region (GB/T 2260 list), the company/individual category and the industry in the export language', async () => {
    const en = await exported('/api/Customers/export', {});
    const region = en.header.indexOf('Region');
    const category = en.header.indexOf('Category');
    expect(en.rows[0]?.[region]).toBe('Guangdong, Shenzhen, Nanshan District');
    expect(en.rows[0]?.[category]).toBe('Advertiser (individual)');
    expect(en.rows[0]?.[en.header.indexOf('Industry')]).toBe('Accommodation and catering');
    expect(en.rows[0]?.join(' ')).not.toMatch(/[\u4e00-\u9fff]/u);
    const zh = await exported('/api/Customers/export', { language: 'zh' });
    expect(zh.rows[0]?.[zh.header.indexOf('地区')]).toBe('广东省 深圳市 南山区');
    expect(zh.rows[0]?.[zh.header.indexOf('类别')]).toBe('广告主（个人）');
    expect(zh.rows[0]?.[zh.header.indexOf('行业')]).toBe('住宿和餐饮业');
  });

  it('writes dates in the asked zone, else the platform zone, and the column title says which', async () => {
    // 17:30 UTC on 22 November: 23 November in Shanghai, still 22 November in New York.
    await t.app.ctx.db
      .update(customers)
      .set({ createdAt: new Date('2026-11-22T17:30:00Z') })
      .where(eq(customers.name, 'Export Coffee'));
    const platform = await exported('/api/Customers/export', {});
    const created = platform.header.indexOf('Created (Asia/Shanghai, UTC+8)');
    expect(created).toBeGreaterThan(-1);
    expect(platform.rows[0]?.[created]).toBe('2026-11-23');
    const asked = await exported('/api/Customers/export', { language: 'zh', timeZone: 'America/New_York' });
    const zhCreated = asked.header.findIndex((h) => h.startsWith('创建时间（America/New_York，UTC-'));
    expect(zhCreated).toBeGreaterThan(-1);
    expect(asked.rows[0]?.[zhCreated]).toBe('2026-11-22');
  });

  it('refuses an empty list, a parent out of scope, another user’s export and non-operators', async () => {
    const empty = await call('POST', '/api/Users/export', admin.token, { name: 'Nobody at all' });
    expect(empty.json()).toMatchObject({ code: 'EXPORT_EMPTY', msg: 'Export data is empty and cannot be exported' });
    const foreign = await call('POST', '/api/Users/export', admin.token, { parentId: stranger.user.id });
    expect(foreign.statusCode).toBe(403);
    const { key } = await ok('POST', '/api/Users/export', admin.token, {});
    const peek = await call('GET', `/api/Users/queryExportState?key=${key}`, stranger.token);
    expect(peek.json()).toMatchObject({ code: 'EXPORT_NOT_FOUND' });
    const owner = await loginAs(t, 'project');
    expect((await call('POST', '/api/Customers/export', owner.token, {})).statusCode).toBe(403);
  });
});
