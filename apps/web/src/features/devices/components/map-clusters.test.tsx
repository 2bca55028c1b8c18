import { DEVICE_STATES, type DeviceState } from '@robot-ads/contracts/devices/devices.rules';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, resetAfterEach } from '../../../test/render-with-app';
import type { MapPoint } from '../api/devices';
import { DeviceMap } from './device-map';
import { CLUSTER_CELL, clusterPoints } from './map-clusters';

resetAfterEach();

/** 320 robots in 9 cities (as the demo fleet): a few hundred metres apart inside each city. */
const CITIES: Array<[string, string, number, number]> = [
  ['广东省', '深圳市', 114.06, 22.54],
  ['广东省', '广州市', 113.26, 23.13],
  ['北京市', '北京市', 116.4, 39.9],
  ['上海市', '上海市', 121.47, 31.23],
  ['浙江省', '杭州市', 120.16, 30.27],
  ['四川省', '成都市', 104.07, 30.57],
  ['湖北省', '武汉市', 114.3, 30.59],
  ['江苏省', '南京市', 118.8, 32.06],
  ['陕西省', '西安市', 108.94, 34.34],
];
const points: MapPoint[] = Array.from({ length: 320 }, (_, i) => {
  const [province, city, lng, lat] = CITIES[i % CITIES.length] as [string, string, number, number];
  return {
    robotId: `RB-${i}`,
    name: `Robot ${i}`,
    type: 'welcome',
    state: DEVICE_STATES[i % DEVICE_STATES.length] as DeviceState,
    province,
    city,
    lng: lng + ((i * 7) % 13) * 0.004,
    lat: lat + ((i * 5) % 11) * 0.004,
  };
});

describe('device map clusters', () => {
  it('puts every device in one dot at each zoom, so the dots add up to the total', () => {
    const country = clusterPoints(points, CLUSTER_CELL.china);
    expect(country).toHaveLength(9);
    expect(country.reduce((n, c) => n + c.count, 0)).toBe(320);
    for (const c of country) expect(Object.values(c.byState).reduce((n: number, k) => n + (k ?? 0), 0)).toBe(c.count);
    // Zoomed into a city the dots split, and still add up.
    const street = clusterPoints(points, CLUSTER_CELL.city, 4);
    expect(street.length).toBeGreaterThan(9);
    expect(street.reduce((n, c) => n + c.count, 0)).toBe(320);
  });

  it.each([
    ['en', '320 devices shown', 'as 9 dots'],
    ['zh', '显示 320 台设备', '共 9 个点'],
  ] as const)(
    'shows the count on each dot and the counts add up to the devices said (%s)',
    {
      timeout: 60_000,
    },
    async (language, said, dots) => {
      await renderWithApp(<DeviceMap points={points} typeLabel={(t) => t} />, language);
      expect((await screen.findByTestId('map-count', {}, { timeout: 20_000 })).textContent).toBe(said);
      const clusters = screen.getByTestId('map-clusters');
      expect(clusters.textContent).toContain(dots);
      const counts = (clusters.getAttribute('data-counts') ?? '').split(',').map(Number);
      expect(counts.reduce((a, b) => a + b, 0)).toBe(320);
      // The state legend adds up too.
      const byState = screen
        .getAllByTestId('map-state-count')
        .map((el) => Number(/\d+$/.exec(el.textContent ?? '')?.[0]));
      expect(byState.reduce((a, b) => a + b, 0)).toBe(320);
      await waitFor(() => expect(screen.getByTestId('device-map').getAttribute('data-region')).toBe('china'));
    },
  );

  it('states no count while the devices load (not "0 devices shown"), then the count', {
    timeout: 60_000,
  }, async () => {
    const view = await renderWithApp(<DeviceMap points={undefined} typeLabel={(t) => t} />, 'en');
    expect(screen.getByTestId('device-map')).toBeTruthy();
    expect(screen.queryByTestId('map-count')).toBeNull();
    expect(document.body.textContent).not.toContain('0 devices shown');
    view.rerender(<DeviceMap points={points} typeLabel={(t) => t} />);
    expect((await screen.findByTestId('map-count', {}, { timeout: 20_000 })).textContent).toBe('320 devices shown');
  });
});
