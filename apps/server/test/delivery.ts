import { newId } from '@robot-ads/contracts/common/ids';
import { customers } from '../src/modules/customers/customers.table';
import { bearer, loginAs } from './auth';
import { buildTestApp, type TestApp } from './build-app';
import { createProject, createRobot } from './devices';
import { createMaterial, picture } from './media-files';

/**
 * A small world for delivery tests: a customer with an advertiser, an operator (root), a property
 * whose owner reviews, a property whose owner approves automatically, and robots in both.
 */
export async function deliveryWorld(t: TestApp, robotsPerProperty = 3) {
  const customerId = newId();
  await t.app.ctx.db.insert(customers).values({ id: customerId, name: 'Lucky Coffee' });
  const otherCustomerId = newId();
  await t.app.ctx.db.insert(customers).values({ id: otherCustomerId, name: 'Other Tea' });
  const property = await createProject(t, { name: `Sunny Mall ${newId().slice(-6)}` });
  const autoProperty = await createProject(t, { name: `Auto Plaza ${newId().slice(-6)}` });
  const adv = await loginAs(t, 'advertisers', { customer: customerId, diy: true, name: 'Lucky Adv' });
  const otherAdv = await loginAs(t, 'advertisers', { customer: otherCustomerId, diy: true });
  const operator = await loginAs(t, 'super', { principals: 'root', name: 'Root Op' });
  const owner = await loginAs(t, 'project', { projectId: property.id, autoAudit: false, name: 'Sunny Owner' });
  const ownerAuto = await loginAs(t, 'project', { projectId: autoProperty.id, autoAudit: true });
  const robots = [];
  for (let i = 0; i < robotsPerProperty; i++)
    robots.push(await createRobot(t, { projectId: property.id, salesType: 'rental' }));
  const autoRobots = [];
  for (let i = 0; i < robotsPerProperty; i++) autoRobots.push(await createRobot(t, { projectId: autoProperty.id }));
  return {
    customerId,
    otherCustomerId,
    property,
    autoProperty,
    adv,
    otherAdv,
    operator,
    owner,
    ownerAuto,
    robots,
    autoRobots,
  };
}

let pictureCache: Buffer | null = null;

/**
 * An ad of the token's customer with `materials` pictures (one per screen), valid from now for 90 days unless
 * `period` says otherwise (unix seconds).
 */
export async function createAd(
  t: TestApp,
  token: string,
  materials = 1,
  name = `Ad ${newId().slice(-8)}`,
  period: { begin?: number; end?: number } = {},
) {
  pictureCache ??= await picture(1080, 1920);
  const ids: string[] = [];
  for (let i = 0; i < materials; i++) ids.push((await createMaterial(t, token, `m${i}.png`, pictureCache)).id);
  const now = Math.floor(t.app.ctx.clock.now().getTime() / 1000);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Advertisements',
    headers: bearer(token),
    payload: {
      name: name.slice(0, 15),
      kind: 'picture',
      begin: period.begin ?? now,
      end: period.end ?? now + 90 * 86400,
      timeZone: 'Asia/Shanghai',
      resourcesObjs: ids.map((id) => [id]),
    },
  });
  if (res.statusCode !== 200) throw new Error(`ad: ${res.body}`);
  return res.json().data as { id: string; name: string };
}

/** A valid plan body starting tomorrow for 30 days. */
export function planBody(t: TestApp, adIds: string[], over: Record<string, unknown> = {}) {
  const now = Math.floor(t.app.ctx.clock.now().getTime() / 1000);
  return {
    name: `Plan ${newId().slice(-6)}`,
    advertisements: adIds,
    begin: now + 3600,
    end: now + 30 * 86400,
    timeZone: 'Asia/Shanghai',
    cycle: { type: 'weekly', data: [1, 3, 5] },
    times: [
      { begin: { hour: 9, minute: 0 }, end: { hour: 12, minute: 0 } },
      { begin: { hour: 14, minute: 0 }, end: { hour: 18, minute: 0 } },
    ],
    playingMode: 'order',
    ...over,
  };
}

export async function createPlan(t: TestApp, token: string, adIds: string[], over: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/Playlists',
    headers: bearer(token),
    payload: planBody(t, adIds, over),
  });
  if (res.statusCode !== 200) throw new Error(`plan: ${res.body}`);
  return res.json().data as { id: string; name: string; priority: number };
}

/** A one-picture ad and a plan that plays it every day 09:00-12:00 (the proof-of-play tests' plan). */
export async function morningPlan(t: TestApp, token: string, adName: string, planName: string) {
  const adId = (await createAd(t, token, 1, adName)).id;
  const planId = (
    await createPlan(t, token, [adId], {
      name: planName,
      cycle: { type: 'daily', data: [] },
      times: [{ begin: { hour: 9, minute: 0 }, end: { hour: 12, minute: 0 } }],
    })
  ).id;
  return { adId, planId };
}

/** The operator's picture ad "Lucky coffee" (one 1080x1920 material), live from a day before `now` for 60 days. */
export async function luckyCoffeeAd(t: TestApp, token: string, now: Date): Promise<string> {
  const material = await createMaterial(t, token, 'coffee.png', await picture(1080, 1920));
  const seconds = Math.floor(now.getTime() / 1000);
  const ad = await t.app.inject({
    method: 'POST',
    url: '/api/Advertisements',
    headers: bearer(token),
    payload: {
      name: 'Lucky coffee',
      kind: 'picture',
      begin: seconds - 86_400,
      end: seconds + 60 * 86_400,
      resources: [material.id],
    },
  });
  if (ad.statusCode !== 200) throw new Error(`the ad was not created: ${ad.body}`);
  return ad.json().data.id;
}

/** A test app (default options) holding the delivery world with `robotsPerProperty` robots in each property. */
export async function deliveryTestApp(robotsPerProperty = 3) {
  const t = await buildTestApp();
  return { t, w: await deliveryWorld(t, robotsPerProperty) };
}
