import { eq, sql } from 'drizzle-orm';
import { accountsSeeder } from '../../modules/accounts/accounts.seed';
import { adGroupsSeeder } from '../../modules/ad-groups/ad-groups.seed';
import { devicesSeeder } from '../../modules/devices/devices.seed';
import { playEventsSeeder } from '../../modules/play-events/play-events.seed';
import { deliverySeeder } from '../../modules/playlists/delivery.seed';
import { materialsSeeder } from '../../modules/resources/materials.seed';
import { systemSettings } from '../../modules/system/system.table';
import type { AppContext } from '../../platform/context';
import type { Database, Tx } from '../client';

/**
 * One module's demo data. Seeders run in this order, all in one transaction, and may read what the
 * earlier ones wrote (accounts before devices before materials ...).
 */
export interface Seeder {
  name: string;
  run(tx: Tx, ctx: SeedContext): Promise<void>;
}

export interface SeedContext {
  now: Date;
  /** Files (materials) are written through the app's storage; present when the app built it. */
  app: AppContext;
}

const SEEDED_KEY = 'demo.seededAt';

/** Registered by hand, in dependency order. */
export const seeders: Seeder[] = [
  accountsSeeder,
  devicesSeeder,
  adGroupsSeeder,
  materialsSeeder,
  deliverySeeder,
  playEventsSeeder,
];

export async function seedDemo(ctx: AppContext): Promise<string[]> {
  const done: string[] = [];
  await ctx.db.transaction(async (tx) => {
    const seedCtx: SeedContext = { now: ctx.clock.now(), app: ctx };
    for (const seeder of seeders) {
      await seeder.run(tx, seedCtx);
      done.push(seeder.name);
    }
    await tx
      .insert(systemSettings)
      .values({ key: SEEDED_KEY, value: seedCtx.now.toISOString() })
      .onConflictDoUpdate({ target: systemSettings.key, set: { value: seedCtx.now.toISOString() } });
  });
  return done;
}

/** Whether this database holds the demo data (the seeder's marker, written with the data). */
export async function hasDemoData(db: AppContext['db']): Promise<boolean> {
  const seeded = await db
    .select({ key: systemSettings.key })
    .from(systemSettings)
    .where(eq(systemSettings.key, SEEDED_KEY));
  return seeded.length > 0;
}

/** Loads demo data on the first start with an empty database; later starts leave the data alone. */
export async function seedIfEmpty(ctx: AppContext): Promise<boolean> {
  if (await hasDemoData(ctx.db)) return false;
  const names = await seedDemo(ctx);
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
