import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts } from './accounts.table';

// ---------------------------------------------------------------------------------------------
// For the publishing module (helper B): delivery to every device of property accounts.

/** The properties (projects.id) of these accounts that are property (project) accounts. */
export async function projectIdsOfPropertyAccounts(db: DbOrTx, accountIds: string[]): Promise<string[]> {
  if (accountIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ projectId: accounts.projectId })
    .from(accounts)
    .where(and(inArray(accounts.id, accountIds), eq(accounts.role, 'project'), isNotNull(accounts.projectId)));
  return rows.map((r) => r.projectId as string);
}
