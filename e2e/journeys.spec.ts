import fs from 'node:fs';
import path from 'node:path';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { login, loginThroughForm, type Mode, openRowAction, optionsOf, PASSWORD } from './shell-helpers';
import { solidPng } from './solid-png';

/**
 * Issue 29, "Journeys": each demo role, from login to the outcome it exists for, on the demo data of a fresh
 * start, through the screens a person uses, in Chinese and then in English (issue 38): the same steps, their
 * texts read from the web app's locale files. The advertiser's application is what the owner and then the
 * operator review, so the three run in this order (one plan per language); the others stand alone.
 */

// Whole journeys, each several pages and dialogs: more than the default minute on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 300_000 });

const suffix = Date.now().toString(36).slice(-5);
/** A robot of the property the `owner` account reviews for (阳光广场), deliverable and with free slots. */
const ROBOT = { id: 'RSZ1012', name: '阳光广场-12' };
const LANGS = ['zh', 'en'] as const;
type Lang = (typeof LANGS)[number];

/** What each language's journey creates (user data: the same words in both languages, told apart by suffix). */
const made = (lang: Lang) => ({
  material: `journey-${lang}-${suffix}`,
  adName: `旅程广告 ${lang} ${suffix}`,
  plan: `旅程计划 ${lang} ${suffix}`,
  lead: `旅程意向${lang}${suffix}`,
  order: `旅程订单 ${lang} ${suffix}`,
});

