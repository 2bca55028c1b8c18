import { newId } from '@robot-ads/contracts/common/ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createAd, createPlan, deliveryWorld } from '../../../test/delivery';
import { createRobot } from '../../../test/devices';
import { at, deviceTokenFor, playEvent, sendEvents } from '../../../test/play-events';
import { ManualClock } from '../../platform/clock';
import { publishRecords } from '../publishing/publishing.table';

/** docs/statistics.md: begin and end round down to the quarter hour, [begin, end); zones answered by their IANA name. */
const clock = new ManualClock(new Date('2026-11-25T00:00:00Z'));
let t: TestApp;
let w: Awaited<ReturnType<typeof deliveryWorld>>;
let planId: string;

async function data(url: string) {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: { ...bearer(w.operator.token), 'accept-language': 'en' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { EVENT_AUDIT: 'off' } });
  w = await deliveryWorld(t, 1);
  const adId = (await createAd(t, w.adv.token, 1, 'Coffee')).id;
  planId = (await createPlan(t, w.adv.token, [adId], { timeZone: 'Asia/Shanghai' })).id;
  const robot = await createRobot(t, { projectId: w.property.id, province: 'Guangdong', city: 'Shenzhen' });
  await t.app.ctx.db.insert(publishRecords).values({
    id: newId(),
    playlistId: planId,
    robotRef: robot.id,
    state: 'pulled',
    publishedBy: w.operator.user.id,
  });
  const play = (iso: string) => playEvent(planId, adId, at(iso), { watchDuration: 5000 });
  const res = await sendEvents(t, await deviceTokenFor(t, robot.id), [
    play('2026-11-20T10:12:00Z'), // before end, in the quarter 10:00-10:15
    play('2026-11-20T10:22:00Z'), // after end (10:20), in the quarter 10:15-10:30
    play('2026-11-20T10:37:00Z'), // well after end
  ]);
  expect(res.json().data).toMatchObject({ accepted: 3 });
});
afterAll(() => t?.close());

describe('report range', () => {
  it('rounds a non-quarter end down: no play after end is counted', async () => {
    const begin = at('2026-11-20T09:50:00Z');
    const end = at('2026-11-20T10:20:00Z');
    const d = await data(
      `/api/Advertisements/statisticsDaysByPlaylistId?playlistId=${planId}&begin=${begin}&end=${end}`,
    );
    expect(d.begin).toBe(at('2026-11-20T09:45:00Z'));
    expect(d.end).toBe(at('2026-11-20T10:15:00Z'));
    expect(d.total.plays).toBe(1);
    // An end on the quarter keeps it: [.., 10:30) holds the 10:22 play too, never the 10:37 one.
    const later = await data(
      `/api/Advertisements/statisticsDaysByPlaylistId?playlistId=${planId}&begin=${begin}&end=${at('2026-11-20T10:30:00Z')}`,
    );
    expect(later.total.plays).toBe(2);
  });

  it('refuses a range with no whole quarter hour in it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/Advertisements/statisticsDaysByPlaylistId?playlistId=${planId}&begin=${at('2026-11-20T10:01:00Z')}&end=${at('2026-11-20T10:14:00Z')}`,
      headers: { ...bearer(w.operator.token), 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('The end time must be later than the start time, within three years');
  });
});

describe('zone names in answers', () => {
  const range = `begin=${at('2026-11-16T00:00:00Z')}&end=${at('2026-11-30T00:00:00Z')}`;
  it.each([
    ['Asia/Kolkata', 'Asia/Kolkata'],
    ['Asia/Kathmandu', 'Asia/Kathmandu'],
    ['asia/kolkata', 'Asia/Kolkata'],
    ['Asia/Calcutta', 'Asia/Kolkata'],
    ['Asia/Katmandu', 'Asia/Kathmandu'],
    ['Europe/Kyiv', 'Europe/Kyiv'],
  ])('%s is answered as %s on plan, QR, client and rising reports', async (asked, answered) => {
    const tz = `timeZone=${encodeURIComponent(asked)}`;
    for (const url of [
      `/api/Advertisements/statisticsDaysByPlaylistId?playlistId=${planId}&${range}&${tz}`,
      `/api/Statis/statiQrbyplaylistId?playlistId=${planId}&${range}&${tz}`,
      `/api/Advertisements/statisticsDaysByClientId?clientId=${w.customerId}&${range}&${tz}`,
      `/api/Advertisements/statisticsByClientIdExRising?clientId=${w.customerId}&${range}&${tz}`,
    ]) {
      expect((await data(url)).timeZone, url).toBe(answered);
    }
  });
});
