import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { seedDemo } from '../../db/seed/seed';
import { ManualClock } from '../../platform/clock';
import { DEMO_ROBOT_COUNT } from './devices.seed';

let t: TestApp;

beforeAll(async () => {
  // Time stands still while the demo loads: the robots seeded online (a beat in the last 20 s) are still
  // online when the board is read, however long seeding takes on a busy machine.
  t = await buildTestApp({ clock: new ManualClock(new Date()) });
  await seedDemo(t.app.ctx);
});
afterAll(() => t.close());

const get = async (url: string, token: string) =>
  (await t.app.inject({ method: 'GET', url, headers: bearer(token) })).json();

describe('demo devices', () => {
  it('gives operators a few hundred robots across provinces, types and states', async () => {
    const token = await login(t, 'root', 'Robot@2026', 'operator');
    const board = (await get('/api/StatisDevices/queryRobotInfo', token)).data;
    expect(board.total).toBe(DEMO_ROBOT_COUNT);
    for (const state of ['notActivated', 'expired', 'unused', 'online', 'offline'])
      expect(board.byState[state]).toBeGreaterThan(0);
    expect(board.byType.filter((x: { total: number }) => x.total > 0).length).toBeGreaterThan(10);
    const points = (await get('/api/StatisDevices/queryRobotInfoSimple', token)).data;
    expect(new Set(points.map((p: { province: string }) => p.province)).size).toBeGreaterThanOrEqual(6);
    const groups = (await get('/api/AdvertGroups/queryRangeByPage', token)).datas;
    expect(groups.length).toBeGreaterThanOrEqual(3);
  });

  it("gives the demo owners their own properties' devices only", async () => {
    const owner = await login(t, 'owner', 'Robot@2026', 'owner');
    const project = (await get('/api/Proprietors/queryProject', owner)).data;
    expect(project.name).toBe('阳光广场');
    const robots = await get('/api/Devices/queryRobotInfo?limit=1000', owner);
    expect(robots.total).toBeGreaterThan(5);
    expect(robots.datas.every((r: { propertyname: string }) => r.propertyname === '阳光广场')).toBe(true);
    const auto = await login(t, 'owner_auto', 'Robot@2026', 'owner');
    expect((await get('/api/Proprietors/queryProject', auto)).data.name).toBe('海港城');
  });
});
