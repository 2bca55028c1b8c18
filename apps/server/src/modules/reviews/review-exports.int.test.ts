import { newId } from '@robot-ads/contracts/common/ids';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createAd, createPlan, deliveryWorld } from '../../../test/delivery';
import { followExport } from '../../../test/exports';
import { ManualClock } from '../../platform/clock';
import { auditExports } from './reviews.table';

// 07:00 UTC is 15:00 in Shanghai and 16:00 in Tokyo (the clock moves on by minutes: tokens last 50).
const clock = new ManualClock(new Date('2026-11-22T07:00:00Z'));
let t: TestApp;
let w: Awaited<ReturnType<typeof deliveryWorld>>;
const plans: Record<'alpha' | 'beta' | 'other', { id: string; name: string }> = {} as never;
const EN = { 'accept-language': 'en' };

const call = (method: 'GET' | 'POST', url: string, token: string | null, payload?: object) =>
  t.app.inject({
    method,
    url,
    headers: { ...(token ? bearer(token) : {}), ...EN },
    ...(payload ? { payload } : {}),
  });
const ok = async (method: 'GET' | 'POST', url: string, token: string, payload?: object) => {
  const res = await call(method, url, token, payload);
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json().data;
};

beforeAll(async () => {
  t = await buildTestApp({ clock, startJobs: true });
  w = await deliveryWorld(t, 2);
  const ad = await createAd(t, w.adv.token, 1, 'Latte');
  const otherAd = await createAd(t, w.otherAdv.token, 1, 'Green Tea');
  plans.alpha = await createPlan(t, w.adv.token, [ad.id], { name: 'Export Alpha' });
  plans.beta = await createPlan(t, w.adv.token, [ad.id], { name: 'Export Beta' });
  plans.other = await createPlan(t, w.otherAdv.token, [otherAd.id], { name: 'Other Gamma' });

  // Alpha: delivered to the reviewing property (owner, then operator approve), then a cancellation waits.
  const alpha = await ok('POST', '/api/Ad_Audits', w.adv.token, {
    playListId: plans.alpha.id,
    robotIds: [w.robots[0]?.robotId],
  });
  clock.advance(10 * 60_000);
  await ok('POST', '/api/Ad_Audits/confirm', w.owner.token, { id: alpha.id, note: 'Fine for the mall' });
  clock.advance(60_000);
  await ok('POST', '/api/Ad_Audits/confirm', w.operator.token, { id: alpha.id });
  clock.advance(10 * 60_000);
  await ok('POST', '/api/Ad_Audits/createCancel', w.adv.token, { playListId: plans.alpha.id, reason: 'Campaign over' });
  // Beta: to the auto-approving property, rejected by the operator.
  clock.advance(60_000);
  const beta = await ok('POST', '/api/Ad_Audits', w.adv.token, {
    playListId: plans.beta.id,
    robotIds: [w.autoRobots[0]?.robotId, w.autoRobots[1]?.robotId],
  });
  await ok('POST', '/api/Ad_Audits/reject', w.operator.token, { id: beta.id, note: 'Picture too dark' });
  // Another customer's application, to the reviewing property.
  clock.advance(60_000);
  await ok('POST', '/api/Ad_Audits', w.otherAdv.token, {
    playListId: plans.other.id,
    robotIds: [w.robots[1]?.robotId],
  });
});
afterAll(async () => {
  await t?.close();
});

type State = { state: string; progress: number; total: number; done: number; url: string | null; key: string };

async function waitForExport(key: string, token: string): Promise<State> {
  return (await followExport<State>(() => ok('GET', `/api/Ad_Audits/queryExportAd_audit?key=${key}`, token))).state;
}

/** Starts an export, waits for it, downloads the result and reads it back: header row and data rows. */
async function exportRows(token: string, body: object) {
  const { key } = await ok('POST', '/api/Ad_Audits/exportAd_audit', token, body);
  const state = await waitForExport(key, token);
  expect(state).toMatchObject({ key, state: 'done', progress: 100 });
  expect(state.url).toBe(`/api/Ad_Audits/queryCheckResult?key=${key}`);
  const file = await call('GET', state.url as string, token);
  expect(file.statusCode, file.body).toBe(200);
  expect(file.headers['content-type']).toContain('spreadsheetml');
  expect(file.headers['content-disposition']).toMatch(/^attachment; filename=".+\.xlsx"/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no worksheet');
  const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1).map((v) => (v == null ? '' : v));
  const header = values(1) as string[];
  const rows: Array<Record<string, unknown>> = [];
  for (let n = 2; n <= sheet.rowCount; n++) {
    const v = values(n);
    rows.push(Object.fromEntries(header.map((h, i) => [h, v[i] ?? ''])));
  }
  return { key, state, sheet, header, rows };
}

