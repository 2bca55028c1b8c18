import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { customers } from './customers.table';

/* For the delivery modules (playlists, publishing, reviews): customers of plans. */

/**
 * Subquery: the ids of the customers managed by these accounts; `inSubtree` is the condition on the
 * owner column (a list or a subquery of account ids).
 */
export function customerIdsOwnedBy(inSubtree: (ownerColumn: AnyColumn) => SQL): SQL {
  return sql`select ${customers.id} from ${customers} where ${inSubtree(customers.ownerId)}`;
}

export async function customerExists(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id)).limit(1);
  return Boolean(row);
}
