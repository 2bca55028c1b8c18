import { and, eq, exists, gt, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authSessions, loginAttempts, refreshTokens } from './auth.table';

type LoginAttemptRow = typeof loginAttempts.$inferSelect;
type RefreshTokenRow = typeof refreshTokens.$inferSelect;
type AuthSessionRow = typeof authSessions.$inferSelect;

// ---- login attempts (failures, lock, captcha) ----

export async function findLoginAttempt(db: DbOrTx, username: string): Promise<LoginAttemptRow | undefined> {
  const [row] = await db.select().from(loginAttempts).where(eq(loginAttempts.username, username));
  return row;
}

/** One more failure, counted atomically (parallel guesses are all counted); the failures now. */
export async function countLoginFailure(db: DbOrTx, username: string, now: Date): Promise<number> {
  const [counted] = await db
    .insert(loginAttempts)
    .values({ username, failures: 1, updatedAt: now })
    .onConflictDoUpdate({
      target: loginAttempts.username,
      set: { failures: sql`${loginAttempts.failures} + 1`, lockedUntil: null, updatedAt: now },
    })
    .returning({ failures: loginAttempts.failures });
  return counted?.failures ?? 0;
}

export async function lockLogin(db: DbOrTx, username: string, until: Date): Promise<void> {
  await db.update(loginAttempts).set({ failures: 0, lockedUntil: until }).where(eq(loginAttempts.username, username));
}

export async function deleteLoginAttempt(db: DbOrTx, username: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.username, username));
}

/** Takes the captcha of a login name if the code matches and is live: whether it matched. */
export async function takeMatchingCaptcha(db: DbOrTx, username: string, codeHash: string, now: Date): Promise<boolean> {
  const matched = await db
    .update(loginAttempts)
    .set({ captchaHash: null, captchaExpiresAt: null })
    .where(
      and(
        eq(loginAttempts.username, username),
        eq(loginAttempts.captchaHash, codeHash),
        gt(loginAttempts.captchaExpiresAt, now),
      ),
    )
    .returning({ username: loginAttempts.username });
  return matched.length > 0;
}

export async function clearCaptcha(db: DbOrTx, username: string): Promise<void> {
  await db
    .update(loginAttempts)
    .set({ captchaHash: null, captchaExpiresAt: null })
    .where(eq(loginAttempts.username, username));
}

export async function saveCaptcha(
  db: DbOrTx,
  values: { username: string; captchaHash: string; captchaExpiresAt: Date; updatedAt: Date },
): Promise<void> {
  await db
    .insert(loginAttempts)
    .values({ ...values, failures: 0 })
    .onConflictDoUpdate({ target: loginAttempts.username, set: values });
}

// ---- sessions and refresh tokens ----

export async function insertSession(db: DbOrTx, row: typeof authSessions.$inferInsert): Promise<void> {
  await db.insert(authSessions).values(row);
}

export async function insertRefreshToken(db: DbOrTx, row: typeof refreshTokens.$inferInsert): Promise<void> {
  await db.insert(refreshTokens).values(row);
}

export async function findRefreshToken(db: DbOrTx, tokenHash: string): Promise<RefreshTokenRow | undefined> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

export async function findSession(db: DbOrTx, id: string): Promise<AuthSessionRow | undefined> {
  const [row] = await db.select().from(authSessions).where(eq(authSessions.id, id));
  return row;
}

/** Marks a refresh token used unless it already was: whether this call marked it. */
export async function markRefreshTokenUsed(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const marked = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  return marked.length > 0;
}

export async function revokeSession(db: DbOrTx, familyId: string, now: Date, reason: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(and(eq(authSessions.id, familyId), isNull(authSessions.revokedAt)));
}

export async function revokeSessionsOf(db: DbOrTx, userId: string, now: Date, reason: string): Promise<void> {
  await db
    .update(authSessions)
    .set({ revokedAt: now, revokeReason: reason })
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
}

/** The condition "this session of this account lives" (for a one-query account lookup). */
export function liveSessionExists(db: DbOrTx, sid: string, userId: string, now: Date): SQL {
  return exists(
    db
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(
        and(
          eq(authSessions.id, sid),
          eq(authSessions.userId, userId),
          isNull(authSessions.revokedAt),
          gt(authSessions.expiresAt, now),
        ),
      ),
  );
}

/** Expired refresh tokens and sessions, and stale login attempts, before the cutoff: how many tokens and sessions. */
export async function deleteExpiredSessions(db: DbOrTx, cutoff: Date): Promise<number> {
  const tokens = await db
    .delete(refreshTokens)
    .where(lt(refreshTokens.expiresAt, cutoff))
    .returning({ id: refreshTokens.id });
  const sessions = await db
    .delete(authSessions)
    .where(or(lt(authSessions.expiresAt, cutoff), lt(authSessions.revokedAt, cutoff)))
    .returning({ id: authSessions.id });
  await db.delete(loginAttempts).where(lt(loginAttempts.updatedAt, cutoff));
  return tokens.length + sessions.length;
}
