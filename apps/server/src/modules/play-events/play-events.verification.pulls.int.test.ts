import { newId } from '@robot-ads/contracts/common/ids';
import type { DeviceSchedule } from '@robot-ads/contracts/device-protocol/schedule.schemas';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { createMaterial, picture } from '../../../test/media-files';
import { sendEvents } from '../../../test/play-events';
import { activatedRobot, publishedPlan } from '../../../test/published';
import { ManualClock } from '../../platform/clock';
import { playEvents } from './play-events.table';

/**
 * The verification against the robot's pulls through the real flow (publish, schedule pull and acknowledgement,
 * issue again), and a robot's concurrent batches (docs/statistics.md, "Proof-of-play verification"). The plan plays
 * all day in Sydney; its one picture ad lasts 10 s.
 */
const clock = new ManualClock(new Date('2026-11-20T00:00:00Z'));
const MIN = 60_000;
let t: TestApp;
let operator: { token: string; user: { id: string } };
let adId: string;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  operator = await loginAs(t, 'super', { principals: 'root' });
  const material = await createMaterial(t, operator.token, 'coffee.png', await picture(1080, 1920));
  const ad = await t.app.inject({
    method: 'POST',
    url: '/api/Advertisements',
    headers: bearer(operator.token),
    payload: {
      name: 'Lucky coffee',
      kind: 'picture',
      begin: Math.floor(clock.now().getTime() / 1000) - 86_400,
      end: Math.floor(clock.now().getTime() / 1000) + 60 * 86_400,
      resources: [material.id],
    },
  });
  expect(ad.statusCode, ad.body).toBe(200);
  adId = ad.json().data.id;
});
afterAll(() => t?.close());

const secondsOf = (ms: number) => Math.floor(ms / 1000);
const play = (playlistId: string, atMs: number) => ({
  id: newId(),
  type: 'play',
  playlistId,
  adId,
  startedAt: secondsOf(atMs),
  watchDuration: 10_000,
});

/** The robot pulls its schedule and acknowledges it (its plans become pulled now). */
async function pullAndAck(token: string) {
  const pulled = await t.app.inject({ method: 'GET', url: '/api/device/v1/schedule', headers: bearer(token) });
  expect(pulled.statusCode, pulled.body).toBe(200);
  const { version } = pulled.json().data as DeviceSchedule;
  const ack = await t.app.inject({
    method: 'POST',
    url: '/api/device/v1/schedule/ack',
    headers: bearer(token),
    payload: { version },
  });
  expect(ack.statusCode, ack.body).toBe(200);
  return ack.json().data as { pulled: string[]; pullTime: number };
}

async function verdicts(robotRef: string) {
  const rows = await t.app.ctx.db
    .select({ id: playEvents.id, verdict: playEvents.verdict, reason: playEvents.reason })
    .from(playEvents)
    .where(eq(playEvents.robotRef, robotRef));
  return new Map(rows.map((r) => [r.id, r.reason ?? r.verdict]));
}

