import { ADVERTISER_ROLES, OPERATOR_ROLES, type Role } from '@robot-ads/contracts/auth/roles';
import { AppError } from '../../platform/app-error';
import type { SessionUser } from '../../platform/session-user';

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
