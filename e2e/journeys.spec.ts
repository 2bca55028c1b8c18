import { type Browser, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { login, loginThroughForm, type Mode, openRowAction, optionsOf, PASSWORD } from './shell-helpers';

/**
 * Issue 29, "Journeys": each demo role, from login to the outcome it exists for, on the demo data of a fresh
 * start, through the screens a person uses (Chinese). The advertiser's application is what the owner and then
 * the operator review, so the three run in this order; the others stand alone.
 */

// Whole journeys, each several pages and dialogs: more than the default minute on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

const suffix = Date.now().toString(36).slice(-5);
const material = `journey-${suffix}`;
const adName = `旅程广告 ${suffix}`;
const plan = `旅程计划 ${suffix}`;
/** A robot of the property the `owner` account reviews for (阳光广场), deliverable and with free slots. */
const ROBOT = { id: 'RSZ1012', name: '阳光广场-12' };

/** antd puts a space between two Chinese characters of a button. */
const zhButton = (text: string) => new RegExp(`^${[...text].join('\\s?')}$`);

async function pageAs(
  browser: Browser,
  username: string,
  mode: Mode = 'operator',
  lang: 'zh' | 'en' = 'zh',
): Promise<Page> {
  const context = await browser.newContext({ locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
  const page = await context.newPage();
  await login(page, username, mode, lang);
  return page;
}

/** Opens a page of the role's menu (the sidebar holds it: the shell's own tests cover the menus). */
async function open(page: Page, path: string) {
  await page.goto(path);
}

/** Approves the plan's open application on the audit form. */
async function approve(page: Page) {
  await open(page, '/auditForm/index');
  await expect(page).toHaveURL(/\/auditForm\/index/);
  const row = page.getByRole('row', { name: new RegExp(plan) });
  await row.getByRole('button', { name: '通过', exact: true }).click({ timeout: 45_000 });
  const dialog = page.getByRole('dialog', { name: new RegExp(plan) });
  // The devices of the application are listed before the decision.
  await expect(dialog.getByRole('cell', { name: ROBOT.id })).toBeVisible();
  await dialog.getByRole('button', { name: '通过', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(plan) })).toHaveCount(0);
}

test('advertiser: uploads a material, builds an ad and a plan, and applies for delivery on robots it searched', async ({
  browser,
}) => {
  const page = await pageAs(browser, 'adv', 'advertiser');
  await open(page, '/ad/Resource');
  await page.getByRole('button', { name: /上传$/ }).click();
  const upload = page.getByRole('dialog', { name: '上传素材' });
  const picture = await sharp({
    create: { width: 1080, height: 1920, channels: 3, background: { r: 200, g: 90, b: 30 } },
  })
    .png()
    .toBuffer();
  await upload
    .locator('input[type=file]')
    .setInputFiles({ name: `${material}.png`, mimeType: 'image/png', buffer: picture });
  await expect(upload.getByTestId('upload-item').getByText('已上传')).toBeVisible();
  await upload.locator('.ant-modal-footer').getByRole('button', { name: '关闭' }).click();
  await expect(page.getByText(material, { exact: true })).toBeVisible();

  // The ad, from the materials page's way to the ads.
  await page.getByRole('button', { name: /^notification 广\s?告$/ }).click();
  await page.getByRole('button', { name: '新建广告' }).click();
  const adEditor = page.getByRole('dialog').filter({ hasText: '广告名称' });
  await adEditor.getByLabel('广告名称').fill(adName);
  await adEditor.getByTestId('ad-materials').click();
  await page.getByTitle(`${material} (1080x1920)`).click();
  await adEditor.getByLabel('广告名称').click();
  await expect(adEditor.getByTestId('robot-frame').getByTestId('media-preview-picture')).toBeVisible();
  await adEditor.getByRole('button', { name: zhButton('保存') }).click();
  await expect(adEditor).toBeHidden();
  await expect(page.getByRole('row').filter({ hasText: adName })).toBeVisible();

  // The plan with that ad.
  await open(page, '/ad/List');
  await page.getByRole('button', { name: '新建计划' }).click();
  const planEditor = page.getByRole('dialog', { name: '新建计划' });
  await planEditor.getByLabel('计划名称', { exact: true }).fill(plan);
  await planEditor.getByLabel('广告', { exact: true }).click();
  await page.locator('.ant-select-item-option').filter({ hasText: adName }).first().click();
  await planEditor.getByLabel('计划名称', { exact: true }).click();
  await planEditor.getByRole('button', { name: zhButton('保存') }).click();
  await expect(planEditor).toBeHidden();

  // The application: the robot found by its name in the device picker.
  const row = page.getByRole('row', { name: new RegExp(plan) });
  await row.getByRole('button', { name: '申请投放', exact: true }).click();
  const apply = page.getByRole('dialog', { name: new RegExp(plan) });
  await apply.getByRole('combobox', { name: '设备' }).fill(ROBOT.name);
  await page.locator('.ant-select-item-option').filter({ hasText: ROBOT.id }).click();
  await expect(apply.getByText('1 台设备')).toBeVisible();
  await apply.getByRole('button', { name: '提交申请' }).click();
  await expect(page.getByText('申请已提交')).toBeVisible();
  await expect(row).toContainText('待审核');
  await page.context().close();
});

test('owner: sees the plays on its robots and its own robots only, and approves the application for them', async ({
  browser,
}) => {
  const page = await pageAs(browser, 'owner', 'owner');
  // Its board: the plays its robots reported (the demo's year of history).
  await open(page, '/wel/zhuBoard');
  await expect(page.getByTestId('kpi-plays').locator('.ant-statistic-content-value')).not.toHaveText('0', {
    timeout: 45_000,
  });
  await expect(page.getByTestId('kpi-plays').locator('.ant-statistic-content-value')).toHaveText(/\d/);
  // Its screens: the robots of its property, nobody else's.
  await open(page, '/projectScreenManage/index');
  const robots = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(robots.first()).toContainText('阳光广场', { timeout: 45_000 });
  for (const text of await robots.allTextContents()) expect(text).toContain('阳光广场');
  await approve(page);
  await page.context().close();
});

// The operator is operator1, adv's parent in the demo tree (README "Demo accounts"): an operator reviews the plans
// of its account subtree and of the customers it manages (issue 38).
test('operator: approves the application, and the plan is issued to the robot', async ({ browser }) => {
  const page = await pageAs(browser, 'operator1');
  await approve(page);
  await open(page, '/ad/List');
  const row = page.getByRole('row', { name: new RegExp(plan) });
  await expect(row).toContainText(/未开始|已下发|投放中/, { timeout: 45_000 });
  await openRowAction(page, plan, '投放详情');
  const device = page.getByRole('row', { name: new RegExp(ROBOT.id) });
  await expect(device).toContainText(ROBOT.name);
  await expect(device).toContainText('已下发');
  await page.context().close();
});

test('salesperson: a new lead, then an order for a plan of its customer on a robot of its scope', async ({
  browser,
}) => {
  const page = await pageAs(browser, 'sales');
  const lead = `旅程意向${suffix}`;
  await open(page, '/screenManage/intendedManage/index');
  await page.getByRole('button', { name: '新建意向客户' }).click({ timeout: 45_000 });
  const leadForm = page.getByTestId('lead-form');
  await leadForm.getByLabel('名称').fill(lead);
  await leadForm.getByLabel('手机号').fill(`136${String(Date.now()).slice(-8)}`);
  await page.getByRole('button', { name: zhButton('保存') }).click();
  await expect(page.getByText('创建成功')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(lead) })).toContainText('未跟进');

  // The order: the plan picker offers its customers' plans, the device picker the robots of its scope.
  const order = `旅程订单 ${suffix}`;
  await open(page, '/adordermanage');
  await page.getByRole('button', { name: '新建订单' }).click({ timeout: 45_000 });
  const form = page.getByTestId('order-form');
  await form.getByLabel('订单名称').fill(order);
  await form.getByLabel('投放计划').click();
  const planOption = page.locator('.ant-select-item-option').first();
  await expect(planOption).toBeVisible();
  await planOption.click();
  const robots = form.getByLabel('设备');
  await robots.click();
  // A demo robot, which has a price (robots other specs add come first and have none: no quote).
  const robotOption = (await optionsOf(page, robots)).filter({ hasNotText: /\(E2E/ }).first();
  await expect(robotOption).toBeVisible();
  await robotOption.click();
  await form.getByLabel('订单名称').click();
  await form.getByLabel('周数').fill('4');
  await expect(page.getByTestId('order-quote')).toContainText('¥');
  await page.getByRole('button', { name: zhButton('保存') }).click();
  await expect(page.getByText('创建成功')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(order) })).toContainText('审核中');
  await page.context().close();
});

