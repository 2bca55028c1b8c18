import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/auth';
import type { TestApp } from '../../../test/build-app';
import { createAd, createPlan, deliveryTestApp, type deliveryWorld } from '../../../test/delivery';

let t: TestApp;
let w: Awaited<ReturnType<typeof deliveryWorld>>;

beforeAll(async () => {
  ({ t, w } = await deliveryTestApp(2));
});
afterAll(() => t.close());

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('Devices/queryDeliveryInfo (/device/index)', () => {
  it('lists the plans published to a device, with remaining slots going down', async () => {
    const robot = w.robots[0];
    if (!robot) throw new Error('no robot');
    const empty = await get(`/api/Devices/queryDeliveryInfo?robotId=${robot.robotId}`, w.operator.token);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toEqual([]);

    const ad = await createAd(t, w.adv.token, 2, 'Two');
    const plan = await createPlan(t, w.adv.token, [ad.id]);
    const published = await t.app.inject({
      method: 'POST',
      url: '/api/Playlists/publishWithRobots',
      headers: bearer(w.operator.token),
      payload: { playListId: plan.id, robotIds: [robot.robotId] },
    });
    expect(published.json().data.published).toBe(1);

    const info = await get(`/api/Devices/queryDeliveryInfo?robotId=${robot.robotId}`, w.operator.token);
    expect(info.json().data).toEqual([
      expect.objectContaining({ playlistId: plan.id, name: plan.name, priority: 5, state: 'issued' }),
    ]);
    const device = await get(`/api/Devices/robotBaseInfo?robotId=${robot.robotId}`, w.operator.token);
    expect(device.json().data).toMatchObject({ resourceNumber: 2, remainingSlots: 13 });

    // The property's owner sees it too; another property's owner does not.
    expect(
      (await get(`/api/Devices/queryDeliveryInfo?robotId=${robot.robotId}`, w.owner.token)).json().data,
    ).toHaveLength(1);
    expect((await get(`/api/Devices/queryDeliveryInfo?robotId=${robot.robotId}`, w.ownerAuto.token)).statusCode).toBe(
      404,
    );
    expect((await get(`/api/Devices/queryDeliveryInfo?robotId=${robot.robotId}`, w.adv.token)).statusCode).toBe(403);
  });
});
