import type { AddressInfo } from 'node:net';
import { AGE_BANDS, plausibleAudience } from '@robot-ads/contracts/play-events/play-events.rules';
import type { StatMeasures } from '@robot-ads/contracts/statistics/statistics.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createMaterial, picture, uploadAndRegister } from '../../../test/media-files';
import { activatedRobot, publishedPlan } from '../../../test/published';
import { ManualClock } from '../../platform/clock';
import { seededRandom, sensedAudience } from './audience-model';
import { DeviceRobot, newFleetStats } from './device-robot';

/*
 * What the simulator's robots send (tools/simulate.ts, the living demo): plays with the audience their
 * sensors counted, and scans of an ad's QR code through the real tracking address GET /q/:code. A bounded
 * run (playRun) plays back to back just before now; a seed makes it repeatable. The statistics calls show
 * exactly what the robots reported.
 */

// 12:07 on 20 Nov 2026 in Asia/Shanghai: lunchtime, a busy hour.
const clock = new ManualClock(new Date('2026-11-20T04:07:00Z'));
const EN = { 'accept-language': 'en' };
let t: TestApp;
let ops: { token: string; user: { id: string } };
let base: string;
let planId: string;
const robots: Array<{ robotId: string; token: string }> = [];

beforeAll(async () => {
  t = await buildTestApp({ clock });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  ops = await loginAs(t, 'super', { principals: 'root' });
  const material = await createMaterial(t, ops.token, 'tea.png', await picture(1080, 1920));
  const qr = await uploadAndRegister(t, ops.token, 'menu-qr.png', await picture(240, 240, 'png'), { purpose: 'qr' });
  const nowS = Math.floor(clock.now().getTime() / 1000);
  const ad = await t.app.inject({
    method: 'POST',
    url: '/api/Advertisements',
    headers: { ...bearer(ops.token), ...EN },
    payload: {
      name: 'Simulated tea',
      kind: 'picture',
      begin: nowS - 86_400,
      end: nowS + 30 * 86_400,
      resources: [material.id],
      qr: { mediaId: qr.json().data.id, position: 'lowerRight' },
      qrTarget: 'https://lucky.example.com/tea',
    },
  });
  expect(ad.statusCode, ad.body).toBe(200);
  robots.push(await activatedRobot(t), await activatedRobot(t));
  planId = (
    await publishedPlan(
      t,
      ops.user.id,
      robots.map((r) => r.robotId),
      ad.json().data.id,
      { timeZone: 'Asia/Shanghai' },
    )
  ).id;
}, 120_000);
afterAll(() => t?.close());

describe('the audience a simulated robot senses', () => {
  it('gives every viewer one age band and one sex, within the sensor ceiling; viewers look 0.5 s up to the whole play', () => {
    const random = seededRandom(42);
    for (let i = 0; i < 500; i++) {
      const seconds = 5 + (i % 30);
      const a = sensedAudience(random, seconds, i % 24);
      const exposure = a.exposure ?? -1;
      const bands = AGE_BANDS.reduce((sum, b) => sum + (a.age?.[b] ?? 0), 0);
      const viewers = a.viewers ?? 0;
      expect(bands).toBe(viewers);
      expect((a.male ?? 0) + (a.female ?? 0)).toBe(viewers);
      expect(viewers).toBeLessThanOrEqual(exposure);
      expect(plausibleAudience(a, seconds * 1000 - 100)).toBe(true);
      expect(a.dwellMs ?? 0).toBeGreaterThanOrEqual(viewers * 500);
      expect(a.dwellMs ?? 0).toBeLessThanOrEqual(viewers * seconds * 1000);
    }
  });

  it('follows the foot traffic of the local hour, and a seed repeats it', () => {
    const crowd = (hour: number) => {
      const random = seededRandom(7);
      let sum = 0;
      for (let i = 0; i < 400; i++) sum += sensedAudience(random, 10, hour).exposure ?? 0;
      return sum;
    };
    expect(crowd(12)).toBeGreaterThan(5 * crowd(3));
    expect(crowd(19)).toBeGreaterThan(crowd(9));
    const again = (seed: number) => {
      const random = seededRandom(seed);
      return Array.from({ length: 20 }, () => sensedAudience(random, 15, 18));
    };
    expect(again(3)).toEqual(again(3));
    expect(again(3)).not.toEqual(again(4));
  });
});

describe('a bounded run of simulated robots', () => {
  const runs: Array<ReturnType<typeof newFleetStats>> = [];

  beforeAll(async () => {
    for (const r of robots) {
      const stats = newFleetStats();
      // The same seed on the same schedule: both robots play, sense and see scanned alike.
      const robot = new DeviceRobot({
        base,
        robotId: r.robotId,
        token: r.token,
        heartbeatInterval: 60,
        stats,
        appVersion: 'test',
        seed: 2026,
        scanChance: 0.5,
      });
      await robot.pull();
      expect(await robot.playRun(12)).toBe(12);
      runs.push(stats);
    }
  }, 120_000);

  it('reports every play with its audience; the scans of its past plays come in the batches, each within its play', () => {
    const [a, b] = runs;
    expect(a?.errors).toBe(0);
    expect(a?.plays).toBe(12);
    // The plays lie before now, so a phone could not have opened GET /q/:code for them now: the robot reports
    // each scan itself, beside its play.
    expect(a?.scans).toBeGreaterThan(0);
    expect(a?.eventsSent).toBe(12 + (a?.scans ?? 0));
    expect(a?.exposure).toBeGreaterThan(0);
    expect(a?.viewers).toBeGreaterThan(0);
    const figures = (s: typeof a) => [s?.plays, s?.exposure, s?.viewers, s?.watchMs, s?.scans];
    expect(figures(b)).toEqual(figures(a));
  });

  it('shows in the statistics exactly what the robots reported', async () => {
    const get = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { ...bearer(ops.token), ...EN } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const sum = (key: 'plays' | 'exposure' | 'viewers' | 'watchMs' | 'scans') => runs.reduce((n, s) => n + s[key], 0);
    const days = (await get(`/api/Advertisements/statisticsDaysByPlaylistId?playlistId=${planId}`)) as {
      total: StatMeasures;
    };
    expect(days.total).toMatchObject({
      plays: sum('plays'),
      exposure: sum('exposure'),
      exposureSense: sum('exposure'),
      viewers: sum('viewers'),
      watchDuration: sum('watchMs'),
      // One scan at most in each play, inside it: every scan the robots reported counts.
      scans: sum('scans'),
    });
    const ages = (await get(`/api/Statis/queryAgeDistributionByPlaylistId?playlistId=${planId}`)) as Record<
      string,
      number
    >;
    const banded = AGE_BANDS.reduce((n, band) => n + (ages[band] ?? 0), 0);
    // The bands count the viewers, so the figures agree on one page.
    expect(banded).toBe(sum('viewers'));
    expect((ages.male ?? 0) + (ages.female ?? 0)).toBe(sum('viewers'));
    // The plays lie just before now, all of them inside today's figures.
    const today = await get(
      `/api/Statis/statiQrHourbyplaylistId?playlistId=${planId}&timePoint=${clock.now().getTime() / 1000}`,
    );
    expect(today.total).toBe(sum('scans'));
  });
});
