import { describe, expect, it } from 'vitest';
import { formatCount, formatDuration, formatPercent, isLowPullRatio, msToSeconds, percentOf, rising } from './format';

describe('formatCount', () => {
  it('groups by 万 and 亿 in Chinese', () => {
    expect(formatCount(9999, 'zh')).toBe('9,999');
    expect(formatCount(12_000, 'zh')).toBe('1.2万');
    expect(formatCount(123_456, 'zh')).toBe('12.3万');
    expect(formatCount(250_000_000, 'zh')).toBe('2.5亿');
  });
  it('groups by thousand and million in English', () => {
    expect(formatCount(9999, 'en')).toBe('9,999');
    expect(formatCount(12_000, 'en')).toBe('12K');
    expect(formatCount(3_450_000, 'en')).toBe('3.45M');
    expect(formatCount(7_000_000_000, 'en')).toBe('7B');
  });
  it('keeps the sign and refuses what is not a number', () => {
    expect(formatCount(-15_000, 'zh')).toBe('-1.5万');
    expect(formatCount(Number.NaN, 'en')).toBe('-');
  });
});

describe('durations and ratios', () => {
  it('shows milliseconds as whole seconds', () => {
    expect(msToSeconds(15_400)).toBe(15);
    expect(msToSeconds(15_600)).toBe(16);
  });
  it('formats shares as percentages', () => {
    expect(formatPercent(0.756)).toBe('75.6%');
    expect(formatPercent(1)).toBe('100%');
  });
  it('warns below 80 %', () => {
    expect(isLowPullRatio(0.79)).toBe(true);
    expect(isLowPullRatio(0.8)).toBe(false);
    expect(isLowPullRatio(null)).toBe(false);
  });
});

describe('rising', () => {
  it('compares with the previous period', () => {
    expect(rising(150, 100)).toEqual({ trend: 'up', percent: 50 });
    expect(rising(50, 100)).toEqual({ trend: 'down', percent: -50 });
    expect(rising(100, 100)).toEqual({ trend: 'flat', percent: 0 });
  });
  it('says new when the previous period had nothing', () => {
    expect(rising(10, 0)).toEqual({ trend: 'new', percent: null });
    expect(rising(0, 0)).toEqual({ trend: 'flat', percent: 0 });
  });
});

describe('one percentage rounding on every board', () => {
  it('keeps one decimal, so 29 of 200 online reads 14.5 % on both boards', () => {
    expect(percentOf(29 / 200)).toBe(14.5);
    expect(formatPercent(29 / 200)).toBe('14.5%');
  });
});

describe('durations', () => {
  it('read in hours and minutes, never with an SI suffix on seconds', () => {
    expect(formatDuration(1_820_000, 'en')).toBe('505 h 33 min');
    expect(formatDuration(1_820_000, 'zh')).toBe('505小时33分');
    expect(formatDuration(186_000, 'en')).toBe('51 h 40 min');
    expect(formatDuration(125, 'en')).toBe('2 min 5 s');
    expect(formatDuration(45, 'zh')).toBe('45秒');
  });
});
