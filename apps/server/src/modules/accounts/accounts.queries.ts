import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts } from './accounts.table';

/** Whether any account belongs to the customer (a customer in use cannot be deleted). */
export async function customerHasAccount(db: DbOrTx, customerId: string): Promise<boolean> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.customerId, customerId)).limit(1);
  return Boolean(row);
}
