import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type AccountRow, accounts, type NewAccountRow } from './accounts.table';

export async function findAccountById(db: DbOrTx, id: string): Promise<AccountRow | null> {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row ?? null;
}

export async function findAccountByUsername(db: DbOrTx, username: string): Promise<AccountRow | null> {
  const [row] = await db.select().from(accounts).where(eq(accounts.username, username)).limit(1);
  return row ?? null;
}

export async function insertAccount(db: DbOrTx, row: NewAccountRow): Promise<AccountRow> {
  const [created] = await db.insert(accounts).values(row).returning();
  if (!created) throw new Error('account insert returned nothing');
  return created;
}

export async function updateAccount(db: DbOrTx, id: string, patch: Partial<NewAccountRow>): Promise<AccountRow | null> {
  const [row] = await db.update(accounts).set(patch).where(eq(accounts.id, id)).returning();
  return row ?? null;
}

/** Another account already using this phone (own phone or contact phone): the uniqueness rule. */
export async function phoneTakenByOther(db: DbOrTx, phone: string, exceptId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(ne(accounts.id, exceptId), sql`(${accounts.phone} = ${phone} or ${accounts.contact}->>'phone' = ${phone})`),
    )
    .limit(1);
  return Boolean(row);
}
