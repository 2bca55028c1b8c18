/**
 * The server half of bench/heartbeat.ts and bench/schedule-pull.ts, run in its own process so that the
 * load generator does not share its event loop:
 *
 *   node --import tsx bench/lib/fleet-server.ts <app|bare> <port> <pglite|postgres://...> <robots> [versions-file]
 *
 * `app` is the real application on the embedded database (PGlite, in a temporary folder) or on
 * PostgreSQL, with `robots` robots (tokens `dt_bench_<n>`) that have been beating (online), one plan
 * of one picture ad published to all of them, and every robot's schedule pulled once (the versions are
 * written to `versions-file`, one per line, for the If-None-Match of the load). `bare` is a Fastify
 * route per call that parses and validates the same input and answers the same shape without any
 * database, the ceiling the application is measured against.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { okEnvelope } from '@robot-ads/contracts/common/envelope';
import { newId } from '@robot-ads/contracts/common/ids';
import { heartbeatBody, heartbeatResult } from '@robot-ads/contracts/device-protocol/device-protocol.schemas';
import Fastify from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import pino from 'pino';
import { z } from 'zod';
import { buildApp } from '../../apps/server/src/app';
import { openPglite, openPostgres } from '../../apps/server/src/db/client';
import { accounts } from '../../apps/server/src/modules/accounts/accounts.table';
import { adResources, advertisements } from '../../apps/server/src/modules/ads/ads.table';
import { media } from '../../apps/server/src/modules/media/media.table';
import { playlistAds, playlists } from '../../apps/server/src/modules/playlists/playlists.table';
import { publishPlan, SYSTEM_SCOPE } from '../../apps/server/src/modules/publishing/publishing.service';
import { resources } from '../../apps/server/src/modules/resources/resources.table';
import { loadConfig } from '../../apps/server/src/platform/config';
import { validatorCompiler } from '../../apps/server/src/platform/validation';
import { seedRobots } from './seed';

const [mode = 'bare', portText = '0', target = 'pglite', robotsText = '0', versionsFile = ''] = process.argv.slice(2);
const port = Number(portText);
const ROBOTS = Number(robotsText);
const DAY = 86_400_000;

/** One plan of one picture ad, published to every robot (the publishing service, 10,000 robots a transaction). */
async function publishToFleet(app: Awaited<ReturnType<typeof buildApp>>, count: number) {
  const ctx = app.ctx;
  const now = ctx.clock.now();
  const ownerId = newId();
  await ctx.db.insert(accounts).values({
    id: ownerId,
    role: 'super',
    principals: 'root',
    username: `bench_${ownerId.slice(-6)}`,
    passwordHash: 'x',
    name: 'Bench',
  } as typeof accounts.$inferInsert);
  const mediaId = newId();
  await ctx.db.insert(media).values({
    id: mediaId,
    objectKey: `bench/picture/${mediaId}.jpg`,
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
    beginAt: new Date(now.getTime() - DAY),
    endAt: new Date(now.getTime() + 30 * DAY),
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
      times: [{ begin: { hour: 0, minute: 0 }, end: { hour: 24, minute: 0 } }],
      beginAt: new Date(now.getTime() - DAY),
      endAt: new Date(now.getTime() + 30 * DAY),
      timeZone: 'Asia/Shanghai',
      materials: 1,
      auditState: 'post',
      createdBy: ownerId,
    })
    .returning();
  if (!plan) throw new Error('no plan');
  await ctx.db.insert(playlistAds).values({ playlistId: plan.id, position: 0, adId });
  for (let i = 1; i <= count; i += 10_000) {
    const ids = Array.from({ length: Math.min(10_000, count - i + 1) }, (_, k) => `BENCH${i + k}`);
    await ctx.db.transaction((tx) =>
      publishPlan(
        ctx,
        tx,
        SYSTEM_SCOPE,
        plan,
        ids.map((robotId, k) => ({ row: k + 1, robotId })),
        { lang: 'en', by: ownerId },
      ),
    );
  }
}

/** Every robot's schedule built once (its first pull), concurrently; the versions in robot order. */
async function pullAll(app: Awaited<ReturnType<typeof buildApp>>, count: number): Promise<string[]> {
  const versions: string[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: 400 }, async () => {
      while (next < count) {
        const i = next++;
        const ref = (i + 1).toString(16).padStart(24, '0');
        versions[i] = (await app.schedules.cache.stamp(ref, `BENCH${i + 1}`)).version;
      }
    }),
  );
  return versions;
}

async function main() {
  if (mode === 'app') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'robot-ads-bench-'));
    const database =
      target === 'pglite'
        ? await openPglite(path.join(dataDir, 'pgdata'))
        : await openPostgres(target, Number(process.env.BENCH_POOL ?? 20));
    await database.migrate();
    await seedRobots(database, ROBOTS);
    const config = loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'false',
      JOBS: 'false',
      DEMO_FLEET: '0',
      ...(target === 'pglite' ? {} : { DATABASE_URL: target }),
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    });
    // Logging as in production (info): device calls write no access log line, other routes do.
    const app = await buildApp({ config, database, logger: pino({ level: 'info' }, pino.destination('/dev/null')) });
    await app.listen({ port, host: '127.0.0.1' });
    if (versionsFile) {
      await publishToFleet(app, ROBOTS);
      const started = Date.now();
      const versions = await pullAll(app, ROBOTS);
      fs.writeFileSync(versionsFile, versions.join('\n'));
      const heapMb = Math.round(process.memoryUsage().heapUsed / 1e6);
      const rssMb = Math.round(process.memoryUsage().rss / 1e6);
      process.stderr.write(
        `  (${ROBOTS} schedules built in ${((Date.now() - started) / 1000).toFixed(1)} s; server heap ${heapMb} MB, resident ${rssMb} MB)\n`,
      );
    }
    // The bench asks for the longest statement's text (the /metrics gauge has its time only).
    process.on('message', (message) => {
      if (message === 'longest-statement') process.send?.({ longestStatement: database.statements.peek() });
    });
    const stop = async () => {
      process.disconnect?.();
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    };
    process.on('SIGTERM', () => void stop());
  } else {
    const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    app.post(
      '/api/device/v1/heartbeat',
      { schema: { body: heartbeatBody, response: { 200: okEnvelope(heartbeatResult) } } },
      async (request) => {
        if (!request.headers.authorization) throw new Error('no token');
        return {
          success: true as const,
          data: { serverTime: Math.floor(Date.now() / 1000), heartbeatInterval: 30, online: true as const },
        };
      },
    );
    app.get(
      '/api/device/v1/schedule',
      { schema: { headers: z.object({ 'if-none-match': z.string().optional() }).passthrough() } },
      async (request, reply) => {
        if (!request.headers.authorization) throw new Error('no token');
        reply.header('etag', request.headers['if-none-match'] ?? '"v"');
        return reply.code(304).send();
      },
    );
    await app.listen({ port, host: '127.0.0.1' });
    process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
  }
  process.stdout.write('READY\n');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
