import { newId } from '@robot-ads/contracts/common/ids';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createAd, createPlan, deliveryWorld } from '../../../test/delivery';
import { createRobot } from '../../../test/devices';
import { followExport } from '../../../test/exports';
import { deviceTokenFor, sendEvents } from '../../../test/play-events';
import { ManualClock } from '../../platform/clock';
import { robots } from '../devices/devices.table';
import { publishRecords } from '../publishing/publishing.table';

/**
 * A hand-made set of events whose answers were worked out by hand (docs/statistics.md):
 *
 * R1 (Guangdong/Shenzhen, multiplier 1, property P), R2 (Shanghai/Shanghai, multiplier 2, property Q).
 *   e1 R1 ad A 2026-11-20T15:50Z watch 10 s, audience adult 2 youth 1, male 2 female 1, viewers 2, dwell 6 s
 *   e2 R1 ad A 2026-11-20T16:10Z watch  5 s, no audience                  -> exposure 1 x 1
 *   e3 R2 ad B 2026-11-20T18:29Z watch 15 s, audience exposure 5, senior 1, female 1, viewers 1, dwell 3 s
 *   e4 R2 ad B 2026-11-20T18:31Z watch 20 s, no audience                  -> exposure 1 x 2
 *   s1 R1 ad A 2026-11-20T15:55Z scan;  s2 R2 ad B 2026-11-20T18:35Z scan;  s3 R1 ad A 2026-11-22T16:30Z scan
 *
 * Asia/Shanghai (+8): e1, s1 on Fri 20 Nov (23:50, 23:55); e2, e3, e4, s2 on Sat 21 Nov; s3 Mon 23 Nov 00:30.
 * Asia/Kolkata (+5:30): e1, e2, e3, s1 on 20 Nov (e3 at 23:59); e4, s2 on 21 Nov (00:01, 00:05); s3 Sun 22 Nov 22:00.
 * e3 and e4 share the UTC hour 18 but not the UTC quarter: only a quarter-hour grain splits them in Kolkata.
 */
const clock = new ManualClock(new Date('2026-11-25T00:00:00Z'));
let t: TestApp;
let w: Awaited<ReturnType<typeof deliveryWorld>>;
let planId: string;
let adA: string;
let adB: string;
let r1: Awaited<ReturnType<typeof createRobot>>;
let r2: Awaited<ReturnType<typeof createRobot>>;
let token1: string;
let token2: string;
const EN = { 'accept-language': 'en' };
const at = (iso: string) => Math.floor(Date.parse(iso) / 1000);
const RANGE = `begin=${at('2026-11-16T00:00:00Z')}&end=${at('2026-11-30T00:00:00Z')}`;

const tokenFor = (robotRef: string) => deviceTokenFor(t, robotRef);
const send = (token: string, events: object[]) => sendEvents(t, token, events);
const get = (url: string, token = w.operator.token) =>
  t.app.inject({ method: 'GET', url, headers: { ...bearer(token), ...EN } });
