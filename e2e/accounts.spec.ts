import { type Browser, expect, type Page, test } from '@playwright/test';
import { login, PASSWORD } from './shell-helpers';

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

async function pageIn(browser: Browser, locale: 'zh-CN' | 'en-US'): Promise<Page> {
  const context = await browser.newContext({ locale });
  return context.newPage();
}

/** antd puts a space between two Chinese characters of a button. */
const zhButton = (text: string) => new RegExp(`^${[...text].join('\\s?')}$`);

test('onboarding: an operator creates an advertiser under a new customer, the advertiser submits its enterprise information, root passes it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36).slice(-5);
  const customerName = `E2E客户${suffix}`;
  const username = `e2e_adv_${suffix}`;

  // The operator (Chinese): a new customer, then at once its advertiser account.
  const ops = await pageIn(browser, 'zh-CN');
  await login(ops, 'operator1');
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
  // DIY: the advertiser uploads its own pictures (upload credentials are for DIY advertisers).
  await advForm.getByLabel('DIY').click();
  await ops.getByRole('button', { name: zhButton('保存') }).click();
  await expect(advForm).toBeHidden();
  const customerRow = ops.getByRole('row', { name: new RegExp(customerName) });
  await expect(customerRow).toContainText(`E2E广告主 (${username})`);
  await expect(customerRow).toContainText('未提交');

  // The advertiser (English): enterprise information with a licence picture, submitted for review.
  const adv = await pageIn(browser, 'en-US');
  await login(adv, username, 'advertiser', 'en');
  await adv.goto('/account/customer/mainInfo');
  // A page's first visit loads its chunks: on a busy machine that takes a while.
  await expect(adv.getByTestId('enterprise-status')).toContainText('submit it for review', { timeout: 45_000 });
  await adv.getByLabel('Enterprise name').fill('E2E Trading Co');
  await adv.getByLabel('Province').fill('Fujian');
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
  await login(root, 'root');
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
