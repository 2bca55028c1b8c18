import type { SessionInfo } from '@robot-ads/contracts/auth/auth.schemas';

/**
 * Spec sections 2 and 6: bills need principals root, admin or empty, and the DIY flag. The server refuses
 * the bills calls otherwise (BILL_NOT_VISIBLE); the page says so without asking.
 */
export function billsVisible(user: Pick<SessionInfo, 'principals' | 'DIY'> | null): boolean {
  if (!user) return false;
  return ['root', 'admin', ''].includes(user.principals ?? '') && user.DIY === 'yes';
}