async function data(url: string, token = w.operator.token) {
  const res = await get(url, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

let batch1: object[];
let batch2: object[];

beforeAll(async () => {
  t = await buildTestApp({ clock, startJobs: true, env: { EVENT_AUDIT: 'off' } });
  w = await deliveryWorld(t, 1);
  adA = (await createAd(t, w.adv.token, 1, 'Coffee')).id;
  adB = (await createAd(t, w.adv.token, 1, 'Tea')).id;
  planId = (await createPlan(t, w.adv.token, [adA, adB], { timeZone: 'Asia/Shanghai' })).id;
  r1 = await createRobot(t, { projectId: w.property.id, province: 'Guangdong', city: 'Shenzhen' });
  r2 = await createRobot(t, {
    projectId: w.autoProperty.id,
    province: 'Shanghai',
    city: 'Shanghai',
    audienceMultiplier: 2,
  });
  // The plan stands on R1 only as far as the property account of P is concerned.
  await t.app.ctx.db.insert(publishRecords).values({
    id: newId(),
    playlistId: planId,
    robotRef: r1.id,
    state: 'pulled',
    publishedBy: w.operator.user.id,
  });
  token1 = await tokenFor(r1.id);
  token2 = await tokenFor(r2.id);
  const ev = (type: string, adId: string, iso: string, over: Record<string, unknown> = {}) => ({
    id: newId(),
    type,
    playlistId: planId,
    adId,
    startedAt: at(iso),
    ...(type === 'play' ? { watchDuration: 0 } : {}),
    ...over,
  });
  batch1 = [
    ev('play', adA, '2026-11-20T15:50:00Z', {
      watchDuration: 10_000,
      audience: { age: { adult: 2, youth: 1 }, male: 2, female: 1, viewers: 2, dwellMs: 6000 },
    }),
    ev('play', adA, '2026-11-20T16:10:00Z', { watchDuration: 5000 }),
    ev('scan', adA, '2026-11-20T15:55:00Z'),
    ev('scan', adA, '2026-11-22T16:30:00Z'),
  ];
  batch2 = [
    ev('play', adB, '2026-11-20T18:29:00Z', {
      watchDuration: 15_000,
      audience: { exposure: 5, age: { senior: 1 }, female: 1, viewers: 1, dwellMs: 3000 },
    }),
    ev('play', adB, '2026-11-20T18:31:00Z', { watchDuration: 20_000 }),
    ev('scan', adB, '2026-11-20T18:35:00Z'),
  ];
  for (const [token, batch] of [
    [token1, batch1],
    [token2, batch2],
  ] as const) {
    const res = await send(token, batch);
    expect(res.json().data).toMatchObject({ accepted: batch.length });
  }
});
afterAll(() => t?.close());

const zeros = { plays: 0, watchDuration: 0, exposure: 0, exposureSense: 0, viewers: 0, standingTime: 0, scans: 0 };
const ALL = {
  plays: 4,
  watchDuration: 50_000,
  exposure: 11,
  exposureSense: 8,
  viewers: 3,
  standingTime: 3000,
  scans: 2,
};

describe('plan statistics on a hand-made set', () => {
  it('days in the plan zone (Asia/Shanghai)', async () => {
    const d = await data(`/api/Advertisements/statisticsDaysByPlaylistId?playlistId=${planId}&${RANGE}`);
    expect(d.timeZone).toBe('Asia/Shanghai');
    const byLabel = Object.fromEntries(d.points.map((p: { label: string }) => [p.label, p]));
    expect(byLabel['2026-11-20']).toEqual({
      label: '2026-11-20',
      begin: at('2026-11-19T16:00:00Z'),
      plays: 1,
      watchDuration: 10_000,
      exposure: 3,
      exposureSense: 3,
      viewers: 2,
      standingTime: 3000,
      scans: 1,
    });
    expect(byLabel['2026-11-21']).toMatchObject({
      plays: 3,
      watchDuration: 40_000,
      exposure: 8,
      exposureSense: 5,
      viewers: 1,
      standingTime: 3000,
      scans: 1,
    });
    expect(byLabel['2026-11-23']).toMatchObject({ ...zeros, scans: 1 });
    expect(byLabel['2026-11-19']).toMatchObject(zeros);
    // 16 Nov 08:00 Shanghai is in the day of the 16th; the range ends on 30 Nov 08:00: 15 days.
    expect(d.points).toHaveLength(15);
    expect(d.total).toEqual({ ...ALL, scans: 3 });
  });

  it('the same set in Asia/Kolkata (+5:30) splits the UTC hour 18', async () => {
    const d = await data(
      `/api/Advertisements/statisticsDaysByPlaylistId?playListId=${planId}&${RANGE}&timeZone=Asia/Kolkata`,
    );
    const byLabel = Object.fromEntries(d.points.map((p: { label: string }) => [p.label, p]));
    expect(byLabel['2026-11-20']).toMatchObject({
      begin: at('2026-11-19T18:30:00Z'),
      plays: 3,
      watchDuration: 30_000,
      exposure: 9,
      exposureSense: 8,
      viewers: 3,
      scans: 1,
    });
    expect(byLabel['2026-11-21']).toMatchObject({
      plays: 1,
      watchDuration: 20_000,
      exposure: 2,
      exposureSense: 0,
      scans: 1,
    });
    expect(byLabel['2026-11-22']).toMatchObject({ ...zeros, scans: 1 });
  });

  it('weeks start on Monday in the report zone; months', async () => {
    const sh = await data(`/api/Statis/statiQrWeekbyplaylistId?playlistId=${planId}&${RANGE}`);
    expect(sh.points.map((p: { label: string; scans: number }) => [p.label, p.scans])).toEqual([
      ['2026-11-16', 2],
      ['2026-11-23', 1],
      ['2026-11-30', 0],
    ]);
    const ko = await data(`/api/Statis/statiQrWeekbyplaylistId?playlistId=${planId}&${RANGE}&timeZone=Asia/Kolkata`);
    expect(ko.points.map((p: { label: string; scans: number }) => [p.label, p.scans])).toEqual([
      ['2026-11-16', 3],
      ['2026-11-23', 0],
      ['2026-11-30', 0],
    ]);
    const weeks = await data(`/api/Advertisements/statisticsWeekByPlaylistId?playlistId=${planId}&${RANGE}`);
    expect(weeks.points[0]).toMatchObject({ label: '2026-11-16', begin: at('2026-11-15T16:00:00Z'), plays: 4 });
    const months = await data(`/api/Advertisements/statisticsMonthByPlaylistId?playlistId=${planId}&${RANGE}`);
    expect(months.points).toEqual([{ label: '2026-11', begin: at('2026-10-31T16:00:00Z'), ...ALL, scans: 3 }]);
  });

  it('QR scans per day of a month and per hour of a day', async () => {
    const month = await data(`/api/Statis/statiQrMonthbyplaylistId?playlistId=${planId}&year=2026&month=11`);
    expect(month.points).toHaveLength(30);
    expect(month.total).toBe(3);
    expect(month.points.filter((p: { scans: number }) => p.scans > 0).map((p: { label: string }) => p.label)).toEqual([
      '2026-11-20',
      '2026-11-21',
      '2026-11-23',
    ]);
    const hours = await data(
      `/api/Statis/statiQrHourbyplaylistId?playlistId=${planId}&timePoint=${at('2026-11-20T18:00:00Z')}&timeZone=Asia/Kolkata`,
    );
    expect(hours.points).toHaveLength(24);
    expect(hours.points.filter((p: { scans: number }) => p.scans > 0)).toEqual([
      { label: '21', begin: at('2026-11-20T15:30:00Z'), scans: 1 },
    ]);
    const qr = await data(`/api/Statis/statiQrbyplaylistId?playlistId=${planId}&${RANGE}`);
    expect(qr.total).toBe(3);
  });

  it('by province, standing time, age and sex', async () => {
    const prov = await data(`/api/Advertisements/statisticsByProvince?playlistId=${planId}&${RANGE}`);
    expect(prov.rows).toEqual([
      {
        province: 'Guangdong',
        city: '',
        robots: 1,
        plays: 2,
        watchDuration: 15_000,
        exposure: 4,
        exposureSense: 3,
        viewers: 2,
        standingTime: 3000,
        scans: 2,
      },
      {
        province: 'Shanghai',
        city: '',
        robots: 1,
        plays: 2,
        watchDuration: 35_000,
        exposure: 7,
        exposureSense: 5,
        viewers: 1,
        standingTime: 3000,
        scans: 1,
      },
    ]);
    expect(await data(`/api/Advertisements/queryStandingTime?playlistid=${planId}&${RANGE}`)).toEqual({
      viewers: 3,
      dwellMs: 9000,
      standingTime: 3000,
    });
    expect(await data(`/api/Statis/queryAgeDistributionByPlaylistId?playlistId=${planId}&${RANGE}`)).toEqual({
      child: 0,
      youth: 1,
      adult: 2,
      middle: 0,
      senior: 1,
      male: 2,
      female: 2,
    });
  });

  it('ad lists, their totals and the tops', async () => {
    const res = await get(`/api/Statis/queryAdPlay_adList?playlistId=${planId}&${RANGE}&start=0&limit=1`);
    expect(res.json().total).toBe(2);
    expect(res.json().datas).toEqual([expect.objectContaining({ plays: 2 })]);
    const coffee = await get(`/api/Statis/queryAdPlay_adList?playlistId=${planId}&${RANGE}&adIds=${adA}`);
    expect(coffee.json().datas).toEqual([
      expect.objectContaining({ adId: adA, name: 'Coffee', plays: 2, watchDuration: 15_000, scans: 2 }),
    ]);
    const window = await get(`/api/Statis/queryAdWatch_adList_Window?playlistId=${planId}&${RANGE}`);
    expect(window.json().datas.map((r: { name: string }) => r.name)).toEqual(['Tea', 'Coffee']);
    const sexTotal = await data(`/api/Statis/queryAdWatch_adList_sex_total?playlistId=${planId}&${RANGE}`);
    expect(sexTotal).toMatchObject({ male: 2, female: 2, plays: 4 });
    const onlyTea = await data(`/api/Statis/queryAdPlay_adList_total?playlistId=${planId}&${RANGE}&adIds=${adB}`);
    expect(onlyTea).toMatchObject({ plays: 2, exposure: 7 });
    const robotsTop = await get(`/api/Statis/queryAdWatch_adList_robot_top?playlistId=${planId}&${RANGE}`);
    expect(
      robotsTop
        .json()
        .datas.map((r: { robotId: string }) => r.robotId)
        .sort(),
    ).toEqual([r1.robotId, r2.robotId].sort());
    const res2 = await get(`/api/Statis/queryAdWatch_adList_adRes_top?playlistId=${planId}&${RANGE}`);
    expect(res2.json().datas[0]).toMatchObject({ adId: expect.any(String), plays: 2 });
    expect(res2.json().datas[0].resourceId).toEqual(expect.any(String));
  });

  it('the robot filter and the audience multiplier read when the report is made', async () => {
    const one = await data(`/api/Statis/queryAdPlay_adList_total?playlistId=${planId}&${RANGE}&robotId=${r2.robotId}`);
    expect(one).toMatchObject({ plays: 2, exposure: 7 });
    await t.app.ctx.db.update(robots).set({ audienceMultiplier: 4 }).where(eq(robots.id, r2.id));
    const four = await data(`/api/Statis/queryAdPlay_adList_total?playlistId=${planId}&${RANGE}&robotId=${r2.robotId}`);
    expect(four).toMatchObject({ exposure: 9 });
    await t.app.ctx.db.update(robots).set({ audienceMultiplier: 2 }).where(eq(robots.id, r2.id));
  });
});

describe('export', () => {
  it('writes the days and the total to an xlsx with progress, in the asked language', async () => {
    const started = await get(
      `/api/Advertisements/exportStatisByPlaylistId?playlistId=${planId}&begin=${at('2026-11-19T16:00:00Z')}&end=${at('2026-11-21T16:00:00Z')}&language=en`,
    );
    expect(started.statusCode, started.body).toBe(200);
    const key = started.json().data.key as string;
    const { state } = await followExport(
      async () => (await get(`/api/Advertisements/queryExcelProgress?key=${key}`)).json().data,
    );
    expect(state).toMatchObject({ state: 'done', progress: 100, total: 3, done: 3 });
    const file = await get(state.url);
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      // The days are those of the report's zone (here the plan's), and the title says which.
      'Date (Asia/Shanghai, UTC+8)',
      'Plays',
      'Watch time (s)',
      'Exposure',
      'Sensed exposure',
      'Viewers',
      'Average dwell (s)',
      'QR scans',
    ]);
    expect(sheet?.getRow(2).values).toEqual([undefined, '2026-11-20', 1, 10, 3, 3, 2, 3, 1]);
    expect(sheet?.getRow(3).values).toEqual([undefined, '2026-11-21', 3, 40, 8, 5, 1, 3, 1]);
    expect(sheet?.getRow(4).values).toEqual([undefined, 'Total', 4, 50, 11, 8, 3, 3, 2]);
    // Another advertiser can neither export the plan nor read the progress.
    expect(
      (await get(`/api/Advertisements/exportStatisByPlaylistId?playlistId=${planId}`, w.otherAdv.token)).statusCode,
    ).toBe(404);
    expect((await get(`/api/Advertisements/queryExcelProgress?key=${key}`, w.otherAdv.token)).statusCode).toBe(404);
  });
});

