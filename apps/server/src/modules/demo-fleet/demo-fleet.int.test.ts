import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { seedDemo } from '../../db/seed/seed';
import { ManualClock } from '../../platform/clock';
import { loadConfig } from '../../platform/config';
import { playRollups } from '../play-events/play-events.table';
import { startDemoFleet } from './demo-fleet';

/*
 * The living demo over a real port: demo robots activate with real secrets, heartbeat, pull and
 * acknowledge the live demo plans and report plays. The clock starts at 07:00 in Shanghai and moves on
 * two hours after seeding, so the robots seeded online have gone offline and the demo plan "Latte
 * Week" (08:00-11:00 and 17:00-21:00 Shanghai time) is playing.
 */
const start = new Date();
start.setUTCHours(23, 0, 0, 0); // 07:00 in Shanghai, the next day
const clock = new ManualClock(start);
let t: TestApp;
let base: string;
let root: string;

const board = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/StatisDevices/queryRobotInfo', headers: bearer(root) })).json()
    .data as { byState: Record<string, number> };

/** Plays reported since the clock moved to 09:00 (the seeded plays are older). */
const recentPlays = async () => {
  const [row] = await t.app.ctx.db
    .select({ plays: sql<number>`coalesce(sum(${playRollups.plays}), 0)::int` })
    .from(playRollups)
    .where(sql`${playRollups.quarter} >= ${clock.now().toISOString()}::timestamptz - interval '1 hour'`);
  return row?.plays ?? 0;
};

const latteWeek = async () => {
  const page = (
    await t.app.inject({
      method: 'GET',
      url: '/api/Playlists/queryByPage_v3?start=0&limit=50',
      headers: bearer(root),
    })
  ).json() as { datas: Array<{ name: string; alreadyPullNumber: number; planPullNumber: number }> };
  return page.datas.find((p) => p.name === 'Latte Week');
};

beforeAll(async () => {
  // Media links name the public address (behind a proxy the server cannot reach): the robots inside
  // the server fetch them from its own port.
  t = await buildTestApp({ clock, env: { PUBLIC_URL: 'https://ads.example.invalid' } });
  await seedDemo(t.app.ctx);
  clock.advance(2 * 3600_000);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  root = await login(t, 'root', 'Robot@2026', 'operator');
});
afterAll(() => t.close());

describe('the living demo fleet', () => {
  it('runs 40 robots unless DEMO_FLEET says otherwise', () => {
    expect(loadConfig({}).DEMO_FLEET).toBe(40);
    expect(loadConfig({ DEMO_FLEET: '0' }).DEMO_FLEET).toBe(0);
    expect(() => loadConfig({ DEMO_FLEET: '-1' })).toThrow(/DEMO_FLEET/);
  });

  it('starts no robot with DEMO_FLEET=0', async () => {
    const size = loadConfig({ DEMO_FLEET: '0' }).DEMO_FLEET;
    expect(await startDemoFleet(t.app.ctx, { size, baseUrl: base })).toBeNull();
    expect((await board()).byState.online).toBe(0);
    expect((await latteWeek())?.alreadyPullNumber).toBe(5);
  });

  it('starts no robot on a database without the demo data', async () => {
    const empty = await buildTestApp();
    try {
      expect(await startDemoFleet(empty.app.ctx, { size: 5, baseUrl: base })).toBeNull();
    } finally {
      await empty.close();
    }
  });

  it('brings demo robots online, pulls the live plans, reports plays and stops cleanly', async () => {
    const before = await latteWeek();
    expect(before).toMatchObject({ alreadyPullNumber: 5, planPullNumber: 6 });
    expect(await recentPlays()).toBe(0);
    const fleet = await startDemoFleet(t.app.ctx, { size: 16, baseUrl: base, firstCycleMs: 500 });
    expect(fleet).not.toBeNull();
    if (!fleet) return;
    try {
      await fleet.ready;
      expect(fleet.robots).toHaveLength(16);
      await expect.poll(async () => (await board()).byState.online, { timeout: 60_000 }).toBe(16);
      // The one robot that had not pulled the live plan has it now.
      await expect.poll(async () => (await latteWeek())?.alreadyPullNumber, { timeout: 60_000 }).toBe(6);
      // Plays of the live plan are reported (a picture plays 10 s; reports go every 15 s).
      await expect
        .poll(
          async () => {
            await Promise.all(fleet.robots.map((r) => r.flush()));
            return recentPlays();
          },
          { timeout: 90_000, interval: 2000 },
        )
        .toBeGreaterThan(0);
    } finally {
      await fleet.stop();
    }
    expect(fleet.robots.every((r) => !r.running)).toBe(true);
    expect(fleet.stats.errors).toBe(0);
  });
});
