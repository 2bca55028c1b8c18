import { newId } from '@robot-ads/contracts/common/ids';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createAd, createPlan, deliveryWorld } from '../../../test/delivery';
import { createRobot } from '../../../test/devices';
import { at, deviceTokenFor, playEvent, sendEvents } from '../../../test/play-events';
import { pulledRecord } from '../../../test/publish-records';
import { ManualClock } from '../../platform/clock';
import { playEvents } from './play-events.table';

/**
 * Bounds on what a robot reports (docs/statistics.md, "Bounds on what a robot reports"): scans, audience,
 * robots not in service. The plan plays every day 09:00-12:00 Asia/Shanghai (01:00-04:00 UTC); its one
 * picture ad lasts 10 s; each robot pulled it on 2026-11-25. Flagged events count in no figure: the
 * plan's consumption (GET /api/Publishes/consume) shows what is verified only.
 */
const clock = new ManualClock(new Date('2026-11-20T00:00:00Z'));
let t: TestApp;
let planId: string;
let adId: string;
/** An operator's headers, logged in at the clock's time (the tests move the clock). */
const op = async () => bearer((await loginAs(t, 'super', { principals: 'root' })).token);
const DAY = '2026-11-30T';

beforeAll(async () => {
  t = await buildTestApp({ clock });
  const w = await deliveryWorld(t, 1);
  adId = (await createAd(t, w.adv.token, 1, 'Bounds ad')).id;
  planId = (
    await createPlan(t, w.adv.token, [adId], {
      cycle: { type: 'weekly', data: [1, 2, 3, 4, 5, 6, 7] },
      times: [{ begin: { hour: 9, minute: 0 }, end: { hour: 12, minute: 0 } }],
    })
  ).id;
  clock.set(new Date('2026-12-01T00:00:00Z'));
});
afterAll(() => t?.close());

async function pulledRobot() {
  const robot = await createRobot(t, {});
  await pulledRecord(t, planId, robot.id, new Date('2026-11-25T00:00:00Z'));
  return { ...robot, token: await deviceTokenFor(t, robot.id) };
}

const play = (startedAt: number, over: Record<string, unknown> = {}) => playEvent(planId, adId, startedAt, over);
const scan = (startedAt: number) => ({ id: newId(), type: 'scan', playlistId: planId, adId, startedAt });

async function reasons(robotRef: string) {
  const rows = await t.app.ctx.db
    .select({ id: playEvents.id, reason: playEvents.reason })
    .from(playEvents)
    .where(eq(playEvents.robotRef, robotRef));
  return new Map(rows.map((r) => [r.id, r.reason]));
}

