import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { robots } from './devices.table';

// ---------------------------------------------------------------------------------------------
// For the publishing module (helper B): delivery to every device of property accounts.

/** Robot IDs of every device standing in these properties, sorted, each once. */
export async function robotIdsOfProjects(db: DbOrTx, projectIds: string[]): Promise<string[]> {
  if (projectIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ robotId: robots.robotId })
    .from(robots)
    .where(inArray(robots.projectId, projectIds))
    .orderBy(robots.robotId);
  return rows.map((r) => r.robotId);
}
