import { type APIRequestContext, expect } from '@playwright/test';
import { PASSWORD } from './shell-helpers';
import { solidPng } from './solid-png';

/** API calls the specs make beside the browser: tokens, plans, uploads, a robot that pulls its schedule. */

export async function call<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  data?: unknown,
) {
  const res = await request.fetch(url, { method, headers: { authorization: `Bearer ${token}` }, data });
  const body = await res.json();
  expect(res.ok(), `${method} ${url}: ${JSON.stringify(body)}`).toBe(true);
  return body as { data: T; datas?: T };
}

/** A QR code picture uploaded as the back-office does (upload form of /api/Media/oss, then registered with purpose qr). */
export async function uploadQr(request: APIRequestContext, token: string): Promise<string> {
  const buffer = solidPng(300, 300, { r: 0, g: 0, b: 0 });
  const creds = (
    await call<{ dir: string; upload: { url: string; fields: Record<string, string> } }>(
      request,
      token,
      'GET',
      '/api/Media/oss',
    )
  ).data;
  const key = `${creds.dir}/qr/${crypto.randomUUID()}.png`;
  const upload = await request.post(creds.upload.url, {
    multipart: { ...creds.upload.fields, key, file: { name: 'qr.png', mimeType: 'image/png', buffer } },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  return (await call<{ id: string }>(request, token, 'POST', '/api/Media', { key, name: 'qr.png', purpose: 'qr' })).data
    .id;
}

/** A 1080x1920 demo picture (a material every seeded database has). */
export async function demoPicture(request: APIRequestContext, token: string): Promise<string> {
  const pictures = await call<unknown>(request, token, 'GET', '/api/Resources/queryByPage_admin?kind=picture&limit=50');
  const picture = (pictures.datas as Array<{ id: string; width: number | null; height: number | null }>).find(
    (r) => r.width === 1080 && r.height === 1920,
  );
  if (!picture) throw new Error('no 1080x1920 demo picture');
  return picture.id;
}

/** Logs in through the API and returns the access token. */
export async function tokenOf(request: APIRequestContext, username: string, route = '/api/Users/v2_2_login') {
  const res = await request.post(route, { data: { username, password: PASSWORD } });
  expect(res.ok(), `login ${username}`).toBe(true);
  return (await res.json()).data.token as string;
}

/** A plan playing from a minute ago for 30 days, Shanghai time, with one ad. */
export function createPlan(request: APIRequestContext, token: string, name: string, adId?: string, clientId?: string) {
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
export async function publishAndPull(request: APIRequestContext, root: string, planId: string, robotId: string) {
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

/** A new picture ad (a 1080x1920 demo picture) playing from an hour ago for 30 days. */
export async function pictureAd(request: APIRequestContext, root: string, name: string) {
  const picture = await demoPicture(request, root);
  const now = Math.floor(Date.now() / 1000);
  return call<{ id: string }>(request, root, 'POST', '/api/Advertisements', {
    name,
    kind: 'picture',
    begin: now - 3600,
    end: now + 30 * 86_400,
    resources: [picture],
  });
}
