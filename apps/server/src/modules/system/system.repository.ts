import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { systemSettings } from './system.table';

/** Settings kept in the database (one row a key), shared by every instance on it. */
export class SystemSettingsRepository {
  constructor(private readonly db: DbOrTx) {}

  async get(key: string): Promise<unknown> {
    const [row] = await this.db.select().from(systemSettings).where(eq(systemSettings.key, key));
    return row?.value;
  }

  /** The stored value, or `create()` stored first when the key is absent (the first writer wins). */
  async getOrCreate(key: string, create: () => string): Promise<unknown> {
    await this.db.insert(systemSettings).values({ key, value: create() }).onConflictDoNothing();
    return this.get(key);
  }

  async has(key: string): Promise<boolean> {
    const rows = await this.db
      .select({ key: systemSettings.key })
      .from(systemSettings)
      .where(eq(systemSettings.key, key));
    return rows.length > 0;
  }

  async put(key: string, value: string): Promise<void> {
    await this.db
      .insert(systemSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: systemSettings.key, set: { value } });
  }
}
