import { describe, expect, it } from 'vitest';
import { fenToYuanNumber, fenToYuanText, formatFen, isYuanAmount, yuanToFen } from './money';

describe('money: fen <-> yuan', () => {
  it('writes fen as yuan with two decimals', () => {
    expect(fenToYuanText(123456)).toBe('1234.56');
    expect(fenToYuanText(1)).toBe('0.01');
    expect(fenToYuanText(100)).toBe('1.00');
    expect(fenToYuanText(0)).toBe('0.00');
    expect(fenToYuanText(-5)).toBe('-0.05');
  });

  it('formats per language with grouping', () => {
    expect(formatFen(123456789, 'zh')).toBe('¥1,234,567.89');
    expect(formatFen(123456789, 'en')).toBe('CNY 1,234,567.89');
    expect(formatFen(-2500, 'zh')).toBe('-¥25.00');
    expect(formatFen(null, 'en')).toBe('-');
  });

  it('reads typed yuan as integer fen without float errors', () => {
    expect(yuanToFen('12.3')).toBe(1230);
    expect(yuanToFen('0.01')).toBe(1);
    expect(yuanToFen(19.99)).toBe(1999);
    expect(yuanToFen(0.29)).toBe(29);
    expect(yuanToFen(' 500 ')).toBe(50000);
    expect(yuanToFen(1.1 + 2.2)).toBeNull();
  });

  it('refuses zero, negatives, three decimals and text', () => {
    for (const bad of ['0', '0.00', '-1', '1.005', 'abc', '', '1e3', Number.NaN, null, undefined]) {
      expect(yuanToFen(bad)).toBeNull();
      expect(isYuanAmount(bad)).toBe(false);
    }
  });

  it('round-trips every cent of a range', () => {
    for (let fen = 1; fen <= 2000; fen += 7) expect(yuanToFen(fenToYuanText(fen))).toBe(fen);
  });
});

describe('money: the wire amount', () => {
  it('gives the yuan number of integer fen', () => {
    expect(fenToYuanNumber(1999)).toBe(19.99);
    expect(fenToYuanNumber(30)).toBe(0.3);
  });
});
