import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, expect as baseExpect, type Locator, type Page, test } from '@playwright/test';
import { call, createPlan, pictureAd, publishAndPull, tokenOf } from './api-helpers';
import { login } from './shell-helpers';

/** Full page loads (shell, menus, the page's chunk) take long on a machine shared with other suites. */
const expect = baseExpect.configure({ timeout: 30_000 });

const PLANS = 'GET /api/Playlists/queryByPage_v3';
const OK = /^(确 定|确定|OK)$/;

test.describe('open platform (root)', () => {
  test('root creates an API user, a partner script calls what it may, and a revoked session stops at once', async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await login(page, 'root');
    await page.goto('/openPlatform/user/user');
    await expect(page.getByRole('tab', { name: '开放平台用户' })).toBeVisible();
    await page.getByRole('button', { name: '新建应用' }).first().click();
    const dialog = page.getByRole('dialog', { name: '新建应用' });
    await dialog.getByLabel('名称').fill('E2E agency');
    await dialog.getByLabel('所属账号').click();
    await page.locator('.ant-select-item-option').first().click();
    await dialog.getByLabel('允许的接口').click();
    await page.locator('.ant-select-item-option', { hasText: PLANS }).click();
    await dialog.getByLabel('名称').click();
    await dialog.getByRole('button', { name: OK }).click();

    const secretDialog = page.getByRole('dialog', { name: '客户端凭证' });
    await expect(secretDialog.getByText('请立即复制密钥')).toBeVisible();
    const [clientId, clientSecret] = await secretDialog.locator('code').allInnerTexts();
    expect(clientId).toMatch(/^op[0-9a-f]{20}$/);
    // The button says it was copied only after each value has been copied.
    await expect(secretDialog.getByRole('button', { name: '已复制' })).toHaveCount(0);
    await copyEveryValue(secretDialog, '已复制');
    await expect(page.locator('.ant-table').getByRole('row', { name: /E2E agency/ })).toBeVisible();

    // The partner's script: a token, an allowed call, a refused one.
    const token = await request.post('/api/blade-auth/oauth/token', {
      data: { grant_type: 'client_credentials', client_id: clientId, client_secret: clientSecret },
    });
    expect(token.status()).toBe(200);
    const bearer = { authorization: `Bearer ${(await token.json()).access_token}` };
    const plans = await request.get('/api/Playlists/queryByPage_v3?start=0&limit=5', { headers: bearer });
    expect(plans.status()).toBe(200);
    const devices = await request.get('/api/Devices/queryRobotInfo?start=0&limit=5', {
      headers: { ...bearer, 'accept-language': 'en' },
    });
    expect(devices.status()).toBe(403);
    expect((await devices.json()).code).toBe('OPEN_INTERFACE_NOT_ALLOWED');

    // Root revokes the session: the next call fails.
    await page.goto('/openPlatform/ssession');
    const row = page.locator('.ant-table').getByRole('row', { name: /E2E agency/ });
    // A full navigation loads the shell and the page's chunk again: slow on a busy machine.
    await expect(row).toBeVisible({ timeout: 30_000 });
    await row.getByRole('button', { name: /撤\s?销/ }).click();
    await page.getByRole('tooltip').getByRole('button', { name: OK }).click();
    await expect(page.getByText('会话已撤销')).toBeVisible();
    const after = await request.get('/api/Playlists/queryByPage_v3?start=0&limit=5', { headers: bearer });
    expect(after.status()).toBe(401);
  });
});

