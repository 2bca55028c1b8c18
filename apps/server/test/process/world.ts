import path from 'node:path';
import { newId } from '@robot-ads/contracts/common/ids';
import { buildApp } from '../../src/app';
import { openPglite, openPostgres } from '../../src/db/client';
import { issueActivationSecret } from '../../src/modules/devices/devices.service';
import { playlistAds, playlists } from '../../src/modules/playlists/playlists.table';
import { publishPlan, SYSTEM_SCOPE } from '../../src/modules/publishing/publishing.service';
import { loadConfig } from '../../src/platform/config';
import { bearer, createUser, loginAs } from '../auth';
import type { TestApp } from '../build-app';
import { createRobot } from '../devices';
import { createMaterial, picture } from '../media-files';

const DAY = 86_400_000;

export interface World {
  operator: { token: string; id: string };
  adId: string;
  /** A plan of the ad, running all day for 30 days, published to the robot. */
  planId: string;
  robot: { ref: string; robotId: string; token: string };
  /** An operator account nobody logs in as, for login failure checks. */
  victim: { username: string; password: string };
}

/**
 * Prepares a database for process tests in this process, through the app itself: migrates, then
 * creates a root operator, a material and an ad, an activated robot and a plan published to it.
 * `dataDir` is the DATA_DIR the server processes will use (material files live there); without
 * `databaseUrl` the embedded database in `dataDir/pgdata` is used.
 */
export async function prepareWorld(target: { dataDir: string; databaseUrl?: string }): Promise<World> {
  const database = target.databaseUrl
    ? await openPostgres(target.databaseUrl, 3)
    : await openPglite(path.join(target.dataDir, 'pgdata'));
  await database.migrate();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: target.dataDir,
    WEB_DIST: path.join(target.dataDir, 'no-web'),
    PLAYER_DIST: path.join(target.dataDir, 'no-player'),
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
  });
  const app = await buildApp({ config, database });
  await app.ready();
  const t: TestApp = { app, database, config, dataDir: target.dataDir, close: async () => undefined };
  try {
    const operator = await loginAs(t, 'super', { principals: 'root', name: 'Process Root' });
    const material = await createMaterial(t, operator.token, 'process.png', await picture(1080, 1920));
    const now = Date.now();
    const ad = await app.inject({
      method: 'POST',
      url: '/api/Advertisements',
      headers: bearer(operator.token),
      payload: {
        name: 'Process ad',
        kind: 'picture',
        begin: Math.floor(now / 1000) - 86_400,
        end: Math.floor(now / 1000) + 60 * 86_400,
        resources: [material.id],
      },
    });
    if (ad.statusCode !== 200) throw new Error(`ad: ${ad.body}`);
    const adId = ad.json().data.id as string;

    const robot = await createRobot(t);
    const { secret } = await issueActivationSecret(app.ctx, robot.robotId);
    const activated = await app.inject({
      method: 'POST',
      url: '/api/device/v1/activate',
      payload: { robotId: robot.robotId, secret },
    });
    if (activated.statusCode !== 200) throw new Error(`activate: ${activated.body}`);

    const [plan] = await app.ctx.db
      .insert(playlists)
      .values({
        id: newId(),
        name: 'Process plan',
        clientId: 'c1',
        cycle: { type: 'daily', data: [] },
        times: [{ begin: { hour: 0, minute: 0 }, end: { hour: 24, minute: 0 } }],
        beginAt: new Date(now - DAY),
        endAt: new Date(now + 30 * DAY),
        timeZone: 'Asia/Shanghai',
        playingMode: 'order',
        materials: 1,
        auditState: 'post',
        createdBy: operator.user.id,
        createdAt: new Date(now),
        updatedAt: new Date(now),
      })
      .returning();
    if (!plan) throw new Error('no plan');
    await app.ctx.db.insert(playlistAds).values({ playlistId: plan.id, position: 0, adId });
    await app.ctx.db.transaction((tx) =>
      publishPlan(app.ctx, tx, SYSTEM_SCOPE, plan, [{ row: 1, robotId: robot.robotId }], {
        lang: 'en',
        by: operator.user.id,
      }),
    );
    const victim = await createUser(t, { role: 'super', principals: 'root' });
    return {
      operator: { token: operator.token, id: operator.user.id },
      adId,
      planId: plan.id,
      robot: { ref: robot.id, robotId: robot.robotId, token: activated.json().data.token as string },
      victim: { username: victim.username, password: victim.password },
    };
  } finally {
    await app.close();
    await database.close();
  }
}
