// Schedule pulls per second on one instance (most answered 304, as a fleet polling an unchanged schedule
// sees them) against a bare Fastify route, same process, same run; the ratio and the fleet size it
// sustains at one poll a minute are printed. BENCH_MS (default 5000) and BENCH_ROBOTS (default 1000).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newId } from '@robot-ads/contracts/common/ids';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { openPglite } from '../apps/server/src/db/client';
import { accounts } from '../apps/server/src/modules/accounts/accounts.table';
import { adResources, advertisements } from '../apps/server/src/modules/ads/ads.table';
import { activate } from '../apps/server/src/modules/device-protocol/device-protocol.service';
import { issueActivationSecret } from '../apps/server/src/modules/devices/devices.service';
import { robots } from '../apps/server/src/modules/devices/devices.table';
import { media } from '../apps/server/src/modules/media/media.table';
import { playlistAds, playlists } from '../apps/server/src/modules/playlists/playlists.table';
import { publishPlan, SYSTEM_SCOPE } from '../apps/server/src/modules/publishing/publishing.service';
import { resources } from '../apps/server/src/modules/resources/resources.table';
import { loadConfig } from '../apps/server/src/platform/config';
import { formatLoad, runLoad } from './lib/load';

const durationMs = Number(process.env.BENCH_MS ?? 5000);
const fleet = Number(process.env.BENCH_ROBOTS ?? 1000);
const POLL_SECONDS = 60;
const TARGET_ROBOTS = 100_000;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'robot-ads-bench-'));

const bare = Fastify();
bare.get('/bare', async () => ({ success: true, data: { status: 'ok' } }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const barePort = (bare.server.address() as { port: number }).port;

const database = await openPglite();
await database.migrate();
const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: 'false' });
const app = await buildApp({ config, database });
await app.listen({ port: 0, host: '127.0.0.1' });
const appPort = (app.server.address() as { port: number }).port;
const ctx = app.ctx;

// ---- A fleet with one plan of one picture ad published to every robot ----
process.stdout.write(`setting up ${fleet} robots ... `);
const now = ctx.clock.now();
const ownerId = newId();
await ctx.db.insert(accounts).values({
  id: ownerId,
  role: 'super',
  principals: 'root',
  username: 'bench',
  passwordHash: 'x',
  name: 'Bench',
} as typeof accounts.$inferInsert);
const mediaId = newId();
await ctx.db.insert(media).values({
  id: mediaId,
  objectKey: `bench/picture/${crypto.randomUUID()}.jpg`,
  name: 'bench.jpg',
  kind: 'picture',
  ext: 'jpg',
  mime: 'image/jpeg',
  size: 123_456,
  sha256: 'a'.repeat(64),
  width: 1080,
  height: 1920,
  ownerId,
});
const resourceId = newId();
await ctx.db
  .insert(resources)
  .values({ id: resourceId, name: 'bench', kind: 'picture', durationMs: 10_000, mediaId, ownerId });
const adId = newId();
await ctx.db.insert(advertisements).values({
  id: adId,
  name: 'Bench ad',
  kind: 'picture',
  beginAt: new Date(now.getTime() - 86_400_000),
  endAt: new Date(now.getTime() + 30 * 86_400_000),
  timeZone: 'Asia/Shanghai',
  ownerId,
});
await ctx.db.insert(adResources).values({ adId, resourceId, screen: 0, position: 0 });
const [plan] = await ctx.db
  .insert(playlists)
  .values({
    id: newId(),
    name: 'Bench plan',
    clientId: 'bench',
    cycle: { type: 'daily', data: [] },
    times: [{ begin: { hour: 8, minute: 0 }, end: { hour: 22, minute: 0 } }],
    beginAt: new Date(now.getTime() - 86_400_000),
    endAt: new Date(now.getTime() + 30 * 86_400_000),
    timeZone: 'Asia/Shanghai',
    materials: 1,
    auditState: 'post',
    createdBy: ownerId,
  })
  .returning();
if (!plan) throw new Error('no plan');
await ctx.db.insert(playlistAds).values({ playlistId: plan.id, position: 0, adId });
const ids = Array.from({ length: fleet }, (_, i) => `BENCH${String(i).padStart(6, '0')}`);
for (let i = 0; i < ids.length; i += 1000) {
  await ctx.db
    .insert(robots)
    .values(
      ids
        .slice(i, i + 1000)
        .map((robotId) => ({ id: newId(), robotId, name: robotId, type: 'service', activated: true })),
    );
}
const tokens: string[] = [];
for (const robotId of ids) {
  const { secret } = await issueActivationSecret(ctx, robotId);
  tokens.push((await activate(ctx, { robotId, secret })).token);
}
await ctx.db.transaction((tx) =>
  publishPlan(
    ctx,
    tx,
    SYSTEM_SCOPE,
    plan,
    ids.map((robotId, i) => ({ row: i + 1, robotId })),
    { lang: 'en', by: ownerId },
  ),
);
// Every robot pulls once (200) and keeps the version it was given.
const versions: string[] = [];
for (const token of tokens) {
  const res = await fetch(`http://127.0.0.1:${appPort}/api/device/v1/schedule`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { data: { version: string; plans: unknown[] } };
  if (body.data.plans.length !== 1) throw new Error('the bench robot has no plan');
  versions.push(body.data.version);
}
console.log('done');

const pull = (i: number) => {
  const k = i % fleet;
  return { headers: { authorization: `Bearer ${tokens[k]}`, 'if-none-match': `"${versions[k]}"` } };
};

await runLoad({ url: `http://127.0.0.1:${barePort}/bare`, durationMs: 500 });
await runLoad({ url: `http://127.0.0.1:${appPort}/api/device/v1/schedule`, request: pull, durationMs: 500 });

const bareResult = await runLoad({ url: `http://127.0.0.1:${barePort}/bare`, durationMs });
const pullResult = await runLoad({
  url: `http://127.0.0.1:${appPort}/api/device/v1/schedule`,
  request: pull,
  durationMs,
});

const notModified = pullResult.statuses[304] ?? 0;
console.log(formatLoad('bare Fastify route', bareResult));
console.log(formatLoad('GET schedule (If-None-Match)', pullResult));
console.log(
  `answers: ${JSON.stringify(pullResult.statuses)} (${((100 * notModified) / Math.max(1, pullResult.requests)).toFixed(1)}% 304)`,
);
console.log(`ratio schedule/bare: ${(pullResult.rps / bareResult.rps).toFixed(3)}`);
const sustained = Math.floor(pullResult.rps * POLL_SECONDS);
console.log(
  `robots polling every ${POLL_SECONDS} s this instance sustains: ${sustained.toLocaleString('en')} ` +
    `(target ${TARGET_ROBOTS.toLocaleString('en')}: ${sustained >= TARGET_ROBOTS ? 'met' : 'not met'}; CPUs here: ${os.cpus().length})`,
);

await app.close();
await bare.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
