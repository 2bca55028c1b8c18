import fs from 'node:fs';
import path from 'node:path';
import { newId } from '@robot-ads/contracts/common/ids';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openPglite, openPostgres } from '../../src/db/client';
import { playEvents, playRollups } from '../../src/modules/play-events/play-events.table';
import { playlistAds, playlists } from '../../src/modules/playlists/playlists.table';
import { startPostgresForTest, startServer, tempDir } from './servers';
import { prepareWorld, type World } from './world';

const BATCH = 100;
const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c().catch(() => undefined);
});

interface Sent {
  ids: string[];
  /** The batch as sent: a device re-sends the very payload its outbox keeps. */
  body: unknown;
  acked: boolean;
}

const post = (url: string, token: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify(body),
  });

function eventBatch(world: World): { ids: string[]; body: unknown } {
  const ids = Array.from({ length: BATCH }, () => newId());
  const startedAt = Math.floor(Date.now() / 1000) - 60;
  return {
    ids,
    body: {
      events: ids.map((id) => ({
        id,
        type: 'play',
        playlistId: world.planId,
        adId: world.adId,
        startedAt,
        watchDuration: 15_000,
        audience: { age: { adult: 1 }, male: 1, female: 0 },
      })),
    },
  };
}

function planBody(world: World, name: string) {
  const now = Math.floor(Date.now() / 1000);
  return {
    name,
    advertisements: [world.adId],
    begin: now + 3600,
    end: now + 30 * 86_400,
    timeZone: 'Asia/Shanghai',
    cycle: { type: 'daily', data: [] },
    times: [{ begin: { hour: 9, minute: 0 }, end: { hour: 18, minute: 0 } }],
    playingMode: 'order',
  };
}

/**
 * Streams event batches from the robot (two in flight) and plan creations from the operator at one
 * server process, kills it with SIGKILL once enough writes were acknowledged, and returns what was
 * sent and what was acknowledged.
 */
// Durability of the ingest's transactions, not the verification's rules: every play counts (EVENT_AUDIT off).
const NO_AUDIT = { EVENT_AUDIT: 'off' };

async function writeUntilKilled(target: { dataDir: string; databaseUrl?: string }, world: World, prefix: string) {
  const server = await startServer({ ...target, env: NO_AUDIT });
  const batches: Sent[] = [];
  const plans: Array<{ name: string; id?: string }> = [];
  const unexpected: string[] = [];
  let stopped = false;

  const device = async () => {
    while (!stopped) {
      const { ids, body } = eventBatch(world);
      const sent: Sent = { ids, body, acked: false };
      batches.push(sent);
      const res = await post(`${server.url}/api/device/v1/events`, world.robot.token, body).catch(() => null);
      if (!res) return;
      const text = await res.text().catch(() => null);
      if (text === null) return;
      if (res.status !== 200) {
        unexpected.push(`events ${res.status} ${text}`);
        return;
      }
      const data = JSON.parse(text).data as { accepted: number };
      if (data.accepted !== BATCH) unexpected.push(`events accepted ${data.accepted}`);
      sent.acked = true;
    }
  };
  const operator = async () => {
    while (!stopped) {
      const entry: { name: string; id?: string } = { name: `${prefix} ${plans.length + 1}` };
      plans.push(entry);
      const res = await post(`${server.url}/api/Playlists`, world.operator.token, planBody(world, entry.name)).catch(
        () => null,
      );
      if (!res) return;
      const text = await res.text().catch(() => null);
      if (text === null) return;
      if (res.status !== 200) {
        unexpected.push(`plan ${res.status} ${text}`);
        return;
      }
      entry.id = JSON.parse(text).data.id as string;
    }
  };
  const loops = [device(), device(), operator()];

  const deadline = Date.now() + 60_000;
  while (
    unexpected.length === 0 &&
    Date.now() < deadline &&
    (batches.filter((b) => b.acked).length < 10 || plans.filter((p) => p.id).length < 3)
  ) {
    await new Promise((r) => setTimeout(r, 25));
  }
  const signal = await server.kill('SIGKILL');
  stopped = true;
  await Promise.all(loops);
  expect(unexpected).toEqual([]);
  expect(signal).toBe('SIGKILL');
  return { batches, plans };
}

