import { describe, expect, it } from 'vitest';
import { isQrTarget, QR_TARGET_MAX } from './ads.rules';

describe('QR target', () => {
  it('is an absolute http or https address', () => {
    expect(isQrTarget('https://lucky.example.com/menu?from=robot')).toBe(true);
    expect(isQrTarget('http://10.0.0.5:8080/a')).toBe(true);
  });

  it('is never a script, a data URL, a relative or protocol-relative link, or too long', () => {
    for (const bad of [
      'javascript:alert(1)',
      'data:text/html,<b>x</b>',
      'ftp://lucky.example.com/x',
      '/menu',
      '//evil.example.com',
      'lucky.example.com',
      'https://',
      `https://lucky.example.com/${'a'.repeat(QR_TARGET_MAX)}`,
    ]) {
      expect(isQrTarget(bad), bad).toBe(false);
    }
  });
});