describe('the verification against the pulls of a plan issued again', () => {
  it("keeps the robot's genuine plays from its earlier pull verified after the plan is issued again", async () => {
    const robot = await activatedRobot(t);
    const plan = await publishedPlan(t, operator.user.id, [robot.robotId], adId);
    const t0 = clock.now().getTime();
    const beforeAnyPull = play(plan.id, t0 + 5 * MIN);
    clock.set(new Date(t0 + 10 * MIN));
    expect((await sendEvents(t, robot.token, [beforeAnyPull])).json().data.flagged).toBe(1);
    expect((await verdicts(robot.id)).get(beforeAnyPull.id)).toBe('notPulled');

    // First pull at t0 + 1 h: its plays are verified.
    clock.set(new Date(t0 + 60 * MIN));
    expect((await pullAndAck(robot.token)).pulled).toEqual([plan.id]);
    const afterFirstPull = play(plan.id, t0 + 65 * MIN);
    clock.set(new Date(t0 + 70 * MIN));
    expect((await sendEvents(t, robot.token, [afterFirstPull])).json().data).toMatchObject({ accepted: 1, flagged: 0 });

    // Issued again at t0 + 2 h: the pull state starts over, the robot still holds the plan.
    clock.set(new Date(t0 + 120 * MIN));
    const op = bearer((await loginAs(t, 'super', { principals: 'root' })).token);
    const again = await t.app.inject({
      url: `/api/Controls/adPublishByPlaylistId?playListId=${plan.id}`,
      headers: op,
    });
    expect(again.json().data, again.body).toEqual({ issued: 1 });
    const summary = await t.app.inject({
      url: `/api/Publishes/query?playListId=${plan.id}`,
      headers: op,
    });
    expect(summary.json().data).toMatchObject({ planPullNumber: 1, alreadyPullNumber: 0 });
    const beforeRepull = [play(plan.id, t0 + 80 * MIN), play(plan.id, t0 + 125 * MIN)];
    clock.set(new Date(t0 + 130 * MIN));
    expect((await sendEvents(t, robot.token, beforeRepull)).json().data).toMatchObject({ accepted: 2, flagged: 0 });

    // Pulled again at t0 + 3 h: plays between the first pull and this one (sent late) are still verified,
    // a play before any pull is still flagged.
    clock.set(new Date(t0 + 180 * MIN));
    const second = await pullAndAck(robot.token);
    expect(second.pulled).toEqual([plan.id]);
    const late = [play(plan.id, t0 + 90 * MIN), play(plan.id, t0 + 150 * MIN), play(plan.id, t0 + 185 * MIN)];
    const beforeFirstPull = play(plan.id, t0 + 30 * MIN);
    clock.set(new Date(t0 + 190 * MIN));
    const op2 = bearer((await loginAs(t, 'super', { principals: 'root' })).token);
    const res = await sendEvents(t, robot.token, [...late, beforeFirstPull]);
    expect(res.json().data).toMatchObject({ accepted: 4, flagged: 1 });
    const v = await verdicts(robot.id);
    for (const e of [afterFirstPull, ...beforeRepull, ...late])
      expect(v.get(e.id), String(e.startedAt)).toBe('verified');
    expect(v.get(beforeFirstPull.id)).toBe('beforePull');
    expect(v.get(beforeAnyPull.id)).toBe('notPulled');

    // The publish details show the latest pull; the plan's proof of play counts every verified play.
    const details = await t.app.inject({
      url: `/api/Publishes/queryDetailByPlaylistId?playListId=${plan.id}&start=0&limit=10`,
      headers: op2,
    });
    expect(details.json().datas[0]).toMatchObject({ pullState: 'pulled', pullTime: second.pullTime });
    const report = await t.app.inject({
      url: `/api/Statis/proofOfPlayByPlaylistId?playlistId=${plan.id}&begin=${secondsOf(t0 - 86_400_000)}&end=${secondsOf(t0 + 86_400_000)}&timeZone=UTC`,
      headers: op2,
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json().data.total).toMatchObject({
      verified: 6,
      flagged: 2,
      reasons: { notPulled: 1, beforePull: 1 },
    });
  });
});

describe("a robot's concurrent batches", () => {
  it('verifies exactly one of two overlapping plays sent in two batches at once, and flags the other overlap', async () => {
    const robot = await activatedRobot(t);
    const plan = await publishedPlan(t, operator.user.id, [robot.robotId], adId);
    await pullAndAck(robot.token);
    const t0 = clock.now().getTime();
    clock.set(new Date(t0 + 60 * MIN));
    // Three rounds, each two batches at once whose plays overlap by 7 s (a race shows in any of them).
    const rounds = [10, 20, 30].map((m) => [play(plan.id, t0 + m * MIN), play(plan.id, t0 + m * MIN + 3000)] as const);
    for (const [a, b] of rounds) {
      const answers = await Promise.all([sendEvents(t, robot.token, [a]), sendEvents(t, robot.token, [b])]);
      for (const r of answers) expect(r.statusCode, r.body).toBe(200);
      expect(answers.map((r) => r.json().data.flagged).sort()).toEqual([0, 1]);
    }
    const v = await verdicts(robot.id);
    for (const pair of rounds) {
      expect(pair.map((e) => v.get(e.id)).sort()).toEqual(['overlap', 'verified']);
    }
    // Reports count the three verified plays.
    const op = bearer((await loginAs(t, 'super', { principals: 'root' })).token);
    const report = await t.app.inject({
      url: `/api/Statis/proofOfPlayByPlaylistId?playlistId=${plan.id}&begin=${secondsOf(t0 - 86_400_000)}&end=${secondsOf(t0 + 86_400_000)}&timeZone=UTC`,
      headers: op,
    });
    expect(report.json().data.total).toMatchObject({ verified: 3, flagged: 3, reasons: { overlap: 3 } });
  });
});