for (const lang of ['zh', 'en'] as const)
  test(`regional branch: sees the customers of its branch and not those of others (${lang})`, async ({ browser }) => {
    const page = await pageAs(browser, 'east', 'operator', lang);
    await open(page, '/customer/customer');
    const table = page.locator('.ant-table-tbody');
    for (const customer of ['Bright Books', 'Green Gym', 'Ocean Travel'])
      await expect(table.getByText(new RegExp(customer)).first()).toBeVisible({ timeout: 45_000 });
    await expect(table.getByText(/Lucky Coffee/)).toHaveCount(0);
    await expect(table.getByText(/Fresh Mart/)).toHaveCount(0);
    await page.context().close();
  });

/** The root journey's words in each language. */
const ROOT_WORDS = {
  zh: {
    create: '新建账号',
    username: '登录账号',
    password: '密码',
    name: '名称',
    role: '角色',
    save: zhButton('保存'),
    created: '创建成功',
    operator: '运营',
  },
  en: {
    create: 'New account',
    username: 'Login name',
    password: 'Password',
    name: 'Name',
    role: 'Role',
    save: 'Save',
    created: 'Created',
    operator: 'Operator',
  },
} as const;

for (const lang of ['zh', 'en'] as const)
  test(`root: creates an operator account, which then logs in (${lang})`, async ({ browser }) => {
    const w = ROOT_WORDS[lang];
    const page = await pageAs(browser, 'root', 'operator', lang);
    const username = `journey_${lang}${suffix}`;
    const name = `旅程运营${lang}${suffix}`;
    await open(page, '/accountInformation/index');
    await page.getByRole('button', { name: w.create }).click({ timeout: 45_000 });
    const form = page.getByTestId('account-form');
    await form.getByLabel(w.username, { exact: true }).fill(username);
    await form.getByLabel(w.password, { exact: true }).fill(PASSWORD);
    await form.getByLabel(w.name, { exact: true }).fill(name);
    await expect(form.getByLabel(w.role)).toBeVisible();
    await page.getByRole('dialog', { name: w.create }).getByRole('button', { name: w.save }).click();
    await expect(page.getByText(w.created)).toBeVisible();
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row).toContainText(w.operator);

    const fresh = await (await browser.newContext({ locale: 'zh-CN' })).newPage();
    await loginThroughForm(fresh, username);
    await expect(fresh.locator('.ra-sider').getByRole('menuitem', { name: '广告', exact: true })).toBeVisible();
    await fresh.context().close();
    await page.context().close();
  });
