import { describe, expect, it } from 'vitest';
import { messageFor } from './errors';
import { pickLanguage } from './language';

describe('pickLanguage', () => {
  it('defaults to Chinese', () => {
    expect(pickLanguage(undefined)).toBe('zh');
    expect(pickLanguage('fr-FR')).toBe('zh');
  });
  it('follows the preferred language of the header', () => {
    expect(pickLanguage('en-US,en;q=0.9,zh-CN;q=0.8')).toBe('en');
    expect(pickLanguage('zh-HK,zh;q=0.9,en;q=0.8')).toBe('zh');
    expect(pickLanguage('fr;q=0.9, en;q=0.5')).toBe('en');
  });
});

describe('messageFor', () => {
  it('words a code in either language and fills its parameters', () => {
    expect(messageFor('API_NOT_FOUND', 'en', { path: '/api/x' })).toBe('No such API: /api/x');
    expect(messageFor('4011', 'zh')).toBe('账号或密码错误');
  });
  it('falls back to the unknown-error text for an unknown code', () => {
    expect(messageFor('NO_SUCH_CODE', 'en')).toBe('An unknown error');
  });
});
