import { regionLabel, resolveRegion } from '@robot-ads/contracts/regions/regions';
import { describe, expect, it } from 'vitest';
import { DEMO_CITIES } from './devices.seed';

describe('demo regions', () => {
  it('places every demo robot and property in a province, city and district of the GB/T 2260 list', () => {
    for (const c of DEMO_CITIES) {
      const r = resolveRegion(c);
      expect(r.province?.name, c.code).toBe(c.province);
      expect(r.city?.name, c.code).toBe(c.city);
      expect(r.district?.name, c.code).toBe(c.district);
      expect(regionLabel(c, 'en')).not.toMatch(/[\u4e00-\u9fff]/u);
    }
    expect(regionLabel(DEMO_CITIES[0] ?? {}, 'en')).toBe('Guangdong, Shenzhen, Nanshan District');
  });
});
