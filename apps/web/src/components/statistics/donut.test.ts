import { describe, expect, it } from 'vitest';
import { formatCount } from '../../lib/statistics/format';
import { donutOption } from './donut';

const data = [
  { name: 'Child', value: 30 },
  { name: 'Middle-aged', value: 12_345 },
  { name: 'Senior', value: 625 },
];

describe('donut charts', () => {
  it('keeps labels off the legend: shares inside the ring, never beside it, and no label line', () => {
    const option = donutOption('Age', data, (n) => formatCount(n, 'en'));
    const [series] = option.series;
    expect(series?.label.position).toBe('inside');
    expect(series?.labelLine.show).toBe(false);
    // The ring sits left of the legend column: its right edge (28 % + 62 % of half the height) stays left of it.
    expect(option.legend.orient).toBe('vertical');
    expect(option.legend.right).toBe(8);
    expect(series?.center[0]).toBe('28%');
    // A slice too thin for its share shows none (the legend has it); a wide one shows it rounded.
    expect(series?.label.formatter({ percent: 0.2 })).toBe('');
    expect(series?.label.formatter({ percent: 94.99 })).toBe('95%');
  });

  it('names every slice in the legend with its figure and share, uncut, in either language', () => {
    const en = donutOption('Age', data, (n) => formatCount(n, 'en'));
    expect(en.legend.formatter('Middle-aged')).toBe('Middle-aged  12.3K · 95%');
    expect(en.legend.formatter('Child')).toBe('Child  30 · 0.2%');
    expect('width' in en.legend.textStyle).toBe(false);
    const zh = donutOption('年龄分布', [{ name: '中年', value: 12_345 }], (n) => formatCount(n, 'zh'));
    expect(zh.legend.formatter('中年')).toBe('中年  1.23万 · 100%');
    expect(zh.tooltip.formatter({ name: '中年', value: 12_345 })).toBe('中年: 1.23万 (100%)');
  });
});
