import type { DbOrTx } from '../../db/client';
import { statisticsExports } from './statistics.table';

/** Queues a statistics export: its row, read and advanced by the job (platform/exports). */
export async function insertStatisticsExport(db: DbOrTx, row: typeof statisticsExports.$inferInsert): Promise<void> {
  await db.insert(statisticsExports).values(row);
}
