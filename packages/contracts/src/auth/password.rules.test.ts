import { describe, expect, it } from 'vitest';
import { messageFor } from '../common/errors';
import { changePasswordForm, isStrongPassword } from './password.rules';

describe('password policy (spec section 5)', () => {
  it('accepts 6-16 characters with digit, upper, lower and special character', () => {
    for (const ok of ['Ab1!xy', 'Robot@2026', 'Aa1#Aa1#Aa1#Aa1#']) expect(isStrongPassword(ok)).toBe(true);
  });
  it('refuses short, long, incomplete or whitespace passwords', () => {
    for (const bad of [
      'Ab1!x',
      'Aa1#Aa1#Aa1#Aa1#A',
      'abc123!',
      'ABC123!',
      'Abcdef!',
      'Abc1234',
      'Ab 1!xy',
      'Ab1!xy中',
    ]) {
      expect(isStrongPassword(bad)).toBe(false);
    }
  });
  it('reports each form problem by its catalogue code', () => {
    const codes = (v: Record<string, string>) =>
      changePasswordForm.safeParse(v).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];
    expect(codes({ oldpassword: '', password: 'Robot@2026', confirm: 'Robot@2026' })).toContain(
      'oldpassword:PASSWORD_OLD_REQUIRED',
    );
    expect(codes({ oldpassword: 'Old@1234', password: 'weak', confirm: 'weak' })).toContain('password:PASSWORD_POLICY');
    expect(codes({ oldpassword: 'Old@1234', password: 'Robot@2026', confirm: 'Robot@2027' })).toEqual([
      'confirm:PASSWORD_MISMATCH',
    ]);
    expect(codes({ oldpassword: ' Old@1234 ', password: ' Robot@2026 ', confirm: 'Robot@2026' })).toEqual([]);
  });
});

describe('password messages (spec section 5) in zh and en', () => {
  it('words every password rule in both languages', () => {
    expect(messageFor('PASSWORD_OLD_REQUIRED', 'en')).toBe('Please enter the old password');
    expect(messageFor('PASSWORD_POLICY', 'en')).toBe(
      'password must be 6-16 characters of upper and lower case letters, digits and special characters',
    );
    expect(messageFor('PASSWORD_MISMATCH', 'en')).toBe('the two new passwords do not match');
    expect(messageFor('OLD_PASSWORD_WRONG', 'en')).toBe('old password entered incorrectly');
    expect(messageFor('PASSWORD_CHANGED', 'en')).toBe('Password changed successfully, please log in again');
    for (const code of [
      'PASSWORD_OLD_REQUIRED',
      'PASSWORD_POLICY',
      'PASSWORD_MISMATCH',
      'PASSWORD_CONFIRM_REQUIRED',
      'OLD_PASSWORD_WRONG',
      'PASSWORD_CHANGED',
    ]) {
      expect(messageFor(code, 'zh')).toMatch(/[\u4e00-\u9fff]/);
    }
  });
});
