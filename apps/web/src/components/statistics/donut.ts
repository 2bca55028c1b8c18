import { formatPercent } from '../../lib/statistics/format';

/**
 * A donut that never fights its legend: no label beside the ring (where it would run into the legend or
 * be cut to "…"), the share printed inside slices wide enough to hold it, and each legend entry naming
 * its slice with the figure and share. The legend stands in its own column to the right of the ring.
 */
export function donutOption(name: string, data: Array<{ name: string; value: number }>, count: (n: number) => string) {
  const total = data.reduce((s, d) => s + d.value, 0);
  const share = (v: number) => (total > 0 ? v / total : 0);
  const byName = new Map(data.map((d) => [d.name, d.value]));
  return {
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; value: number }) =>
        `${p.name}: ${count(p.value)} (${formatPercent(share(p.value))})`,
    },
    legend: {
      orient: 'vertical',
      right: 8,
      top: 'middle',
      itemGap: 8,
      // The whole entry is the label: never truncated (no width), the ring keeps its own space.
      formatter: (entry: string) =>
        `${entry}  ${count(byName.get(entry) ?? 0)} · ${formatPercent(share(byName.get(entry) ?? 0))}`,
      textStyle: { fontSize: 12 },
    },
    series: [
      {
        name,
        type: 'pie',
        center: ['28%', '50%'],
        radius: ['32%', '62%'],
        avoidLabelOverlap: true,
        label: {
          show: true,
          position: 'inside',
          color: '#fff',
          fontSize: 11,
          // Only slices of at least 8 % hold their share; the legend has every figure.
          formatter: (p: { percent: number }) => (p.percent >= 8 ? `${Math.round(p.percent)}%` : ''),
        },
        labelLine: { show: false },
        data,
      },
    ],
  };
}