describe('client statistics', () => {
  it("the advertiser sees its customer's figures by default, by province and city, with rising", async () => {
    const days = await data(`/api/Advertisements/statisticsDaysByClientId?${RANGE}`, w.adv.token);
    expect(days.total).toEqual({ ...ALL, scans: 3 });
    const exposure = await data(`/api/Advertisements/statisticsExposureMonthNumber?clientId=${w.customerId}&${RANGE}`);
    expect(exposure.total.exposure).toBe(11);
    const cities = await data(`/api/Advertisements/statisticsProCityByClientId?clientId=${w.customerId}&${RANGE}`);
    expect(cities.rows.map((r: { city: string }) => r.city).sort()).toEqual(['Shanghai', 'Shenzhen']);
    // 21-23 Nov (Shanghai) against 18-20 Nov: 3 plays against 1 (+200 %).
    const rise = await data(
      `/api/Advertisements/statisticsByClientIdExRising?begin=${at('2026-11-20T16:00:00Z')}&end=${at('2026-11-23T16:00:00Z')}`,
      w.adv.token,
    );
    expect(rise.figures.plays).toEqual({ value: 3, previous: 1, change: 200 });
    expect(rise.figures.viewers).toEqual({ value: 1, previous: 2, change: -50 });
    expect(rise.figures.scans).toEqual({ value: 2, previous: 1, change: 100 });
    expect(rise.points.map((p: { value: number; previous: number }) => [p.value, p.previous])).toEqual([
      [3, 0],
      [0, 0],
      [0, 1],
    ]);
    const robotsRise = await get(
      `/api/Advertisements/statisticsByRobotExRising?begin=${at('2026-11-20T16:00:00Z')}&end=${at('2026-11-23T16:00:00Z')}`,
      w.adv.token,
    );
    expect(robotsRise.json().datas[0]).toMatchObject({
      robotId: r2.robotId,
      exposure: { value: 7, previous: 0, change: null },
    });
  });
});

