import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { newId } from '@robot-ads/contracts/common/ids';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app';
import { openPostgres } from '../apps/server/src/db/client';
import { accounts } from '../apps/server/src/modules/accounts/accounts.table';
import { adResources, advertisements } from '../apps/server/src/modules/ads/ads.table';
import { robots } from '../apps/server/src/modules/devices/devices.table';
import { media } from '../apps/server/src/modules/media/media.table';
import { playlistAds, playlists } from '../apps/server/src/modules/playlists/playlists.table';
import { publishDirect, publishPlan, SYSTEM_SCOPE } from '../apps/server/src/modules/publishing/publishing.service';
import { resources } from '../apps/server/src/modules/resources/resources.table';
import { loadConfig } from '../apps/server/src/platform/config';
import type { SessionUser } from '../apps/server/src/platform/session-user';
import { startPostgres } from './lib/postgres';

const ROBOTS = Number(process.env.BENCH_ROBOTS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const TARGET_MS = 2000;

// Every statement sent to PostgreSQL goes through pg.Client#query (the pool's own query and the
// transaction's client both end there): counting it counts the real statements, BEGIN/COMMIT included.
// BENCH_SHOW_SQL=1 prints each statement of the timed publishes.
let statements = 0;
let showSql = false;
const clientQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(this: pg.Client, ...args: unknown[]) {
  statements++;
  if (showSql) {
    const text = typeof args[0] === 'string' ? args[0] : (args[0] as { text?: string }).text;
    console.log(`  sql ${statements}: ${String(text).replace(/\s+/g, ' ').slice(0, 160)}`);
  }
  return (clientQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

async function main() {
  const external = process.env.BENCH_DATABASE_URL;
  const pg = external ? null : await startPostgres('-c max_connections=50');
  const url = external ?? pg?.url ?? '';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'robot-ads-bench-'));
  const database = await openPostgres(url, 5);
  try {
    await database.migrate();
    const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: 'false', DATABASE_URL: url });
    const app = await buildApp({ config, database });
    await app.ready();
    const ctx = app.ctx;
    const now = ctx.clock.now();

    process.stdout.write(`setting up ${ROBOTS} robots ... `);
    const rootId = newId();
    await ctx.db.insert(accounts).values({
      id: rootId,
      role: 'super',
      principals: 'root',
      username: `bench_${rootId}`,
      passwordHash: 'x',
      name: 'Bench',
    } as typeof accounts.$inferInsert);
    const root: SessionUser = {
      id: rootId,
      username: 'bench',
      name: 'Bench',
      role: 'super',
      principals: 'root',
      parentId: null,
      customer: null,
      diy: false,
      autoAudit: false,
      isSoldOut: false,
      projectId: null,
      lang: 'zh',
    };
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
      ownerId: rootId,
    });
    const resourceId = newId();
    await ctx.db
      .insert(resources)
      .values({ id: resourceId, name: 'bench', kind: 'picture', durationMs: 10_000, mediaId, ownerId: rootId });
    const adId = newId();
    await ctx.db.insert(advertisements).values({
      id: adId,
      name: 'Bench ad',
      kind: 'picture',
      beginAt: now,
      endAt: new Date(now.getTime() + 30 * 86_400_000),
      timeZone: 'Asia/Shanghai',
      ownerId: rootId,
    });
    await ctx.db.insert(adResources).values({ adId, resourceId, screen: 0, position: 0 });

    const robotIds: string[] = [];
    for (let i = 0; i < ROBOTS; i += 1000) {
      const rows = Array.from({ length: Math.min(1000, ROBOTS - i) }, (_, j) => {
        const n = i + j;
        const robotId = `BENCH${String(n).padStart(6, '0')}`;
        robotIds.push(robotId);
        return {
          id: newId(),
          robotId,
          name: `Bench ${n}`,
          type: 'service',
          activated: true,
          inUse: true,
          postAds: n % 97 !== 0,
          listType: n % 101 === 0 ? 'blacklist' : 'none',
          salesType: n % 2 === 0 ? 'rental' : 'trial',
          expireAt: new Date(now.getTime() + 365 * 86_400_000),
        };
      });
      await ctx.db.insert(robots).values(rows);
    }

    const newPlan = async (name: string, priority: number) => {
      const id = newId();
      await ctx.db.insert(playlists).values({
        id,
        name,
        clientId: 'bench',
        priority,
        cycle: { type: 'daily', data: [] },
        times: [{ begin: { hour: 8, minute: 0 }, end: { hour: 20, minute: 0 } }],
        beginAt: now,
        endAt: new Date(now.getTime() + 30 * 86_400_000),
        timeZone: 'Asia/Shanghai',
        materials: 1,
        createdBy: rootId,
      });
      await ctx.db.insert(playlistAds).values({ playlistId: id, position: 0, adId });
      const [row] = await ctx.db.select().from(playlists).where(sql`${playlists.id} = ${id}`);
      return row as typeof playlists.$inferSelect;
    };
    // Devices already carry plans: a priority-5 plan on half of them, a priority-9 plan on every 50th
    // (no room left there), so the slot rule has real work to do.
    const half = await newPlan('Existing half', 5);
    const full = await newPlan('Existing full', 9);
    await ctx.db.transaction(async (tx) => {
      await publishPlan(
        ctx,
        tx,
        SYSTEM_SCOPE,
        half,
        robotIds.slice(0, ROBOTS / 2).map((robotId, i) => ({ row: i + 1, robotId })),
        {
          lang: 'zh',
          by: rootId,
        },
      );
      await publishPlan(
        ctx,
        tx,
        SYSTEM_SCOPE,
        full,
        robotIds.filter((_, i) => i % 50 === 0 && i >= ROBOTS / 2).map((robotId, i) => ({ row: i + 1, robotId })),
        { lang: 'zh', by: rootId },
      );
    });
    await ctx.db.execute(sql`analyze`);
    console.log('done');

    const times: number[] = [];
    const counts: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const plan = await newPlan(`Bench plan ${run}`, 5);
      showSql = process.env.BENCH_SHOW_SQL === '1';
      const statementsBefore = statements;
      const started = performance.now();
      const outcome = await publishDirect(ctx, root, plan.id, { kind: 'robots', robotIds }, 'zh');
      const ms = performance.now() - started;
      showSql = false;
      const issued = statements - statementsBefore;
      times.push(ms);
      counts.push(issued);
      const refused = outcome.rows.filter((r) => !r.ok);
      const byCode: Record<string, number> = {};
      for (const r of refused) byCode[r.code ?? '?'] = (byCode[r.code ?? '?'] ?? 0) + 1;
      console.log(
        `run ${run}: ${ROBOTS} devices in ${ms.toFixed(0)} ms, ${issued} SQL statements — published ${outcome.published}, charged ${outcome.charged}, refused ${refused.length} ${JSON.stringify(byCode)}`,
      );
    }
    const sorted = [...times].sort((a, b) => a - b);
    const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
    console.log(
      `publish one plan to ${ROBOTS} devices on PostgreSQL: median ${median.toFixed(0)} ms, best ${sorted[0]?.toFixed(0)} ms (target < ${TARGET_MS} ms: ${median < TARGET_MS ? 'met' : 'NOT met'}), ${[...counts].sort((a, b) => a - b)[Math.floor(counts.length / 2)]} SQL statements per publish (median; the first run also reads type information)`,
    );
    await app.close();
  } finally {
    await database.close().catch(() => undefined);
    pg?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
