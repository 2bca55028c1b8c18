import { TWO_FACTOR_MAX_TRIES } from '@robot-ads/contracts/auth/two-factor.schemas';
import { and, eq, gt, inArray, lt, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type AdvertiserTwoFactorRow, advertiserTwoFactor, advertiserTwoFactorCodes } from './two-factor.table';

// ---- the per-account setting ----

export async function settingsOf(db: DbOrTx, userIds: readonly string[]): Promise<AdvertiserTwoFactorRow[]> {
  if (userIds.length === 0) return [];
  return db
    .select()
    .from(advertiserTwoFactor)
    .where(inArray(advertiserTwoFactor.userId, [...userIds]));
}

export async function findSetting(db: DbOrTx, userId: string): Promise<AdvertiserTwoFactorRow | undefined> {
  const [setting] = await db.select().from(advertiserTwoFactor).where(eq(advertiserTwoFactor.userId, userId)).limit(1);
  return setting;
}

export async function upsertSetting(
  db: DbOrTx,
  userId: string,
  values: { enabled: boolean; channel: string; updatedBy: string; updatedAt: Date },
): Promise<AdvertiserTwoFactorRow | undefined> {
  const [saved] = await db
    .insert(advertiserTwoFactor)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: advertiserTwoFactor.userId, set: values })
    .returning();
  return saved;
}

// ---- the codes sent, one record a login name ----

/** Claims the right to send a code to this login name (none sent in the last resendMs): whether claimed. */
export async function claimSend(db: DbOrTx, username: string, now: Date, resendMs: number): Promise<boolean> {
  const claimed = await db
    .insert(advertiserTwoFactorCodes)
    .values({ username, sentAt: now })
    .onConflictDoUpdate({
      target: advertiserTwoFactorCodes.username,
      set: { sentAt: now, codeHash: null, expiresAt: null, failures: 0 },
      setWhere: lte(advertiserTwoFactorCodes.sentAt, new Date(now.getTime() - resendMs)),
    })
    .returning({ username: advertiserTwoFactorCodes.username });
  return claimed.length > 0;
}

export async function lastSentAt(db: DbOrTx, username: string): Promise<Date | null> {
  const [row] = await db
    .select({ sentAt: advertiserTwoFactorCodes.sentAt })
    .from(advertiserTwoFactorCodes)
    .where(eq(advertiserTwoFactorCodes.username, username));
  return row?.sentAt ?? null;
}

export async function saveCode(db: DbOrTx, username: string, codeHash: string, expiresAt: Date): Promise<void> {
  await db
    .update(advertiserTwoFactorCodes)
    .set({ codeHash, expiresAt, failures: 0 })
    .where(eq(advertiserTwoFactorCodes.username, username));
}

/** Uses the code if it matches, is live and has tries left: whether it was used. */
export async function useCode(db: DbOrTx, username: string, codeHash: string, now: Date): Promise<boolean> {
  const used = await db
    .update(advertiserTwoFactorCodes)
    .set({ codeHash: null, expiresAt: null, failures: 0 })
    .where(
      and(
        eq(advertiserTwoFactorCodes.username, username),
        eq(advertiserTwoFactorCodes.codeHash, codeHash),
        gt(advertiserTwoFactorCodes.expiresAt, now),
        lt(advertiserTwoFactorCodes.failures, TWO_FACTOR_MAX_TRIES),
      ),
    )
    .returning({ username: advertiserTwoFactorCodes.username });
  return used.length > 0;
}

/** One more wrong try on a live code, counted atomically: the failures now, or null without a live code. */
export async function countWrongCode(db: DbOrTx, username: string, now: Date): Promise<number | null> {
  const [counted] = await db
    .update(advertiserTwoFactorCodes)
    .set({ failures: sql`${advertiserTwoFactorCodes.failures} + 1` })
    .where(
      and(
        eq(advertiserTwoFactorCodes.username, username),
        sql`${advertiserTwoFactorCodes.codeHash} is not null`,
        gt(advertiserTwoFactorCodes.expiresAt, now),
        lt(advertiserTwoFactorCodes.failures, TWO_FACTOR_MAX_TRIES),
      ),
    )
    .returning({ failures: advertiserTwoFactorCodes.failures });
  return counted ? counted.failures : null;
}

export async function voidCode(db: DbOrTx, username: string): Promise<void> {
  await db
    .update(advertiserTwoFactorCodes)
    .set({ codeHash: null, expiresAt: null })
    .where(eq(advertiserTwoFactorCodes.username, username));
}

export async function deleteSendsBefore(db: DbOrTx, cutoff: Date): Promise<number> {
  const removed = await db
    .delete(advertiserTwoFactorCodes)
    .where(lt(advertiserTwoFactorCodes.sentAt, cutoff))
    .returning({ username: advertiserTwoFactorCodes.username });
  return removed.length;
}
