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

test('a pull-ratio notification appears live in the bell of the plan owner', async ({ page, request }) => {
  const loginRes = await request.post('/api/Users/v2_2_login', { data: { username: 'root', password: PASSWORD } });
  const root = (await loginRes.json()).data.token as string;

  await login(page, 'root');
  const bell = page.getByTestId('notification-bell');
  const before = Number((await bell.getAttribute('aria-label'))?.match(/(\d+)/)?.[1] ?? 0);

  const robotId = `E2EBELL${Date.now().toString().slice(-8)}`;
  await call(request, root, 'POST', '/api/Devices', {
    robotId,
    name: 'Bell robot',
    type: 'service',
    province: '广东省',
    city: '深圳市',
  });
  const secret = (await call<{ secret: string }>(request, root, 'POST', '/api/Devices/activationSecret', { robotId }))
    .data.secret;
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
  const plan = await call<{ id: string }>(request, root, 'POST', '/api/Playlists', {
    name: planName,
    clientId: (customers.datas ?? customers.data)[0]?.id,
    advertisements: [ad.data.id],
    begin: now - 60,
    end: now + 30 * 86_400,
    timeZone: 'Asia/Shanghai',
    priority: 5,
    playingMode: 'order',
  });
  // The robot is activated (only activated robots can be published to), then the plan is published.
  const activated = await request.post('/api/device/v1/activate', { data: { robotId, secret } });
  expect(activated.ok()).toBe(true);
  const device = (await activated.json()).data.token as string;
  const published = await call<{ published: number }>(request, root, 'POST', '/api/Playlists/publishWithRobots', {
    playListId: plan.data.id,
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

  // Live: the badge counts one more and a toast names the plan, with no reload.
  await expect(page.getByText(`计划“${planName}”的拉取率为 100%`).first()).toBeVisible();
  await expect(bell).toHaveAttribute('aria-label', new RegExp(`${before + 1}`));
  await bell.click();
  const dialog = page.getByRole('dialog', { name: '消息通知' });
  await expect(dialog.getByText(planName).first()).toBeVisible();
});