/** Checks the data as the next start finds it: every acknowledged write there, nothing half-written. */
async function checkNothingLost(
  database: Database,
  world: World,
  prefix: string,
  sent: Awaited<ReturnType<typeof writeUntilKilled>>,
) {
  const db = database.db;
  const allIds = sent.batches.flatMap((b) => b.ids);
  const stored = new Set(
    (await db.select({ id: playEvents.id }).from(playEvents).where(inArray(playEvents.id, allIds))).map((r) => r.id),
  );
  const acked = sent.batches.filter((b) => b.acked);
  expect(acked.length).toBeGreaterThanOrEqual(10);
  for (const batch of sent.batches) {
    const present = batch.ids.filter((id) => stored.has(id)).length;
    // A batch is one transaction: all of it or none of it, and all of it once acknowledged.
    expect([0, BATCH]).toContain(present);
    if (batch.acked) expect(present).toBe(BATCH);
  }
  // The rollups were written in the same transactions as the events: they add up to them exactly.
  const [events] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(playEvents)
    .where(and(eq(playEvents.robotRef, world.robot.ref), eq(playEvents.type, 'play')));
  const [rolled] = await db
    .select({
      plays: sql<number>`coalesce(sum(${playRollups.plays}), 0)::int`,
      adults: sql<number>`coalesce(sum(${playRollups.ageAdult}), 0)::int`,
    })
    .from(playRollups)
    .where(eq(playRollups.robotRef, world.robot.ref));
  expect(events?.n).toBe(stored.size);
  expect(rolled).toEqual({ plays: stored.size, adults: stored.size });

  const ackedPlans = sent.plans.filter((p) => p.id).map((p) => p.id as string);
  expect(ackedPlans.length).toBeGreaterThanOrEqual(3);
  const rows = await db
    .select({
      id: playlists.id,
      ads: sql<number>`(select count(*)::int from ${playlistAds} where ${playlistAds.playlistId} = ${playlists.id})`,
    })
    .from(playlists)
    .where(like(playlists.name, `${prefix} %`));
  const found = new Map(rows.map((r) => [r.id, r.ads]));
  for (const id of ackedPlans) expect(found.has(id)).toBe(true);
  // Every plan stored, acknowledged or not, has its ad: no plan without its lines.
  for (const [, ads] of found) expect(ads).toBe(1);
}

async function afterRestart(target: { dataDir: string; databaseUrl?: string }, world: World, sent: Sent[]) {
  const server = await startServer({ ...target, env: NO_AUDIT });
  try {
    // A batch acknowledged before the kill is recognised as already stored.
    const again = sent.filter((b) => b.acked).at(-1) as Sent;
    const res = await post(`${server.url}/api/device/v1/events`, world.robot.token, again.body);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown }).data).toEqual({
      accepted: 0,
      duplicates: BATCH,
      ignored: 0,
      flagged: 0,
      flaggedEvents: [],
    });
    const fresh = await post(`${server.url}/api/device/v1/events`, world.robot.token, eventBatch(world).body);
    expect(((await fresh.json()) as { data: unknown }).data).toMatchObject({ accepted: BATCH });
  } finally {
    expect(await server.kill('SIGTERM')).toBe(0);
  }
}

describe('acknowledged writes survive kill -9', () => {
  it('on the embedded database', async () => {
    const dataDir = tempDir('durable-pglite');
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const target = { dataDir };
    const world = await prepareWorld(target);
    const sent = await writeUntilKilled(target, world, 'Durable');

    // Opening the folder after the kill is the crash recovery the next start goes through.
    const database = await openPglite(path.join(dataDir, 'pgdata'));
    try {
      // Commits are synced to the disk, not only handed to the operating system (PGlite's default).
      const settings = await database.db.execute<{ fsync: string; method: string }>(
        sql`select current_setting('fsync') as fsync, current_setting('wal_sync_method') as method`,
      );
      expect((settings as unknown as { rows: unknown[] }).rows).toEqual([{ fsync: 'on', method: 'fsync' }]);
      await checkNothingLost(database, world, 'Durable', sent);
    } finally {
      await database.close();
    }
    await afterRestart(target, world, sent.batches);
  });

  it('on PostgreSQL', async () => {
    const postgres = await startPostgresForTest();
    cleanups.push(postgres.stop);
    const dataDir = tempDir('durable-pg');
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const target = { dataDir, databaseUrl: postgres.url };
    const world = await prepareWorld(target);
    const sent = await writeUntilKilled(target, world, 'Durable');

    const database = await openPostgres(postgres.url, 2);
    try {
      await checkNothingLost(database, world, 'Durable', sent);
    } finally {
      await database.close();
    }
    await afterRestart(target, world, sent.batches);
  });
});
