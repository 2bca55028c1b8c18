import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { DeviceSchedule } from '@robot-ads/contracts/device-protocol/schedule.schemas';
import { and, eq } from 'drizzle-orm';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { bearer, loginAs } from '../../../test/auth';
import { buildTestApp, type TestApp } from '../../../test/build-app';
import { luckyCoffeeAd } from '../../../test/delivery';
import { createMaterial, picture, uploadAndRegister } from '../../../test/media-files';
import { activatedRobot as activatedPublished, publishedPlan as publishedOn } from '../../../test/published';
import { ManualClock } from '../../platform/clock';
import { robots } from '../devices/devices.table';
import { notifications } from '../notifications/notifications.table';
import { playlists } from '../playlists/playlists.table';
import { cancelPlanOnRobots } from '../publishing/publishing.service';
import { publishRecords } from '../publishing/publishing.table';

const DAY = 86_400_000;
const clock = new ManualClock(new Date('2026-03-10T04:00:00Z'));
let t: TestApp;
let operator: { token: string; user: { id: string } };
let adId: string;

const activatedRobot = () => activatedPublished(t);

/** A plan of one ad (the test ad unless told), approved and published to the robots (the publishing service, as an approval does). */
const publishedPlan = (robotIds: string[], overrides: Partial<typeof playlists.$inferInsert> = {}, planAdId = adId) =>
  publishedOn(t, operator.user.id, robotIds, planAdId, overrides);

async function pull(token: string, version?: string) {
  return t.app.inject({
    method: 'GET',
    url: '/api/device/v1/schedule',
    headers: { ...bearer(token), ...(version ? { 'if-none-match': `"${version}"` } : {}) },
  });
}

