import { isStrongPassword, PASSWORD_MAX, PASSWORD_MIN } from '@robot-ads/contracts/auth/password.rules';
import { newId } from '@robot-ads/contracts/common/ids';
import type { DbOrTx } from '../../db/client';
import type { AppContext } from '../../platform/context';
import { hashPassword, passwordCost, verifyPassword } from '../../platform/passwords';
import { accountPasswordHashes } from './accounts.queries';
import { findAccountByUsername, insertAccount } from './accounts.repository';
import { DEMO_PASSWORD } from './accounts.seed';

/**
 * The first administrator of a real installation (docs/operations.md "Going live"): a root operator
 * (role super, principals root, spec section 6) created from ADMIN_USERNAME/ADMIN_PASSWORD at start or by
 * `npm run create-admin`, and the start's check that no account keeps the published demo password.
 */

/** The password policy in words, for messages outside the web (start, command line). */
export const PASSWORD_RULE = `${PASSWORD_MIN}-${PASSWORD_MAX} characters with an upper case letter, a lower case letter, a digit and a special character (!@#$%^&* ...), no spaces`;

export class FirstAdminError extends Error {}

/** Why this username/password cannot make an administrator; null when they can. */
export function adminCredentialsProblem(username: string, password: string): string | null {
  if (username.trim().length < 2) return 'the username must be at least 2 characters';
  if (/\s/.test(username.trim())) return 'the username must not contain spaces';
  if (!isStrongPassword(password)) return `the password must be ${PASSWORD_RULE}`;
  if (password === DEMO_PASSWORD) return 'the password is the published demo password; choose another';
  return null;
}

/** Creates a root operator (enabled, authorized, no validity limit). Throws FirstAdminError on a bad input. */
export async function createRootAccount(
  ctx: AppContext,
  input: { username: string; password: string; name?: string },
): Promise<{ id: string; username: string }> {
  const username = input.username.trim();
  const problem = adminCredentialsProblem(username, input.password);
  if (problem) throw new FirstAdminError(problem);
  const passwordHash = await hashPassword(input.password, passwordCost(ctx.config.NODE_ENV));
  return ctx.db.transaction(async (tx) => {
    if (await findAccountByUsername(tx, username)) {
      throw new FirstAdminError(`an account named "${username}" already exists`);
    }
    const row = await insertAccount(tx, {
      id: newId(),
      parentId: null,
      role: 'super',
      principals: 'root',
      username,
      passwordHash,
      name: input.name ?? 'Administrator',
    });
    return { id: row.id, username: row.username };
  });
}

/** The usernames of every account whose password is still the published demo password. */
export async function accountsWithDemoPassword(db: DbOrTx): Promise<string[]> {
  const rows = await accountPasswordHashes(db);
  const found: string[] = [];
  // argon2 verifies off the main thread; a few at a time keep the start short on a big account list.
  for (let i = 0; i < rows.length; i += 8) {
    const batch = rows.slice(i, i + 8);
    const hits = await Promise.all(batch.map((r) => verifyPassword(r.passwordHash, DEMO_PASSWORD)));
    batch.forEach((r, k) => {
      if (hits[k]) found.push(r.username);
    });
  }
  return found;
}
