import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DataScope } from '../../platform/scope';

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
