import { expect, test } from '@playwright/test';
import { call, createPlan, pictureAd, publishAndPull, tokenOf } from './api-helpers';
import { login } from './shell-helpers';

/*
 * A notification produced on the server reaches the bell live: root publishes a plan to a robot, the
 * robot pulls its schedule and acknowledges it, and the publisher's bell shows the pull-ratio message
 * without a reload.
 */

test('a pull-ratio notification appears live in the bell of the plan owner', async ({ page, request }) => {
  const root = await tokenOf(request, 'root');

  await login(page, 'root');
  const bell = page.getByTestId('notification-bell');
  const before = Number((await bell.getAttribute('aria-label'))?.match(/(\d+)/)?.[1] ?? 0);

  const robotId = `E2EBELL${Date.now().toString().slice(-8)}`;
  const ad = await pictureAd(request, root, `Bell ad ${robotId.slice(-4)}`);
  const customers = await call<Array<{ id: string }>>(request, root, 'GET', '/api/Customers/findAll');
  const planName = `Bell plan ${robotId.slice(-4)}`;
  const plan = await createPlan(request, root, planName, ad.data.id, (customers.datas ?? customers.data)[0]?.id);
  await publishAndPull(request, root, plan.data.id, robotId);

  // Live: the badge counts one more and a toast names the plan, with no reload.
  await expect(page.getByText(`计划“${planName}”的拉取率为 100%`).first()).toBeVisible();
  await expect(bell).toHaveAttribute('aria-label', new RegExp(`${before + 1}`));
  await bell.click();
  const dialog = page.getByRole('dialog', { name: '消息通知' });
  await expect(dialog.getByText(planName).first()).toBeVisible();
});

test('an advertiser (no bell) finds a message that came while away at the next visit, shown once', async ({
  page,
  request,
}) => {
  const root = await tokenOf(request, 'root');
  const adv = await tokenOf(request, 'adv', '/api/Users/advertiser_login');
  const ads = await call<unknown>(request, adv, 'GET', '/api/Advertisements/queryByPage_admin?limit=50');
  const ad = (ads.datas as Array<{ id: string; name: string }>).find((a) => a.name === 'Morning Latte');
  expect(ad, 'the demo ad Morning Latte').toBeTruthy();
  const robotId = `E2EADV${Date.now().toString().slice(-8)}`;
  const planName = `Away plan ${robotId.slice(-4)}`;
  const plan = await createPlan(request, adv, planName, ad?.id);
  // While the advertiser is away, the plan is published and pulled.
  await publishAndPull(request, root, plan.data.id, robotId);

  await login(page, 'adv', 'advertiser');
  await expect(page.getByTestId('notification-bell')).toHaveCount(0);
  const notice = page.locator('.ant-notification-notice').filter({ hasText: planName });
  await expect(notice).toContainText(`计划“${planName}”的拉取率为 100%`);
  // Pointing at it holds it (it would close itself after 10 s); then the user closes it.
  await notice.hover();
  await notice.locator('.ant-notification-notice-close').click();
  await expect(notice).toHaveCount(0);
  // Closing it marked it read: it does not come back.
  await expect
    .poll(async () => {
      const read = await call<unknown>(request, adv, 'GET', '/api/Notifies/queryMessage?isRead=true&limit=50');
      return (read.data as Array<{ data: { name?: string } }>).some((m) => m.data.name === planName);
    })
    .toBe(true);
  await page.reload();
  await expect(page.locator('.ra-shell')).toBeVisible();
  await expect(page.locator('.ra-page').first()).toBeVisible();
  await expect(page.locator('.ant-notification-notice').filter({ hasText: planName })).toHaveCount(0);
});
