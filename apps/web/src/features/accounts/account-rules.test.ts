import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { accountState, assignableRoles, canManage, checkValidity, validityToSeconds } from './account-rules';

const account = { status: 'enabled' as const, begin: null, end: null, used: true, authorized: true };

describe('account form rules', () => {
  it('offers a sub-account no role above the creator', () => {
    expect(assignableRoles({ id: 'a', role: 'administrator', principals: '' })).toEqual([
      'administrator',
      'operator',
      'project',
      'hide',
    ]);
    expect(assignableRoles({ id: 'a', role: 'operator', principals: '' })).not.toContain('administrator');
    expect(assignableRoles({ id: 'r', role: 'administrator', principals: 'root' })).toContain('super');
  });

  it('lets nobody manage oneself, nor another root or admin account', () => {
    const me = { id: 'me', role: 'super' as const, principals: '' as const };
    expect(canManage(me, { id: 'me', principals: '' })).toBe(false);
    expect(canManage(me, { id: 'x', principals: '' })).toBe(true);
    expect(canManage(me, { id: 'x', principals: 'admin' })).toBe(false);
    expect(canManage({ ...me, principals: 'root' }, { id: 'x', principals: 'admin' })).toBe(false);
  });

  it('shows validity as whole days and refuses an end not after the start', () => {
    const day = dayjs('2026-03-01T10:30:00');
    const { begin, end } = validityToSeconds([day, day]);
    expect(dayjs.unix(begin ?? 0).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-03-01 00:00:00');
    expect(dayjs.unix(end ?? 0).format('YYYY-MM-DD HH:mm:ss')).toBe('2026-03-01 23:59:59');
    expect(checkValidity([day, day])).toBeNull();
    expect(checkValidity([day, day.subtract(1, 'day')])).toBe('END_BEFORE_START');
    expect(checkValidity([day, null])).toBeNull();
    expect(validityToSeconds(null)).toEqual({ begin: null, end: null });
  });

  it('names the reason an account cannot log in', () => {
    const now = 1_800_000_000;
    expect(accountState(account, now)).toBe('enabled');
    expect(accountState({ ...account, status: 'disabled' }, now)).toBe('disabled');
    expect(accountState({ ...account, begin: now + 60 }, now)).toBe('notYetValid');
    expect(accountState({ ...account, end: now - 60 }, now)).toBe('expired');
    expect(accountState({ ...account, authorized: false }, now)).toBe('unauthorized');
    expect(accountState({ ...account, used: false }, now)).toBe('unused');
  });
});
