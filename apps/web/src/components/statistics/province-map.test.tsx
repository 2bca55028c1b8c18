import type { RegionRow } from '@robot-ads/contracts/statistics/statistics.schemas';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, resetAfterEach } from '../../test/render-with-app';
import { RegionCard } from './region-table';

resetAfterEach();

const zero = { watchDuration: 0, exposureSense: 0, viewers: 0, standingTime: 0 };
/** Several cities of one province: the map shows one count per province, the sum of its cities. */
const rows: RegionRow[] = [
  { province: '广东省', city: '深圳市', plays: 120, exposure: 300, scans: 4, robots: 3, ...zero },
  { province: '广东省', city: '广州市', plays: 30, exposure: 60, scans: 0, robots: 2, ...zero },
  { province: '北京市', city: '北京市', plays: 80, exposure: 200, scans: 1, robots: 2, ...zero },
  { province: '浙江省', city: '杭州市', plays: 0, exposure: 0, scans: 0, robots: 1, ...zero },
];
const plays = rows.reduce((n, r) => n + r.plays, 0);

describe('the province map of the statistics', { timeout: 90_000 }, () => {
  it.each([
    ['en', 'On the map: 230 plays in 2 provinces, 8 robots'],
    ['zh', '地图合计：播放 230 次，2 个省份，设备 8 台'],
  ] as const)('labels each province with its plays and the labels add up to the table (%s)', async (language, said) => {
    await renderWithApp(<RegionCard rows={rows} cities loading={false} />, language);
    const total = await screen.findByTestId('province-map-total', {}, { timeout: 30_000 });
    expect(total.textContent).toBe(said);
    const counts = (total.getAttribute('data-counts') ?? '').split(',').map(Number);
    // Guangdong's two cities are one label (150), Beijing 80; Zhejiang, without plays, carries none.
    expect(counts.sort((a, b) => b - a)).toEqual([150, 80]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(plays);
    // The drawn map carries those counts as labels.
    await waitFor(() => {
      const labels = [...document.querySelectorAll('[role="img"] svg text')].map((el) => el.textContent);
      expect(labels).toEqual(expect.arrayContaining(['150', '80']));
    });
  });
});