const LOCALES = path.join(import.meta.dirname, '..', 'apps/web/src/locales');
/** The texts the server writes too (the vocabulary, play flags): the web reads them from contracts. */
const SHARED_LOCALES = path.join(import.meta.dirname, '..', 'packages/contracts/src/locales');
const localeFiles = new Map<string, Record<string, unknown>>();
/** A text of the web app's locale files: `ns:a.b.c`, with `{{name}}` filled in. */
function text(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  const [ns, dotted = ''] = key.split(':');
  const file = `${lang}/${ns}`;
  if (!localeFiles.has(file))
    localeFiles.set(
      file,
      JSON.parse(
        fs.readFileSync(
          fs.existsSync(path.join(LOCALES, `${file}.json`))
            ? path.join(LOCALES, `${file}.json`)
            : path.join(SHARED_LOCALES, `${file}.json`),
          'utf8',
        ),
      ),
    );
  let value: unknown = localeFiles.get(file);
  for (const part of dotted.split('.')) value = (value as Record<string, unknown>)?.[part];
  if (typeof value !== 'string') throw new Error(`No text ${lang}/${key}`);
  return value.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A button's exact name: antd puts a space between two Chinese characters of a button. */
const button = (lang: Lang, key: string) => {
  const words = text(lang, key);
  return lang === 'zh' ? zhButton(words) : new RegExp(`^${literal(words)}$`);
};

/** antd puts a space between two Chinese characters of a button. */
const zhButton = (text: string) => new RegExp(`^${[...text].join('\\s?')}$`);

async function pageAs(browser: Browser, username: string, mode: Mode = 'operator', lang: Lang = 'zh'): Promise<Page> {
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
async function approve(page: Page, lang: Lang) {
  const { plan } = made(lang);
  const approveName = text(lang, 'delivery:review.approve');
  await open(page, '/auditForm/index');
  await expect(page).toHaveURL(/\/auditForm\/index/);
  const row = page.getByRole('row', { name: new RegExp(plan) });
  await row.getByRole('button', { name: approveName, exact: true }).click({ timeout: 45_000 });
  const dialog = page.getByRole('dialog', { name: new RegExp(plan) });
  // The devices of the application are listed before the decision.
  await expect(dialog.getByRole('cell', { name: ROBOT.id })).toBeVisible();
  await dialog.getByRole('button', { name: approveName, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: new RegExp(plan) })).toHaveCount(0);
}

for (const lang of LANGS) {
  const t = (key: string, values?: Record<string, string | number>) => text(lang, key, values);
  const { material, adName, plan, lead, order } = made(lang);

  test(`advertiser: uploads a material, builds an ad and a plan, and applies for delivery on robots it searched (${lang})`, async ({
    browser,
  }) => {
    const page = await pageAs(browser, 'adv', 'advertiser', lang);
    await open(page, '/ad/Resource');
    await page.getByRole('button', { name: new RegExp(`${literal(t('resources:upload.open'))}$`) }).click();
    const upload = page.getByRole('dialog', { name: t('resources:upload.title') });
    const picture = solidPng(1080, 1920, { r: 200, g: 90, b: 30 });
    await upload
      .locator('input[type=file]')
      .setInputFiles({ name: `${material}.png`, mimeType: 'image/png', buffer: picture });
    await expect(upload.getByTestId('upload-item').getByText(t('resources:upload.status.done'))).toBeVisible();
    await upload
      .locator('.ant-modal-footer')
      .getByRole('button', { name: button(lang, 'resources:upload.close') })
      .click();
    await expect(page.getByText(material, { exact: true })).toBeVisible();

    // The ad, from the materials page's way to the ads.
    const toAds = t('resources:toAds');
    await page
      .getByRole('button', {
        name: new RegExp(`^notification ${lang === 'zh' ? [...toAds].join('\\s?') : literal(toAds)}$`),
      })
      .click();
    await page.getByRole('button', { name: t('ads:create') }).click();
    const adEditor = page.getByRole('dialog').filter({ hasText: t('ads:fields.name') });
    await adEditor.getByLabel(t('ads:fields.name')).fill(adName);
    await adEditor.getByTestId('ad-materials').click();
    await page.getByTitle(`${material} (1080x1920)`).click();
    await adEditor.getByLabel(t('ads:fields.name')).click();
    await expect(adEditor.getByTestId('robot-frame').getByTestId('media-preview-picture')).toBeVisible();
    await adEditor.getByRole('button', { name: button(lang, 'ads:save') }).click();
    await expect(adEditor).toBeHidden();
    await expect(page.getByRole('row').filter({ hasText: adName })).toBeVisible();

    // The plan with that ad.
    await open(page, '/ad/List');
    await page.getByRole('button', { name: t('delivery:plans.create') }).click();
    const planEditor = page.getByRole('dialog', { name: t('delivery:plans.create') });
    await planEditor.getByLabel(t('delivery:fields.name'), { exact: true }).fill(plan);
    await planEditor.getByLabel(t('delivery:fields.ads'), { exact: true }).click();
    await page.locator('.ant-select-item-option').filter({ hasText: adName }).first().click();
    await planEditor.getByLabel(t('delivery:fields.name'), { exact: true }).click();
    await planEditor.getByRole('button', { name: button(lang, 'delivery:common.save') }).click();
    await expect(planEditor).toBeHidden();

    // The application: the robot found by its name in the device picker.
    const row = page.getByRole('row', { name: new RegExp(plan) });
    await row.getByRole('button', { name: t('delivery:plans.apply'), exact: true }).click();
    const apply = page.getByRole('dialog', { name: new RegExp(plan) });
    await apply.getByRole('combobox', { name: t('delivery:apply.devices') }).fill(ROBOT.name);
    await page.locator('.ant-select-item-option').filter({ hasText: ROBOT.id }).click();
    await expect(apply.getByText(t('delivery:apply.chosen', { count: 1 }))).toBeVisible();
    await apply.getByRole('button', { name: t('delivery:apply.submit') }).click();
    await expect(page.getByText(t('delivery:apply.sent'))).toBeVisible();
    await expect(row).toContainText(t('delivery:deliveryStatus.pendingReview'));
    await page.context().close();
  });

  test(`owner: sees the plays on its robots and its own robots only, and approves the application for them (${lang})`, async ({
    browser,
  }) => {
    const page = await pageAs(browser, 'owner', 'owner', lang);
    // Its board: the plays its robots reported (the demo's year of history).
    await open(page, '/wel/zhuBoard');
    await expect(page.getByTestId('kpi-plays').locator('.ant-statistic-content-value')).not.toHaveText('0', {
      timeout: 45_000,
    });
    await expect(page.getByTestId('kpi-plays').locator('.ant-statistic-content-value')).toHaveText(/\d/);
    // Its screens: the robots of its property (demo data, the same in both languages), nobody else's.
    await open(page, '/projectScreenManage/index');
    const robots = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(robots.first()).toContainText('阳光广场', { timeout: 45_000 });
    for (const text of await robots.allTextContents()) expect(text).toContain('阳光广场');
    await approve(page, lang);
    await page.context().close();
  });

  // The operator is operator1, adv's parent in the demo tree (README "Demo accounts"): an operator reviews the
  // plans of its account subtree and of the customers it manages (issue 38).
  test(`operator: approves the application, and the plan is issued to the robot (${lang})`, async ({ browser }) => {
    const page = await pageAs(browser, 'operator1', 'operator', lang);
    await approve(page, lang);
    await open(page, '/ad/List');
    const row = page.getByRole('row', { name: new RegExp(plan) });
    const started = ['notStarted', 'issued', 'live'].map((s) => literal(t(`delivery:deliveryStatus.${s}`)));
    await expect(row).toContainText(new RegExp(started.join('|')), { timeout: 45_000 });
    await openRowAction(page, plan, t('delivery:plans.publishDetails'));
    const device = page.getByRole('row', { name: new RegExp(ROBOT.id) });
    await expect(device).toContainText(ROBOT.name);
    await expect(device).toContainText(t('delivery:publishState.issued'));
    await page.context().close();
  });

  test(`salesperson: a new lead, then an order for a plan of its customer on a robot of its scope (${lang})`, async ({
    browser,
  }) => {
    const page = await pageAs(browser, 'sales', 'operator', lang);
    await open(page, '/screenManage/intendedManage/index');
    await page.getByRole('button', { name: t('sales:leads.create') }).click({ timeout: 45_000 });
    const leadForm = page.getByTestId('lead-form');
    await leadForm.getByLabel(t('sales:fields.name')).fill(lead);
    await leadForm.getByLabel(t('sales:fields.phone')).fill(`136${String(Date.now()).slice(-8)}`);
    await page.getByRole('button', { name: button(lang, 'sales:save') }).click();
    await expect(page.getByText(t('sales:created'))).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(lead) })).toContainText(
      t('vocabulary:followState.notFollowed'),
    );

    // The order: the plan picker offers its customers' plans, the device picker the robots of its scope.
    await open(page, '/adordermanage');
    await page.getByRole('button', { name: t('sales:orders.create') }).click({ timeout: 45_000 });
    const form = page.getByTestId('order-form');
    await form.getByLabel(t('sales:fields.orderName')).fill(order);
    await form.getByLabel(t('sales:fields.plan')).click();
    const planOption = page.locator('.ant-select-item-option').first();
    await expect(planOption).toBeVisible();
    await planOption.click();
    const robots = form.getByLabel(t('sales:fields.devices'));
    await robots.click();
    // A demo robot, which has a price (robots other specs add come first and have none: no quote).
    const robotOption = (await optionsOf(page, robots)).filter({ hasNotText: /\(E2E/ }).first();
    await expect(robotOption).toBeVisible();
    await robotOption.click();
    await form.getByLabel(t('sales:fields.orderName')).click();
    await form.getByLabel(t('sales:fields.weeks')).fill('4');
    // The quote in the language's money format (¥1,234.56, CNY 1,234.56).
    await expect(page.getByTestId('order-quote')).toContainText(lang === 'zh' ? '¥' : 'CNY');
    await page.getByRole('button', { name: button(lang, 'sales:save') }).click();
    await expect(page.getByText(t('sales:created'))).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(order) })).toContainText(t('sales:orderState.reviewing'));
    await page.context().close();
  });
}

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
