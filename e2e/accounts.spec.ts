import { type APIRequestContext, type Browser, expect as baseExpect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { login, type Mode, PASSWORD } from './shell-helpers';

/** Full page loads (shell, menus, the page's chunk) take long on a machine shared with other suites. */
const expect = baseExpect.configure({ timeout: 30_000 });

/** A 1x1 PNG: the business licence picture. */
const LICENCE = {
  name: 'licence.png',
  mimeType: 'image/png',
  buffer: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
};
/** A unified social credit code and an ID number with valid check characters. */
const CREDIT_CODE = '91350100M000100Y43';
const ID_NUMBER = '11010519491231002X';

/**
 * Logs in from /login and waits for the shell. The shell's first load fetches the menus and the page's
 * chunks: on a busy machine that takes longer than an assertion's default wait.
 */
async function signIn(page: Page, username: string, mode: Mode = 'operator', lang: 'zh' | 'en' = 'zh') {
  await login(page, username, mode, lang);
}

async function pageIn(browser: Browser, locale: 'zh-CN' | 'en-US'): Promise<Page> {
  const context = await browser.newContext({ locale });
  return context.newPage();
}

/** antd puts a space between two Chinese characters of a button. */
const zhButton = (text: string) => new RegExp(`^${[...text].join('\\s?')}$`);

test('onboarding: an operator creates an advertiser under a new customer, the advertiser submits its enterprise information, root passes it', async ({
  browser,
}) => {
  // Three roles, three first loads and an upload on a machine shared with other suites.
  test.setTimeout(300_000);
  const suffix = Date.now().toString(36).slice(-5);
  const customerName = `E2E客户${suffix}`;
  const username = `e2e_adv_${suffix}`;

  // The operator (Chinese): a new customer, then at once its advertiser account.
  const ops = await pageIn(browser, 'zh-CN');
  await signIn(ops, 'operator1');
  await ops.goto('/customer/customer');
  await ops.getByRole('button', { name: '新建客户' }).click({ timeout: 45_000 });
  const customerForm = ops.getByTestId('customer-form');
  await customerForm.getByLabel('客户名称').fill(customerName);
  await customerForm.getByLabel('手机号').fill('13712345678');
  await ops.getByRole('button', { name: zhButton('保存') }).click();
  await expect(ops.getByText('创建成功')).toBeVisible();

  const advForm = ops.getByTestId('advertiser-form');
  await expect(advForm).toBeVisible();
  await expect(advForm.getByText(customerName)).toBeVisible();
  await advForm.getByLabel('登录账号').fill(username);
  await advForm.getByLabel('密码').fill(PASSWORD);
  await advForm.getByLabel('名称').fill('E2E广告主');
  await ops.getByRole('button', { name: zhButton('保存') }).click();
  await expect(advForm).toBeHidden();
  const customerRow = ops.getByRole('row', { name: new RegExp(customerName) });
  await expect(customerRow).toContainText(`E2E广告主 (${username})`);
  await expect(customerRow).toContainText('未提交');

  // The advertiser (English): enterprise information with a licence picture, submitted for review.
  const adv = await pageIn(browser, 'en-US');
  await signIn(adv, username, 'advertiser', 'en');
  await adv.goto('/account/customer/mainInfo');
  // A page's first visit loads its chunks: on a busy machine that takes a while.
  await expect(adv.getByTestId('enterprise-status')).toContainText('submit it for review', { timeout: 45_000 });
  await adv.getByLabel('Enterprise name').fill('E2E Trading Co');
  // The province is a choice from the region list (typed to search, then picked).
  await adv.getByLabel('Province').fill('Fujian');
  await adv.locator('.ant-select-item-option[title="Fujian"]').click();
  await adv.getByLabel('Contact', { exact: true }).fill('Li Lei');
  await adv.getByLabel('Contact phone').fill('13800138000');
  // A wrong check character is refused with the shared rule's message.
  await adv.getByLabel('Unified social credit code').fill('91350100M000100Y44');
  await adv.getByLabel("Legal person's ID number").fill(ID_NUMBER);
  await adv.getByRole('button', { name: 'Submit for review' }).click();
  await expect(adv.getByText('The check character of the unified social credit code is wrong')).toBeVisible();
  await expect(adv.getByText('Please upload the business licence picture')).toBeVisible();
  await adv.getByLabel('Unified social credit code').fill(CREDIT_CODE);
  await adv.getByTestId('licence-picture').locator('input[type=file]').setInputFiles(LICENCE);
  await expect(adv.getByTestId('licence-picture').getByRole('img', { name: 'licence.png' })).toBeVisible();
  await adv.getByRole('button', { name: 'Submit for review' }).click();
  await expect(adv.getByText('Submitted for review')).toBeVisible();
  await expect(adv.getByTestId('enterprise-status')).toContainText('under review');
  // The applicant's history lists the application.
  const mine = adv.getByRole('row', { name: new RegExp(customerName) });
  await expect(mine).toContainText('Pending review');

  // Root (Chinese) passes the review.
  const root = await pageIn(browser, 'zh-CN');
  await signIn(root, 'root');
  await root.goto('/customer/audit/auditManage');
  const application = root.getByRole('row', { name: new RegExp(customerName) });
  await expect(application).toContainText('待审核', { timeout: 45_000 });
  await application.getByRole('button', { name: zhButton('通过') }).click();
  await root.getByRole('button', { name: /^(确\s?定|OK)$/ }).click();
  await expect(root.getByText('已通过').first()).toBeVisible();
  await expect(application).toContainText('已通过');

  // The advertiser sees it approved: it may now apply for delivery.
  await adv.reload();
  await expect(adv.getByTestId('enterprise-status')).toContainText('you can apply for delivery');
  await expect(mine).toContainText('Approved');
  await expect(mine).toContainText('Root');

  // The operator's list shows the customer approved.
  await ops.reload();
  await expect(ops.getByRole('row', { name: new RegExp(customerName) })).toContainText('已通过');
});

async function apiToken(request: APIRequestContext, username: string, url = '/api/Users/v2_2_login') {
  const res = await request.post(url, { data: { username, password: PASSWORD } });
  expect(res.ok()).toBe(true);
  return (await res.json()).data.token as string;
}
const auth = (token: string) => ({ authorization: `Bearer ${token}` });

const AD_LESS_TYPES = ['watch', 'disinfect', 'hydroxylpro', 'hydroxylproA'];

/** Deliverable demo robots that stand in no property yet (inventory), with room for a plan. */
async function inventoryRobots(request: APIRequestContext, root: string, count: number, skip: number) {
  const list = await request.get('/api/Devices/queryRobotInfo?start=0&limit=1000', { headers: auth(root) });
  const robots = (await list.json()).datas as Array<{
    robotId: string;
    projectId: string | null;
    type: string;
    state: string;
    postAds: boolean;
    listType: string;
    remainingSlots: number;
    screenRatio: string;
    template: number;
  }>;
  return robots
    .filter(
      (r) =>
        r.projectId === null &&
        !AD_LESS_TYPES.includes(r.type) &&
        (r.state === 'online' || r.state === 'offline') &&
        r.postAds &&
        r.listType !== 'blacklist' &&
        r.remainingSlots >= 3 &&
        r.screenRatio === '1080_1920' &&
        r.template === 1,
    )
    .slice(skip, skip + count)
    .map((r) => r.robotId);
}

const OWNER_HEADERS = {
  zh: ['登录账号', '密码', '名称', '联系电话', '物业名称', '物业类型', '省', '市', '区', '地址', '设备ID'],
  en: [
    'Login account',
    'Password',
    'Name',
    'Contact phone',
    'Property name',
    'Property type',
    'Province',
    'City',
    'District',
    'Address',
    'Device IDs',
  ],
};

async function ownerImportFile(lang: 'zh' | 'en', row: string[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sheet1');
  sheet.addRow(OWNER_HEADERS[lang]);
  sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** The advertiser `adv` plans its demo ad and applies to deliver it to these robots (the API, as the page does). */
async function applyFor(request: APIRequestContext, plan: string, robotIds: string[]) {
  const adv = await apiToken(request, 'adv', '/api/Users/advertiser_login');
  const ads = await request.get('/api/Advertisements/queryByCondition_admin?name=Morning%20Latte', {
    headers: auth(adv),
  });
  const ad = ((await ads.json()).datas as Array<{ id: string; name: string }>).find((a) => a.name === 'Morning Latte');
  expect(ad).toBeTruthy();
  const now = Math.floor(Date.now() / 1000);
  const created = await request.post('/api/Playlists', {
    headers: auth(adv),
    data: {
      name: plan,
      advertisements: [ad?.id],
      begin: now + 3600,
      end: now + 30 * 86400,
      timeZone: 'Asia/Shanghai',
      cycle: { type: 'weekly', data: [1, 3, 5] },
      times: [{ begin: { hour: 9, minute: 0 }, end: { hour: 18, minute: 0 } }],
      playingMode: 'order',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const playListId = (await created.json()).data.id as string;
  const applied = await request.post('/api/Ad_Audits', { headers: auth(adv), data: { playListId, robotIds } });
  expect(applied.ok(), await applied.text()).toBe(true);
}

const IMPORT_TEXT = {
  zh: {
    locale: 'zh-CN' as const,
    importBtn: '导入物业账号（Excel）',
    allValid: '全部 1 行均可创建',
    create: /^创建 1 个物业账号$/,
    created: '已创建 1 个物业账号及其物业和设备',
    approve: zhButton('通过'),
    propertyType: '物业',
  },
  en: {
    locale: 'en-US' as const,
    importBtn: 'Import owners (Excel)',
    allValid: 'The row can be created',
    create: /^Create 1 owner$/,
    created: '1 owner account created with its property and robots',
    approve: /^Approve$/,
    propertyType: 'Cinema',
  },
};

for (const lang of ['zh', 'en'] as const) {
  test(`owner import (${lang}): root imports an owner with its property and robots; the owner passes an application for them`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(240_000);
    const T = IMPORT_TEXT[lang];
    const suffix = `${lang}${Date.now().toString(36).slice(-5)}`;
    const username = `e2e_owner_${suffix}`;
    const property = `E2E物业${suffix}`.slice(0, 15);
    const rootToken = await apiToken(request, 'root');
    const robotIds = await inventoryRobots(request, rootToken, 2, lang === 'zh' ? 0 : 2);
    expect(robotIds).toHaveLength(2);

    // Root imports the owner account with its property and robots from the template's columns.
    const root = await pageIn(browser, T.locale);
    await signIn(root, 'root', 'operator', lang);
    await root.goto('/account/property/index');
    await root.getByRole('button', { name: T.importBtn }).click({ timeout: 45_000 });
    const dialog = root.getByRole('dialog', { name: T.importBtn });
    const file = await ownerImportFile(lang, [
      username,
      PASSWORD,
      'E2E Owner',
      '',
      property,
      T.propertyType,
      '广东省',
      '深圳市',
      '南山区',
      '',
      robotIds.join(', '),
    ]);
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'owners.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: file,
    });
    await expect(dialog.getByText(T.allValid)).toBeVisible();
    await expect(dialog.getByRole('row', { name: new RegExp(username) })).toContainText(robotIds[0] as string);
    await dialog.getByRole('button', { name: T.create }).click();
    await expect(root.getByText(T.created)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(root.getByRole('row', { name: new RegExp(username) })).toContainText(property);

    // An advertiser applies to deliver a plan to those robots.
    const plan = `E2E owner ${suffix}`;
    await applyFor(request, plan, robotIds);

    // The new owner logs in and passes the application that targets its robots.
    const owner = await pageIn(browser, T.locale);
    await signIn(owner, username, 'owner', lang);
    await owner.goto('/auditForm/index');
    const row = owner.getByRole('row', { name: new RegExp(plan) });
    await row.getByRole('button', { name: T.approve }).click({ timeout: 45_000 });
    const review = owner.getByRole('dialog', { name: new RegExp(plan) });
    await expect(review.getByRole('cell', { name: /^R/ }).first()).toBeVisible();
    await review.getByRole('button', { name: T.approve }).click();
    await expect(review).toBeHidden();
    await expect(owner.getByRole('row', { name: new RegExp(plan) })).toHaveCount(0);
  });
}
