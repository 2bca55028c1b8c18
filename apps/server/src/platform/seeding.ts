import type { Tx } from '../db/client';
import type { AppContext } from './context';

/**
 * One module's demo data. The seed orchestration (db/seed/seed.ts) runs the seeders in its order, all
 * in one transaction; each may read what the earlier ones wrote (accounts before devices before ...).
 */
/** `C`: the context the seeder's module functions need (a module's own `<module>.context.ts` type). */
export interface Seeder<C extends AppContext = AppContext> {
  name: string;
  run(tx: Tx, ctx: SeedContext<C>): Promise<void>;
}

export interface SeedContext<C extends AppContext = AppContext> {
  now: Date;
  /** Files (materials) are written through the app's storage; present when the app built it. */
  app: C;
}
