import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { login, openRowAction, PASSWORD } from './shell-helpers';

const AD_LESS_TYPES = ['watch', 'disinfect', 'hydroxylpro', 'hydroxylproA'];

async function apiToken(request: APIRequestContext, username: string, url = '/api/Users/v2_2_login') {
  const res = await request.post(url, { data: { username, password: PASSWORD } });
  expect(res.ok()).toBe(true);
  return (await res.json()).data.token as string;
}

/** Deliverable demo robots of the property the `owner` account reviews, with room for a plan. */
async function ownerRobots(request: APIRequestContext, count: number, skip: number) {
  const owner = await apiToken(request, 'owner');
  const me = await request.get('/api/Users/current', { headers: { authorization: `Bearer ${owner}` } });
  const projectId = (await me.json()).data.projectId as string;
  const root = await apiToken(request, 'root');
  const list = await request.get(`/api/Devices/queryRobotInfo?projectId=${projectId}&limit=200`, {
    headers: { authorization: `Bearer ${root}` },
  });
  const robots = (
    (await list.json()).datas as Array<{
      robotId: string;
      type: string;
      state: string;
      postAds: boolean;
      listType: string;
      remainingSlots: number;
    }>
  ).filter(
    (r) =>
      !AD_LESS_TYPES.includes(r.type) &&
      (r.state === 'online' || r.state === 'offline') &&
      r.postAds &&
      r.listType !== 'blacklist' &&
      r.remainingSlots >= 3,
  );
  return robots.slice(skip, skip + count).map((r) => r.robotId);
}

async function importFile(ids: string[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.getCell('A1').value = '设备ID';
  ids.forEach((id, i) => {
    sheet.getCell(`A${i + 2}`).value = id;
  });
  return Buffer.from(await book.xlsx.writeBuffer());
}

const TEXT = {
  zh: {
    newPlan: '新建计划',
    name: '计划名称',
    ads: '广告',
    save: '保存',
    apply: '申请投放',
    importBtn: '导入设备（Excel）',
    accept: (n: number) => `添加 ${n} 台有效设备`,
    chosen: (n: number) => `${n} 台设备`,
    submit: '提交申请',
    sent: '申请已提交',
    approve: '通过',
    approved: (name: string) => `计划“${name}”的投放申请已通过`,
    cancelApproved: (name: string) => `计划“${name}”的取消投放申请已通过`,
    pending: '待审核',
    live: /未开始|已下发|投放中/,
    applyCancel: '申请取消',
    cancelReason: '取消原因',
    cancelled: '已取消',
    locale: 'zh-CN',
  },
  en: {
    newPlan: 'New plan',
    name: 'Plan name',
    ads: 'Ads',
    save: 'Save',
    apply: 'Apply for delivery',
    importBtn: 'Import devices (Excel)',
    accept: (n: number) => `Add ${n} valid devices`,
    chosen: (n: number) => `${n} devices`,
    submit: 'Submit application',
    sent: 'Application submitted',
    approve: 'Approve',
    approved: (name: string) => `Delivery application for "${name}" approved`,
    cancelApproved: (name: string) => `Cancellation application for "${name}" approved`,
    pending: 'Pending review',
    live: /Not started|Issued|Live/,
    applyCancel: 'Apply to cancel',
    cancelReason: 'Cancellation reason',
    cancelled: 'Cancelled',
    locale: 'en-US',
  },
} as const;

/** A reviewer (in its own browser) approves the application of a plan on the audit form. */
async function approveAs(browser: Browser, username: string, plan: string, lang: 'zh' | 'en') {
  const T = TEXT[lang];
  const context = await browser.newContext({ locale: T.locale });
  const page = await context.newPage();
  await login(page, username, 'operator', lang);
  await page.goto('/auditForm/index');
  const row = page.getByRole('row', { name: new RegExp(plan) });
  await row.getByRole('button', { name: T.approve, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: new RegExp(plan) });
  await expect(dialog.getByRole('cell', { name: /^R/ }).first()).toBeVisible();
  await dialog.getByRole('button', { name: T.approve, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(plan) })).toHaveCount(0);
  await context.close();
}

for (const lang of ['zh', 'en'] as const) {
  const T = TEXT[lang];
  test.describe(`delivery (${lang})`, () => {
    test.use({ locale: T.locale });

    test('an advertiser plans, applies with an imported device list; owner and operator approve; then a cancellation', async ({
      page,
      browser,
      request,
    }) => {
      test.setTimeout(180_000);
      const robotIds = await ownerRobots(request, 2, lang === 'zh' ? 0 : 2);
      expect(robotIds).toHaveLength(2);
      const plan = `E2E ${lang} ${Date.now().toString(36).slice(-5)}`;

      await login(page, 'adv', 'advertiser', lang);
      await page.goto('/ad/List');
      await page.getByRole('button', { name: T.newPlan }).click();
      const editor = page.getByRole('dialog', { name: T.newPlan });
      await editor.getByLabel(T.name, { exact: true }).fill(plan);
      await editor.getByLabel(T.ads, { exact: true }).click();
      await page.locator('.ant-select-item-option').filter({ hasText: 'Morning Latte' }).first().click();
      await editor.getByLabel(T.name, { exact: true }).click();
      await expect(editor.getByTestId('week-preview').locator('[data-on="true"]').first()).toBeVisible();
      await editor.getByRole('button', { name: T.save }).click();
      await expect(editor).toBeHidden();

      await openRowAction(page, plan, T.apply);
      const apply = page.getByRole('dialog', { name: new RegExp(plan) });
      await apply.getByRole('button', { name: T.importBtn }).click();
      const importDialog = page.getByRole('dialog', { name: T.importBtn });
      await importDialog.locator('input[type=file]').setInputFiles({
        name: 'devices.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: await importFile(robotIds),
      });
      await importDialog.getByRole('button', { name: T.accept(2) }).click();
      await expect(apply.getByText(T.chosen(2))).toBeVisible();
      await apply.getByRole('button', { name: T.submit }).click();
      await expect(page.getByText(T.sent)).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(plan) })).toContainText(T.pending);

      await approveAs(browser, 'owner', plan, lang);
      await approveAs(browser, 'root', plan, lang);

      // The result arrives live, and the plan is now delivered.
      const result = page.locator('.ant-notification-notice').filter({ hasText: T.approved(plan) });
      await expect(result).toBeVisible();
      await result.locator('.ant-notification-notice-close').click();
      await expect(page.getByRole('row', { name: new RegExp(plan) })).toContainText(T.live);
      await page.goto('/ad/hasPublished');
      await expect(page.getByRole('row', { name: new RegExp(plan) })).toBeVisible();

      // Cancellation with a reason, approved by both.
      await page.goto('/ad/List');
      await openRowAction(page, plan, T.applyCancel);
      const cancel = page.getByRole('dialog', { name: new RegExp(plan) });
      await cancel.getByLabel(T.cancelReason).fill(lang === 'zh' ? '活动结束' : 'Campaign over');
      await cancel.getByRole('button', { name: T.submit }).click();
      await expect(cancel).toBeHidden();
      await approveAs(browser, 'owner', plan, lang);
      await approveAs(browser, 'root', plan, lang);
      await expect(page.getByText(T.cancelApproved(plan))).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(plan) })).toContainText(T.cancelled);
    });
  });
}
