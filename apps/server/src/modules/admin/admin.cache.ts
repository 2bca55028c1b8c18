import type { Db } from '../../db/client';
import { readRevision } from './admin.repository';

/** How long a copy is trusted before its revision is checked again (other instances' changes show by then). */
export const REVISION_CHECK_MS = 1000;

/**
 * A value loaded from the database and kept in memory: this instance drops it at once when it makes a
 * change (`invalidate`), and every instance sees another's change within REVISION_CHECK_MS through the
 * revision row bumped in the change's transaction.
 */
export class RevisionedCache<T> {
  private value: T | null = null;
  private revision = -1;
  private checkedAt = 0;
  private pending: Promise<T> | null = null;

  constructor(
    private readonly db: Db,
    private readonly name: string,
    private readonly load: () => Promise<T>,
  ) {}

  /** The last value loaded, without waiting (null before the first load). */
  peek(): T | null {
    return this.value;
  }

  invalidate(): void {
    this.checkedAt = 0;
  }

  async get(): Promise<T> {
    if (this.value !== null && performance.now() - this.checkedAt < REVISION_CHECK_MS) return this.value;
    this.pending ??= this.refresh().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async refresh(): Promise<T> {
    const revision = await readRevision(this.db, this.name);
    if (this.value === null || revision !== this.revision) {
      this.value = await this.load();
      this.revision = revision;
    }
    this.checkedAt = performance.now();
    return this.value;
  }
}
