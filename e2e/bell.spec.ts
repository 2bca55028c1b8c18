import { type APIRequestContext, expect, test } from '@playwright/test';
import { login, PASSWORD } from './shell-helpers';

/*
 * A notification produced on the server reaches the bell live: root publishes a plan to a robot, the
 * robot pulls its schedule and acknowledges it, and the publisher's bell shows the pull-ratio message
 * without a reload.
 */

async function call<T>(request: APIRequestContext, token: string, method: 'GET' | 'POST', url: string, data?: unknown) {
  const res = await request.fetch(url, { method, headers: { authorization: `Bearer ${token}` }, data });
  const body = await res.json();
  expect(res.ok(), `${method} ${url}: ${JSON.stringify(body)}`).toBe(true);
  return body as { data: T; datas?: T };
}

/** Logs in through the API and returns the access token. */
async function tokenOf(request: APIRequestContext, username: string, route = '/api/Users/v2_2_login') {
  const res = await request.post(route, { data: { username, password: PASSWORD } });
  expect(res.ok(), `login ${username}`).toBe(true);
  return (await res.json()).data.token as string;
}

/** A plan playing from a minute ago for 30 days, Shanghai time, with one ad. */
function createPlan(request: APIRequestContext, token: string, name: string, adId?: string, clientId?: string) {
  const now = Math.floor(Date.now() / 1000);
  return call<{ id: string }>(request, token, 'POST', '/api/Playlists', {
    name,
    ...(clientId ? { clientId } : {}),
    advertisements: [adId],
    begin: now - 60,
    end: now + 30 * 86_400,
    timeZone: 'Asia/Shanghai',
    priority: 5,
    playingMode: 'order',
  });
}

/**
 * Root registers and activates a new robot and publishes the plan to it; the robot pulls its schedule and
 * acknowledges it, which sends the plan's creator a pull-ratio message (100 %).
 */
async function publishAndPull(request: APIRequestContext, root: string, planId: string, robotId: string) {
  await call(request, root, 'POST', '/api/Devices', {
    robotId,
    name: 'Bell robot',
    type: 'service',
    province: '广东省',
    city: '深圳市',
  });
  const secret = (await call<{ secret: string }>(request, root, 'POST', '/api/Devices/activationSecret', { robotId }))
    .data.secret;
  // The robot is activated (only activated robots can be published to), then the plan is published.
  const activated = await request.post('/api/device/v1/activate', { data: { robotId, secret } });
  expect(activated.ok()).toBe(true);
  const device = (await activated.json()).data.token as string;
  const published = await call<{ published: number }>(request, root, 'POST', '/api/Playlists/publishWithRobots', {
    playListId: planId,
    robotIds: [robotId],
  });
  expect(published.data.published).toBe(1);

  // The robot pulls its schedule and acknowledges it once its media are in hand.
  const schedule = await request.get('/api/device/v1/schedule', { headers: { authorization: `Bearer ${device}` } });
  expect(schedule.status()).toBe(200);
  const version = (await schedule.json()).data.version as string;
  const ack = await request.post('/api/device/v1/schedule/ack', {
    headers: { authorization: `Bearer ${device}` },
    data: { version },
  });
  expect(ack.ok()).toBe(true);
}

test('a pull-ratio notification appears live in the bell of the plan owner', async ({ page, request }) => {
  const root = await tokenOf(request, 'root');

  await login(page, 'root');
  const bell = page.getByTestId('notification-bell');
  const before = Number((await bell.getAttribute('aria-label'))?.match(/(\d+)/)?.[1] ?? 0);

  const robotId = `E2EBELL${Date.now().toString().slice(-8)}`;
  const pictures = await call<unknown>(request, root, 'GET', '/api/Resources/queryByPage_admin?kind=picture&limit=50');
  const picture = (pictures.datas as Array<{ id: string; width: number | null; height: number | null }>).find(
    (r) => r.width === 1080 && r.height === 1920,
  );
  expect(picture, 'a 1080x1920 demo picture').toBeTruthy();
  const now = Math.floor(Date.now() / 1000);
  const ad = await call<{ id: string }>(request, root, 'POST', '/api/Advertisements', {
    name: `Bell ad ${robotId.slice(-4)}`,
    kind: 'picture',
    begin: now - 3600,
    end: now + 30 * 86_400,
    resources: [picture?.id],
  });
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
