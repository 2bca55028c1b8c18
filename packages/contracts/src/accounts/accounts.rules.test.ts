import { describe, expect, it } from 'vitest';
import { checkEmail, checkName, checkPhone } from './accounts.rules';

describe('profile rules (spec section 5)', () => {
  it('checks names: required, legal characters, 2-15 characters', () => {
    expect(checkName('')).toBe('NAME_REQUIRED');
    expect(checkName('  ')).toBe('NAME_REQUIRED');
    expect(checkName('a$b')).toBe('NAME_ILLEGAL');
    expect(checkName('a')).toBe('NAME_LENGTH');
    expect(checkName('x'.repeat(16))).toBe('NAME_LENGTH');
    expect(checkName('张三')).toBeNull();
    expect(checkName('Zhang San')).toBeNull();
  });
  it('checks phones by locale', () => {
    expect(checkPhone('', 'zh')).toBe('PHONE_REQUIRED');
    expect(checkPhone('1391234567', 'zh')).toBe('PHONE_LENGTH');
    expect(checkPhone('12912345678', 'zh')).toBe('PHONE_FORMAT');
    expect(checkPhone('13912345678', 'zh')).toBeNull();
    expect(checkPhone('8613912345678', 'zh')).toBeNull();
    expect(checkPhone('+85291234567', 'en')).toBeNull();
    expect(checkPhone('1234567', 'en')).toBe('PHONE_FORMAT');
    expect(checkPhone('12345678', 'en')).toBeNull();
  });
  it('checks e-mail format, empty allowed', () => {
    expect(checkEmail('')).toBeNull();
    expect(checkEmail('a@b.co')).toBeNull();
    expect(checkEmail('a@b')).toBe('EMAIL_FORMAT');
  });
});