/** `promise`, or a failure naming `what` after 60 s (a wait on a socket never ends by itself). */
function within<T>(what: string, promise: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within 60 s: ${what}`)), 60_000);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

function pathOf(url: string): string {
  const u = new URL(url, 'http://localhost');
  return `${u.pathname}${u.search}`;
}

beforeAll(async () => {
  t = await buildTestApp({ clock });
  operator = await loginAs(t, 'super', { principals: 'root' });
  adId = await luckyCoffeeAd(t, operator.token, clock.now());
});

afterAll(async () => {
  await t?.close();
});

describe('schedule delivery', () => {
  it('answers the schedule with an ETag, then 304 while nothing changes', async () => {
    const robot = await activatedRobot();
    const plan = await publishedPlan([robot.robotId]);
    const first = await pull(robot.token);
    expect(first.statusCode).toBe(200);
    const schedule = first.json().data as DeviceSchedule;
    expect(first.headers.etag).toBe(`"${schedule.version}"`);
    expect(schedule.robotId).toBe(robot.robotId);
    expect(schedule.until - schedule.serverTime).toBeGreaterThanOrEqual(48 * 3600);
    const delivered = schedule.plans.find((p) => p.id === plan.id);
    expect(delivered).toMatchObject({ priority: 5, timeZone: 'Australia/Sydney', playingMode: 'order' });
    expect(delivered?.ads[0]).toMatchObject({ id: adId, name: 'Lucky coffee', kind: 'picture', template: 1 });
    expect(delivered?.windows.length).toBeGreaterThan(0);
    const file = schedule.media[0];
    expect(file?.size).toBeGreaterThan(0);
    expect(file?.checksum).toMatch(/^[0-9a-f]{64}$/);

    const again = await pull(robot.token, schedule.version);
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const noToken = await t.app.inject({ method: 'GET', url: '/api/device/v1/schedule' });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json().code).toBe('DEVICE_TOKEN_INVALID');
  });

  it('stops answering a robot whose token was revoked, within one look of the change feed', async () => {
    const robot = await activatedRobot();
    await publishedPlan([robot.robotId]);
    const first = await pull(robot.token);
    expect(first.statusCode).toBe(200);
    expect((await pull(robot.token, (first.json().data as DeviceSchedule).version)).statusCode).toBe(304);
    clock.advance(1000);
    const revoke = await t.app.inject({
      method: 'POST',
      url: '/api/Devices/revokeToken',
      headers: bearer(operator.token),
      payload: { robotId: robot.robotId },
    });
    expect(revoke.statusCode).toBe(200);
    await t.app.schedules.feed.tick();
    const refused = await pull(robot.token);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('DEVICE_TOKEN_INVALID');
  });

  it('signs media links that download the exact file and stop working when they expire', async () => {
    const robot = await activatedRobot();
    await publishedPlan([robot.robotId]);
    const schedule = (await pull(robot.token)).json().data as DeviceSchedule;
    const file = schedule.media[0];
    if (!file) throw new Error('no media');
    // Absolute (no PUBLIC_URL here): under the scheme and host the robot called.
    expect(file.url).toMatch(/^http:\/\/localhost(:\d+)?\/api\/Media\/file\//);
    const elsewhere = await t.app.inject({
      method: 'GET',
      url: '/api/device/v1/schedule',
      headers: { ...bearer(robot.token), host: 'robots.example.com:8080' },
    });
    expect(elsewhere.json().data.media[0].url).toMatch(/^http:\/\/robots\.example\.com:8080\/api\/Media\/file\//);
    const download = await t.app.inject({ method: 'GET', url: pathOf(file.url) });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.length).toBe(file.size);
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(file.checksum);
    expect(file.expiresAt - schedule.serverTime).toBeGreaterThanOrEqual(24 * 3600);

    clock.advance(3 * DAY);
    const expired = await t.app.inject({ method: 'GET', url: pathOf(file.url) });
    expect(expired.statusCode).toBeGreaterThanOrEqual(400);
    // A new day: a new version with fresh links, even though the plans did not change.
    const fresh = await pull(robot.token, schedule.version);
    expect(fresh.statusCode).toBe(200);
    const freshFile = (fresh.json().data as DeviceSchedule).media[0];
    expect((await t.app.inject({ method: 'GET', url: pathOf(freshFile?.url ?? '') })).statusCode).toBe(200);
  });

  it('moves the publish record to pulled on acknowledgement and notifies the pull ratio', async () => {
    const one = await activatedRobot();
    const two = await activatedRobot();
    const plan = await publishedPlan([one.robotId, two.robotId]);
    const schedule = (await pull(one.token)).json().data as DeviceSchedule;

    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/device/v1/schedule/ack',
      headers: bearer(one.token),
      payload: { version: 'not-the-version' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('SCHEDULE_VERSION_STALE');

    const ack = await t.app.inject({
      method: 'POST',
      url: '/api/device/v1/schedule/ack',
      headers: bearer(one.token),
      payload: { version: schedule.version },
    });
    expect(ack.statusCode).toBe(200);
    expect(ack.json().data.pulled).toContain(plan.id);
    const records = await t.app.ctx.db
      .select({ robotRef: publishRecords.robotRef, state: publishRecords.state, pullAt: publishRecords.pullAt })
      .from(publishRecords)
      .where(eq(publishRecords.playlistId, plan.id));
    expect(records.find((r) => r.robotRef === one.id)).toMatchObject({ state: 'pulled', pullAt: clock.now() });
    expect(records.find((r) => r.robotRef === two.id)?.state).toBe('issued');

    const messages = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, operator.user.id), eq(notifications.name, 'playlist.pulled.ratio')));
    expect(
      messages.some(
        (m) =>
          (m.data as { id?: string; ratio?: number }).id === plan.id && (m.data as { ratio?: number }).ratio === 0.5,
      ),
    ).toBe(true);
  });

  it('drops a cancelled plan and a plan paused over the whole look-ahead from the schedule', async () => {
    const robot = await activatedRobot();
    const cancelled = await publishedPlan([robot.robotId]);
    const paused = await publishedPlan([robot.robotId]);
    const before = (await pull(robot.token)).json().data as DeviceSchedule;
    expect(before.plans.map((p) => p.id)).toEqual(expect.arrayContaining([cancelled.id, paused.id]));

    clock.advance(1000);
    await t.app.ctx.db.transaction((tx) => cancelPlanOnRobots(t.app.ctx, tx, cancelled.id, [robot.id], 'withdrawn'));
    const now = Math.floor(clock.now().getTime() / 1000);
    await t.app.ctx.db
      .update(playlists)
      .set({ pauses: [{ begin: now - 60, end: now + 5 * 86_400, reason: 'holiday' }], updatedAt: clock.now() })
      .where(eq(playlists.id, paused.id));
    await t.app.schedules.feed.tick();

    const after = await pull(robot.token, before.version);
    expect(after.statusCode).toBe(200);
    const ids = (after.json().data as DeviceSchedule).plans.map((p) => p.id);
    expect(ids).not.toContain(cancelled.id);
    expect(ids).not.toContain(paused.id);
  });

  it('still tells a robot of a change stamped before one already seen, or after a row stamped ahead of the clock', async () => {
    const robot = await activatedRobot();
    const early = await publishedPlan([robot.robotId]);
    const late = await publishedPlan([robot.robotId]);
    const ahead = await activatedRobot();
    const plan = await publishedPlan([ahead.robotId]);
    const versions = new Map<string, string>();
    for (const r of [robot, ahead]) versions.set(r.id, ((await pull(r.token)).json().data as DeviceSchedule).version);
    // Only the looks this test makes: the feed's own look every 2 s, falling between two of the writes below,
    // would act on the first before the test's look, whose answer is asserted.
    await t.app.schedules.feed.stop();
    onTestFinished(() => t.app.schedules.feed.start());

    // A transaction stamped at T commits after one stamped at T + 0.5 s, and the feed looks in between.
    clock.advance(500);
    const stampedAt = clock.now();
    clock.advance(500);
    await t.app.ctx.db.transaction((tx) => cancelPlanOnRobots(t.app.ctx, tx, early.id, [robot.id], 'withdrawn'));
    // A row of the other robot stamped an hour ahead (a database whose clock runs ahead of the server's).
    await t.app.ctx.db
      .update(robots)
      .set({ updatedAt: new Date(clock.now().getTime() + 3_600_000) })
      .where(eq(robots.id, ahead.id));
    expect(await t.app.schedules.feed.tick()).toEqual(expect.arrayContaining([robot.id, ahead.id]));
    for (const r of [robot, ahead]) versions.set(r.id, ((await pull(r.token)).json().data as DeviceSchedule).version);

    await t.app.ctx.db
      .update(playlists)
      .set({ pauses: [{ begin: 0, end: 4_000_000_000, reason: 'holiday' }], updatedAt: stampedAt })
      .where(eq(playlists.id, late.id));
    clock.advance(1000);
    await t.app.ctx.db.transaction((tx) => cancelPlanOnRobots(t.app.ctx, tx, plan.id, [ahead.id], 'withdrawn'));
    expect(await t.app.schedules.feed.tick()).toEqual(expect.arrayContaining([robot.id, ahead.id]));
    for (const [r, gone] of [
      [robot, late],
      [ahead, plan],
    ] as const) {
      const res = await pull(r.token, versions.get(r.id));
      expect(res.statusCode).toBe(200);
      expect((res.json().data as DeviceSchedule).plans.map((p) => p.id)).not.toContain(gone.id);
    }
  });

  it("tells the back-office what a robot plays now, with each plan's share of the screen", async () => {
    const robot = await activatedRobot();
    const main = await publishedPlan([robot.robotId]);
    const filler = await publishedPlan([robot.robotId], { priority: 1 });
    // A fresh login: earlier tests moved the clock past the first session's expiry.
    const ops = await loginAs(t, 'super', { principals: 'root' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/Schedules/nowPlaying?robotId=${robot.robotId}`,
      headers: bearer(ops.token),
    });
    expect(res.statusCode).toBe(200);
    const plans = res.json().data.plans as Array<{ id: string; state: string; playingNow: boolean; share: number }>;
    expect(plans.find((p) => p.id === main.id)).toMatchObject({ state: 'live', playingNow: true, share: 1 / 15 });
    expect(plans.find((p) => p.id === filler.id)).toMatchObject({ state: 'live', playingNow: true, share: 14 / 15 });

    const owner = await loginAs(t, 'project', { projectId: null });
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/api/Schedules/nowPlaying?robotId=${robot.robotId}`,
      headers: bearer(owner.token),
    });
    expect(hidden.statusCode).toBe(404);
  });

  // Sockets, a timer-driven feed and a database shared with the rest of CI: a lost handshake or push on a starved
  // machine gets one more try with new robots, and each wait names itself instead of hanging until the timeout.
  it('pushes "collect" to the robot socket when its schedule changes', { retry: 1 }, async () => {
    const robot = await activatedRobot();
    const other = await activatedRobot();
    // Activating the robots was a change of their own: let it pass before they connect.
    await t.app.schedules.feed.tick();
    clock.advance(1000);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as AddressInfo).port;
    // Like a real device, a valid one retries a connection that failed (a slow handshake on a busy machine).
    const open = (token: string, retry: boolean) =>
      connect(`http://127.0.0.1:${port}/device`, {
        path: '/websocket/socket.io',
        auth: { token },
        transports: ['websocket'],
        reconnection: retry,
        reconnectionDelay: 200,
        timeout: 60_000,
      });
    const sockets: Socket[] = [open(robot.token, true), open(other.token, true), open('dt_not-a-token', false)];
    // socket.io does not reconnect after a refusal by the namespace's middleware (its token check can fail on a
    // starved database): a device connects again, and so do the valid ones here.
    for (const s of sockets.slice(0, 2)) s.on('connect_error', () => setTimeout(() => s.connect(), 500));
    // Listened for at once: the refusal may come while the valid ones are still connecting (it does not repeat).
    const refusal = new Promise<string>((resolve) => sockets[2]?.once('connect_error', (e) => resolve(e.message)));
    try {
      const [mine, theirs] = sockets as [Socket, Socket, Socket];
      await within(
        'the valid sockets connect',
        Promise.all(
          [mine, theirs].map((s) =>
            s.connected ? undefined : new Promise<void>((resolve) => s.once('connect', () => resolve())),
          ),
        ),
      );
      expect(await within('the invalid socket is refused', refusal)).toBe('DEVICE_TOKEN_INVALID');
      let theirsCollected = false;
      theirs.on('collect', () => {
        theirsCollected = true;
      });
      const collected = new Promise<unknown>((resolve) => mine.once('collect', resolve));
      await publishedPlan([robot.robotId]);
      // The feed looks every 2 s by itself; one look now makes the push independent of that timer.
      await within('the feed looks', t.app.schedules.feed.tick());
      await expect(within('the robot is told to collect', collected)).resolves.toHaveProperty('at');
      expect(theirsCollected).toBe(false);
    } finally {
      for (const s of sockets) s.disconnect();
    }
  });

  it('carries the QR code and watermark of an ad with their files, and a new version when they change', async () => {
    const robot = await activatedRobot();
    // A fresh login: earlier tests moved the clock past the first session's expiry.
    const ops = await loginAs(t, 'super', { principals: 'root' });
    const material = await createMaterial(t, ops.token, 'tea.png', await picture(1080, 1920));
    const qrPicture = await picture(240, 240, 'png', { r: 0, g: 0, b: 0 });
    const upload = async (name: string, data: Buffer) => {
      const res = await uploadAndRegister(t, ops.token, name, data, { purpose: 'qr' } as object);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { id: string };
    };
    const qr = await upload('tea-qr.png', qrPicture);
    const logo = await upload('tea-logo.jpg', await picture(300, 90, 'jpeg'));
    const nowS = Math.floor(clock.now().getTime() / 1000);
    const adBody = {
      name: 'Tea with QR',
      kind: 'picture',
      begin: nowS - 86_400,
      end: nowS + 60 * 86_400,
      resources: [material.id],
    };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/Advertisements',
      headers: bearer(ops.token),
      payload: {
        ...adBody,
        qr: { mediaId: qr.id, position: 'lowerRight' },
        watermark: { mediaId: logo.id, position: 'upperLeft' },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const qrAdId = created.json().data.id as string;
    await publishedPlan([robot.robotId], {}, qrAdId);

    const first = (await pull(robot.token)).json().data as DeviceSchedule;
    const ad = first.plans.flatMap((p) => p.ads).find((a) => a.id === qrAdId);
    expect(ad?.qr).toEqual({ mediaId: qr.id, position: 'lowerRight', link: null });
    expect(ad?.watermark).toEqual({ mediaId: logo.id, position: 'upperLeft' });
    // Their files are listed once, signed, with size and checksum, like the materials.
    const qrFile = first.media.find((m) => m.id === qr.id);
    expect(qrFile).toMatchObject({ kind: 'picture', size: qrPicture.length, contentType: 'image/png' });
    expect(first.media.find((m) => m.id === logo.id)).toMatchObject({ kind: 'picture', contentType: 'image/jpeg' });
    const download = await t.app.inject({ method: 'GET', url: pathOf(qrFile?.url ?? '') });
    expect(download.statusCode).toBe(200);
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(qrFile?.checksum);
    expect(download.rawPayload.equals(qrPicture)).toBe(true);

    // Moving the QR code and dropping the watermark in the back-office makes a new version.
    clock.advance(1000);
    const edited = await t.app.inject({
      method: 'PUT',
      url: '/api/Advertisements',
      headers: bearer(ops.token),
      payload: { ...adBody, id: qrAdId, qr: { mediaId: qr.id, position: 'topCenter' }, watermark: null },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    await t.app.schedules.feed.tick();
    const next = await pull(robot.token, first.version);
    expect(next.statusCode).toBe(200);
    const second = next.json().data as DeviceSchedule;
    expect(second.version).not.toBe(first.version);
    const moved = second.plans.flatMap((p) => p.ads).find((a) => a.id === qrAdId);
    expect(moved?.qr).toEqual({ mediaId: qr.id, position: 'topCenter', link: null });
    expect(moved?.watermark).toBeNull();
    expect(second.media.map((m) => m.id)).toContain(qr.id);
    expect(second.media.map((m) => m.id)).not.toContain(logo.id);
  });
});