describe('scope', () => {
  it("another customer's advertiser gets a 404 and never numbers", async () => {
    for (const url of [
      `/api/Advertisements/statisticsDaysByPlaylistId?playlistId=${planId}`,
      `/api/Statis/queryAdPlay_adList?playlistId=${planId}`,
      `/api/Advertisements/statisticsDaysByClientId?clientId=${w.customerId}`,
    ]) {
      const res = await get(url, w.otherAdv.token);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().success).toBe(false);
      expect(res.json().data).toBeNull();
    }
    const own = await data(`/api/Advertisements/statisticsDaysByClientId?${RANGE}`, w.otherAdv.token);
    expect(own.total).toEqual({ ...zeros });
  });

  it("a project account counts only plays on its property's robots", async () => {
    const mine = await data(`/api/Statis/queryAdPlay_adList_total?playlistId=${planId}&${RANGE}`, w.owner.token);
    expect(mine).toMatchObject({ plays: 2, watchDuration: 15_000, exposure: 4, scans: 2 });
    const other = await get(`/api/Statis/queryAdPlay_adList_total?playlistId=${planId}&${RANGE}`, w.ownerAuto.token);
    expect(other.statusCode).toBe(404);
  });

  it('a bad zone or range is a 400 in the caller language', async () => {
    const zone = await get(`/api/Advertisements/statisticsDaysByPlaylistId?playlistId=${planId}&timeZone=Mars/Olympus`);
    expect(zone.statusCode).toBe(400);
    // A country code of the spec's list stands for its zone.
    expect((await data(`/api/Statis/statiQrbyplaylistId?playlistId=${planId}&timeZone=jp&${RANGE}`)).timeZone).toBe(
      'Asia/Tokyo',
    );
    const range = await get(`/api/Advertisements/statisticsDaysByPlaylistId?playlistId=${planId}&begin=200&end=100`);
    expect(range.statusCode).toBe(400);
    expect(range.json().msg).toBe('The end time must be later than the start time, within three years');
  });
});

