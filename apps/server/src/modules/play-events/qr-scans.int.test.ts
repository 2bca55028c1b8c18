import { newId } from '@robot-ads/contracts/common/ids';
import type { DeviceSchedule } from '@robot-ads/contracts/device-protocol/schedule.schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createMaterial, picture, uploadAndRegister } from '../../../test/media-files';
import { activatedRobot as activatedPublished, publishedPlan as publishedOn } from '../../../test/published';
import { ManualClock } from '../../platform/clock';

/*
 * QR scan tracking (docs/statistics.md, "QR scans"): an ad's QR code with a target is drawn by the player
 * as PUBLIC_URL/q/<code>; a scan counts for the code's robot, plan and ad and redirects (302) to the
 * stored target only.
 */

const _DAY = 86_400_000;
const PUBLIC_URL = 'https://ads.example.com';
const TARGET = 'https://lucky.example.com/menu?from=robot&lang=zh';
const clock = new ManualClock(new Date('2026-11-20T04:07:00Z'));
const nowS = () => Math.floor(clock.now().getTime() / 1000);
const EN = { 'accept-language': 'en' };
let t: TestApp;
let ops: { token: string; user: { id: string } };
let qrMediaId: string;
let materialId: string;
let robot: { robotId: string; id: string; token: string };
let other: { robotId: string; id: string; token: string };
let adId: string;
let planId: string;

const adBody = (over: object = {}) => ({
  name: `QR ad ${newId().slice(-6)}`,
  kind: 'picture',
  begin: nowS() - 86_400,
  end: nowS() + 60 * 86_400,
  resources: [materialId],
  qr: { mediaId: qrMediaId, position: 'lowerRight' },
  ...over,
});
const saveAd = (method: 'POST' | 'PUT', payload: object) =>
  t.app.inject({ method, url: '/api/Advertisements', headers: { ...bearer(ops.token), ...EN }, payload });

/** A plan of one ad in Asia/Shanghai, approved and published to the robots. */
const publishedPlan = async (robotIds: string[], planAdId: string) =>
  (await publishedOn(t, ops.user.id, robotIds, planAdId, { timeZone: 'Asia/Shanghai' })).id;
const activatedRobot = () => activatedPublished(t);

async function scheduleQr(token: string, ofAd: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/device/v1/schedule', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  const schedule = res.json().data as DeviceSchedule;
  return schedule.plans.flatMap((p) => p.ads).find((a) => a.id === ofAd)?.qr;
}

/** On to the next play of the 10 s ad: the robot's next scan counts (one scan per play window). */
const nextPlay = () => clock.set(new Date(clock.now().getTime() + 11_000));
const scan = (path: string) => t.app.inject({ method: 'GET', url: path, headers: EN });
const pathOf = (link: string) => new URL(link).pathname;

async function stat(url: string) {
  const res = await t.app.inject({ method: 'GET', url, headers: { ...bearer(ops.token), ...EN } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
/** Scans of the plan today (statiQrbyplaylistId), this hour (statiQrHour) and in the KPIs (days' total). */
async function scansSeen(plan = planId) {
  const days = await stat(`/api/Statis/statiQrbyplaylistId?playlistId=${plan}`);
  const hours = await stat(`/api/Statis/statiQrHourbyplaylistId?playlistId=${plan}&timePoint=${nowS()}`);
  const kpis = await stat(`/api/Advertisements/statisticsDaysByPlaylistId?playlistId=${plan}`);
  const week = await stat(`/api/Statis/statiQrWeekbyplaylistId?playlistId=${plan}`);
  const month = await stat(`/api/Statis/statiQrMonthbyplaylistId?playlistId=${plan}&year=2026&month=11`);
  // 04:07 UTC is 12:07 on 20 Nov 2026 in Asia/Shanghai.
  const today = days.points.find((p: { label: string }) => p.label === '2026-11-20');
  const noon = hours.points.find((p: { label: string }) => p.label === '12');
  expect(week.total).toBe(days.total);
  expect(month.total).toBe(days.total);
  return { day: today?.scans, hour: noon?.scans, total: days.total, kpi: kpis.total.scans as number };
}

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { PUBLIC_URL } });
  ops = await loginAs(t, 'super', { principals: 'root' });
  materialId = (await createMaterial(t, ops.token, 'tea.png', await picture(1080, 1920))).id;
  const up = await uploadAndRegister(t, ops.token, 'menu-qr.png', await picture(240, 240, 'png'), { purpose: 'qr' });
  expect(up.statusCode, up.body).toBe(200);
  qrMediaId = up.json().data.id;
  robot = await activatedRobot();
  other = await activatedRobot();
  const created = await saveAd('POST', adBody({ qrTarget: TARGET }));
  expect(created.statusCode, created.body).toBe(200);
  expect(created.json().data.qrTarget).toBe(TARGET);
  adId = created.json().data.id;
  planId = await publishedPlan([robot.robotId, other.robotId], adId);
}, 120_000);
afterAll(() => t?.close());

describe('QR target of an ad', () => {
  it('takes only http and https addresses, and only with a QR code', async () => {
    for (const bad of ['javascript:alert(1)', 'ftp://lucky.example.com/x', '/menu', 'lucky.example.com', 'https://']) {
      const res = await saveAd('POST', adBody({ qrTarget: bad }));
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', field: 'qrTarget' });
      expect(res.json().msg).toContain('The QR target must be a web address starting with http:// or https://');
    }
    // Stored as parsed: a line break cannot reach the Location header.
    const split = await saveAd('POST', adBody({ qrTarget: 'https://lucky.example.com/a\r\nSet-Cookie: x=1 b' }));
    expect(split.statusCode, split.body).toBe(200);
    expect(split.json().data.qrTarget).toBe('https://lucky.example.com/aSet-Cookie:%20x=1%20b');
    const noQr = await saveAd('POST', adBody({ qr: null, qrTarget: TARGET }));
    expect(noQr.statusCode).toBe(400);
    expect(noQr.json().code).toBe('AD_OVERLAY_PICTURE_REQUIRED');
  });
});

