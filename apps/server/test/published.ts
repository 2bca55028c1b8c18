import { newId } from '@robot-ads/contracts/common/ids';
import { issueActivationSecret } from '../src/modules/devices/devices.service';
import { playlistAds, playlists } from '../src/modules/playlists/playlists.table';
import { publishPlan, SYSTEM_SCOPE } from '../src/modules/publishing/publishing.service';
import type { TestApp } from './build-app';
import { createRobot } from './devices';

const DAY = 86_400_000;

/** A robot activated through the device protocol, with its device token. */
export async function activatedRobot(t: TestApp) {
  const robot = await createRobot(t);
  const { secret } = await issueActivationSecret(t.app.ctx, robot.robotId);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/device/v1/activate',
    payload: { robotId: robot.robotId, secret },
  });
  if (res.statusCode !== 200) throw new Error(`activate: ${res.body}`);
  return { ...robot, token: res.json().data.token as string };
}

/**
 * A plan of one ad playing all day from yesterday for 30 days, approved and published to the robots
 * (the publishing service, as an approval does); the schedule feed has seen it.
 */
export async function publishedPlan(
  t: TestApp,
  by: string,
  robotIds: string[],
  adId: string,
  overrides: Partial<typeof playlists.$inferInsert> = {},
) {
  const now = t.app.ctx.clock.now();
  const [plan] = await t.app.ctx.db
    .insert(playlists)
    .values({
      id: newId(),
      name: `Plan ${Math.random().toString(36).slice(2, 7)}`,
      clientId: 'c1',
      cycle: { type: 'daily', data: [] },
      times: [{ begin: { hour: 0, minute: 0 }, end: { hour: 24, minute: 0 } }],
      beginAt: new Date(now.getTime() - DAY),
      endAt: new Date(now.getTime() + 30 * DAY),
      timeZone: 'Australia/Sydney',
      playingMode: 'order',
      materials: 1,
      auditState: 'post',
      createdBy: by,
      createdAt: now,
      updatedAt: now,
      ...overrides,
    })
    .returning();
  if (!plan) throw new Error('no plan');
  await t.app.ctx.db.insert(playlistAds).values({ playlistId: plan.id, position: 0, adId });
  await t.app.ctx.db.transaction((tx) =>
    publishPlan(
      t.app.ctx,
      tx,
      SYSTEM_SCOPE,
      plan,
      robotIds.map((robotId, i) => ({ row: i + 1, robotId })),
      { lang: 'en', by },
    ),
  );
  await t.app.schedules.feed.tick();
  return plan;
}
