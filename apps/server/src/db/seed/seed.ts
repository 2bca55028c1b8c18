import { sql } from 'drizzle-orm';
import { countAccounts } from '../../modules/accounts/accounts.queries';
import { accountsSeeder } from '../../modules/accounts/accounts.seed';
import { adGroupsSeeder } from '../../modules/ad-groups/ad-groups.seed';
import { adsSeeder } from '../../modules/ads/ads.seed';
import { devicesSeeder } from '../../modules/devices/devices.seed';
import { playEventsSeeder } from '../../modules/play-events/play-events.seed';
import type { PublishingContext } from '../../modules/publishing/publishing.context';
import { materialsSeeder } from '../../modules/resources/materials.seed';
import { deliverySeeder } from '../../modules/reviews/delivery.seed';
import { ordersSeeder } from '../../modules/sales/orders.seed';
import { salesSeeder } from '../../modules/sales/sales.seed';
import { hasDemoData, markDemoData } from '../../modules/system/demo-data';
import { wechatSeeder } from '../../modules/wechat/wechat.seed';
import { nextTurn } from '../../platform/next-turn';
import type { SeedContext, Seeder } from '../../platform/seeding';
import { type Database, MIGRATION_LOCK, type Tx } from '../client';

/** Registered by hand, in dependency order. */
export const seeders: Seeder<PublishingContext>[] = [
  accountsSeeder,
  devicesSeeder,
  adGroupsSeeder,
  materialsSeeder,
  adsSeeder,
  deliverySeeder,
  playEventsSeeder,
  wechatSeeder,
  salesSeeder,
  ordersSeeder,
];

export async function seedDemo(ctx: PublishingContext): Promise<string[]> {
  return ctx.db.transaction((tx) => seedIn(tx, ctx));
}

async function seedIn(tx: Tx, ctx: PublishingContext, signal?: AbortSignal): Promise<string[]> {
  const done: string[] = [];
  const seedCtx: SeedContext<PublishingContext> = { now: ctx.clock.now(), app: ctx };
  for (const seeder of seeders) {
    // A first start loads the demo while it answers (main.ts): the requests that came meanwhile go first, and
    // a shutdown meanwhile stops it here (the transaction rolls back: the next start loads it whole).
    await nextTurn();
    signal?.throwIfAborted();
    await seeder.run(tx, seedCtx);
    done.push(seeder.name);
  }
  await markDemoData(tx, seedCtx.now);
  return done;
}

const ACCOUNTS_HELD = 'demo data not loaded: the database already holds accounts';

/** Whether a start with SEED_DEMO would load the demo data now: no demo data yet, and no account at all. */
export async function demoWanted(ctx: PublishingContext): Promise<boolean> {
  if (await hasDemoData(ctx.db)) return false;
  const accounts = await countAccounts(ctx.db);
  if (accounts > 0) ctx.log.warn({ accounts }, ACCOUNTS_HELD);
  return accounts === 0;
}

/**
 * Loads demo data on the first start with an empty database; later starts leave the data alone. Demo
 * data only ever goes into a database that holds no account at all: a real installation (accounts but
 * no demo marker) never gets the demo accounts or robots. Instances starting together on one empty
 * PostgreSQL seed one after the other: the check and the seeding run in one transaction under the
 * migrations' advisory lock, so the second finds the first's data and leaves it.
 */
export async function seedIfEmpty(ctx: PublishingContext, signal?: AbortSignal): Promise<boolean> {
  if (await hasDemoData(ctx.db)) return false;
  const names = await ctx.db.transaction(async (tx) => {
    if (ctx.database.kind === 'postgres') {
      // Another instance may be loading it, for as long as that takes: this one waits, whatever the statement
      // time-out (both load it once they listen).
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    }
    if (await hasDemoData(tx)) return null;
    const accounts = await countAccounts(tx);
    if (accounts > 0) {
      ctx.log.warn({ accounts }, ACCOUNTS_HELD);
      return null;
    }
    return seedIn(tx, ctx, signal);
  });
  if (!names) return false;
  ctx.log.info({ seeders: names }, 'demo data loaded');
  return true;
}

/** Drops every table (ours, the migration journal and the job queue) so that migrations start over. */
export async function resetDatabase(database: Database) {
  await database.db.execute(sql`drop schema if exists public cascade`);
  await database.db.execute(sql`drop schema if exists drizzle cascade`);
  await database.db.execute(sql`drop schema if exists pgboss cascade`);
  await database.db.execute(sql`create schema public`);
}