/** The robot's plays and scans as the plan's consumption shows them. */
async function consumed(robotId: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/Publishes/consume?playListId=${planId}&limit=-1`,
    headers: await op(),
  });
  expect(res.statusCode, res.body).toBe(200);
  const row = res.json().datas.find((r: { robotId: string }) => r.robotId === robotId);
  return { plays: row?.plays ?? 0, scans: row?.scans ?? 0 };
}

async function send(token: string, events: object[]) {
  const res = await sendEvents(t, token, events);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('scans', () => {
  it('takes one scan per verified play, inside the plan hours; the rest are flagged and counted nowhere', async () => {
    const r = await pulledRobot();
    const p1 = play(at(`${DAY}02:00:00Z`));
    const p2 = play(at(`${DAY}02:00:10Z`));
    // 495 scans in the same second, during the first play (a full batch with the rest): one counts.
    const burst = Array.from({ length: 495 }, () => scan(at(`${DAY}02:00:05Z`)));
    const late = scan(at(`${DAY}02:01:15Z`)); // 55 s after the second play ended: still its scan
    const night = scan(at(`${DAY}19:00:00Z`)); // 03:00 in Shanghai
    const lonely = scan(at(`${DAY}02:30:00Z`)); // no play then
    const answer = await send(r.token, [p1, p2, ...burst, late, night]);
    expect(answer).toMatchObject({ accepted: 499, flagged: 495 });
    const before = await send(r.token, [lonely]);
    expect(before.flagged).toBe(1);
    const why = await reasons(r.id);
    expect(why.get(p1.id)).toBeNull();
    expect(why.get(late.id)).toBeNull();
    expect(burst.filter((s) => why.get(s.id) === null)).toHaveLength(1);
    expect(burst.filter((s) => why.get(s.id) === 'scanOverLimit')).toHaveLength(494);
    expect(why.get(night.id)).toBe('scanOutsideSchedule');
    expect(why.get(lonely.id)).toBe('scanWithoutPlay');
    // A later batch: both plays already back a scan.
    const more = scan(at(`${DAY}02:00:12Z`));
    expect((await send(r.token, [more])).flagged).toBe(1);
    expect((await reasons(r.id)).get(more.id)).toBe('scanOverLimit');
    expect(await consumed(r.robotId)).toEqual({ plays: 2, scans: 2 });
  });
});

describe('audience', () => {
  it('flags a play whose audience no sensor counts (implausibleAudience): neither the play nor its audience counts', async () => {
    const r = await pulledRobot();
    const cases: [ReturnType<typeof play> & { audience?: object }, string | null][] = [
      // Bands add up to the viewers, viewers within the people in view.
      [
        play(at(`${DAY}02:00:00Z`), {
          audience: { age: { adult: 2, youth: 1 }, male: 2, female: 1, viewers: 3, exposure: 7 },
        }),
        null,
      ],
      // No bands (the sensor does not classify): only the counts are bounded.
      [play(at(`${DAY}02:01:00Z`), { audience: { exposure: 30, viewers: 4 } }), null],
      // An older device: bands without viewers agree with each other.
      [play(at(`${DAY}02:02:00Z`), { audience: { age: { adult: 2, child: 1 }, male: 1, female: 2 } }), null],
      // 100,000 in every band of a 10 s play.
      [
        play(at(`${DAY}02:03:00Z`), {
          audience: {
            age: { child: 100_000, youth: 100_000, adult: 100_000, middle: 100_000, senior: 100_000 },
            male: 100_000,
            female: 100_000,
            viewers: 100_000,
            exposure: 100_000,
          },
        }),
        'implausibleAudience',
      ],
      [
        play(at(`${DAY}02:04:00Z`), { audience: { age: { adult: 5 }, viewers: 3, exposure: 9 } }),
        'implausibleAudience',
      ],
      [
        play(at(`${DAY}02:05:00Z`), { audience: { male: 2, female: 2, viewers: 3, exposure: 9 } }),
        'implausibleAudience',
      ],
      [play(at(`${DAY}02:06:00Z`), { audience: { viewers: 8, exposure: 5 } }), 'implausibleAudience'],
      // 31 people in view during 10 s: beyond the sensor's range (30 per 10 s).
      [play(at(`${DAY}02:07:00Z`), { audience: { exposure: 31 } }), 'implausibleAudience'],
    ];
    const totals = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/Statis/queryAdPlay_adList_total?playlistId=${planId}`,
        headers: await op(),
      });
      expect(res.statusCode, res.body).toBe(200);
      const d = res.json().data;
      return { plays: d.plays, exposure: d.exposure, viewers: d.viewers };
    };
    const before = await totals();
    await send(
      r.token,
      cases.map(([e]) => e),
    );
    const why = await reasons(r.id);
    for (const [e, reason] of cases) expect(why.get(e.id), JSON.stringify(e.audience)).toBe(reason);
    expect((await consumed(r.robotId)).plays).toBe(3);
    // The plan's audience figures grow by the three verified plays only.
    expect(await totals()).toEqual({
      plays: before.plays + 3,
      exposure: before.exposure + 7 + 30 + 3,
      viewers: before.viewers + 3 + 4 + 3,
    });
  });
});

describe('robots not in service', () => {
  const setInfo = async (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/Devices/setInfo', headers: await op(), payload });

  it('flags plays and scans from the moment a robot is out of use, deactivated or past its end date', async () => {
    const r = await pulledRobot();
    clock.set(new Date(`${DAY}02:00:00Z`));
    expect((await setInfo({ robotId: r.robotId, used: false })).statusCode).toBe(200);
    clock.set(new Date(`${DAY}02:30:00Z`));
    expect((await setInfo({ robotId: r.robotId, used: true })).statusCode).toBe(200);
    clock.set(new Date(`${DAY}02:40:00Z`));
    expect((await setInfo({ robotId: r.robotId, actTag: false })).statusCode).toBe(200);
    clock.set(new Date(`${DAY}02:50:00Z`));
    expect((await setInfo({ robotId: r.robotId, actTag: true, expireTime: at(`${DAY}03:00:00Z`) })).statusCode).toBe(
      200,
    );
    clock.set(new Date(`${DAY}03:30:00Z`));
    const cases: [object & { id: string }, string | null][] = [
      [play(at(`${DAY}01:59:40Z`)), null],
      [play(at(`${DAY}02:00:00Z`)), 'robotInactive'],
      [scan(at(`${DAY}02:00:05Z`)), 'robotInactive'],
      [play(at(`${DAY}02:29:00Z`)), 'robotInactive'],
      [play(at(`${DAY}02:30:00Z`)), null],
      [play(at(`${DAY}02:45:00Z`)), 'robotInactive'],
      [play(at(`${DAY}02:55:00Z`)), null],
      [play(at(`${DAY}03:00:00Z`)), 'robotInactive'],
    ];
    await send(
      r.token,
      cases.map(([e]) => e),
    );
    const why = await reasons(r.id);
    for (const [e, reason] of cases) expect(why.get(e.id), JSON.stringify(e)).toBe(reason);
    expect(await consumed(r.robotId)).toEqual({ plays: 3, scans: 0 });
    // The robot's connection history shows no change of service.
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/Devices/robotBaseInfo?robotId=${r.robotId}`,
      headers: await op(),
    });
    expect(detail.json().data.transitions).toEqual([]);
    clock.set(new Date('2026-12-01T00:00:00Z'));
  });
});
