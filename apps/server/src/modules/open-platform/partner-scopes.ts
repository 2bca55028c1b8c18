import { createHash } from 'node:crypto';
import { AppError } from '../../platform/app-error';
import { operationIdOf } from '../../platform/openapi/operation-ids';

/**
 * OAuth scopes of the open platform (docs/open-platform.md "Scopes"): one scope per interface, named by the
 * interface's operationId (`listPlans`, `getPlanStatisticsByDay` ...), so that a scope holds no space.
 * Interfaces stay stored and granted as keys `METHOD /path`.
 */
export function scopeOf(key: string): string {
  const space = key.indexOf(' ');
  return operationIdOf(key.slice(0, space), key.slice(space + 1));
}

/**
 * The interface keys a token is issued for: every granted one when no scope is asked for, else exactly the
 * asked ones; a scope that is unknown or not granted refuses the request (RFC 6749 `invalid_scope`).
 */
export function requestedKeys(granted: readonly string[], scope: string | undefined): string[] {
  const asked = (scope ?? '').split(' ').filter(Boolean);
  if (asked.length === 0) return [...granted];
  const byScope = new Map(granted.map((key) => [scopeOf(key), key]));
  const refused = asked.filter((s) => !byScope.has(s));
  if (refused.length > 0) throw new AppError('OPEN_SCOPE_INVALID', { scope: refused.join(' ').slice(0, 200) });
  return [...new Set(asked)].map((s) => byScope.get(s) as string);
}

/**
 * Which client secret a token was issued with: a fingerprint of the secret's stored hash (each rotation makes
 * a new hash), kept in the token so that the token ends with its secret (at once, or when the overlap ends).
 */
export function secretFingerprint(secretHash: string): string {
  return createHash('sha256').update(secretHash).digest('base64url').slice(0, 16);
}

/** Whether a token's secret fingerprint is still the application's current secret, or its previous one in overlap. */
export function secretStillValid(
  row: { secretHash: string; previousSecretHash: string | null; previousSecretUntil: Date | null },
  fingerprint: string | undefined,
  now: Date,
): boolean {
  if (!fingerprint) return false;
  if (fingerprint === secretFingerprint(row.secretHash)) return true;
  return (
    row.previousSecretHash !== null &&
    row.previousSecretUntil !== null &&
    row.previousSecretUntil > now &&
    fingerprint === secretFingerprint(row.previousSecretHash)
  );
}
