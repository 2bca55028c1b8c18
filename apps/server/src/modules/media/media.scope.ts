import { ADVERTISER_ROLES, OPERATOR_ROLES, type Role } from '@robot-ads/contracts/auth/roles';
import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { AppError } from '../../platform/app-error';
import type { DataScope } from '../../platform/scope';
import type { SessionUser } from '../../platform/session-user';

/**
 * The rows of materials, media and ads a caller may see: everything for root/admin, an operator's
 * subtree, an advertiser's customer (its own uploads when it has no customer), else its own rows.
 */
export function ownedWhere(scope: DataScope, cols: { ownerId: PgColumn; customerId: PgColumn }): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'subtree':
      return scope.accountIds.length > 0 ? inArray(cols.ownerId, scope.accountIds) : sql`false`;
    case 'customer':
      return scope.customerId ? eq(cols.customerId, scope.customerId) : eq(cols.ownerId, scope.accountId);
    default:
      return eq(cols.ownerId, scope.accountId);
  }
}

/** Where a caller's uploads go: one directory per customer, else per account. */
export function uploadDirFor(user: Pick<SessionUser, 'id' | 'customer'>): string {
  const owner = user.customer ? `c-${user.customer}` : `u-${user.id}`;
  return `materials/${owner.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}

/** Who manages materials and ads: operators and advertisers (spec section 2, /ad/Resource and /ad/AD). */
export const MATERIAL_ROLES: readonly Role[] = [...OPERATOR_ROLES, ...ADVERTISER_ROLES];

/**
 * Uploading and changing materials: an advertiser needs the DIY flag (the materials menu follows it,
 * spec section 2); hiding the menu is not enough, so the server refuses too.
 */
export function assertMayManageMaterials(user: Pick<SessionUser, 'role' | 'diy'>): void {
  if ((ADVERTISER_ROLES as readonly Role[]).includes(user.role) && !user.diy) throw new AppError('FORBIDDEN');
}
