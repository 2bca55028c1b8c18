import { type AccountDto, canGiveRole, MANAGED_ROLES } from '@robot-ads/contracts/accounts/accounts.schemas';
import type { Principal, Role } from '@robot-ads/contracts/auth/roles';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';

export type ManagedRole = (typeof MANAGED_ROLES)[number];

export interface Me {
  id: string;
  role: Role;
  principals: Principal;
}

export function isSuperuser(me: Pick<Me, 'principals'>): boolean {
  return me.principals === 'root' || me.principals === 'admin';
}

/** The roles `me` may give a sub-account, highest first. */
export function assignableRoles(me: Me): ManagedRole[] {
  return MANAGED_ROLES.filter((r) => canGiveRole(me, r));
}

/** Root and admin accounts are never disabled, deleted or changed by others (ACCOUNT_PROTECTED), nor one's own (ACCOUNT_SELF). */
export function canManage(me: Me, account: Pick<AccountDto, 'id' | 'principals'>): boolean {
  return account.id !== me.id && account.principals === '';
}

/** What the state column says: the reason a login would be refused (section 8 codes), else enabled. */
export type AccountState = 'enabled' | 'disabled' | 'notYetValid' | 'expired' | 'unauthorized' | 'unused';
export function accountState(
  account: Pick<AccountDto, 'status' | 'begin' | 'end' | 'used' | 'authorized'>,
  nowSeconds: number,
): AccountState {
  if (account.status === 'disabled') return 'disabled';
  if (account.begin !== null && nowSeconds < account.begin) return 'notYetValid';
  if (account.end !== null && nowSeconds > account.end) return 'expired';
  if (!account.authorized) return 'unauthorized';
  if (!account.used) return 'unused';
  return 'enabled';
}

export type Validity = [Dayjs | null, Dayjs | null] | null | undefined;

/** The validity range picker's value as unix seconds (begin at 00:00:00, end at 23:59:59 of its day). */
export function validityToSeconds(range: Validity): { begin: number | null; end: number | null } {
  const [from, to] = range ?? [null, null];
  return {
    begin: from ? from.startOf('day').unix() : null,
    end: to ? to.endOf('day').unix() : null,
  };
}

export function secondsToValidity(begin: number | null, end: number | null): Validity {
  if (begin === null && end === null) return null;
  return [begin === null ? null : dayjs.unix(begin), end === null ? null : dayjs.unix(end)];
}

/** The validity rule: a catalogue code when the end is not after the start, else null. */
export function checkValidity(range: Validity): string | null {
  const { begin, end } = validityToSeconds(range);
  if (begin !== null && end !== null && end <= begin) return 'END_BEFORE_START';
  return null;
}

export function formatDay(seconds: number | null): string {
  return seconds === null ? '' : dayjs.unix(seconds).format('YYYY-MM-DD');
}