describe('idempotent ingest', () => {
  it('a re-sent batch changes no figure', async () => {
    const before = await data(`/api/Advertisements/statisticsDaysByPlaylistId?playlistId=${planId}&${RANGE}`);
    const again = await send(token1, batch1);
    expect(again.json().data).toMatchObject({ accepted: 0, duplicates: batch1.length });
    const after = await data(`/api/Advertisements/statisticsDaysByPlaylistId?playlistId=${planId}&${RANGE}`);
    expect(after).toEqual(before);
  });
});

describe('Australia/Sydney across the start of daylight saving (4 Oct 2026 has 23 hours)', () => {
  it('counts each play in its local day and hour', async () => {
    const sydneyPlan = (await createPlan(t, w.adv.token, [adA], { timeZone: 'Australia/Sydney' })).id;
    const play = (iso: string) => ({
      id: newId(),
      type: 'play',
      playlistId: sydneyPlan,
      adId: adA,
      startedAt: at(iso),
      watchDuration: 1000,
    });
    const res = await send(token1, [
      play('2026-10-03T13:30:00Z'), // 3 Oct 23:30 (+10)
      play('2026-10-03T14:10:00Z'), // 4 Oct 00:10 (+10)
      play('2026-10-04T12:50:00Z'), // 4 Oct 23:50 (+11)
      play('2026-10-04T13:05:00Z'), // 5 Oct 00:05 (+11)
    ]);
    expect(res.json().data.accepted).toBe(4);
    const range = `begin=${at('2026-10-02T14:00:00Z')}&end=${at('2026-10-05T13:00:00Z')}`;
    const d = await data(`/api/Advertisements/statisticsDaysByPlaylistId?playlistId=${sydneyPlan}&${range}`);
    expect(d.timeZone).toBe('Australia/Sydney');
    expect(d.points.map((p: { label: string; begin: number; plays: number }) => [p.label, p.begin, p.plays])).toEqual([
      ['2026-10-03', at('2026-10-02T14:00:00Z'), 1],
      ['2026-10-04', at('2026-10-03T14:00:00Z'), 2],
      ['2026-10-05', at('2026-10-04T13:00:00Z'), 1],
    ]);
    const hours = await data(
      `/api/Statis/statiQrHourbyplaylistId?playlistId=${sydneyPlan}&timePoint=${at('2026-10-04T00:00:00Z')}`,
    );
    expect(hours.points).toHaveLength(23);
    expect(hours.points.map((p: { label: string }) => p.label)).not.toContain('02');
    expect(hours.end - hours.begin).toBe(23 * 3600);
  });
});
