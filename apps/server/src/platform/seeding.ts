import type { Tx } from '../db/client';
import type { AppContext } from './context';

/**
 * One module's demo data. The seed orchestration (db/seed/seed.ts) runs the seeders in its order, all
 * in one transaction; each may read what the earlier ones wrote (accounts before devices before ...).
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