/** What queryByPage lists with the same filters: plan name and type of each row, in its order. */
async function listed(token: string, query: string) {
  const page = await call('GET', `/api/Ad_Audits/queryByPage?start=0&limit=100&${query}`, token);
  return (page.json().datas as Array<{ playlist: { name: string }; type: string }>).map((a) => [
    a.playlist.name,
    a.type,
  ]);
}
const TYPE_EN: Record<string, string> = {
  apply: 'Delivery',
  cancel: 'Cancellation',
  add: 'Add devices',
  pause: 'Pause',
};

describe('application export (exportAd_audit, queryExportAd_audit, queryCheckResult)', () => {
  it("exports exactly the advertiser's applications, in English, with labels, reviews and local times", async () => {
    const { state, sheet, header, rows } = await exportRows(w.adv.token, {
      view: 'apply',
      language: 'en',
      timeZone: 'Asia/Shanghai',
    });
    expect(sheet.name).toBe('Application records');
    expect(header).toEqual([
      'Plan name',
      'Customer',
      'Type',
      'Applicant',
      'Devices',
      'Applied at (Asia/Shanghai, UTC+8)',
      'Status',
      'Reason',
      'Pause from - to (Asia/Shanghai, UTC+8)',
      'Reviews (Asia/Shanghai, UTC+8)',
      'Review opinion',
      'Reviewed at (Asia/Shanghai, UTC+8)',
    ]);
    expect(state).toMatchObject({ total: 3, done: 3 });
    // The same rows as the application records page, in its order; never the other customer's.
    const page = await listed(w.adv.token, 'view=apply');
    expect(rows.map((r) => [r['Plan name'], r.Type])).toEqual(page.map(([name, type]) => [name, TYPE_EN[type!]]));
    expect(rows.map((r) => r['Plan name'])).not.toContain('Other Gamma');

    const cancel = rows.find((r) => r.Type === 'Cancellation');
    expect(cancel).toMatchObject({
      'Plan name': 'Export Alpha',
      Customer: 'Lucky Coffee',
      Applicant: 'Lucky Adv',
      Devices: 1,
      'Applied at (Asia/Shanghai, UTC+8)': '2026-11-22 15:21:00',
      Status: 'Pending review',
      Reason: 'Campaign over',
      'Reviewed at (Asia/Shanghai, UTC+8)': '',
    });
    const delivered = rows.find((r) => r['Plan name'] === 'Export Alpha' && r.Type === 'Delivery');
    expect(delivered).toMatchObject({
      'Applied at (Asia/Shanghai, UTC+8)': '2026-11-22 15:00:00',
      Status: 'Approved',
      'Review opinion': 'Fine for the mall',
      'Reviewed at (Asia/Shanghai, UTC+8)': '2026-11-22 15:11:00',
    });
    expect(String(delivered?.['Reviews (Asia/Shanghai, UTC+8)']).split('\n')).toEqual([
      `Property owner ${w.property.name}: Approved · Sunny Owner · 2026-11-22 15:10:00 · Fine for the mall`,
      'Operator: Approved · Root Op · 2026-11-22 15:11:00',
    ]);
    const rejected = rows.find((r) => r['Plan name'] === 'Export Beta');
    expect(rejected).toMatchObject({
      Type: 'Delivery',
      Devices: 2,
      Status: 'Rejected',
      'Review opinion': 'Picture too dark',
      'Reviews (Asia/Shanghai, UTC+8)': 'Operator: Rejected · Root Op · 2026-11-22 15:22:00 · Picture too dark',
    });
  });

  it('applies the filters, writes Chinese headers and labels, and times in the requested zone', async () => {
    const { header, rows, sheet } = await exportRows(w.adv.token, {
      view: 'apply',
      type: 'apply',
      state: 'reject',
      language: 'zh',
      timeZone: 'Asia/Tokyo',
    });
    expect(sheet.name).toBe('申请记录');
    expect(header.slice(0, 7)).toEqual([
      '计划名称',
      '客户',
      '申请类型',
      '申请人',
      '设备数',
      '申请时间（Asia/Tokyo，UTC+9）',
      '状态',
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      计划名称: 'Export Beta',
      申请类型: '投放',
      状态: '已驳回',
      '申请时间（Asia/Tokyo，UTC+9）': '2026-11-22 16:22:00',
      '审核记录（Asia/Tokyo，UTC+9）': '运营: 已驳回 · Root Op · 2026-11-22 16:22:00 · Picture too dark',
    });
    // Without a language, the caller's (here Accept-Language en); the name filter as on the page.
    const byName = await exportRows(w.adv.token, { name: 'alpha' });
    expect(byName.header[0]).toBe('Plan name');
    expect(byName.rows.map((r) => r.Type).sort()).toEqual(['Cancellation', 'Delivery']);
  });

  it("exports a property's audit records: only the applications touching its devices", async () => {
    const { rows, sheet } = await exportRows(w.owner.token, { view: 'review', language: 'en' });
    expect(sheet.name).toBe('Audit records');
    const page = await listed(w.owner.token, 'view=review');
    expect(rows.map((r) => [r['Plan name'], r.Type])).toEqual(page.map(([name, type]) => [name, TYPE_EN[type!]]));
    expect(rows.map((r) => r['Plan name']).sort()).toEqual(['Export Alpha', 'Export Alpha', 'Other Gamma']);
    // An operator's review list, narrowed to what waits for it.
    const todo = await exportRows(w.operator.token, { view: 'review', todo: true, language: 'en' });
    expect(todo.rows.map((r) => r['Plan name']).sort()).toEqual(['Export Alpha', 'Other Gamma']);
    expect(todo.rows.every((r) => r.Status === 'Pending review')).toBe(true);
  });

  it("refuses another user's key, an unknown key, an unfinished or failed export, and an empty list", async () => {
    const { key } = await exportRows(w.adv.token, { view: 'apply', language: 'en' });
    for (const url of [
      `/api/Ad_Audits/queryExportAd_audit?key=${key}`,
      `/api/Ad_Audits/queryCheckResult?key=${key}`,
      `/api/Ad_Audits/queryCheckResult?key=${newId()}`,
      `/api/Ad_Audits/queryExportAd_audit?key=${newId()}`,
    ]) {
      const res = await call('GET', url, w.otherAdv.token);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'EXPORT_NOT_FOUND', msg: 'No such export' });
    }
    // A job not finished yet (queued, never sent to the queue here) and one that failed.
    const queued = newId();
    const failed = newId();
    await t.app.ctx.db.insert(auditExports).values([
      { key: queued, total: 3, timeZone: 'Asia/Shanghai', createdBy: w.adv.user.id },
      { key: failed, state: 'failed', total: 3, timeZone: 'Asia/Shanghai', createdBy: w.adv.user.id },
    ]);
    const running = await call('GET', `/api/Ad_Audits/queryCheckResult?key=${queued}`, w.adv.token);
    expect(running.statusCode).toBe(409);
    expect(running.json()).toMatchObject({ code: 'EXPORT_NOT_READY', msg: 'The export is not finished yet' });
    const progress = await ok('GET', `/api/Ad_Audits/queryExportAd_audit?key=${queued}`, w.adv.token);
    expect(progress).toMatchObject({ state: 'queued', progress: 0, url: null });
    const broken = await call('GET', `/api/Ad_Audits/queryCheckResult?key=${failed}`, w.adv.token);
    expect(broken.json()).toMatchObject({ code: 'EXPORT_FAILED', msg: 'The export failed, please export again' });

    const empty = await call('POST', '/api/Ad_Audits/exportAd_audit', w.adv.token, { name: 'no such plan' });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().msg).toBe('Export data is empty and cannot be exported');
    const badZone = await call('POST', '/api/Ad_Audits/exportAd_audit', w.adv.token, { timeZone: 'Mars/Base' });
    expect(badZone.statusCode).toBe(400);
  });

  it('answers 403 to an advertiser asking for the review list and to a hidden account, 401 without a token', async () => {
    const review = await call('POST', '/api/Ad_Audits/exportAd_audit', w.adv.token, { view: 'review' });
    expect(review.statusCode).toBe(403);
    const hidden = await loginAs(t, 'hide');
    for (const [method, url] of [
      ['POST', '/api/Ad_Audits/exportAd_audit'],
      ['GET', `/api/Ad_Audits/queryExportAd_audit?key=${newId()}`],
      ['GET', `/api/Ad_Audits/queryCheckResult?key=${newId()}`],
    ] as const) {
      const denied = await call(method, url, hidden.token, method === 'POST' ? {} : undefined);
      expect(denied.statusCode, url).toBe(403);
      expect(denied.json().code).toBe('FORBIDDEN');
      const anonymous = await call(method, url, null, method === 'POST' ? {} : undefined);
      expect(anonymous.statusCode, url).toBe(401);
    }
  });
});
