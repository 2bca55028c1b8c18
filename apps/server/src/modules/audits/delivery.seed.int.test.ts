import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { seedDemo } from '../../db/seed/seed';

let t: TestApp;

// Seeding every module (with real media files) takes a while on a busy machine.
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.app.ctx);
}, 240_000);
afterAll(() => t.close());

const get = async (url: string, token: string) =>
  (await t.app.inject({ method: 'GET', url, headers: bearer(token) })).json();

describe('demo delivery data', () => {
  it('gives Lucky Coffee plans in every state and publish records', async () => {
    const adv = await login(t, 'adv', 'Robot@2026', 'advertiser');
    const plans = (await get('/api/Playlists/queryByPage_v3?start=0&limit=50', adv)).datas as Array<{
      name: string;
      deliveryStatus: string;
      lowPullRate: boolean;
      planPullNumber: number;
    }>;
    const status = Object.fromEntries(plans.map((p) => [p.name, p.deliveryStatus]));
    expect(status).toMatchObject({
      'Latte Week': 'live',
      'Split Autumn': 'notStarted',
      'Cold Brew Launch': 'pendingReview',
      'Too Dark Promo': 'notDelivered',
      'Summer Promo': 'cancelled',
      'Draft Ideas': 'notDelivered',
    });
    expect(plans.find((p) => p.name === 'Spot Weekends')?.lowPullRate).toBe(true);
    expect(plans.find((p) => p.name === 'Latte Week')?.planPullNumber).toBe(6);
  });

  it('has applications waiting for the property owner and for the operators', async () => {
    const owner = await login(t, 'owner', 'Robot@2026', 'operator');
    const todo = await get('/api/Ad_Audits/queryByPage?view=review&todo=true&start=0&limit=20', owner);
    expect(todo.total).toBeGreaterThanOrEqual(2);
    const root = await login(t, 'root', 'Robot@2026', 'operator');
    const ops = await get('/api/Ad_Audits/queryByPage?view=review&todo=true&start=0&limit=20', root);
    expect(ops.datas.map((a: { playlist: { name: string } }) => a.playlist.name)).toEqual(
      expect.arrayContaining(['Cold Brew Launch', 'Mocha Monthly', 'Harbour Hello']),
    );
  });
});

describe('demo proof of play', () => {
  it('shows what the devices that pulled a demo plan played, inside its hours, in the consumption report', async () => {
    const root = await login(t, 'root', 'Robot@2026', 'operator');
    const plans = (await get('/api/Playlists/queryByPage_v3?start=0&limit=50', root)).datas as Array<{
      id: string;
      name: string;
    }>;
    const id = (name: string) => plans.find((p) => p.name === name)?.id;
    const consume = async (name: string) =>
      (await get(`/api/Publishes/consume?playListId=${id(name)}&start=0&limit=-1`, root)).datas as Array<{
        robotId: string;
        plays: number;
        watchDuration: number;
        lastPlayTime: number | null;
      }>;

    // Latte Week: 5 of its 6 devices pulled it two days ago; it plays 08:00-11:00 and 17:00-21:00 Shanghai time.
    const live = await consume('Latte Week');
    const played = live.filter((r) => r.plays > 0);
    expect(played).toHaveLength(5);
    for (const r of played) {
      expect(r.plays).toBeLessThanOrEqual(2 * 300 + 300);
      expect(r.watchDuration).toBeGreaterThan(0);
      const hour = Number(
        new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone: 'Asia/Shanghai' }).format(
          new Date((r.lastPlayTime as number) * 1000),
        ),
      );
      expect([8, 9, 10, 17, 18, 19, 20]).toContain(hour);
    }
    // Summer Promo played for ten days before its cancellation.
    const over = await consume('Summer Promo');
    expect(over.filter((r) => r.plays > 0)).toHaveLength(2);
    expect(Math.min(...over.map((r) => r.plays))).toBeGreaterThan(played[0]?.plays ?? 0);
  });
});