test.describe('open platform (root, English)', () => {
  test.use({ locale: 'en-US' });
  test('the blacklist takes an address range and the interfaces list the open calls', async ({ page }) => {
    test.setTimeout(120_000);
    await login(page, 'root', 'operator', 'en');
    await page.goto('/openPlatform/blacklist');
    await page.getByRole('button', { name: 'Add to blacklist' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add to blacklist' });
    await dialog.getByLabel('Value').fill('198.51.100.0/24');
    await dialog.getByLabel('Reason').fill('scraping');
    await dialog.getByRole('button', { name: OK }).click();
    await expect(page.locator('.ant-table').getByRole('row', { name: /198\.51\.100\.0\/24.*scraping/ })).toBeVisible();

    await page.goto('/openPlatform/interface');
    await expect(page.getByRole('switch', { name: `Open ${PLANS}` })).toBeChecked();
  });
});

const HOOK_TEXT = {
  zh: {
    create: '新建订阅',
    application: '应用',
    event: '事件',
    pullRatio: '计划拉取率',
    url: '地址（URL）',
    secretTitle: '签名密钥',
    copied: '已复制',
    deliveries: '推送记录',
    delivered: '已送达',
    resend: '重新推送',
    resent: '已重新推送',
    auditResent: /重新推送/,
    auditCreated: /新建事件订阅/,
    actor: '用户或客户端',
    search: /^查\s?询$/,
  },
  en: {
    create: 'New subscription',
    application: 'Application',
    event: 'Event',
    pullRatio: 'Plan pull ratio',
    url: 'Address (URL)',
    secretTitle: 'Signing secret',
    copied: 'I have copied it',
    deliveries: 'Deliveries',
    delivered: 'Delivered',
    resend: 'Resend',
    resent: 'Sent again',
    auditResent: /Delivery resent/,
    auditCreated: /Webhook created/,
    actor: 'User or client',
    search: /^Search$/,
  },
};

/** A partner's receiver: records each delivery and whether its signature verifies with the secret. */
/**
 * Copies each value of a secret dialog, then closes it with its "copied" button. A copy click that lands
 * while the dialog is still opening is not counted by the page, so the copies are clicked again until the
 * button says every value was copied.
 */
async function copyEveryValue(secretDialog: Locator, copiedLabel: string) {
  const done = secretDialog.getByRole('button', { name: copiedLabel });
  await baseExpect(async () => {
    for (const copy of await secretDialog.locator('.ant-typography-copy').all()) await copy.click();
    await baseExpect(done).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await done.click();
}

async function partnerReceiver() {
  const received: { event: string; body: string; verified: boolean }[] = [];
  let secret = '';
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      // Standard Webhooks: v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<body>">, keyed
      // with the base64 part of the whsec_ secret.
      const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
      const signed = `${req.headers['webhook-id']}.${req.headers['webhook-timestamp']}.${body}`;
      const signature = `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
      received.push({
        event: String(req.headers['x-event']),
        body,
        verified: String(req.headers['webhook-signature'] ?? '')
          .split(' ')
          .includes(signature),
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    setSecret: (s: string) => {
      secret = s;
    },
    close: () => new Promise((r) => server.close(r)),
  };
}

/**
 * Root subscribes a root-owned application (which hears every event) to plan.pulledRatio on the webhooks
 * page, a robot pulls a plan, the receiver gets the signed delivery, the log shows it and resends it, and
 * the audit log shows the resend.
 */
async function webhookFlow(page: Page, request: APIRequestContext, lang: 'zh' | 'en') {
  const text = HOOK_TEXT[lang];
  const root = await tokenOf(request, 'root');
  const me = await call<{ id: string }>(request, root, 'GET', '/api/Users/current');
  const suffix = Date.now().toString().slice(-6);
  const appName = `Hooks ${lang} ${suffix}`;
  await call(request, root, 'POST', '/api/OpenPlatform/apiUsers', { name: appName, accountId: me.data.id });
  const receiver = await partnerReceiver();
  try {
    await login(page, 'root', 'operator', lang);
    await page.goto('/openPlatform/webhook');
    await page.getByRole('button', { name: text.create }).first().click();
    const dialog = page.getByRole('dialog', { name: text.create });
    await dialog.getByLabel(text.application).first().fill(appName);
    await page.locator('.ant-select-item-option', { hasText: appName }).click();
    await dialog.getByLabel(text.event).click();
    await page.locator('.ant-select-item-option', { hasText: text.pullRatio }).click();
    await dialog.getByLabel(text.url).fill(receiver.url);
    await dialog.getByRole('button', { name: OK }).click();
    const secretDialog = page.getByRole('dialog', { name: text.secretTitle });
    receiver.setSecret(await secretDialog.locator('code').innerText());
    await copyEveryValue(secretDialog, text.copied);
    const row = page.locator('.ant-table').getByRole('row', { name: new RegExp(appName) });
    await expect(row).toContainText(text.pullRatio);
    await expect(row.getByRole('switch')).toBeChecked();

    // A robot pulls a plan: the pull ratio is sent, signed.
    const short = `${lang.toUpperCase()}${suffix.slice(-4)}`;
    const ad = await pictureAd(request, root, `Hook ad ${short}`);
    const customers = await call<Array<{ id: string }>>(request, root, 'GET', '/api/Customers/findAll');
    const plan = await createPlan(
      request,
      root,
      `Hook plan ${short}`,
      ad.data.id,
      (customers.datas ?? customers.data)[0]?.id,
    );
    await publishAndPull(request, root, plan.data.id, `E2EHOOK${lang.toUpperCase()}${suffix}`);
    const ours = () => receiver.received.find((r) => JSON.parse(r.body).data?.playlistId === plan.data.id);
    await expect.poll(() => ours()?.event).toBe('plan.pulledRatio');
    expect(ours()?.verified).toBe(true);
    expect(JSON.parse(ours()?.body ?? '{}').data).toMatchObject({ ratio: 1, planPullNumber: 1, alreadyPullNumber: 1 });
    // Its delivery is recorded as delivered (after the receiver's answer).
    await expect
      .poll(async () => {
        const log = await call<unknown>(
          request,
          root,
          'GET',
          '/api/OpenPlatform/webhookDeliveries?state=delivered&limit=50',
        );
        return (log.datas as Array<{ url: string }>).some((d) => d.url === receiver.url);
      })
      .toBe(true);

    // The delivery log of this subscription: delivered at the first attempt with 204; resent.
    await row.getByRole('link', { name: text.deliveries }).click();
    // The body rows of the delivery page only (in English the state "Delivered" is also a column header; the
    // subscriptions page stays open in its tab, with a row showing the same address).
    const delivery = page
      .locator('.ra-page[data-page="/openPlatform/webhookDelivery"] .ant-table tbody tr', { hasText: receiver.url })
      .first();
    await expect(delivery).toContainText(text.delivered);
    await expect(delivery).toContainText('204');
    await delivery.getByRole('button', { name: text.resend }).click();
    await expect(page.getByText(text.resent)).toBeVisible();
    await expect.poll(() => receiver.received.length).toBeGreaterThan(1);
    expect(receiver.received.every((r) => r.verified)).toBe(true);

    // The audit log: root's changes, filtered on the server.
    await page.goto('/openPlatform/auditLog');
    await page.getByLabel(text.actor).fill('root');
    await page.getByRole('button', { name: text.search }).click();
    await expect(page.locator('.ant-table').getByRole('row', { name: text.auditResent }).first()).toBeVisible();
    await expect(page.locator('.ant-table').getByRole('row', { name: text.auditCreated }).first()).toBeVisible();
  } finally {
    await receiver.close();
  }
}

test.describe('open platform webhooks (root)', () => {
  test('root subscribes to an event, sees the signed delivery and resends it', async ({ page, request }) => {
    test.setTimeout(180_000);
    await webhookFlow(page, request, 'zh');
  });
});

test.describe('open platform webhooks (root, English)', () => {
  test.use({ locale: 'en-US' });
  test('root subscribes to an event, sees the signed delivery and resends it', async ({ page, request }) => {
    test.setTimeout(180_000);
    await webhookFlow(page, request, 'en');
  });
});