describe('GET /q/:code', () => {
  let link: string;

  it("puts a per-robot tracking address into the robot's schedule", async () => {
    const qr = await scheduleQr(robot.token, adId);
    expect(qr).toMatchObject({ mediaId: qrMediaId, position: 'lowerRight' });
    link = qr?.link ?? '';
    expect(link).toMatch(/^https:\/\/ads\.example\.com\/q\/[A-Za-z0-9_-]{64}$/);
    // Each robot draws its own code.
    const theirs = await scheduleQr(other.token, adId);
    expect(theirs?.link).toMatch(/^https:\/\/ads\.example\.com\/q\//);
    expect(theirs?.link).not.toBe(link);
    // An ad without a target keeps its picture: no link.
    const plain = await saveAd('POST', adBody());
    expect(plain.json().data.qrTarget).toBeNull();
    const third = await activatedRobot();
    await publishedPlan([third.robotId], plain.json().data.id);
    expect(await scheduleQr(third.token, plain.json().data.id)).toEqual({
      mediaId: qrMediaId,
      position: 'lowerRight',
      link: null,
    });
  });

  it('counts a scan and redirects (302) to the stored target', async () => {
    expect(await scansSeen()).toEqual({ day: 0, hour: 0, total: 0, kpi: 0 });
    const res = await scan(pathOf(link));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(TARGET);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(await scansSeen()).toEqual({ day: 1, hour: 1, total: 1, kpi: 1 });
    // A scan a play window later counts, for the robot of the code (one per play window: docs/statistics.md).
    nextPlay();
    await scan(pathOf(link));
    const theirs = await scheduleQr(other.token, adId);
    await scan(pathOf(theirs?.link ?? ''));
    expect(await scansSeen()).toEqual({ day: 3, hour: 3, total: 3, kpi: 3 });
    const consume = await t.app.inject({
      method: 'GET',
      url: `/api/Publishes/consume?playListId=${planId}&limit=-1`,
      headers: bearer(ops.token),
    });
    const byRobot = Object.fromEntries(
      consume.json().datas.map((r: { robotId: string; scans: number }) => [r.robotId, r.scans]),
    );
    expect(byRobot).toEqual({ [robot.robotId]: 2, [other.robotId]: 1 });
    const top = await t.app.inject({
      method: 'GET',
      url: `/api/Statis/queryAdPlay_adList_total?playlistId=${planId}`,
      headers: bearer(ops.token),
    });
    expect(top.json().data.scans).toBe(3);
  });

  it('never redirects to an address from the request, and counts nothing for a code that is not ours', async () => {
    const code = pathOf(link).slice('/q/'.length);
    for (const query of ['?url=https://evil.example.com', '?redirect=//evil.example.com', '?target=javascript:x']) {
      nextPlay();
      const res = await scan(`/q/${code}${query}`);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(TARGET);
    }
    const before = await scansSeen();
    expect(before.total).toBe(6);
    // A changed character, a made-up code, a URL as the code, an empty code: 404 and no scan.
    const flipped = `${code.slice(0, 10)}${code[10] === 'A' ? 'B' : 'A'}${code.slice(11)}`;
    const forged = Buffer.concat([Buffer.from(`${planId}${adId}${other.id}`, 'hex'), Buffer.alloc(12)]).toString(
      'base64url',
    );
    for (const path of [
      `/q/${flipped}`,
      `/q/${forged}`,
      `/q/${'A'.repeat(64)}`,
      `/q/${encodeURIComponent('https://evil.example.com')}`,
      '/q/%2F%2Fevil.example.com',
      `/q/${code}x`,
    ]) {
      const res = await scan(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.headers.location).toBeUndefined();
    }
    const notFound = await scan(`/q/${flipped}`);
    expect(notFound.json()).toMatchObject({ success: false, code: 'QR_CODE_NOT_FOUND' });
    expect(await scansSeen()).toEqual(before);
  });

  it('follows the target as the ad stores it; without a target the code is 404', async () => {
    const ad = (
      await t.app.inject({ method: 'GET', url: `/api/Advertisements/${adId}`, headers: bearer(ops.token) })
    ).json().data;
    const edit = { id: adId, name: ad.name, kind: 'picture', begin: ad.begin, end: ad.end, resources: [materialId] };
    const moved = await saveAd('PUT', { ...edit, qrTarget: 'http://lucky.example.com/autumn' });
    expect(moved.statusCode, moved.body).toBe(200);
    // The QR code was left out of the edit: it stays, and so does the new target.
    expect(moved.json().data).toMatchObject({
      qrTarget: 'http://lucky.example.com/autumn',
      qr: { mediaId: qrMediaId },
    });
    const res = await scan(pathOf(link));
    expect(res.headers.location).toBe('http://lucky.example.com/autumn');
    const removed = await saveAd('PUT', { ...edit, qrTarget: null });
    expect(removed.json().data.qrTarget).toBeNull();
    const before = await scansSeen();
    expect((await scan(pathOf(link))).statusCode).toBe(404);
    expect(await scansSeen()).toEqual(before);
    // Removing the QR code removes its target with it.
    await saveAd('PUT', { ...edit, qrTarget: TARGET });
    const noQr = await saveAd('PUT', { ...edit, qr: null });
    expect(noQr.json().data).toMatchObject({ qr: null, qrTarget: null });
  });
});
