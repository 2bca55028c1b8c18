import type { DbOrTx } from '../../db/client';
import { SystemSettingsRepository } from './system.repository';

const SEEDED_KEY = 'demo.seededAt';

/** Whether this database holds the demo data (the seeder's marker, written with the data). */
export function hasDemoData(db: DbOrTx): Promise<boolean> {
  return new SystemSettingsRepository(db).has(SEEDED_KEY);
}

/** Written in the seeding transaction, with the data. */
export function markDemoData(db: DbOrTx, at: Date): Promise<void> {
  return new SystemSettingsRepository(db).put(SEEDED_KEY, at.toISOString());
}
